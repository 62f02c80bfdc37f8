"""Players, tables, seats, games and the append-only action log.

A :class:`Game` row holds the engine's snapshot and its version; the
:class:`ActionLog` holds every action that made a version, so the snapshot always
equals ``replay(seed, log)`` (``games.tables.actions`` keeps the two in one transaction).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.tables.validators import plain_name

__all__ = [
    "ActionLog",
    "BotPace",
    "Game",
    "MoveDeadline",
    "Player",
    "Seat",
    "Table",
    "new_join_code",
]

# Join codes are typed on phones: capitals and digits without look-alikes (0/O, 1/I/L).
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 5


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class Player(models.Model):
    """Someone who plays: a club member (a Django user) or a guest known by a name only."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="player",
        verbose_name=_("user"),
    )
    display_name = models.CharField(_("display name"), max_length=40, validators=[plain_name])
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class BotPace(models.TextChoices):
    """How long a bot takes over each move (``games.tables.actions.pace.bot_delay``)."""

    QUICK = "quick", _("quick")
    NORMAL = "normal", _("normal")
    RELAXED = "relaxed", _("relaxed")


HOUR = 3600
DAY = 24 * HOUR


class MoveDeadline(models.IntegerChoices):
    """How long each seat of a turn-based table has for a move (``Table.move_deadline``)."""

    TWELVE_HOURS = 12 * HOUR, _("12 hours")
    ONE_DAY = DAY, _("1 day")
    THREE_DAYS = 3 * DAY, _("3 days")


class Table(models.Model):
    """A table of one game: its seats, options and the games played at it."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    code = models.CharField(
        _("join code"), max_length=8, unique=True, default=new_join_code, editable=False
    )
    game_name = models.CharField(_("game"), max_length=32)
    players = models.PositiveSmallIntegerField(_("players"))
    bot_level = models.CharField(
        _("bots in empty seats"),
        max_length=32,
        blank=True,
        help_text=_("Empty seats are taken by bots of this level at the start; blank: no bots."),
    )
    bot_pace = models.CharField(
        _("bot pace"),
        max_length=8,
        choices=BotPace.choices,
        default=BotPace.NORMAL,
        help_text=_(
            "How long each bot move takes (quick ≈ 0.3 s, normal ≈ 0.8 s, relaxed ≈ 1.5 s)."
        ),
    )
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN
    )
    created_by = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_tables",
        verbose_name=_("created by"),
    )
    stacking = models.JSONField(
        _("stacked deals"),
        null=True,
        blank=True,
        help_text=_(
            "Puzzles and tests only: the first games are dealt as given here "
            "(the keys the game's stacked deals read)."
        ),
    )
    rematch = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch_of",
        verbose_name=_("rematch"),
        help_text=_("The table the same people moved to for a rematch."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # The browser (an id its session keeps) that opened it from the lobby (blank: the club,
    # a league, a script): what games.tables.limits counts and lets expire.
    created_session = models.CharField(
        _("created from session"), max_length=40, blank=True, default="", db_index=True
    )
    # The address a lobby table was opened from: an address has a ceiling of waiting tables.
    created_address = models.GenericIPAddressField(
        _("created from address"), null=True, blank=True, db_index=True
    )
    # Turn-based tables (games.turns): each seat has this many seconds for a move (12 hours,
    # 1 day or 3 days: :class:`MoveDeadline`, in seconds); blank: a live table.
    move_deadline = models.PositiveIntegerField(
        _("move deadline"),
        choices=MoveDeadline.choices,
        null=True,
        blank=True,
        help_text=_("Turn-based tables only: how long each seat has for a move."),
    )
    # The league a table plays for is added by the leagues room.

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "created"], name="table_status_created")]

    def __str__(self) -> str:
        return f"{self.game_name} {self.code}"

    @property
    def is_turn_based(self) -> bool:
        return self.move_deadline is not None


class Seat(models.Model):
    """One place at a table: empty, a human player, or a bot of a level."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
        verbose_name=_("player"),
    )
    bot_level = models.CharField(_("bot level"), max_length=32, blank=True)
    kept_for = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="kept_seats",
        verbose_name=_("kept for"),
        help_text=_("Only this player may sit here (a club night drew them to this seat)."),
    )
    kept_name = models.CharField(
        _("drawn name"),
        max_length=60,
        blank=True,
        help_text=_("The name of the one this seat is kept for, as the table shows it."),
    )
    # Whether the seat's player is shown hints (games.learn): set as the game starts (on
    # for a player's first games, off at league tables), switched by the player.
    hints = models.BooleanField(_("hints"), null=True, blank=True, default=None)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_seat_per_number"),
            models.CheckConstraint(
                condition=models.Q(player__isnull=True) | models.Q(bot_level=""),
                name="seat_is_human_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.code} #{self.number}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.player_id is None and not self.bot_level


class Game(models.Model):
    """One engine state played at a table: the snapshot and its version."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="games", verbose_name=_("table")
    )
    game_name = models.CharField(_("game"), max_length=32)
    players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(_("options"), default=dict)
    seed = models.BigIntegerField(_("seed"))
    stacking = models.JSONField(_("stacked deals"), null=True, blank=True)
    state = models.JSONField(_("snapshot"))
    version = models.PositiveIntegerField(_("version"), default=0)
    created = models.DateTimeField(_("created"))
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    outcome = models.JSONField(_("outcome"), null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.table.code} game {self.pk} v{self.version}"

    @property
    def created_at(self) -> float:
        """The ``now`` the engine's ``new_game`` was given (replays use the same)."""
        return self.created.timestamp()

    @property
    def is_finished(self) -> bool:
        return self.finished is not None


class ActionLogQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> int:
        raise TypeError("The action log is append-only.")


class ActionLog(models.Model):
    """The action that took a game from ``version - 1`` to ``version``. Append-only."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="log", verbose_name=_("game")
    )
    version = models.PositiveIntegerField(_("version"))
    seat = models.SmallIntegerField(_("seat"), null=True, blank=True)
    action = models.JSONField(_("action"))
    now = models.FloatField(_("time"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ActionLogQuerySet.as_manager()

    class Meta:
        verbose_name = _("logged action")
        verbose_name_plural = _("action log")
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_action_per_version")
        ]

    def __str__(self) -> str:
        return f"v{self.version} seat {self.seat}: {self.action}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise TypeError("The action log is append-only.")
        super().save(*args, **kwargs)
