"""Leagues, club nights, matches and their results.

A league plays one game. A *match* is one table's whole match on a club night,
played online or with real cards. Dragon Formula matches hold sets
(:class:`SetResult`, one :class:`SetLine` per player and one :class:`SetGame`
per game of the set, with :class:`Penalty` rows); DragSaga matches hold games
(:class:`DragSagaResult`, one :class:`DragSagaLine` per player). Ranks and
victory points are computed by each game's league scoring (``dragonformula.league``,
``dragsaga.league``, with ``games.leagues.services``) and stored, so the standings are
plain aggregates over the lines. A third game records its results as sets or as games
(its ``RESULTS``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from games.tables.validators import plain_name

__all__ = [
    "DragSagaLine",
    "DragSagaResult",
    "Element",
    "GameKind",
    "League",
    "ClubNight",
    "Match",
    "GuestSeat",
    "Member",
    "MemberClaim",
    "Penalty",
    "PlacingLine",
    "Rating",
    "RatingChange",
    "SetGame",
    "SetLine",
    "SetResult",
]


def _who(verbose_name: str) -> models.ForeignKey:
    """The account that did something to a row (voided it, named a seat, made a code)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )


class GameKind(models.TextChoices):
    DRAGON_FORMULA = "dragonformula", _("Dragon Formula")
    DRAGSAGA = "dragsaga", _("DragSaga")


class Element(models.TextChoices):
    FIRE = "fire", _("Fire")
    WATER = "water", _("Water")
    AIR = "air", _("Air")
    EARTH = "earth", _("Earth")


def sort_reading(text: str) -> str:
    """What a name sorts by: its reading in hiragana (katakana folded in), so Japanese names
    come in the order of the syllabary, as a club's list is read."""
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text.strip())


class Member(models.Model):
    """A person as the leagues know them: a name on the standings, maybe a login.

    Names need not be unique (two 佐藤 are two members); the optional reading (よみ)
    sorts the lists.
    """

    name = models.CharField(_("name"), max_length=60, validators=[plain_name])
    reading = models.CharField(
        _("reading"),
        max_length=60,
        blank=True,
        help_text=_("How the name is read, in kana: lists sort by it."),
    )
    sort_key = models.CharField(max_length=60, blank=True, db_index=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="league_member",
    )
    guest = models.BooleanField(
        _("waits for a keeper"),
        default=False,
        help_text=_(
            "Holds the place of a seat at an online league table whose player is linked to "
            "no league player; a keeper says who played."
        ),
    )

    class Meta:
        ordering = ["sort_key", "name", "pk"]
        verbose_name = _("league player")
        verbose_name_plural = _("league players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.sort_key = sort_reading(self.reading or self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"name", "reading"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_key"}
        super().save(*args, **kwargs)


class League(models.Model):
    name = models.CharField(_("name"), max_length=100, validators=[plain_name])
    club = models.CharField(_("club"), max_length=100, blank=True, validators=[plain_name])
    game = models.CharField(_("game"), max_length=20, choices=GameKind.choices)
    season_start = models.DateField(_("season start"))
    season_end = models.DateField(_("season end"))
    members = models.ManyToManyField(
        Member, verbose_name=_("members"), blank=True, related_name="leagues"
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisers"),
        blank=True,
        related_name="organised_leagues",
        help_text=_(
            "The accounts that run this league: open nights, draw rounds, check others in, "
            "record, correct and void results, link accounts. Staff run every league."
        ),
    )
    ended_at = models.DateTimeField(_("season ended"), null=True, blank=True)
    next_season = models.OneToOneField(
        "self",
        verbose_name=_("next season"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="previous_season",
    )
    final_standings = models.JSONField(
        _("final standings"),
        default=list,
        blank=True,
        help_text=_("The standings as they stood when the season ended (read-only)."),
    )

    class Meta:
        ordering = ["-season_start", "name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(season_end__gte=models.F("season_start")),
                name="league_season_ends_after_start",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def scoring(self) -> Any:
        """The league scoring of the league's game (its ``league`` hook, ``games.registry``)."""
        from games.registry import game_kind

        return game_kind(self.game).league

    @property
    def archived(self) -> bool:
        """A season that has ended: its pages are read-only."""
        return self.ended_at is not None

    @property
    def results_in_sets(self) -> bool:
        """Whether the game's results are sets of set lines (Dragon Formula), not single games
        ranked by damage (DragSaga): what the standings and ratings read."""
        return self.scoring.RESULTS == "sets"


class ClubNight(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="club_nights"
    )
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=100, blank=True, validators=[plain_name])
    notes = models.TextField(_("notes"), blank=True)
    # A night made on the evening is open at once; one scheduled ahead has none until then.
    opened = models.DateTimeField(
        _("opened on the evening"), null=True, blank=True, default=timezone.now
    )
    ended = models.DateTimeField(_("ended"), null=True, blank=True)

    class State(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("club night", "scheduled")
        OPEN = "open", pgettext_lazy("club night", "open")
        ENDED = "ended", pgettext_lazy("club night", "ended")

    class Meta:
        ordering = ["-date"]
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self) -> str:
        return f"{self.league} · {self.date:%Y-%m-%d}"

    @property
    def state(self) -> str:
        """Scheduled (on the calendar, not opened yet), open (tonight), or ended."""
        if self.ended is not None:
            return self.State.ENDED
        return self.State.OPEN if self.opened is not None else self.State.SCHEDULED

    def get_state_display(self) -> str:
        return str(self.State(self.state).label)

    get_state_display.short_description = _("state")  # type: ignore[attr-defined]


class Match(models.Model):
    """One table's whole match: Dragon Formula sets or DragSaga games."""

    class Source(models.TextChoices):
        PHYSICAL = "physical", _("real cards")
        ONLINE = "online", _("online table")

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="matches"
    )
    club_night = models.ForeignKey(
        ClubNight,
        verbose_name=_("club night"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
    )
    source = models.CharField(
        _("played with"), max_length=10, choices=Source.choices, default=Source.PHYSICAL
    )
    table = models.OneToOneField(
        "games.Table",
        verbose_name=_("online table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="league_match",
    )
    table_code = models.CharField(
        _("online table code"), max_length=40, blank=True, help_text=_("The online table's code.")
    )
    played_on = models.DateField(_("played on"), default=timezone.localdate)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return _("Match %(id)s · %(date)s") % {"id": self.pk, "date": f"{self.played_on:%Y-%m-%d}"}


class PlacingLine(models.Model):
    """A player's line in a ranked result: seat, rank (1, 1, 3, 4) and shared victory points."""

    member = models.ForeignKey(Member, verbose_name=_("player"), on_delete=models.PROTECT)
    seat = models.PositiveSmallIntegerField(_("seat"))
    rank = models.PositiveSmallIntegerField(_("rank"), default=1)
    victory_points = models.DecimalField(
        _("victory points"), max_digits=4, decimal_places=2, default=0
    )
    by_bot = models.BooleanField(
        _("played by a bot"),
        default=False,
        help_text=_("A bot played this seat for the player drawn to it, who never sat down."),
    )

    class Meta:
        abstract = True
        ordering = ["seat"]


class SetResult(models.Model):
    """A Dragon Formula set; complete once every player has started one counting game."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="sets"
    )
    number = models.PositiveSmallIntegerField(_("set"), default=1)
    complete = models.BooleanField(_("complete"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = _who(_("voided by"))

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("set result")
        verbose_name_plural = _("set results")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_set_number_per_match")
        ]

    def __str__(self) -> str:
        return _("Set %(number)s of match %(match)s") % {
            "number": self.number,
            "match": self.match_id,
        }


class SetLine(PlacingLine):
    set = models.ForeignKey(
        SetResult, verbose_name=_("set"), on_delete=models.CASCADE, related_name="lines"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="set_lines"
    )
    element = models.CharField(_("element"), max_length=5, choices=Element.choices)
    points = models.IntegerField(_("set points"), default=0)

    class Meta(PlacingLine.Meta):
        verbose_name = _("set line")
        verbose_name_plural = _("set lines")
        constraints = [
            models.UniqueConstraint(fields=["set", "seat"], name="one_line_per_seat"),
            models.UniqueConstraint(fields=["set", "member"], name="one_line_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.points}"


class SetGame(models.Model):
    """One game of a Dragon Formula set: who won, how, with which hand, and the points."""

    class Win(models.TextChoices):
        DAN = "dan", _("Dan")
        PICK_AND_DAN = "pick_and_dan", _("Pick-and-Dan")
        NONE = "none", _("no winner (pile ran out)")

    set = models.ForeignKey(
        SetResult, verbose_name=_("set"), on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveSmallIntegerField(_("game"))
    winner = models.ForeignKey(
        Member,
        verbose_name=_("winner"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="won_games",
    )
    win = models.CharField(_("how"), max_length=12, choices=Win.choices, default=Win.DAN)
    multipliers = models.JSONField(_("multipliers"), default=list, blank=True)
    cards = models.CharField(_("cards"), max_length=80, blank=True)
    hand = models.CharField(_("hand"), max_length=40, blank=True)
    bonuses = models.JSONField(_("bonuses"), default=list, blank=True)
    base = models.IntegerField(_("base"), default=0)
    points = models.IntegerField(_("game points"), default=0)
    reading = models.JSONField(_("reading"), default=dict, blank=True)
    counts = models.BooleanField(
        _("counts for the starter rotation"),
        default=True,
        help_text=_("Off for a game ended by a false Dan: it is replayed."),
    )
    # Every recording, correction and undo of the game: who, when, before and after.
    history = HistoricalRecords(excluded_fields=["reading"])

    class Meta:
        ordering = ["set", "number"]
        verbose_name = _("game of a set")
        verbose_name_plural = _("games of sets")
        constraints = [
            models.UniqueConstraint(fields=["set", "number"], name="one_game_number_per_set")
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}


class Penalty(models.Model):
    """A penalty of RULES §1.5, charged to a player during one game of a set."""

    class Offence(models.TextChoices):
        FALSE_DAN = "false_dan", _("false Dan")
        WRONG_ORDER = "wrong_order", _("drawing out of turn")
        TOO_FEW_CARDS = "too_few_cards", _("too few cards in hand")
        TOO_MANY_CARDS = "too_many_cards", _("too many cards in hand")
        CHEATING = "cheating", _("cheating")

    game = models.ForeignKey(
        SetGame, verbose_name=_("game"), on_delete=models.CASCADE, related_name="penalties"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="penalties"
    )
    offence = models.CharField(_("offence"), max_length=20, choices=Offence.choices)
    intentional = models.BooleanField(_("intentional (×10)"), default=False)
    points = models.IntegerField(_("points"), help_text=_("Negative: what the penalty costs."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.member} {self.get_offence_display()} {self.points}"


class DragSagaResult(models.Model):
    """One DragSaga game of a league match."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="dragsaga_games"
    )
    number = models.PositiveSmallIntegerField(_("game"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = _who(_("voided by"))

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("DragSaga result")
        verbose_name_plural = _("DragSaga results")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="one_dragsaga_number_per_match"
            )
        ]

    def __str__(self) -> str:
        return _("DragSaga game %(number)s of match %(match)s") % {
            "number": self.number,
            "match": self.match_id,
        }


class DragSagaLine(PlacingLine):
    game = models.ForeignKey(
        DragSagaResult, verbose_name=_("game"), on_delete=models.CASCADE, related_name="lines"
    )
    member = models.ForeignKey(
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="dragsaga_lines"
    )
    damage = models.PositiveIntegerField(_("damage tokens"))
    leftover_cost = models.PositiveIntegerField(_("cost of cards left in hand"))
    cards_left = models.PositiveSmallIntegerField(_("cards left in hand"))
    penalty = models.PositiveIntegerField(_("penalty"), default=0)
    final_damage = models.PositiveIntegerField(_("final damage"), default=0)

    class Meta(PlacingLine.Meta):
        verbose_name = _("DragSaga line")
        verbose_name_plural = _("DragSaga lines")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_dragsaga_line_per_seat"),
            models.UniqueConstraint(fields=["game", "member"], name="one_dragsaga_line_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.final_damage}"


class GuestSeat(models.Model):
    """A seat at an online league table whose player no keeper has vouched for.

    Its results are filed under ``placeholder`` (a ``Member`` with ``guest=True``, no
    standings row) until a keeper says who played; then they move to ``resolved_to``.
    """

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="guest_seats"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    name = models.CharField(_("name at the table"), max_length=40, validators=[plain_name])
    placeholder = models.OneToOneField(
        Member,
        verbose_name=_("placeholder"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="guest_seat",
    )
    resolved_to = models.ForeignKey(
        Member,
        verbose_name=_("who played"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    resolved_by = _who(_("named by"))
    resolved_at = models.DateTimeField(_("named at"), null=True, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        verbose_name = _("unnamed seat")
        verbose_name_plural = _("unnamed seats")
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_guest_seat_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.name} · {self.match} · {self.seat + 1}"


class MemberClaim(models.Model):
    """A one-time code a keeper hands a league player to link their own account.

    Only a hash of the code is kept; the keeper sees the code once, when it is made.
    """

    member = models.ForeignKey(
        Member, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="claims"
    )
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="claims"
    )
    code_hash = models.CharField(max_length=64, unique=True)
    created_by = _who(_("made by"))
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    used_by = _who(_("used by"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("claim code")
        verbose_name_plural = _("claim codes")

    def __str__(self) -> str:
        return _("Claim code for %(member)s") % {"member": self.member}


class Rating(models.Model):
    """A league player's skill rating in one game now (openskill Plackett–Luce)."""

    member = models.ForeignKey(
        Member, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=20, choices=GameKind.choices)
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")
    results = models.PositiveIntegerField(_("rated results"), default=0)

    class Meta:
        ordering = ["game", "-mu"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["member", "game"], name="one_rating_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.game} {self.mu:.1f}±{self.sigma:.1f}"


class RatingChange(models.Model):
    """One rated result for one player: the rating after it, in the order results were rated."""

    member = models.ForeignKey(
        Member,
        verbose_name=_("league player"),
        on_delete=models.CASCADE,
        related_name="rating_changes",
    )
    game = models.CharField(_("game"), max_length=20, choices=GameKind.choices)
    position = models.PositiveIntegerField(_("order"))
    set_result = models.ForeignKey(
        SetResult, null=True, blank=True, on_delete=models.CASCADE, related_name="rating_changes"
    )
    dragsaga_result = models.ForeignKey(
        DragSagaResult,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_changes",
    )
    rank = models.PositiveSmallIntegerField(_("rank"))
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [models.Index(fields=["member", "game", "position"])]

    def __str__(self) -> str:
        return f"{self.member} #{self.position} {self.mu:.1f}±{self.sigma:.1f}"
