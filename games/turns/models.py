"""The records of turn-based tables: each seat's move deadline, and members' vacations.

A :class:`Deadline` is what the server will do to a turn-based game by itself and when:
a seat's move out of time (``move``), a bot's move (``bot``), the game's own deadline
(``tick``, e.g. the result screen between two games), or telling a member who asked to be
told that 12 hours are left (``remind``). The rows are written in the same
transaction as the move that makes them (``games.turns.deadlines``), so a restart loses
none, and ``games.turns.scheduler`` plays each once, whichever process finds it first.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.tables.models import DAY, HOUR, Game, MoveDeadline, Player, Table

__all__ = [
    "DAY",
    "HOUR",
    "Deadline",
    "MoveDeadline",
    "Notice",
    "NoticeSettings",
    "PushKeys",
    "PushSubscription",
    "Vacation",
]


class Deadline(models.Model):
    """What the scheduler does to a turn-based game at ``due``, once."""

    class Kind(models.TextChoices):
        MOVE = "move", _("a seat's move")
        BOT = "bot", _("a bot's move")
        TICK = "tick", _("the game's own deadline")
        REMIND = "remind", _("12 hours left")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="deadlines", verbose_name=_("game")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="deadlines", verbose_name=_("table")
    )
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    due = models.DateTimeField(_("due"))
    # The player the move is waited on (a ``move``): what their inbox lists.
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="deadlines",
        verbose_name=_("player"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("move deadline")
        verbose_name_plural = _("move deadlines")
        ordering = ["due"]
        indexes = [
            models.Index(fields=["due"], name="deadline_due"),
            models.Index(fields=["player", "due"], name="deadline_player_due"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind", "seat"], name="one_deadline_per_seat_and_kind"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} seat {self.seat} of game {self.game_id} at {self.due:%Y-%m-%d %H:%M}"


class Vacation(models.Model):
    """Days a member is away from all their turn-based tables: their deadlines wait."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="vacations", verbose_name=_("player")
    )
    starts = models.DateTimeField(_("starts"))
    ends = models.DateTimeField(_("ends"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["-starts"]
        indexes = [models.Index(fields=["player", "ends"], name="vacation_player_ends")]

    def __str__(self) -> str:
        return f"{self.player} {self.starts:%Y-%m-%d} – {self.ends:%Y-%m-%d}"


class NoticeSettings(models.Model):
    """How a member hears of their turn-based tables by e-mail: off until they say so."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="notice_settings", verbose_name=_("player")
    )
    email = models.BooleanField(_("e-mail me"), default=False)
    digest = models.BooleanField(
        _("one message a day"),
        default=False,
        help_text=_("A daily digest instead of one message each time."),
    )
    # Hours of the club's day (0-23) when no message is sent; both blank: no quiet hours.
    quiet_from = models.PositiveSmallIntegerField(_("quiet from (hour)"), null=True, blank=True)
    quiet_until = models.PositiveSmallIntegerField(_("quiet until (hour)"), null=True, blank=True)
    language = models.CharField(_("language"), max_length=8, default="ja")
    last_digest = models.DateTimeField(_("last digest"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return f"{self.player}: {'e-mail' if self.email else 'off'}"


class Notice(models.Model):
    """Something to tell a member about a turn-based table, queued with the move that made
    it (so it is told once) and sent by the scheduler when their settings allow."""

    class Kind(models.TextChoices):
        YOUR_MOVE = "your_move", _("your move")
        PICK = "pick", _("a Pick is waiting")
        TWELVE_HOURS = "twelve_hours", _("12 hours left")
        GAME_OVER = "game_over", _("the game is over")

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="notices", verbose_name=_("player")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="notices", verbose_name=_("table")
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    created = models.DateTimeField(_("created"))
    sent = models.DateTimeField(_("sent"), null=True, blank=True)
    # When a process took it to send (cleared when sent or failed): no other process sends
    # it meanwhile; a claim never completed (the process stopped) is taken again later.
    claimed = models.DateTimeField(_("claimed"), null=True, blank=True)
    # Failed tries to send its e-mail, and when the next may be.
    tries = models.PositiveSmallIntegerField(_("tries"), default=0)
    retry_at = models.DateTimeField(_("retry at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["created"]
        indexes = [models.Index(fields=["sent", "created"], name="notice_unsent")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.player} at {self.table_id}"


class PushSubscription(models.Model):
    """One device of a member that asked for Web Push (its browser's push endpoint and the
    keys its messages are encrypted to); off until the member turns it on on that device."""

    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
        verbose_name=_("player"),
    )
    endpoint = models.URLField(_("push endpoint"), max_length=500, unique=True)
    p256dh = models.CharField(_("device public key"), max_length=100)
    auth = models.CharField(_("device auth secret"), max_length=40)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.player}: {self.endpoint[:40]}"


class PushKeys(models.Model):
    """The server's VAPID key pair, made on first use and kept in the database (one row),
    never in the repository: the private key signs every push, the public one is what a
    browser subscribes with."""

    private_pem = models.TextField(_("private key (PEM)"))
    public_key = models.CharField(_("public key (base64url)"), max_length=100)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("push keys")
        verbose_name_plural = _("push keys")

    def __str__(self) -> str:
        return f"VAPID {self.public_key[:12]}…"
