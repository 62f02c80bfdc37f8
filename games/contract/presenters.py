"""A game's presenters: how its table is shown and how a posted form becomes an action.

The module a game names as ``presenters_path`` defines these names; the platform reads
them as a :class:`Presenters` (``RegisteredGame.presenters``). The three without a default
are required: a game lacking one does not start. Every other name is optional, and its
default is what the platform does without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext

from games.contract.reading import required
from games.contract.shapes import Event, View

# Words one log event for a returning player's catch-up: ``sentence(event, names)``.
Sentence = Callable[[Event, tuple[str, ...]], str]
Words = str | Promise


def said_moved(context: Mapping[str, Any]) -> Sentence:
    """The catch-up's words for a game that has none of its own: who moved, no more."""

    def sentence(event: Event, names: tuple[str, ...]) -> str:
        seat = event.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        return gettext("%(name)s made a move.") % {"name": name}

    return sentence


def no_settings(options: dict[str, Any]) -> list[dict[str, Any]]:
    """A game with no standing settings gives a new game's seats none."""
    return []


def as_chosen(options: dict[str, Any]) -> dict[str, Any]:
    """The lobby's options are the engine's options as they are."""
    return options


@dataclass(frozen=True)
class Presenters:
    """What the platform reads of a game's presenters module (see the module's doc)."""

    # --- required -----------------------------------------------------------------
    present: Callable[[View, int | None, dict[str, Any]], dict[str, Any]] = required(
        "present(view, seat, context) -> dict: what the table's partials read"
    )
    action_from_post: Callable[[Any], dict[str, Any]] = required(
        "action_from_post(post) -> dict: an action posted as form fields"
    )
    REGIONS: Sequence[tuple[str, str]] = required(
        "REGIONS: the table's regions, (element id, partial template) pairs, one 'prompt'"
    )

    # --- the lobby ----------------------------------------------------------------
    # The table options' labels, help texts and choices, and the lobby's initial values.
    OPTION_LABELS: Mapping[str, Words] = field(default_factory=dict)
    OPTION_HELP: Mapping[str, Words] = field(default_factory=dict)
    OPTION_CHOICES: Mapping[str, Any] = field(default_factory=dict)
    LOBBY_INITIAL: Mapping[str, Any] = field(default_factory=dict)
    # The lobby's options as the engine takes them (e.g. a card set's name to its cards).
    lobby_options: Callable[[dict[str, Any]], dict[str, Any]] = as_chosen
    # Each seat's standing settings a new game starts with, as setting actions.
    starting_settings: Callable[[dict[str, Any]], list[dict[str, Any]]] = no_settings

    # (url name, short words) of the game's pages the site's header links on every page.
    HEADER_LINKS: Sequence[tuple[str, Words]] = ()

    # --- the table's regions --------------------------------------------------------
    # Regions whose HTML is the same for every seat (only the table and whether the viewer
    # is seated): rendered once per push. Never a region showing one seat's own.
    SHARED_REGIONS: frozenset[str] = frozenset()
    # A region's id -> what its HTML depends on, so it is rendered again only when that changes.
    REGION_LOOKS: Mapping[str, Callable[[Mapping[str, Any]], Any]] = field(default_factory=dict)
    # A region's id -> a Python helper wording it (for regions every viewer is sent each move).
    REGION_HTML: Mapping[str, Callable[[Mapping[str, Any]], str]] = field(default_factory=dict)
    # ``event_sentence(context)``: how the catch-up words a log event (who moved, without it).
    event_sentence: Callable[[Mapping[str, Any]], Sentence] = said_moved

    # --- cards drawn outside the table (replays, /verify/, the coach) ---------------------
    # ``face(code)``: a card code as the game's own card partial draws it; none: codes as text.
    face: Callable[[str], Mapping[str, Any]] | None = None
    CARD_SYMBOLS: str = ""  # a template included once per page the cards need ("" for none)
    SMALL_CARD: str = ""  # the small card partial of the replay's log ("" for none)
    # The actions every seat saw taken (type -> the fields of it every seat saw) and those
    # no other seat sees taken at all: a replay shows another viewer no more. Without them a
    # replay shows others' actions by their type alone.
    REPLAY_OPEN_ACTIONS: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # What each of the game's logged action types did, in a replay or review reader's words
    # ("draws a card"); the platform words the few any game logs (passing, the clock) and
    # any other type as "acts".
    ACTION_WORDS: Mapping[str, Any] = field(default_factory=dict)
    REPLAY_UNSEEN_ACTIONS: frozenset[str] = frozenset()
    # Whether the game has a coach (its engine's ``review`` weighs a seat's decisions): without
    # one no review is offered when a game ends, and its review pages are 404.
    COACHED: bool = True
    REVIEW_CARD_WORDS: Callable[[str], str] | None = None  # a card code in the page's words
    REVIEW_WHY: Callable[[dict[str, Any]], str | None] | None = None  # why the coach's choice

    # --- hints and notices -------------------------------------------------------------
    # ``HINT_THOUGHTS(engine, state, seats, game_id)``: the hint play-outs the hinted seats
    # are owed (none without);
    # ``HINT_HEARD(key, data)``: a finished one is remembered. Both or neither.
    HINT_THOUGHTS: Callable[..., Any] | None = None
    HINT_HEARD: Callable[..., Any] | None = None
    # ``HINT_STILL_WANTED(state, thought) -> bool``: whether a thought waiting for a worker
    # still answers something its seat is asked in the table's latest ``state`` (a thought
    # no longer wanted is dropped unthought); without it, every thought is thought.
    HINT_STILL_WANTED: Callable[..., bool] | None = None
    # The regions a hint heard from a worker changes (only they are rendered again for its
    # player); empty: every region.
    HINT_REGIONS: frozenset[str] = frozenset()
    # ``notice_kind(view) -> str``: what a turn-based seat is told it waits for ("move" without).
    notice_kind: Callable[[View], str] | None = None
