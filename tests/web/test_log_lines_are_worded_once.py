"""A table's log words each line once per event as a viewer sees it, the table's names and
the language, and remembers it: every viewer's log is what wording it from nothing shows
them, in both languages; a Dragon Formula seat's own draws are named to it alone; a
DragSaga line names the card as the table's own card set does."""

import html
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dragonformula.rules.cards import card_info
from dragonformula.templatetags import tarot
from dragsaga.rules.cards import default_card_set
from dragsaga.templatetags import dragsaga_words
from games.regions import rendering, snapshots
from games.registry import engine_for
from games.tables.actions import playing
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cho", "Dai"]
LOGS = {"dragonformula": tarot._log_line, "dragsaga": dragsaga_words._log_line}


def log_html(table, viewer) -> str:
    context = rendering.table_context(table, viewer)
    context["oob"] = True
    return render_to_string(f"{table.game_name}/partials/log.html", context)


def lines(log: str, kind: str) -> list[str]:
    """The log's lines of events of ``kind``, newest first, as text."""
    found = re.findall(rf'<li class="event event-{kind}">(.*?)</li>', log)
    return [html.unescape(line) for line in found]


def play(table, game, players, moves, level, check):
    engine = engine_for(table.game_name)
    for _move in range(moves):
        for language in ("ja", "en"):
            with translation.override(language):
                for viewer in [*players, None]:
                    remembered = log_html(table, viewer)  # lines the others' logs worded
                    LOGS[table.game_name].cache_clear()
                    assert remembered == log_html(table, viewer)
                    check(game, viewer, remembered, language)
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, level)
        game = playing.apply_action(game, players[seat], action, game.version)
    return game


def test_a_dragon_formula_seat_s_own_draws_are_named_to_it_alone():
    table, game, players = seated_table("dragonformula", NAMES, seed=5)
    named_draws = 0

    def check(game, viewer, log, language):
        nonlocal named_draws
        draws = [e for e in reversed(game.state["events"][-30:]) if e["type"] == "draw"]
        shown = lines(log, "draw")
        assert len(shown) == len(draws)
        for event, line in zip(draws, shown, strict=True):
            card = card_info(event["card"])[f"name_{language}"]
            if viewer is not None and players.index(viewer) == event["seat"]:
                assert card in line and NAMES[event["seat"]] not in line
                named_draws += 1
            else:
                assert card not in line and NAMES[event["seat"]] in line

    play(table, game, players, 24, "smart", check)
    assert named_draws > 20


def test_a_dragsaga_log_names_the_cards_as_the_table_s_own_set_does():
    club = default_card_set()
    for card in club:  # the same card ids as the default set, named as a club might
        card["name_en"] = f"Club {card['name_en']}"
        card["name_ja"] = f"倶楽部{card['name_ja']}"
    plain, game, players = seated_table("dragsaga", NAMES, seed=4)
    # Players of the same names: the lines differ by the cards' names alone.
    clubs, club_game, club_players = seated_table(
        "dragsaga", NAMES, seed=4, options={"card_set": club}
    )
    flips = 0

    def check(game, viewer, log, language):
        nonlocal flips
        words = {"ja": "倶楽部", "en": "Club "}[language]
        for line in lines(log, "flip") + lines(log, "damage"):
            assert (words in line) == (game.pk == club_game.pk), line
            flips += 1

    # The same seeds, so the same cards are flipped at both tables.
    for table, first, seated in ((plain, game, players), (clubs, club_game, club_players)):
        play(table, first, seated, 40, "heuristic", check)
    assert flips > 20


def test_a_remembered_line_is_worded_in_the_viewer_s_language():
    table, _game, players = seated_table("dragsaga", NAMES, seed=4)
    with translation.override("ja"):
        ja = log_html(table, players[0])
    with translation.override("en"):
        en = log_html(table, players[0])
    assert "最初のスタートプレイヤー" in ja and "first start player" in en


def test_viewers_pushed_one_move_each_read_their_own_log_in_their_own_language():
    """The viewers of one move share the lines of its public events (worded once for them
    all), yet each seat reads its own draws alone, each in their language."""
    engine = engine_for("dragonformula")
    table, game, players = seated_table("dragonformula", NAMES, seed=5)
    own_draws = 0
    for _move in range(40):
        snapshot = snapshots.read(table)
        for language in ("ja", "en", "ja"):
            with translation.override(language):
                shared = snapshot.shared_regions(language)
                for viewer in [*players, None]:
                    pushed = rendering.render_regions(
                        table, viewer, snapshot=snapshot, shared=shared
                    )["log"]
                    tarot._log_line.cache_clear()
                    assert pushed == log_html(table, viewer)
                    own_draws += viewer is not None and bool(
                        lines(pushed, "draw") and "You draw" in pushed
                    )
        seat = engine.waiting_for(game.state)[0]
        action = engine.bot_action(game.state, seat, "smart")
        game = playing.apply_action(game, players[seat], action, game.version)
    assert own_draws > 20
