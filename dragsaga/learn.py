"""DragSaga's learning pages (its ``learn`` hook, ``games.learn``): what the cheat sheet
shows, at every table and on its printable page; and the guided first game."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dragsaga.rules.turns import FLIP_LIMIT
from dragsaga.templatetags.dragsaga_words import card_name
from games.learn.steps import Guide, Step


def cheat_sheet_context() -> dict[str, Any]:
    """The figures the cheat sheet states (its words are in the template)."""
    return {"cost_limit": FLIP_LIMIT}


# --- the guided first game ------------------------------------------------------------
#
# You (seat 0, the first start player) against one heuristic bot, with short hands so that
# the game ends after two rounds. You keep Divine Storm; round 1 you place Fang and Scale
# Shield, flip Fang, end your turn and block the bot's Divine Storm with the Shield; round 2
# you hold Divine Storm and Charge (6 + 4: only one can be flipped), take the bot's two
# attacks unguarded, flip Divine Storm and end your turn; the round begins with you holding
# Charge alone, so the game ends and Charge's penalty (half of 4) is added to your damage.
# The bot's choices are fixed by the deal (worked out with the engine;
# tests/web/test_ds_guided_first_game.py plays it through).
YOUR_HAND = ["fang", "scale_shield", "charge", "divine_blaze", "divine_storm", "divine_aegis"]
BOT_HAND = ["claw", "sparks", "wind_blade", "tail_sweep", "divine_blaze", "divine_storm",
            "divine_aegis"]  # fmt: skip
DRAGON = "divine_storm"
FIRST_PAIR = ("fang", "scale_shield")
SECOND_PAIR = (DRAGON, "charge")
STEPS = 11


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
            else _wait(_("Wait: the bot chooses its dragon."))
        )
    if view["phase"] == "place":
        if "place" not in kinds:
            return _wait(_("Wait: the bot places its two cards."))
        return _place(view, you["hand"], cards)
    window = view["guard"]
    if window is not None and view["seat"] in window["pending"] and not you["answered"]:
        return _answer(view, legal, cards[window["card"]], cards)
    if view["turn"] == view["seat"] and window is None:
        return _your_turn(view, legal, you, cards)
    if window is not None and window["attacker"] == view["seat"]:
        return _wait(_("Wait: the bot decides whether to guard."))
    return _wait(_("Wait: the bot takes its turn."))


def _name(card: dict[str, Any]) -> str:
    return card_name(card)


def _wait(do: str) -> Step:
    """A wait for the bot between two steps (unnumbered: the step before it is done)."""
    return Step(
        "wait",
        0,
        STEPS,
        do,
        _("Every move of the bot shows on its seat and in the log; your next step follows."),
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
    if view["round"] <= 1:
        pair = FIRST_PAIR if set(FIRST_PAIR) <= set(hand) else None
        why = _(
            "Each round everyone secretly places two cards face down. An attack is for your own "
            "turn, a guard for the bot's. In round 1 everyone targets their left neighbour: "
            "here, the bot."
        )
        number, key = 2, "place"
    else:
        pair = SECOND_PAIR if set(SECOND_PAIR) <= set(hand) else None
        why = _(
            "These two cost %(total)s together, more than %(limit)s: only one of them can be "
            "flipped this round (the warning under Ready says so). A placed card you do not "
            "flip goes back to your hand. From round 2 the round's last player may, before "
            "flipping, discard a hand card to change target (Change target); with two players "
            "there is no other target."
        ) % {"total": sum(cards[c]["cost"] for c in (pair or ())), "limit": FLIP_LIMIT}
        number, key = 6, "place_again"
        if pair is None:
            why = _("Placed cards you do not flip go back to your hand at the end of the round.")
    if pair is None:
        do = _("Place two cards: tap two in your hand, then Ready.")
        expects: tuple[dict[str, Any], ...] = ({"type": "place"},)
    else:
        do = _("Place %(first)s and %(second)s: tap both in your hand, then Ready.") % {
            "first": _name(cards[pair[0]]),
            "second": _name(cards[pair[1]]),
        }
        expects = ({"type": "place", "cards": list(pair)},)
    return Step(key, number, STEPS, do, why, expects=expects)


def _answer(
    view: dict[str, Any], legal: list[dict[str, Any]], attack: dict[str, Any], cards: dict
) -> Step:
    guards = [action["card"] for action in legal if action["type"] == "guard"]
    if guards:
        guard = cards[guards[0]]
        return Step(
            "guard",
            5,
            STEPS,
            _("The bot attacks you with %(attack)s: press Guard with %(guard)s.")
            % {"attack": _name(attack), "guard": _name(guard)},
            _(
                "A guard flips on another player's turn and stops one attack of the kind it "
                "blocks: all %(damage)s of its damage, for a guard that costs %(cost)s."
            )
            % {"damage": attack["damage"], "cost": guard["cost"]},
            expects=({"type": "guard", "card": guard["id"]},),
        )
    if attack["scope"] == "all":
        why = _(
            "%(card)s hits every other player, %(damage)s each. With no guard that blocks "
            "it, you take %(damage)s."
        ) % {"card": _name(attack), "damage": attack["damage"]}
    else:
        why = _(
            "You placed no guard that blocks it, so you take %(damage)s damage (the ♦ on your "
            "seat). Lower is better: the least damage wins. The start player moves one seat "
            "each round, so the bot goes first now."
        ) % {"damage": attack["damage"]}
    first = not _hit_this_round(view)
    return Step(
        "no_guard" if first else "no_guard_again",
        7 if first else 8,
        STEPS,
        _("The bot attacks you with %(attack)s: press No guard.") % {"attack": _name(attack)},
        why,
        expects=({"type": "no_guard"},),
    )


def _hit_this_round(view: dict[str, Any]) -> bool:
    """Whether an attack of the bot has already hit your seat this round."""
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
    flips = [action["card"] for action in legal if action["type"] == "flip"]
    first_round = view["round"] <= 1
    if flips and not view["turn_flips"]:
        attack = max((cards[card] for card in flips), key=lambda card: card["damage"])
        if first_round:
            why = _(
                "On your turn you flip your placed attacks. The number on a card is its cost: "
                "the cards you flip in one round may cost %(limit)s at most together."
            ) % {"limit": FLIP_LIMIT}
        else:
            others = [cards[p["card"]] for p in you["placed"] if p["card"] != attack["id"]]
            why = _(
                "%(card)s costs %(cost)s; %(other)s would add %(more)s, over the limit of "
                "%(limit)s, so it stays face down this round."
            ) % {
                "card": _name(attack),
                "cost": attack["cost"],
                "other": _name(others[0]) if others else "",
                "more": others[0]["cost"] if others else 0,
                "limit": FLIP_LIMIT,
            }
        return Step(
            "flip" if first_round else "flip_limit",
            3 if first_round else 9,
            STEPS,
            _("Press Flip %(card)s: %(damage)s damage to the bot.")
            % {"card": _name(attack), "damage": attack["damage"]},
            why,
            expects=({"type": "flip", "card": attack["id"]},),
        )
    if first_round:
        why = _(
            "Keep your guard face down: it flips only against an attack on the bot's turn, "
            "which comes next."
        )
    else:
        why = _(
            "The game ends as a round begins with someone holding one card or none. Each card "
            "left in a hand then costs half its cost (rounded down), added to the damage. Had "
            "you flipped nothing this round, you would Pass: nothing is revealed, and both "
            "placed cards are discarded."
        )
    ending = "end_turn" if "end_turn" in {action["type"] for action in legal} else "pass"
    do = _("Press End turn.") if ending == "end_turn" else _("Press Pass.")
    return Step(
        "end_turn" if first_round else "end_turn_again",
        4 if first_round else 10,
        STEPS,
        do,
        why,
        expects=({"type": ending},),
    )


def _the_end(view: dict[str, Any], cards: dict[str, Any]) -> Step:
    rows = view["result"]["placings"]
    mine = next(row for row in rows if row["seat"] == view["seat"])
    left = ", ".join(_name(cards[c]) for c in mine["hand"]) or _("none")
    do = (
        _("The game is over: you win with the least damage.")
        if mine["rank"] == 1
        else _("The game is over: the bot wins with less damage this time.")
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
            "It ended as round %(round)s began, with the bot holding one card or none. Your "
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
    return {"hands": [YOUR_HAND, BOT_HAND], "start_player": 0}


GUIDED = Guide(
    players=2,
    bot_level="heuristic",
    # No clocks: a first game is read, not raced.
    options={"place_seconds": 0, "guard_seconds": 0, "turn_seconds": 0},
    stacking=_guided_start(),
    seed=30,
    step=guided_step,
    bot_pace="relaxed",
    intro=gettext_lazy(
        "A short game against a bot, dealt so that it ends after two rounds: keep a divine "
        "dragon, place two cards, flip an attack, guard, meet the cost limit and the end with "
        "its hand penalty. Each step says what to do and why, and waits for you at the real "
        "table."
    ),
)
