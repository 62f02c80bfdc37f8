"""A game's league scoring: how its results are kept, counted, listed, printed.

The module a game names as ``league_path`` defines these names; the platform reads them
as a :class:`LeagueScoring` (``RegisteredGame.league``). A game with a league need give
none of them: without its own result models it keeps the platform's ``Result`` and
``ResultLine``, an online table's finished game is recorded from its outcome's
``placings`` (``games.leagues.outcomes``), and every page shows the platform's columns and
words. A game without ``record_form`` has no score keeping at a real table (its record page
is a 404 and the league page links none), one without ``blank_sheet`` no blank sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.contract.shapes import State

Words = str | Promise
Columns = Sequence[tuple[Words, Callable[..., Any]]]  # (label, cell) pairs of a CSV


def ended_no_game(before: State, state: State) -> bool:
    """A table that holds one game ends it only when the whole game is finished."""
    return False


@dataclass(frozen=True)
class LeagueScoring:
    """What the platform reads of a game's league module (see the module's doc)."""

    # --- its results --------------------------------------------------------------
    # The game's own models of a result (a set, a game: ``match``, ``number``,
    # ``created_at``, ``voided_at``/``voided_by``; one that counts only once complete also
    # ``complete``/``completed_at``) and of a player's line in it (a
    # ``games.models.PlacingLine`` keyed to its result, with the player's total in the field
    # ``LINE_POINTS``). ``None``: the platform's ``Result`` and ``ResultLine``.
    RESULT_MODEL: Any = None
    LINE_MODEL: Any = None
    LINE_POINTS: str = "points"
    RESULT_KIND: str = "result"  # the word the void links name a result by ("set" …)
    # ``{model: match_id_of(row)}``: rows besides its results whose saves change a night's results.
    NIGHT_RESULT_ROWS: Mapping[Any, Callable[[Any], int]] = field(default_factory=dict)
    # ``hand_over(match, placeholder, member)``: a keeper named who played a seat; the game's
    # own rows naming the placeholder now name the member (the platform moves the lines).
    hand_over: Callable[[Any, Any, Any], None] | None = None

    # --- at a real table ------------------------------------------------------------
    # ``record_form(data, *, league)`` (a form with the platform's ``club_night`` field, a
    # ``heading`` and a ``fields_template``) and ``record(match, form) -> url`` storing it
    # (``ValueError`` with a message refuses it). Both or neither.
    record_form: Callable[..., Any] | None = None
    record: Callable[[Any, Any], str] | None = None
    RECORD_LINK: Words = _("Record a result")  # the league page's link to the record page
    # ``blank_sheet(players) -> (template, context)``: the printable blank score sheet.
    blank_sheet: Callable[[int], tuple[str, dict[str, Any]]] | None = None
    SHEET_NAME: Words = _("Score sheet")
    # ``result_pages(result) -> (page_url, sheet_url)``: where a result and its sheet are.
    result_pages: Callable[[Any], tuple[str | None, str | None]] | None = None

    # --- at an online table -----------------------------------------------------------
    # ``record_online(match, game)``: bring a league match up to date with its table's game
    # (records nothing twice; ``None``: the platform records the finished game's outcome
    # ``placings`` as one platform result, ``games.leagues.outcomes``);
    # ``ended_a_game(before, state)``: a save ended one of the games the table's game holds,
    # short of the whole game finishing.
    record_online: Callable[[Any, Any], None] | None = None
    ended_a_game: Callable[[State, State], bool] = ended_no_game
    TABLE_OPTIONS: Mapping[str, Any] = field(default_factory=dict)  # a league table's options
    TABLE_NOTE: Words = ""  # what the league page says of them

    # --- at a club night -------------------------------------------------------------
    # ``open_real_table(match, seats)``: a table drawn for real cards is opened.
    open_real_table: Callable[[Any, Sequence[Any]], None] | None = None
    # ``drawn_table_form(data, *, seats)`` / ``record_drawn_table(match, form)``: its result
    # recorded on the night's page. Both or neither.
    drawn_table_form: Callable[..., Any] | None = None
    record_drawn_table: Callable[[Any, Any], Any] | None = None
    # The elements a drawn table deals its seats, their words, the engine options dealing
    # them (``ValueError`` for none) and those an online table's game dealt.
    SEAT_ELEMENTS: Sequence[str] = ()
    SEAT_ELEMENT_LABELS: Mapping[str, Words] = field(default_factory=dict)
    drawn_table_options: Callable[[Sequence[str]], dict[str, Any]] | None = None
    dealt_elements: Callable[[State], list[str]] | None = None

    # --- the standings ---------------------------------------------------------------
    PLAYED_LABEL: Words = _("Games")
    AVERAGE_LABEL: Words = _("VP / game")
    POINTS_LABEL: Words = _("Points")
    ORDER_NOTE: Words | None = None  # ``None``: the platform's note on the order
    LESS_IS_BETTER: bool = False  # less of the total places higher
    WINS_TITLE: Words | None = None  # the "Wins" header's title (games finished first)
    # ``standings_wins(counted)``: a row's wins (an expression); ``standings_annotations``:
    # the game's own annotations of a row, both over the results that count.
    standings_wins: Callable[[dict[str, Any]], Any] | None = None
    standings_annotations: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    STANDINGS_COLUMNS: Sequence[tuple[str, Words]] = ()  # (sort key, label) after the platform's
    STANDINGS_CELLS: str = ""  # the template of a row's cells for them
    STANDINGS_CSV: Columns = ()  # ``cell(row)``

    # --- the league page and its CSV ---------------------------------------------------
    RECENT_RESULTS: str = ""  # the template of the recent results ("" lists none)
    RESULTS_CSV_RESULT: Columns = ()  # ``cell(result)``
    RESULTS_CSV_LINE: Columns = ()  # ``cell(line)``
    RESULTS_CSV: Columns = ()  # ``cell(result, line)``
    RESULTS_CSV_PREFETCH: Sequence[str] = ()
    TOOLS: Sequence[tuple[str, Words]] = ()  # (url name, label) of the game's pages for players

    # --- a player's page -------------------------------------------------------------
    # ``member_section(member, section)`` fills the game's figures; the templates of those
    # figures and of what shows below the rating chart ("" for none).
    member_section: Callable[[Any, Any], None] | None = None
    MEMBER_FIGURES: str = ""
    MEMBER_DETAILS: str = ""

    def with_platform_results(self) -> LeagueScoring:
        """The part with the platform's result models where the game names none."""
        if self.RESULT_MODEL is not None:
            return self
        from games.leagues.models import Result, ResultLine

        return replace(self, RESULT_MODEL=Result, LINE_MODEL=ResultLine)

    @property
    def keeps_score(self) -> bool:
        """Whether a keeper records the game's results played with real cards."""
        return self.record_form is not None

    @property
    def prints_sheets(self) -> bool:
        return self.blank_sheet is not None
