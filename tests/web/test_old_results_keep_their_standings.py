"""Results stored before the leagues knew no game keep their standings: a database filled by
the code of main 09dcb9e (demo leagues of both games, a set kept game by game with a
corrected game and its history, a voided set, a voided DragSaga game, seats a bot played;
``league_migration/capture_old.py``) is migrated by today's code, and every standings page
(league page, printed standings, both CSVs, every player's page, each result's page and
sheet; as a visitor and as a keeper, in both languages) reads as that code rendered it.

Only the CSRF tokens are set aside (each response gets a fresh one), the day a printed
standings page says it is "as of" (the day it is rendered, in the club's time zone), and on
an HTML page what lies outside its ``<main>`` (the site's header and footer, which change on
their own)."""

from __future__ import annotations

import difflib
import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

HERE = Path(__file__).parent / "league_migration"
CSRF = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+')
MAIN = re.compile(r"<main\b.*?</main>", re.S)
AS_OF = re.compile(r"(as of|集計日) \d{4}-\d{2}-\d{2}")


def normalised(page: str) -> str:
    main = MAIN.search(page)
    return AS_OF.sub(r"\1 (today)", CSRF.sub(r"\1-", main.group(0) if main else page))


def run(*args: str, database: Path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    subprocess.run(
        [sys.executable, *args], cwd=settings.BASE_DIR, env=env, check=True, capture_output=True
    )


@pytest.fixture(scope="module")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("old_db") / "old.sqlite3"
    database.write_bytes(gzip.decompress((HERE / "old_main.sqlite3.gz").read_bytes()))
    run("manage.py", "migrate", "--no-input", database=database)
    return database


@pytest.fixture(scope="module")
def migrated_pages(migrated_database: Path) -> dict[str, str]:
    pages = migrated_database.parent / "pages.json"
    run(str(HERE / "capture_old.py"), "render", str(pages), database=migrated_database)
    return json.loads(pages.read_text())


def old_pages() -> dict[str, str]:
    return json.loads(gzip.decompress((HERE / "old_pages.json.gz").read_bytes()))


# What later work changed on purpose, applied to the old pages (and controls set aside on
# both), so the figures are still compared exactly:
# - matches are numbered within their league, not by their database key;
# - the DragSaga results CSV has a Complete column (every game's CSV has one);
# - an organiser's controls (void, correct, undo) are links to pages that ask why, and a
#   result's history lists voids and reasons: those controls and the history's hint are set
#   aside, and a DragSaga game's history (new) is left out.
MATCH_WORDS = re.compile(r"(Match |match |対戦 )(\d+)(?=[,・ )])")
CONTROLS = [
    re.compile(r'<div class="keeper corrections">.*?</div>\n', re.S),
    re.compile(r'<form method="post" action="/leagues/\w+/\d+/(void|restore)/".*?</form>', re.S),
    re.compile(r'<a class="keeper inline" href="/leagues/\w+/\d+/(void|restore)/">[^<]*</a>'),
    # A void result says so (its banner, its sheet's stamp) and offers no next set; a
    # corrected one's sheet says when and by whom.
    re.compile(r'<section class="void-banner".*?</section>', re.S),
    re.compile(r'<div class="record-stamp.*?</div>|<p class="record-stamp.*?</p>', re.S),
    re.compile(r'<p class="done">[^<]*</p>'),
    re.compile(r'<form method="post" action="/leagues/sets/\d+/next/".*?</form>', re.S),
    re.compile(r'<p class="hint">(Newest first|新しい順)[^<]*</p>'),
    # The same issue's other additions: the night-by-night pages' link, a player's own list
    # of league results, and the organisers' roster controls (withdraw, remove, merge).
    re.compile(r'\s*· <a href="/leagues/\d+/night-by-night/">[^<]*</a>'),
    re.compile(r'<section class="member-results".*?</section>', re.S),
    re.compile(r'<section id="players" class="keeper players">.*?</section>', re.S),
    # Issue 53's form for an organiser to open an online round between nights.
    re.compile(r'<form method="post" action="/nights/online-round/\d+/".*?</form>', re.S),
    # Each game's own print stylesheet, linked on every sheet after the club's (issue 54).
    re.compile(r'\s*<link rel="stylesheet" href="/static/(?!css/)\w+/print\.css">'),
    re.compile(
        r'<section id="history" class="set-history">\n<h2>(History of this game|このゲームの履歴).*?</section>',
        re.S,
    ),
]


def match_numbers(database: Path) -> dict[str, str]:
    with sqlite3.connect(database) as db:
        return {
            str(pk): str(number) for pk, number in db.execute("SELECT id, number FROM games_match")
        }


def as_intended(key: str, page: str, numbers: dict[str, str]) -> str:
    """An old page as it reads after the changes made on purpose (above)."""
    if key.endswith("results.csv"):
        rows = page.split("\n")
        header = rows[0].split(",")
        match = header.index("Match" if "Match" in header else "対戦")
        game = (
            header.index("Game")
            if "Game" in header
            else header.index("ゲーム")
            if "ゲーム" in header
            else None
        )
        fixed = []
        for number, row in enumerate(rows):
            cells = row.split(",")
            if len(cells) > match and number:
                cells[match] = numbers.get(cells[match], cells[match])
            if game is not None and len(cells) > game:
                japanese = "ゲーム" in header
                cells.insert(
                    game + 1,
                    ("完了" if japanese else "Complete")
                    if not number
                    else ("はい" if japanese else "yes"),
                )
            fixed.append(",".join(cells))
        return "\n".join(fixed)
    # The recent results' last column and a correction's first are named (issue 52's
    # review: no empty header for a screen reader).
    japanese = " ja " in f" {key} "
    page = page.replace(
        "<th></th></tr></thead>",
        "<th>シート</th></tr></thead>" if japanese else "<th>Sheet</th></tr></thead>",
    )
    page = page.replace(
        '<th scope="col"></th><th scope="col">',
        '<th scope="col">項目</th><th scope="col">'
        if japanese
        else '<th scope="col">Figure</th><th scope="col">',
    )
    # A sheet's table is classed by its shape, not by the game's name (issue 54).
    page = page.replace('class="sheet-dragsaga ', 'class="sheet-rounds-grid ')
    return MATCH_WORDS.sub(lambda m: m[1] + numbers.get(m[2], m[2]), page)


def set_aside(page: str) -> str:
    for pattern in CONTROLS:
        page = pattern.sub("", page)
    return "\n".join(line.rstrip() for line in page.splitlines() if line.strip())


def test_every_standings_page_reads_as_before_the_migration(migrated_pages, migrated_database):
    old = old_pages()
    assert sorted(migrated_pages) == sorted(old)
    leagues = {match[1] for key in old if (match := re.match(r"\S+ \S+ /leagues/(\d+)/$", key))}
    assert len(leagues) == 2  # a Dragon Formula and a DragSaga league
    assert len(old) == 102
    numbers = match_numbers(migrated_database)
    changed = []
    for key, before in old.items():
        before = set_aside(normalised(as_intended(key, before, numbers)))
        after = set_aside(normalised(migrated_pages[key]))
        if before != after:
            diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
            changed.append(f"{key}:\n" + "\n".join(list(diff)[:30]))
    assert not changed, "\n\n".join(changed[:5])


RESULT_TABLES = [
    "games_setresult",
    "games_setline",
    "games_setgame",
    "games_penalty",
    "games_historicalsetgame",
    "games_historicalpenalty",
    "games_dragsagaresult",
    "games_dragsagaline",
    "games_ratingchange",
]


def rows(database: Path) -> dict[str, int]:
    with sqlite3.connect(database) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in RESULT_TABLES}


def test_every_stored_result_and_its_history_is_kept(migrated_pages, tmp_path):
    """The results' rows stay where they were: the voided set, the corrected game and its
    history (the game's and its penalties'), the seats a bot played."""
    old = tmp_path / "old.sqlite3"
    old.write_bytes(gzip.decompress((HERE / "old_main.sqlite3.gz").read_bytes()))
    before = rows(old)
    assert before["games_historicalsetgame"] > before["games_setgame"]  # a correction's history
    run("manage.py", "migrate", "--no-input", database=old)
    assert rows(old) == before


# Each game's results and lines as the platform's generic result and lines read them: match,
# number, void, complete (a DragSaga game once recorded); member, seat, rank, victory points,
# played by a bot, and the line's total (set points; final damage).
OWN_LINES = {
    "sets": """
        SELECT r.match_id, r.number, r.voided_at, r.voided_by_id, r.complete,
               l.seat, l.member_id, l.rank, l.victory_points, l.by_bot, l.points
        FROM games_setresult r JOIN games_setline l ON l.set_id = r.id""",
    "DragSaga games": """
        SELECT r.match_id, r.number, r.voided_at, r.voided_by_id, 1,
               l.seat, l.member_id, l.rank, l.victory_points, l.by_bot, l.final_damage
        FROM games_dragsagaresult r JOIN games_dragsagaline l ON l.game_id = r.id""",
}
GENERIC_LINES = """
    SELECT r.match_id, r.number, r.voided_at, r.voided_by_id, r.complete,
           l.seat, l.member_id, l.rank, l.victory_points, l.by_bot, l.points
    FROM games_result r JOIN games_resultline l ON l.result_id = r.id
    JOIN games_match m ON m.id = r.match_id JOIN games_league g ON g.id = m.league_id
    WHERE g.game = ?"""


def test_every_stored_result_has_the_platforms_line_for_each_player(migrated_database):
    """Every stored set and DragSaga game, voided ones too, has the platform's generic result and
    one generic line per player, saying what the game's own rows say."""
    with sqlite3.connect(migrated_database) as db:
        for (name, own), game in zip(OWN_LINES.items(), ("dragonformula", "dragsaga"), strict=True):
            lines = sorted(db.execute(own).fetchall())
            assert lines, name
            assert any(line[2] is not None for line in lines), f"no voided {name} to carry over"
            assert sorted(db.execute(GENERIC_LINES, [game]).fetchall()) == lines, name
        results = db.execute("SELECT count(*) FROM games_result").fetchone()[0]
        own_results = sum(
            db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("games_setresult", "games_dragsagaresult")
        )
        assert results == own_results
        # The ratings' changes name the platform's result of their own game, in the same order.
        named = db.execute(
            """SELECT c.game, c.position, c.member_id, c.rank FROM games_ratingchange c
               JOIN games_result r ON r.id = c.result_id
               JOIN games_resultline l ON l.result_id = r.id AND l.member_id = c.member_id
               JOIN games_match m ON m.id = r.match_id JOIN games_league g ON g.id = m.league_id
               WHERE g.game = c.game AND l.rank = c.rank"""
        ).fetchall()
        changes = db.execute("SELECT game, position, member_id, rank FROM games_ratingchange")
        assert sorted(named) == sorted(changes.fetchall()) and named
