"""The games the club plays: a game's name -> its engine and how the web shows it.

The platform (``games``) knows no game: each game app registers its :class:`RegisteredGame`
in its ``AppConfig.ready()`` and the platform reaches everything about the game through
it, by dotted paths imported on first use (so the platform imports no game app, and
starts even while a rules package is still being written).

The hooks a game may name (each optional but the engine and presenters; a game without a
rules page or a league simply has none: its ``/rules/<name>/`` and sheets are 404):

``engine_path``
    ``module:attribute``, the game's engine (``games.engine.Engine``).
``presenters_path``
    The module turning engine views into what the table's partials read (see
    :class:`RegisteredGame`).
``rulebook_path``
    The module of the game's rules page at ``/rules/<name>/``: ``TEMPLATE`` (the page's
    template) and ``page_context(request) -> dict`` (what it shows; may raise ``Http404``).
``league_path``
    The module of the game's league scoring:

    ``RESULT_MODEL``, ``LINE_MODEL``, ``LINE_POINTS``, ``RESULT_KIND``
        the game's own models of a result (a set, a game: ``match``, ``number``,
        ``created_at``, ``voided_at``/``voided_by``; one that counts only once complete
        also ``complete``/``completed_at``) and of a player's line in it (a
        ``games.models.PlacingLine`` keyed to its result, with the player's total in the
        field ``LINE_POINTS``), and the word the void links name its results by (``set``
        …); or the platform's own ``Result`` and ``ResultLine`` for a game without. The
        platform reads them through ``games.leagues.results``, and keeps each result of a
        game's own models as a platform ``Result`` with one ``ResultLine`` per player
        (``games.leagues.result_lines``), which the standings, ratings and player pages
        count; a game that writes its lines in bulk calls ``result_lines.keep(result)``.
    ``PLAYED_LABEL``, ``AVERAGE_LABEL``, ``POINTS_LABEL``, ``ORDER_NOTE``, ``LESS_IS_BETTER``
        the standings' words for a player's results, VP per result and total (default
        "Games", "VP / game", "Points"), the note on their order, and whether less of
        the total places higher (default: more does).
    ``RECENT_RESULTS``
        the template of the league page's recent results (reads ``results``, each with
        ``page_url``/``sheet_url``, and ``may_keep_score``); none listed without.
    ``RESULTS_CSV_RESULT``, ``RESULTS_CSV_LINE``
        the results CSV's columns of the game's own: ``(label, cell)`` pairs of a result
        (``cell(result)``) and of a player's line (``cell(line)``).
    ``standings_wins(counted)``, ``standings_annotations(counted)``
        the standings' wins (an expression per ``Member`` row; default: results finished
        first) and the game's own annotations of a row (default: no ``best_hand``), over
        the results that count (``games.leagues.counting.counted`` filter arguments).
    ``hand_over(match, placeholder, member)``
        a keeper named who played a seat: the game's own rows of ``match`` naming the
        seat's placeholder now name ``member`` (the platform moves the lines).
    ``NIGHT_RESULT_ROWS``
        ``{model: match_id_of(row)}``: the game's rows besides its results whose saves
        change a club night's results (a set's games).
    ``RESULTS_CSV_PREFETCH``, ``SEAT_ELEMENT_LABELS``
        what the results CSV prefetches for the game's ``RESULTS_CSV`` cells, and the
        words of the elements a night's drawn seats are dealt (``SEAT_ELEMENTS``).
    ``TABLE_OPTIONS``, ``TABLE_NOTE``
        the options an online league table of the game starts with, and what the league
        page says of them ("" for nothing).
    ``RECORD_LINK``, ``SHEET_NAME``
        the words of the league page's score-keeping link and of the game's blank sheet.
    ``TOOLS``
        ``(url_name, label)`` of the game's pages for players the list of leagues links
        (a hand calculator …); none by default.
    ``record_form(data, *, league)`` and ``record(match, form) -> url``
        the score-keeping page for a game played with real cards: the form (with the
        platform's ``club_night`` field, a ``heading`` and a ``fields_template``), then
        storing it in a new match (``ValueError`` with a message for the player refuses
        it, nothing stored); ``url`` is where the keeper goes next.
    ``blank_sheet(players) -> (template, context)``
        the printable blank score sheet (``/leagues/sheets/<name>/``, and its PDF).
    ``ended_a_game(before, state) -> bool``
        whether a save (state ``before`` -> ``state``) ended one of the games a table's
        ``Game`` holds, short of the whole game finishing (a Dragon Formula set's games).
    ``record_online(match, game)``
        for online league tables: bring a league match up to date with its table's
        ``Game`` (called when a save finished the game or ``ended_a_game``; records
        nothing twice).
    ``open_real_table(match, seats)``
        for club nights: a table drawn to play with real cards is opened; ``seats`` are
        the night's drawn seats (``.entrant.member``, ``.element``, ``.number``).
    ``drawn_table_form(data, *, seats)`` / ``record_drawn_table(match, form)``
        for club nights: a keeper records a drawn real-cards table's result on the night's
        page (without them, ``open_real_table`` starts the result and it is kept on its own
        page).
    ``SEAT_ELEMENTS``, ``dealt_elements(state) -> list``
        for club nights: the elements a drawn table deals to its seats in seat order from
        a random first seat (none by default), and those an online table's game dealt
        (read from its engine state; none by default).
    ``drawn_table_options(elements) -> dict``
        for club nights: the engine options that make an online table deal its seats the
        elements they were drawn with (in seat order); ``ValueError`` with a message for
        elements no table deals. Without it an online table deals its own.
    ``result_pages(result) -> (page_url, sheet_url)``
        where the league page's and a club night's lists of results link a result (one of
        its ``RESULT_MODEL``) and its printable sheet (served by
        ``games.leagues.views.sheet_response``: its PDF is at the sheet's URL + ``pdf/``);
        ``None`` for no link. Without the hook a result is listed unlinked.
    ``WINS_TITLE``
        what the standings' "Wins" header says when pointed at (default: games finished
        first).
    ``STANDINGS_COLUMNS``, ``STANDINGS_CELLS``, ``STANDINGS_CSV``
        the game's own standings columns after the platform's: ``(key, label)`` pairs
        (``key`` one of ``games.leagues.selectors.SORT_FIELDS``), the template of a row's
        cells for them (it reads ``row``), and the standings CSV's extra columns
        (``(label, cell)`` pairs: ``cell(row)`` is the value, worded for the reader). Without
        them the standings have the platform's columns.
    ``RESULTS_CSV``
        the results CSV's extra columns: ``(label, cell)`` pairs, ``cell(result, line)``.
    ``member_section(member, section)``, ``MEMBER_FIGURES``, ``MEMBER_DETAILS``
        the game's part of a player's page: fill the game's own figures in ``section.figures``
        (``games.leagues.members.GameSection``, whose ``played``, ``first_places`` and
        ``head_to_head`` the platform counted from its generic lines already; ``played`` 0
        hides a section without a rating), and the templates of its figures (inside the
        section's ``<dl>``) and of what it shows below the rating chart (both read
        ``section``). Without them the section shows the rating alone.

    The game's own result helpers build on ``games.leagues.services`` (``next_number``,
    ``place_lines``, ``complete_set``), so every game ranks and shares victory points alike.
``deal_path``
    ``module:function(state) -> games.trust.fairness.Deal``: what ``/verify/`` shows of the
    deal a revealed seed produces, read from the engine's fresh state (without it, a
    game's seeds are checked against their commitment but no deal is shown).
``league_urls``
    A URL module of the game's own league pages (a set's running table, a result's
    sheet), included under the ``leagues:`` namespace.
``learn_path``
    The module of the game's learning pages (``games.learn``): ``cheat_sheet_context()``
    (what its ``<template_dir>/cheat_sheet.html`` shows, at every table and on the
    printable page) and ``GUIDED`` (the guided first game: ``games.learn.guided.Guide``).
``demo_path``
    ``module:function(members, rng) -> League | None``: the game's demo league for
    ``manage.py load_demo`` (``None`` when it exists already). The same module may say
    the game's demo tables: ``OPEN_TABLES`` (tables with empty seats) and ``SHOW_TABLES``
    (tables the bots play among themselves, to watch), each a list of
    ``games.tables.actions.opening.create_table`` arguments but the game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Any

from django.dispatch import Signal
from django.utils.functional import Promise

from games.engine import Action, Engine, State, check_action


def load(path: str) -> Any:
    module, _sep, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


@dataclass(frozen=True)
class RegisteredGame:
    """One game: its engine (``module:attribute``) and its presenters module.

    The presenters module has ``present(view, seat, context) -> dict``, which turns
    ``engine.view(state, seat)`` into what the game's partial templates read,
    ``action_from_post(post) -> dict`` for actions posted as form fields, and
    ``OPTION_LABELS`` naming the table options for the lobby. The templates live
    in ``<template_dir>/regions.html`` and the partials it includes. It may name
    ``SHARED_REGIONS``: the ids of those of its ``REGIONS`` whose HTML does not depend on
    which seat views them (only on the table and on whether the viewer is seated, e.g. the
    scores); a push renders them once per change, language and kind of viewer
    (``games.regions.rendering.shared_regions``). A region showing anything of one seat's own (its
    cards, its prompt, where the others sit from it) must not be named. For the coach's
    review (``games.coach.views``) it may name ``REVIEW_CARD_WORDS(code) -> str`` (a card
    code in the page's words, for a game whose cards are codes) and
    ``REVIEW_WHY(decision) -> str | None`` (one sentence of why the coach's choice was
    better, from what its engine's ``review`` stored; without it the review says the
    chances).
    """

    name: str
    label: str | Promise
    engine_path: str
    presenters_path: str
    template_dir: str
    # ``module:function(players, options, seed, **stacking)`` dealing a stacked game
    # (tests and puzzles); ``None`` when the game has none.
    stacked_path: str | None = None
    rulebook_path: str | None = None
    league_path: str | None = None
    league_urls: str | None = None
    demo_path: str | None = None
    learn_path: str | None = None
    deal_path: str | None = None

    @cached_property
    def engine(self) -> Engine:
        return load(self.engine_path)

    @cached_property
    def presenters(self) -> Any:
        return import_module(self.presenters_path)

    @cached_property
    def rulebook(self) -> Any:
        """The rules page module; ``LookupError`` for a game without one."""
        if self.rulebook_path is None:
            raise LookupError(f"{self.name} has no rules page.")
        return import_module(self.rulebook_path)

    @cached_property
    def learn(self) -> Any:
        """The learning pages' module; ``LookupError`` for a game without them."""
        if self.learn_path is None:
            raise LookupError(f"{self.name} has no learning pages.")
        return import_module(self.learn_path)

    @cached_property
    def league(self) -> Any:
        """The league scoring module; ``LookupError`` for a game no league plays."""
        if self.league_path is None:
            raise LookupError(f"{self.name} has no league scoring.")
        return import_module(self.league_path)

    @cached_property
    def deal_reader(self) -> Any:
        """How ``/verify/`` reads a seed's deal (its ``deal_path``); ``LookupError`` without."""
        if self.deal_path is None:
            raise LookupError(f"{self.name} reads no deal.")
        return load(self.deal_path)

    @cached_property
    def demo(self) -> Any:
        """The module of the game's demo (its ``demo_path``); ``None`` for a game without."""
        return None if self.demo_path is None else import_module(self.demo_path.partition(":")[0])

    def league_hook(self, name: str, default: Any = None) -> Any:
        """The league module's optional hook ``name`` (``default`` when the game has none)."""
        return getattr(self.league, name, default) if self.has_league else default

    def result_pages(self, result: Any) -> tuple[str | None, str | None]:
        """Where a league result of the game and its sheet are (its ``result_pages`` hook);
        ``(None, None)`` for a game that names none."""
        pages = self.league_hook("result_pages")
        return pages(result) if pages is not None else (None, None)

    @property
    def has_rulebook(self) -> bool:
        return self.rulebook_path is not None

    @property
    def has_league(self) -> bool:
        return self.league_path is not None

    def checked_action(self, action: Any) -> Action:
        """``action`` if it has the shape of one of this game's actions (its engine's
        ``action_schema``), else ``IllegalAction(code="not_an_action")``."""
        return check_action(self.engine.action_schema, action)

    def public_action(self, action: Any) -> Action:
        """``action`` as every seat may know it when it is made (the engine's
        ``public_action``), for the operator's log; its type alone for a game that says
        nothing, or for what is no action at all."""
        if not isinstance(action, dict):
            return {}
        public = getattr(self.engine, "public_action", None)
        return public(action) if public is not None else {"type": action.get("type")}

    def action_type(self, action: Any) -> str:
        """The type of ``action`` if it names one of this game's actions (its engine's
        ``action_schema``), else ``"not_an_action"``: what the operator's log writes of a
        refused action."""
        kind = action.get("type") if isinstance(action, dict) else None
        return (
            kind if isinstance(kind, str) and kind in self.engine.action_schema else "not_an_action"
        )

    def initial_state(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        now: float,
        stacking: dict[str, Any] | None = None,
    ) -> State:
        """A new game's state: shuffled from ``seed``, or dealt as ``stacking`` says."""
        if not stacking:
            return self.engine.new_game(players, options, seed, now=now)
        if self.stacked_path is None:
            raise ValueError(f"{self.name} has no stacked deals.")
        return load(self.stacked_path)(players, options, seed, now=now, **stacking)


GAMES: dict[str, RegisteredGame] = {}
# Sent with ``kind`` once a game is registered (the platform's receivers hear of its models).
game_registered = Signal()


def register(kind: RegisteredGame) -> RegisteredGame:
    GAMES[kind.name] = kind
    game_registered.send(sender=RegisteredGame, kind=kind)
    return kind


def game_kind(name: str) -> RegisteredGame:
    """The game called ``name``; ``LookupError`` for a game the club does not play."""
    try:
        return GAMES[name]
    except KeyError:
        raise LookupError(f"No game called {name!r}.") from None


def engine_for(name: str) -> Engine:
    return game_kind(name).engine
