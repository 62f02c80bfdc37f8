"""Exports people can read: the CSVs carry headers and hand names in the reader's language,
the league's name, the rating and whether a result is void; the projector pages through every
player tonight and has its own language switch; /verify/ shows the seat draw's exact hash input."""

from __future__ import annotations

import csv
import hashlib
import io

import pytest
from django.urls import reverse

from dragonformula.models import SetResult
from games.leagues import services
from games.nights import check_in, rounds
from games.nights.models import ClubNight
from tests.support.leagues import make_league, make_members, record_set, won
from tests.web.night_helpers import night_of

pytestmark = pytest.mark.django_db


def read_csv(response) -> list[dict[str, str]]:
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


@pytest.fixture
def season(admin_user):
    league = make_league(name="春季リーグ")
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    record_set(league, members, [won(0, "center_pillar"), won(1), won(2), won(3)])
    void = record_set(league, members, [won(1), won(1), won(2), won(3)])
    services.void_result(void, admin_user, "wrong table")
    return league, void


def test_the_results_csv_in_japanese_names_the_league_hands_and_voids(client, season):
    league, void = season
    response = client.get(
        reverse("leagues:results_csv", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="ja"
    )
    rows = read_csv(response)
    assert {"リーグ", "プレイヤー", "無効", "元素"} <= set(rows[0])
    assert {row["リーグ"] for row in rows} == {"春季リーグ"}
    voided = [row for row in rows if row["対戦"] == str(void.match.number)]
    counted = [row for row in rows if row["対戦"] != str(void.match.number)]
    assert len(voided) == 4 and {row["無効"] for row in voided} == {"はい"}
    assert {row["無効"] for row in counted} == {"いいえ"}
    aki = next(row for row in counted if row["プレイヤー"] == "Aki")
    assert aki["上がった役"] == "センターピラー"  # the hand's Japanese name, not its id
    assert aki["元素"] == "火"


def test_the_standings_csv_in_english_has_the_rating_and_readable_hands(client, season):
    league, _void = season
    rows = read_csv(client.get(reverse("leagues:standings_csv", args=[league.pk])))
    aki = next(row for row in rows if row["Player"] == "Aki")
    assert aki["League"] == "春季リーグ" and aki["Rating"] == "?"  # provisional after one set
    assert aki["Best hand"] == "Center Pillar"
    assert aki["Sets"] == "1"  # the void set counts nowhere


def test_the_projector_pages_through_every_player_tonight_and_switches_language(client):
    league = make_league()
    night = ClubNight.objects.create(league=league, date=league.season_start)
    names = [f"Player {n:02d}" for n in range(1, 26)]
    for member in make_members(league, *names):
        check_in.check_in(night, member)
    page = client.get(reverse("nights:screen", args=[night.pk])).content.decode()
    tonight = page[page.index('id="night-tonight"') : page.index('id="night-league"')]
    assert all(name in tonight for name in names)  # everyone, not the first eight
    assert tonight.count('class="screen-page"') == 3
    assert "Page 1 of 3 · 25 players" in tonight and "Page 3 of 3" in tonight
    assert 'action="/i18n/setlang/"' in page and 'value="en"' in page and 'value="ja"' in page
    japanese = client.get(reverse("nights:screen", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ja")
    assert "1 / 3 ページ" in japanese.content.decode()


def test_verify_states_the_exact_hash_input(client):
    night, members = night_of(count=4)
    for member in members:
        check_in.check_in(night, member)
    drawn = rounds.draw(rounds.announce_round(night))
    rounds.end_night(night)
    drawn.refresh_from_db()
    query = {
        "kind": "seat-draw",
        "night": night.pk,
        "round": 1,
        "seed": drawn.seed,
        "salt": drawn.salt,
        "commitment": drawn.commitment,
    }
    page = client.get(reverse("games:verify"), query).content.decode()
    exact = f"{drawn.salt}:{drawn.seed}"
    assert f'<code class="hash-input">{exact}</code>' in page
    assert hashlib.sha256(exact.encode("ascii")).hexdigest() == drawn.commitment
    assert SetResult.objects.count() == 0
