"""DragSaga's learning pages (its ``learn`` hook, ``games.learn``): what the cheat sheet
shows, at every table and on its printable page; and the guided first game."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga.rules.turns import FLIP_LIMIT
from dragsaga.templatetags.dragsaga_words import card_name
from games.learn.steps import Guide, Step
from games.presence.at_the_table import bot_name


def cheat_sheet_context() -> dict[str, Any]:
    """The figures the cheat sheet states (its words are in the template)."""
    return {"cost_limit": FLIP_LIMIT}


# --- the guided first game ------------------------------------------------------------
#
# You (seat 0, the first start player) against two heuristic bots, with short hands so that
# the game ends after three rounds. You keep Divine Storm. Round 1 (everyone targets their
# left neighbour) you place Fang and Wing Shield, flip Fang at your left neighbour, end your
# turn and guard its Divine Blaze with the Shield. Round 2 you are the round's last player:
# you place Divine Storm and Dragonscale Ward aimed at the bot with the least damage, take
# your right neighbour's two attacks unguarded (guarding with the Ward would leave Storm
# over the flip limit), then - the lead having changed - discard Claw to change target,
# flip Storm and end your turn; the Ward goes back to your hand. Round 3 you place two
# guards, nobody attacks you, and you pass: nothing is revealed and both placed cards are
# discarded, so round 4 begins with your hand empty and the game ends, you with the least
# damage. The bots' choices are fixed by the deal (worked out with the engine;
# tests/web/test_guided_games_stay_on_their_script.py walks every step).
DIVINE = ["divine_blaze", "divine_storm", "divine_aegis"]
YOUR_HAND = ["fang", "wing_shield", "dragonscale_ward", "claw", "scale_shield", *DIVINE]
BOT_HANDS = [
    ["thunderbolt", "wind_blade", "dragonscale_ward", "scale_shield", "fang", *DIVINE],
    ["wing_shield", "dragonscale_ward", "charge", "scale_shield", "wind_blade", *DIVINE],
]
DRAGON = "divine_storm"
FIRST_PAIR = ("fang", "wing_shield")
SECOND_PAIR = (DRAGON, "dragonscale_ward")
LAST_PAIR = ("scale_shield", "dragonscale_ward")
CHANGE_DISCARD = "claw"
STEPS = 14


def guided_step(view: dict[str, Any]) -> Step | None:
    """The step your seat's view has reached (seat 0 of the guided table)."""
    you = view["you"]
    if you is None:
        return None
    cards = {card["id"]: card for card in view["cards"]}
    if view["finished"]:
        return _the_end(view, cards)
    legal = view["legal_actions"]
    kinds = {action["type"] for action in legal}
    if view["phase"] == "choose_dragon":
        return (
            _choose(cards)
            if "choose_dragon" in kinds
            else _wait(_("Wait: the bots choose their dragons."))
        )
    if view["phase"] == "place":
        if "place" not in kinds:
            return _wait(_("Wait: the bots place their two cards."))
        return _place(view, you["hand"], cards)
    window = view["guard"]
    if window is not None and view["seat"] in window["pending"] and not you["answered"]:
        return _answer(view, legal, cards[window["card"]], cards)
    if view["turn"] == view["seat"] and window is None:
        return _your_turn(view, legal, you, cards)
    if window is not None and window["attacker"] == view["seat"]:
        return _wait(_("Wait: the bots decide whether to guard."))
    return _wait(_("Wait: the bots take their turns."))


def _name(card: dict[str, Any]) -> str:
    return card_name(card)


def _seat(number: int) -> str:
    """A bot's seat as the table names it."""
    return bot_name(number, GUIDED.bot_level)


def _leader(view: dict[str, Any]) -> int:
    """The other seat with the least damage (the nearer to your left on a tie): the one
    the least damage wins against, so the one worth hitting."""
    me = view["seat"]
    others = [(me + k) % view["players"] for k in range(1, view["players"])]
    return min(others, key=lambda seat: view["seats"][seat]["damage"])


def _wait(do: str) -> Step:
    """A wait for the bots between two steps (unnumbered: the step before it is done)."""
    return Step(
        "wait",
        0,
        STEPS,
        do,
        _("Every move of the bots shows on their seats and in the log; your next step follows."),
    )


def _choose(cards: dict[str, Any]) -> Step:
    return Step(
        "dragon",
        1,
        STEPS,
        _("Keep %(card)s: tap it.") % {"card": _name(cards[DRAGON])},
        _(
            "Each player keeps one of three divine dragons (cost 6) and discards the other two. "
            "%(card)s deals 7 to your target: the hardest single hit. (A real game deals "
            "everyone the same 15 cards; this one deals fewer, so that it ends sooner.)"
        )
        % {"card": _name(cards[DRAGON])},
        expects=({"type": "choose_dragon", "card": DRAGON},),
    )


def _place(view: dict[str, Any], hand: list[str], cards: dict[str, Any]) -> Step:
    target = None
    if view["round"] <= 1:
        pair, number, key = FIRST_PAIR, 2, "place"
        why = _(
            "Each round everyone secretly places two cards face down and a target. An attack "
            "is for your own turn, a guard for the others'. In round 1 everyone targets their "
            "left neighbour: yours is %(left)s."
        ) % {"left": _seat(1)}
    elif view["round"] == 2:
        pair, number, key = SECOND_PAIR, 6, "place_again"
        target = _leader(view)
        why = _(
            "From round 2 you choose your target. The least damage wins, so aim at the player "
            "with the least: %(target)s. Your two cost %(total)s together, more than "
            "%(limit)s: only one of them can be flipped this round (the warning under Ready "
            "says so)."
        ) % {
            "target": _seat(target),
            "total": sum(cards[c]["cost"] for c in pair),
            "limit": FLIP_LIMIT,
        }
    else:
        pair, number, key = LAST_PAIR, 12, "place_last"
        why = _(
            "Two guards: they flip only against an attack on another player's turn. A placed "
            "card you do not flip goes back to your hand, unless you pass."
        )
    if not set(pair) <= set(hand):  # off the script's cards: any two will do
        return Step(
            key,
            number,
            STEPS,
            _("Place two cards: tap two in your hand, then Ready."),
            why,
            expects=({"type": "place"},),
        )
    names = {"first": _name(cards[pair[0]]), "second": _name(cards[pair[1]])}
    if target is None:
        do = _("Place %(first)s and %(second)s: tap both in your hand, then Ready.") % names
        expects: tuple[dict[str, Any], ...] = ({"type": "place", "cards": list(pair)},)
    else:
        do = _(
            "Place %(first)s and %(second)s: tap both in your hand, choose the target "
            "%(target)s, then Ready."
        ) % {**names, "target": _seat(target)}
        expects = ({"type": "place", "cards": list(pair), "target": target},)
    return Step(key, number, STEPS, do, why, expects=expects)


def _answer(
    view: dict[str, Any], legal: list[dict[str, Any]], attack: dict[str, Any], cards: dict
) -> Step:
    window = view["guard"]
    names = {"attacker": _seat(window["attacker"]), "attack": _name(attack)}
    guards = [action["card"] for action in legal if action["type"] == "guard"]
    if view["round"] <= 1 and guards:
        guard = cards[guards[0]]
        return Step(
            "guard",
            5,
            STEPS,
            _("%(attacker)s attacks you with %(attack)s: press Guard with %(guard)s.")
            % {**names, "guard": _name(guard)},
            _(
                "A guard flips on another player's turn and stops one attack of the kind it "
                "blocks: all %(damage)s of its damage, for a guard that costs %(cost)s."
            )
            % {"damage": attack["damage"], "cost": guard["cost"]},
            expects=({"type": "guard", "card": guard["id"]},),
        )
    first = not _hit_this_round(view)
    placed = [cards[p["card"]] for p in view["you"]["placed"] if not p["flipped"]]
    attacks = [card for card in placed if card["kind"] != "guard"]
    if guards and attacks:
        guard, kept = cards[guards[0]], attacks[0]
        why = _(
            "%(guard)s would block it, but the cards you flip in one round may cost %(limit)s "
            "at most together: with %(guard)s (%(cost)s) flipped, %(attack)s (%(more)s) could "
            "not be flipped on your turn. You take %(damage)s damage (the ♦ on your seat); "
            "lower is better."
        ) % {
            "guard": _name(guard),
            "cost": guard["cost"],
            "attack": _name(kept),
            "more": kept["cost"],
            "limit": FLIP_LIMIT,
            "damage": attack["damage"],
        }
    else:
        why = _(
            "You placed no guard that blocks it, so you take %(damage)s damage (the ♦ on your "
            "seat). Lower is better: the least damage wins."
        ) % {"damage": attack["damage"]}
    return Step(
        "no_guard" if first else "no_guard_again",
        7 if first else 8,
        STEPS,
        _("%(attacker)s attacks you with %(attack)s: press No guard.") % names,
        why,
        expects=({"type": "no_guard"},),
    )


def _hit_this_round(view: dict[str, Any]) -> bool:
    """Whether an attack has already hit your seat this round."""
    hit = False
    for event in view["events"]:
        if event["type"] == "round_start":
            hit = False
        elif event["type"] == "damage" and event["attacker"] != view["seat"]:
            hit = hit or any(d["seat"] == view["seat"] for d in event["damage"])
    return hit


def _your_turn(
    view: dict[str, Any], legal: list[dict[str, Any]], you: dict[str, Any], cards: dict
) -> Step:
    kinds = {action["type"] for action in legal}
    leader, aimed = _leader(view), view["seats"][view["seat"]]["target"]
    if "change_target" in kinds and aimed != leader and CHANGE_DISCARD in you["hand"]:
        return Step(
            "change_target",
            9,
            STEPS,
            _("Change target to %(target)s: discard %(card)s, then press Change target.")
            % {"target": _seat(leader), "card": _name(cards[CHANGE_DISCARD])},
            _(
                "%(target)s now has the least damage. From round 2 the round's last player "
                "(you, this round) may, before flipping, discard a hand card face down to "
                "change target, once a round."
            )
            % {"target": _seat(leader)},
            expects=({"type": "change_target", "discard": CHANGE_DISCARD, "target": leader},),
        )
    flips = [action["card"] for action in legal if action["type"] == "flip"]
    if flips and not view["turn_flips"]:
        attack = max((cards[card] for card in flips), key=lambda card: card["damage"])
        target = _seat(aimed)
        if view["round"] <= 1:
            key, number = "flip", 3
            why = _(
                "On your turn you flip your placed attacks. The number on a card is its cost: "
                "the cards you flip in one round may cost %(limit)s at most together."
            ) % {"limit": FLIP_LIMIT}
        else:
            key, number = "flip_limit", 10
            why = _(
                "%(card)s costs %(cost)s, the whole limit of %(limit)s: your other placed card "
                "stays face down and goes back to your hand."
            ) % {"card": _name(attack), "cost": attack["cost"], "limit": FLIP_LIMIT}
        return Step(
            key,
            number,
            STEPS,
            _("Press Flip %(card)s: %(damage)s damage to %(target)s.")
            % {"card": _name(attack), "damage": attack["damage"], "target": target},
            why,
            expects=({"type": "flip", "card": attack["id"]},),
        )
    if "pass" in kinds:
        return Step(
            "pass",
            13,
            STEPS,
            _("Press Pass."),
            _(
                "You flipped nothing this round: a pass reveals nothing, and both placed cards "
                "are discarded. Your hand is then empty, and the game ends as a round begins "
                "with someone holding one card or none."
            ),
            expects=({"type": "pass"},),
        )
    first_round = view["round"] <= 1
    if first_round:
        why = _(
            "Keep your guard face down: it flips only against an attack on another player's "
            "turn, which comes next."
        )
    else:
        why = _(
            "Each card left in a hand at the end costs half its cost (rounded down), added to "
            "the damage."
        )
    return Step(
        "end_turn" if first_round else "end_turn_again",
        4 if first_round else 11,
        STEPS,
        _("Press End turn."),
        why,
        expects=({"type": "end_turn"},),
    )


def _the_end(view: dict[str, Any], cards: dict[str, Any]) -> Step:
    rows = view["result"]["placings"]
    mine = next(row for row in rows if row["seat"] == view["seat"])
    left = ", ".join(_name(cards[c]) for c in mine["hand"]) or _("none")
    do = (
        _("The game is over: you win with the least damage.")
        if mine["rank"] == 1
        else _("The game is over: a bot wins with less damage this time.")
    )
    ended = next((e["seats"] for e in view["events"] if e["type"] == "end_check"), [])
    if view["seat"] in ended:
        why = _(
            "It ended as round %(round)s began, with you holding one card or none. Your "
            "damage %(damage)s + half the cost of your hand (%(left)s) %(penalty)s = "
            "%(final)s. That is DragSaga."
        )
    else:
        why = _(
            "It ended as round %(round)s began, with a bot holding one card or none. Your "
            "damage %(damage)s + half the cost of your hand (%(left)s) %(penalty)s = "
            "%(final)s. That is DragSaga."
        )
    why %= {
        "round": view["round"] + 1,
        "damage": mine["damage"],
        "left": left,
        "penalty": mine["penalty"],
        "final": mine["final_damage"],
    }
    return Step("done", STEPS, STEPS, do, why, done=True)


def _guided_start() -> dict[str, Any]:
    return {"hands": [YOUR_HAND, *BOT_HANDS], "start_player": 0}


GUIDED = Guide(
    players=3,
    bot_level="heuristic",
    # No clocks: a first game is read, not raced.
    options={"place_seconds": 0, "guard_seconds": 0, "turn_seconds": 0},
    stacking=_guided_start(),
    seed=30,
    step=guided_step,
    bot_pace="relaxed",
    intro=gettext_lazy(
        "A short game against two bots, dealt so that it ends after three rounds: keep a "
        "divine dragon, place two cards, flip an attack, guard, meet the cost limit, change "
        "target by discarding a card, pass, and the end with its hand penalty. Each step "
        "says what to do and why, and waits for you at the real table."
    ),
)
