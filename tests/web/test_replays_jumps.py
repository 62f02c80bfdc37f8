"""A long replay can be sought: jump to game N, to each win, to the end of each set; every
seat is named; cards are the table's faces; each win's reading shows as on the table."""

from __future__ import annotations

import html
import re

import pytest

from games.tables.actions import opening, starting
from games.trust.replays import replay_of
from tests.web.trust_helpers import bots_only_table, finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def df_match():
    table = opening.create_table(game_name="dragonformula", players=2, bot_level="smart")
    return finish(starting.start(table, None, seed=1))  # a seed whose match has wins


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_the_game_list_jumps_to_each_deal(client, df_match):
    game = df_match
    url = f"/games/{game.pk}/replay/"
    page = client.get(url).content.decode()
    form = re.search(r'<form[^>]*class="replay-jump-game".*?</form>', page, re.S).group(0)
    options = re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', form)
    records = game.state["games"]
    assert len(options) == len(records)  # game 1's deal, then the deal after each game
    assert options[0] == ("0", "Set 1 · game 1")
    rebuilt = replay_of(game)
    for value, label in options[1:]:
        # "Set 1 · game 3" is game 3's deal: its cards dealt, nobody has moved yet; the step
        # before it is still the result of the game before.
        step = int(value)
        dealt = rebuilt.state_at(step)
        numbers = re.match(r"Set (\d+) · game (\d+)", label).groups()
        assert dealt["events"][0]["type"] == "game_start", label
        assert (str(dealt["events"][0]["set"]), str(dealt["events"][0]["game"])) == numbers
        assert dealt["phase"] == "draw" and rebuilt.state_at(step - 1)["phase"] == "result"
    second = client.get(url, {"step": options[1][0]}, headers={"HX-Request": "true"})
    shown = second.content.decode()
    assert f'data-step="{options[1][0]}"' in shown
    assert "Game 2 of 2 · set 1" in text(  # the pile says where in the match it is
        re.search(r'<section id="pile".*?</section>', shown, re.S).group(0)
    )


def test_each_win_is_listed_and_its_step_shows_the_reading_as_on_the_table(client, df_match):
    game = df_match
    url = f"/games/{game.pk}/replay/"
    page = client.get(url).content.decode()
    wins = [record for record in game.state["games"] if record["result"] == "win"]
    assert wins, "the seed gives this match wins"
    links = re.findall(r'<a class="replay-win" href="[^"]*\?step=(\d+)"[^>]*>(.*?)</a>', page, re.S)
    assert len(links) == len(wins)
    step, label = links[0]
    assert f"{wins[0]['points']} points" in text(label)
    at_win = client.get(url, {"step": step}).content.decode()
    overlay = re.search(r'<div class="overlay result".*?</table>', at_win, re.S).group(0)
    assert "wins" in text(overlay)
    assert re.search(r'class="reading">.*?class="tarot-card', overlay, re.S)  # faces, not codes
    assert f"<th>{wins[0]['points']}</th>" in overlay


def test_each_set_end_is_a_jump_and_the_last_is_the_end(client, df_match):
    game = df_match
    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    ends = re.findall(r'<a class="replay-set-end" href="[^"]*\?step=(\d+)"', page)
    sets = {record["set"] for record in game.state["games"]}
    assert len(ends) == len(sets) and int(ends[-1]) == game.version
    assert [int(e) for e in ends] == sorted(int(e) for e in ends)


def test_every_seat_is_named_and_actions_are_words_with_card_faces(client, df_match):
    game = df_match
    url = f"/games/{game.pk}/replay/"
    rebuilt = replay_of(game)
    discard = next(
        n for n, entry in enumerate(rebuilt.log, start=1) if entry.action["type"] == "discard"
    )
    passing = next(
        n for n, entry in enumerate(rebuilt.log, start=1) if entry.action["type"] == "pass"
    )
    page = client.get(url, {"step": discard}).content.decode()
    action = re.search(r'<p class="replay-action">.*?</p>', page, re.S).group(0)
    card = rebuilt.log[discard - 1].action["card"]
    assert "discards" in text(action) and f'data-card="{card}"' in action
    assert "<code>" not in action
    heads = re.findall(r'<tr class="replay-hand" data-seat="\d"><th scope="row">(.*?)</th>', page)
    assert [text(h).strip() for h in heads] == ["Seat 1 · Bot 1 (smart)", "Seat 2 · Bot 2 (smart)"]
    passed = client.get(url, {"step": passing}).content.decode()
    assert "passes" in text(re.search(r'<p class="replay-action">.*?</p>', passed, re.S).group(0))


def test_a_dragsaga_replay_jumps_to_each_round(client):
    _table, game = bots_only_table("dragsaga", 3, "heuristic")
    game = finish(game)
    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    rounds = re.findall(r'<a class="replay-round" href="[^"]*\?step=(\d+)"[^>]*>([^<]*)</a>', page)
    assert rounds and rounds[0][1] == "Round 1"
    assert len(rounds) == game.state["round"]


def test_the_game_list_names_the_game_shown_at_any_step_of_it(client, df_match):
    """Not "game 1" while the board shows a later game: the game dealt last at or before the
    step shown is the one selected, at its deal, in its middle and at its end."""
    game = df_match
    url = f"/games/{game.pk}/replay/"
    page = client.get(url).content.decode()
    form = re.search(r'<form[^>]*class="replay-jump-game".*?</form>', page, re.S).group(0)
    deals = [int(value) for value in re.findall(r'<option value="(\d+)"', form)]
    last = replay_of(game).last
    ends = [*(deal - 1 for deal in deals[1:]), last]
    for number, (dealt, end) in enumerate(zip(deals, ends, strict=True), start=1):
        for step in {dealt, (dealt + end) // 2, end}:
            shown = client.get(url, {"step": step}).content.decode()
            chosen = re.findall(r'<option value="(\d+)" selected>([^<]*)</option>', shown)
            assert chosen == [(str(dealt), f"Set 1 · game {number}")], (step, chosen)
