"""A seat's hints at a DragSaga table, worked by hand on dealt positions: the ♦ and what
the hand would cost if the game ended now, the cards the cost limit leaves alone while
placing, which placed card can block the attack the seat faces (none when the limit rules
its guard out), a banner for another seat's attack, a hand small enough to end the game; on for a player's
first games and switched by the seat's own player; and nothing in them of what the seat
may not see (the other's face-down cards), in the page, the partial or a socket's frame."""

import re

import pytest
from django.utils import translation

from games.regions import rendering
from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Player, Seat, Table
from tests.web.sockets import in_own_loop, open_socket
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db

DIVINE = ["divine_blaze", "divine_storm", "divine_aegis"]


def _table(ann_cards, ben_cards, start_player=0, names=("Ann", "Ben")):
    """Ann (seat 0) and Ben (seat 1), dealt the cards named (and the three divine dragons),
    both having kept Divine Storm."""
    ann, ben = (Player.objects.create(display_name=name) for name in names)
    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann)
    seating.sit(table, ben)
    Table.objects.filter(pk=table.pk).update(
        stacking={"hands": [ann_cards + DIVINE, ben_cards + DIVINE], "start_player": start_player}
    )
    table.refresh_from_db()
    game = starting.start(table, ann, seed=3)
    for player in (ann, ben):
        game = _act(game, player, "choose_dragon", card="divine_storm")
    return table, game, ann, ben


def _act(game, player, kind, **extra):
    return playing.apply_action(game, player, {"type": kind, **extra}, game.version)


def _hints(table, player):
    return rendering.render_regions(table, player, only=("hints",))["hints"]


def _text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_damage_and_the_hands_penalty_and_the_cards_the_limit_leaves_alone():
    table, game, ann, ben = _table(["claw", "fang", "charge", "wing_shield"], ["claw", "fang"])
    shown = _text(_hints(table, ann))
    # Claw 1 + Fang 2 + Charge 4 + Wing Shield 2 + Divine Storm 6 = 15: half is 7.
    assert "Your ♦ 0: damage taken, lower is better." in shown
    assert "If the game ended now, your hand (cost 15) would add 7." in shown
    # Divine Storm (6) + the cheapest other (Claw, 1) = 7: never two flips. Charge + Claw = 5.
    assert "Divine Storm (6) cannot be flipped with any other card of yours." in shown
    assert "Charge (4) cannot" not in shown
    game = _act(game, ann, "place", cards=["charge", "claw"])
    shown = _text(_hints(table, ann))
    assert "cannot be flipped with any other" not in shown  # placed: no longer placing
    assert "your hand (cost 10) would add 5." in shown  # the placed two are out of it


def test_which_placed_card_blocks_the_attack_faced_and_the_banner_of_what_it_did():
    table, game, ann, ben = _table(["wing_shield", "claw"], ["fang", "wind_blade"], start_player=1)
    game = _act(game, ann, "place", cards=["wing_shield", "claw"])
    game = _act(game, ben, "place", cards=["fang", "wind_blade"])
    game = _act(game, ben, "flip", card="fang")  # melee: the Wing Shield blocks ranged only
    shown = _text(_hints(table, ann))
    assert "None of your placed cards can block Fang: you take 2 damage." in shown
    assert "hint-banner" not in _hints(table, ann)  # the prompt says who attacks her
    game = _act(game, ann, "no_guard")
    assert "Ben · Fang: you take 2 damage." in _text(_hints(table, ann))
    with translation.override("ja"):  # full-width punctuation in Japanese
        banner = _text(_hints(table, ann))
    assert "Ben · 牙撃： あなたは2ダメージ。" in banner, banner
    game = _act(game, ben, "flip", card="wind_blade")  # ranged: 2 + 2 within the limit
    shown = _text(_hints(table, ann))
    assert "Your Wing Shield blocks Wind Blade: guard, and you take 0 damage instead of 2." in shown
    _act(game, ann, "guard", card="wing_shield")
    assert "Ben · Wind Blade: you blocked it with Wing Shield." in _text(_hints(table, ann))
    assert "Ann blocked it with Wing Shield" in _text(_hints(table, ben))  # Ben's side


def test_a_guard_the_cost_limit_rules_out_is_not_offered_as_a_block():
    table, game, ann, ben = _table(["charge", "dragonscale_ward"], ["fang", "claw"])
    game = _act(game, ann, "place", cards=["charge", "dragonscale_ward"])
    game = _act(game, ben, "place", cards=["fang", "claw"])
    game = _act(game, ann, "flip", card="charge")
    game = _act(game, ben, "no_guard")
    game = _act(game, ann, "end_turn")
    game = _act(game, ben, "flip", card="fang")  # the Ward blocks melee, but 4 + 3 > 6
    assert "None of your placed cards can block Fang: you take 2 damage." in _text(
        _hints(table, ann)
    )


def test_a_hand_small_enough_to_end_the_game_is_told_and_hints_follow_the_seats_switch():
    table, game, ann, ben = _table(["claw"], ["claw", "fang", "sparks"])
    assert list(Seat.objects.filter(table=table).values_list("hints", flat=True)) == [True, True]
    # Ann holds Claw and Divine Storm: two cards, Ben four.
    shown = _text(_hints(table, ben))
    assert "The end is near (cards in hand): Ann 2 " in shown
    assert "The end is near (cards in hand): you 2 " in _text(_hints(table, ann))
    url = f"/dragsaga/{table.code}/hints"
    assert htmx_post(browser_of(ben), url, {"on": "false"}).status_code == 200
    assert "The end is near" not in _text(_hints(table, ben))
    assert "The end is near" in _text(_hints(table, ann))  # her switch is her own
    stranger = Player.objects.create(display_name="Stranger")
    assert htmx_post(browser_of(stranger), url, {"on": "false"}).status_code == 403
    assert Seat.objects.get(table=table, number=0).hints is True


# --- what the seat may not see ---------------------------------------------------------

HINTS = re.compile(r'<section id="hints".*?</section>', re.S)


def _first_frame(table, player):
    """The hints in the first frame ``player``'s socket at ``table`` is sent."""
    frames = []

    @in_own_loop
    async def read():
        socket = await open_socket(table.code, player)
        frames.append(await socket.receive_from())
        await socket.disconnect()

    read()
    return HINTS.search(frames[0]).group(0)


def _hidden_apart(ben_placed):
    """Ann's hints while Ben has placed ``ben_placed`` in secret and she has not (in her
    page, her hints partial and her socket's first frame), then on her turn with his two
    cards face down (the partial)."""
    table, game, ann, ben = _table(
        ["fang", "claw"], ["scale_shield", "charge", "wind_blade", "sparks"]
    )
    game = _act(game, ben, "place", cards=ben_placed)
    page = browser_of(ann).get(f"/dragsaga/{table.code}/").content.decode()
    shown = [HINTS.search(page).group(0), _hints(table, ann), _first_frame(table, ann)]
    _act(game, ann, "place", cards=["fang", "claw"])
    shown.append(_hints(table, ann))
    return [re.sub(r"\s+", " ", part.replace(table.code, "CODE")) for part in shown]


@pytest.mark.django_db(transaction=True)  # the sockets read the tables from other threads
def test_hints_show_nothing_of_the_others_face_down_cards_in_page_partial_and_frame():
    shown_a = _hidden_apart(["scale_shield", "charge"])
    shown_b = _hidden_apart(["wind_blade", "sparks"])
    assert all("hint-standing" in part for part in shown_a[:3])  # hints are shown
    assert "(cards in hand): you 3 " in _text(shown_a[0])  # Ben, holding five, is not named
    assert shown_a == shown_b  # whatever Ben hides, Ann's hints read the same
    for hidden in ("Scale Shield", "Charge", "Wind Blade", "Sparks"):
        assert all(hidden not in _text(part) for part in shown_a)
