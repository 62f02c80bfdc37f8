"""A replay's logged actions in a reader's words: what each did, what a run of them did, the
cards and the target it names."""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from games.engine import Action

# What a logged action did, in a reader's words (both games' action types; the engines
# document them in their modules). An unknown type is shown as it is.
ACTION_WORDS = {
    "draw": pgettext_lazy("replay action", "draws a card"),
    "discard": pgettext_lazy("replay action", "discards"),
    "dan": pgettext_lazy("replay action", "declares Dan"),
    "pick": pgettext_lazy("replay action", "picks the discard"),
    "pick_and_dan": pgettext_lazy("replay action", "declares Pick-and-Dan"),
    "pass": pgettext_lazy("replay action", "passes"),
    "discard_major": pgettext_lazy("replay action", "discards a major after the pick"),
    "tick": pgettext_lazy("replay action", "time runs out"),
    "choose_dragon": pgettext_lazy("replay action", "chooses a divine dragon"),
    "place": pgettext_lazy("replay action", "places two cards"),
    "flip": pgettext_lazy("replay action", "flips"),
    "guard": pgettext_lazy("replay action", "guards with"),
    "no_guard": pgettext_lazy("replay action", "does not guard"),
    "change_target": pgettext_lazy("replay action", "changes target, discarding"),
    "end_turn": pgettext_lazy("replay action", "ends the turn"),
    "next_game": pgettext_lazy("replay action", "is ready for the next game"),
    "back": pgettext_lazy("replay action", "is back at the table"),
}
# An action type no game has worded yet is still worded, never shown as its raw type.
SOME_ACTION = pgettext_lazy("replay action", "acts")
# Another seat's action whose choice the viewer of a game still being played may not know.
SECRET_ACTION = pgettext_lazy("replay action", "acts (not shown while the game is played)")
CARD_FIELDS = ("card", "cards", "discard")
# Runs of these are one step of the board, whichever seats took them; said of several
# seats at once in these words.
RUN_WORDS = {
    "pass": pgettext_lazy("replay action of several seats", "pass"),
    "next_game": pgettext_lazy("replay action of several seats", "are ready for the next game"),
}
COLLAPSED = frozenset(RUN_WORDS)


def action_words(action: Action) -> str:
    """What a logged action did, e.g. "passes" (its cards and target come apart)."""
    kind = str(action.get("type", ""))
    if kind == "auto_pass":
        if action.get("on"):
            return pgettext("replay action", "turns automatic passing on")
        return pgettext("replay action", "turns automatic passing off")
    return str(ACTION_WORDS.get(kind, SOME_ACTION))


def run_words(kind: str, count: int) -> str:
    """What a collapsed run of ``count`` actions of ``kind`` did, said of all its seats."""
    return str(ACTION_WORDS[kind] if count == 1 else RUN_WORDS[kind])


def cards_named(action: Action) -> list[str]:
    """The card ids or codes an action names, in order."""
    found: list[str] = []
    for key in CARD_FIELDS:
        value = action.get(key)
        values = value if isinstance(value, list) else [value]
        found += [v for v in values if isinstance(v, str)]
    return found


def target_named(action: Action) -> int | None:
    target = action.get("target")
    return target if isinstance(target, int) and not isinstance(target, bool) else None
