"""While a game is played its replay shows each viewer only what they saw then: a seated
player their own hand and, of the others' actions, what every seat saw; a spectator the
table alone. Once the game is over every hand is shown. Read in the page and in the step
fragments htmx swaps in (the replay sends no other data)."""

from __future__ import annotations

import html
import json
import re

import pytest

from games.registry import engine_for
from games.tables.actions import opening, playing, starting
from games.tables.models import Game, Player
from games.trust.replays import replay_of, replay_turns
from tests.web.tables import browser_of, shows_code
from tests.web.trust_helpers import finish

pytestmark = pytest.mark.django_db

DF_CODE = re.compile(
    r"(?<![A-Za-z0-9_])(?:[WCSP](?:10|[1-9]|[PNQK])|M(?:1\d|2[01]|\d))(?![A-Za-z0-9_])"
)


def with_one_player(game_name, players, level, seed=3):
    """A table of bots where seat 0 is a guest's; returns the game and the guest."""
    guest = Player.objects.create(display_name="Hana")
    table = opening.create_table(
        game_name=game_name, players=players, bot_level=level, created_by=guest
    )
    return starting.start(table, guest, seed=seed), guest


def play_until(game, guest, actions, level):
    """The guest (as their bot would) and the bots play until ``actions`` are logged."""
    engine = engine_for(game.game_name)
    while game.version < actions and not game.is_finished:
        if 0 in engine.waiting_for(game.state):
            move = engine.bot_action(game.state, 0, level)
            game = playing.apply_action(game, guest, move, game.version)
        else:
            game = playing.advance(game.pk, game.version) or Game.objects.get(pk=game.pk)
    return game


def replay_pages(client, game, steps):
    """The whole page and the htmx fragment of each step."""
    url = f"/games/{game.pk}/replay/"
    for step in steps:
        yield step, client.get(url, {"step": step}).content.decode()
        yield step, client.get(url, {"step": step}, headers={"HX-Request": "true"}).content.decode()


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def public_codes(view) -> set[str]:
    return set(DF_CODE.findall(json.dumps(view)))


def test_a_dragon_formula_player_sees_only_their_own_hand_while_the_game_is_played():
    game, guest = with_one_player("dragonformula", 4, "smart")
    game = play_until(game, guest, 40, "smart")
    assert not game.is_finished
    rebuilt = replay_of(game)
    engine = rebuilt.engine
    player, spectator = browser_of(guest), browser_of(None)
    steps = [0, 1, 2, 17, game.version]

    for step, page in replay_pages(player, game, steps):
        state = rebuilt.state_at(step)
        hidden = {c for seat, hand in enumerate(state["hands"]) if seat for c in hand}
        hidden = (hidden | set(state["pile"])) - public_codes(engine.view(state, None))
        assert hidden and not {c for c in hidden if shows_code(page, c)}, step
        rows = re.findall(r'<tr class="replay-hand" data-seat="(\d)">.*?<td>(.*?)</td>', page, re.S)
        assert [seat for seat, _cell in rows] == ["0"]
        shown = re.findall(r'data-card="([^"]*)"', rows[0][1])
        assert sorted(shown) == sorted(state["hands"][0])
        assert "Every seat" not in page

    # Of the others' pick-window answers the board says only that they answered (the window
    # tells them when it closes); the guest's own answers and everyone's discards are named.
    url = f"/games/{game.pk}/replay/"
    for number, entry in enumerate(rebuilt.log, start=1):
        page = player.get(url, {"step": number}, headers={"HX-Request": "true"}).content.decode()
        said = html.unescape(re.search(r'<p class="replay-action">(.*?)</p>', page, re.S).group(1))
        words = re.findall(r'<span class="replay-verb">(.*?)</span>', said)
        if entry.action["type"] in ("pass", "pick") and entry.seat != 0:
            assert words[-1] == "acts (not shown while the game is played)", said
            assert "passes" not in said and "picks" not in said
        if entry.action["type"] == "discard":
            assert words[-1] == "discards" and f'data-card="{entry.action["card"]}"' in said
        if entry.action["type"] == "pass" and entry.seat == 0:
            assert "passes" in said or "pass" in words, said

    for step, page in replay_pages(spectator, game, steps):
        state = rebuilt.state_at(step)
        hidden = {c for hand in state["hands"] for c in hand} | set(state["pile"])
        hidden -= public_codes(engine.view(state, None))
        assert not {c for c in hidden if shows_code(page, c)}, step
        assert 'class="replay-hand"' not in page
        assert "as a spectator saw it" in html.unescape(page)


def test_a_dragsaga_player_does_not_see_what_the_others_placed_face_down():
    game, guest = with_one_player("dragsaga", 3, "heuristic")
    game = play_until(game, guest, 30, "heuristic")  # chosen, placed, attacked and guarded
    rebuilt = replay_of(game)
    names = {card["id"]: (card["name_en"], card["name_ja"]) for card in game.state["cards"]}
    player = browser_of(guest)
    placings = [
        number
        for number, entry in enumerate(rebuilt.log, start=1)
        if entry.action["type"] in ("place", "choose_dragon", "guard", "no_guard")
    ]
    assert len(placings) >= 6
    answers = [rebuilt.log[n - 1] for n in placings if "guard" in rebuilt.log[n - 1].action["type"]]
    assert [entry for entry in answers if entry.seat != 0], "another seat answered an attack"
    for number in placings:
        entry = rebuilt.log[number - 1]
        for _step, page in replay_pages(player, game, [number]):
            line = re.search(r'<p class="replay-action">.*?</p>', page, re.S).group(0)
            action = line.split('<span class="replay-act">')[-1]  # the step's own action
            shown = set(re.findall(r'data-card="([a-z_]+)"', action))
            kind = entry.action["type"]
            if entry.seat == 0:  # the guest's own: its cards and target, as they chose them
                cards = entry.action.get("cards") or [entry.action.get("card")]
                assert shown == {card for card in cards if card}
            elif kind in ("guard", "no_guard"):  # whether they guarded is a secret too
                assert shown == set() and "not shown while the game is played" in text(action)
            else:  # another seat's secret: that they chose, not what
                assert shown == set()
                assert "→" not in action
            state = rebuilt.state_at(number)
            seen = rebuilt.engine.view(state, 0)
            public = json.dumps({key: value for key, value in seen.items() if key != "cards"})
            for seat in (1, 2):  # the others' hands and face-down cards stay off the page
                held = state["seats"][seat]["hand"] + [
                    p["card"] for p in state["seats"][seat]["placed"]
                ]
                mine = state["seats"][0]["hand"] + [p["card"] for p in state["seats"][0]["placed"]]
                for card in {c for c in set(held) - set(mine) if f'"{c}"' not in public}:
                    assert names[card][0] not in html.unescape(page), (number, card)


@pytest.mark.parametrize(
    ("game_name", "players", "level"), [("dragonformula", 3, "smart"), ("dragsaga", 3, "heuristic")]
)
def test_once_the_game_is_over_every_hand_is_shown_to_everyone(game_name, players, level):
    game, guest = with_one_player(game_name, players, level)
    game = play_until(game, guest, 10_000, level)
    game = finish(game)
    rebuilt = replay_of(game)
    step = replay_turns(rebuilt.log)[3].last
    seat_views = rebuilt.step(step).seats
    for client in (browser_of(guest), browser_of(None)):
        for _step, page in replay_pages(client, game, [step]):
            rows = re.findall(
                r'<tr class="replay-hand" data-seat="(\d)">.*?<td>(.*?)</td>', page, re.S
            )
            assert [int(seat) for seat, _cell in rows] == list(range(players))
            for seat, cell in rows:
                view = seat_views[int(seat)]
                hand = view["hand"] if game_name == "dragonformula" else view["you"]["hand"]
                assert sorted(re.findall(r'data-card="([^"]*)"', cell)) == sorted(hand)
            assert "Every seat" in page
