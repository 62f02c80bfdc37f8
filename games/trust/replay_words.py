"""A replay's logged actions in a reader's words: what each did, what a run of them did, the
cards and the target it names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext, pgettext_lazy

from games.engine import Action

# What a logged action did, in a reader's words: the actions the platform itself logs or any
# game may (a clock running out, a seat back from its stand-in, passing, the next game). Each
# game words its own in its presenters' ``ACTION_WORDS``; an unknown type is still worded.
ACTION_WORDS = {
    "pass": pgettext_lazy("replay action", "passes"),
    "tick": pgettext_lazy("replay action", "time runs out"),
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


def action_words(action: Action, game_words: Mapping[str, Any] | None = None) -> str:
    """What a logged action did, e.g. "passes" (its cards and target come apart), in the
    game's own words (``game_words``: its presenters' ``ACTION_WORDS``) or the platform's."""
    kind = str(action.get("type", ""))
    if kind == "auto_pass":
        if action.get("on"):
            return pgettext("replay action", "turns automatic passing on")
        return pgettext("replay action", "turns automatic passing off")
    words = (game_words or {}).get(kind) or ACTION_WORDS.get(kind, SOME_ACTION)
    return str(words)


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
