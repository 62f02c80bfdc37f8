"""A club night run by the app (:class:`ClubNight`): who is here, the rounds, their seat draws
and tables.

A :class:`NightEntrant` is a person checked in tonight: a league player (a :class:`Member`)
or a visitor, who is a name only (a member row of their own, never an account's). Each
:class:`NightRound` publishes the SHA-256 commitment of its draw's seed before the draw, seats
the entrants present at :class:`NightTable` rows (one :class:`NightSeat` per chair, with its
element) and reveals the seed when the round is over. A table is played online (its league
:class:`Match` has an online table) or with real cards (its match's score sheet).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from games.tables.models import MoveDeadline
from games.tables.validators import plain_name

__all__ = [
    "ClubNight",
    "NightChange",
    "NightEntrant",
    "NightRound",
    "NightSeat",
    "NightTable",
    "OnlineRound",
]


class ClubNight(models.Model):
    league = models.ForeignKey(
        "games.League",
        verbose_name=_("league"),
        on_delete=models.CASCADE,
        related_name="club_nights",
    )
    date = models.DateField(_("date"))
    name = models.CharField(
        _("name"),
        max_length=100,
        blank=True,
        validators=[plain_name],
        help_text=_("What the club calls the night (a final, a welcome night); the date if none."),
    )
    venue = models.CharField(_("venue"), max_length=100, blank=True, validators=[plain_name])
    notes = models.TextField(_("notes"), blank=True)
    # A night made on the evening is open at once; one scheduled ahead has none until then.
    opened = models.DateTimeField(
        _("opened on the evening"), null=True, blank=True, default=timezone.now
    )
    ended = models.DateTimeField(_("ended"), null=True, blank=True)
    cancelled = models.DateTimeField(_("cancelled"), null=True, blank=True)
    # Every change to the night (ended, reopened …): who, when and the reason given.
    history = HistoricalRecords(table_name="games_historicalclubnight")

    class State(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("club night", "scheduled")
        OPEN = "open", pgettext_lazy("club night", "open")
        ENDED = "ended", pgettext_lazy("club night", "ended")
        CANCELLED = "cancelled", pgettext_lazy("club night", "cancelled")

    class Meta:
        ordering = ["-date"]
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self) -> str:
        return f"{self.league} · {self.date:%Y-%m-%d}"

    @property
    def state(self) -> str:
        """Scheduled (on the calendar, not opened yet), open (tonight), ended, or cancelled
        (a scheduled night that will not take place)."""
        if self.cancelled is not None:
            return self.State.CANCELLED
        if self.ended is not None:
            return self.State.ENDED
        return self.State.OPEN if self.opened is not None else self.State.SCHEDULED

    @property
    def title(self) -> str:
        """How the pages name the night: its name, else its date."""
        return self.name or f"{self.date:%Y-%m-%d}"

    def get_state_display(self) -> str:
        return str(self.State(self.state).label)

    get_state_display.short_description = _("state")  # type: ignore[attr-defined]


class NightChange(models.Model):
    """One change an organiser made to a night on the calendar: renamed, moved to another
    date or season, or cancelled; what it was before and after, who did it and why."""

    class Kind(models.TextChoices):
        RENAMED = "renamed", pgettext_lazy("club night", "renamed")
        MOVED = "moved", pgettext_lazy("club night", "moved")
        CANCELLED = "cancelled", pgettext_lazy("club night", "cancelled")
        NEXT_SEASON = "next_season", _("moved into the next season")

    night = models.ForeignKey(
        "games.ClubNight",
        verbose_name=_("club night"),
        on_delete=models.CASCADE,
        related_name="changes",
    )
    kind = models.CharField(_("change"), max_length=12, choices=Kind.choices)
    before = models.CharField(_("before"), max_length=100, blank=True)
    after = models.CharField(_("after"), max_length=100, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    at = models.DateTimeField(_("when"), default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["night", "at", "pk"]
        verbose_name = _("change to a club night")
        verbose_name_plural = _("changes to club nights")

    def __str__(self) -> str:
        return f"{self.night} · {self.get_kind_display()}"


class NightEntrant(models.Model):
    night = models.ForeignKey(
        "games.ClubNight",
        verbose_name=_("club night"),
        on_delete=models.CASCADE,
        related_name="entrants",
    )
    member = models.ForeignKey(
        "games.Member",
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="night_entries",
    )
    visitor = models.BooleanField(_("visitor"), default=False)
    name = models.CharField(_("name"), max_length=60, validators=[plain_name])
    from_round = models.PositiveSmallIntegerField(_("plays from round"), default=1)
    left_after = models.PositiveSmallIntegerField(_("left after round"), null=True, blank=True)
    checked_in = models.DateTimeField(_("checked in"), auto_now_add=True)

    class Meta:
        ordering = ["night", "name"]
        verbose_name = _("player checked in")
        verbose_name_plural = _("players checked in")
        constraints = [
            models.UniqueConstraint(fields=["night", "member"], name="one_check_in_per_night")
        ]

    def __str__(self) -> str:
        return self.name

    def plays_in(self, number: int) -> bool:
        """Whether this entrant is drawn in round ``number``."""
        return self.from_round <= number and (self.left_after is None or number <= self.left_after)


class NightRound(models.Model):
    class Status(models.TextChoices):
        ANNOUNCED = "announced", _("announced")
        DRAWN = "drawn", _("playing")
        DONE = "done", _("over")

    night = models.ForeignKey(
        "games.ClubNight",
        verbose_name=_("club night"),
        on_delete=models.CASCADE,
        related_name="rounds",
    )
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ANNOUNCED
    )
    seed = models.BigIntegerField(_("seed"))
    salt = models.CharField(_("salt"), max_length=32)
    commitment = models.CharField(_("commitment"), max_length=64)
    draw_input = models.JSONField(_("draw input"), default=dict, blank=True)
    repeat_pairs = models.PositiveSmallIntegerField(_("pairs meeting again"), default=0)
    timer_minutes = models.PositiveSmallIntegerField(_("round time (minutes)"), default=45)
    timer_ends = models.DateTimeField(_("round time ends"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["night", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="one_round_number_per_night")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class NightTable(models.Model):
    class Mode(models.TextChoices):
        UNDECIDED = "", _("not opened yet")
        ONLINE = "online", _("online table")
        CARDS = "cards", _("real cards")

    round = models.ForeignKey(
        NightRound, verbose_name=_("round"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    mode = models.CharField(_("played with"), max_length=10, choices=Mode.choices, blank=True)
    match = models.OneToOneField(
        "games.Match",
        verbose_name=_("match"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="night_table",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table of a round")
        verbose_name_plural = _("tables of a round")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_number_per_round")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class NightSeat(models.Model):
    table = models.ForeignKey(
        NightTable, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    number = models.PositiveSmallIntegerField(_("seat"))
    entrant = models.ForeignKey(
        NightEntrant, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )
    element = models.CharField(_("element"), max_length=5, blank=True)
    link_hash = models.CharField(_("seat link (hash)"), max_length=64, blank=True)
    link_used_at = models.DateTimeField(_("seat link used at"), null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("drawn seat")
        verbose_name_plural = _("drawn seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_drawn_seat_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number + 1} {self.entrant}"


class OnlineRound(models.Model):
    """A league's round played online between club nights: a night (``night``) of one
    round whose members sign up instead of checking in, seated by the same committed draw
    at turn-based tables with the round's move deadline, until the round's end."""

    night = models.OneToOneField(
        "games.ClubNight",
        verbose_name=_("club night"),
        on_delete=models.CASCADE,
        related_name="online_round",
    )
    move_deadline = models.PositiveIntegerField(
        _("move deadline"), choices=MoveDeadline.choices, default=MoveDeadline.ONE_DAY
    )
    ends = models.DateTimeField(_("round ends"))

    class OutOfTime(models.TextChoices):
        BOT = "bot", _("a bot stands in until the player is back")
        FORFEIT = "forfeit", _("the seat forfeits that game")

    # What two moves in a row out of time cost a seat (``games.leagues.forfeits``).
    out_of_time = models.CharField(
        _("two moves out of time"),
        max_length=8,
        choices=OutOfTime.choices,
        default=OutOfTime.BOT,
    )

    class Meta:
        verbose_name = _("online round")
        verbose_name_plural = _("online rounds")

    def __str__(self) -> str:
        return f"{self.night} · {self.get_move_deadline_display()}"
