"""Who is at each seat and who stands in: how long a seat may stay without its player
(AwayLimit), each open socket of a seat (SeatConnection), the server processes holding
sockets (ServerProcess), and the bots that stood in for players who left (StandIn, so
results can say which games a bot finished for a human)."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["AwayLimit", "SeatConnection", "ServerProcess", "StandIn"]


class AwayLimit(models.Model):
    """How long a seat may stay without its player before a bot takes it (a table option;
    tables without one use ``games.presence.leavers.DEFAULT_AWAY_SECONDS``)."""

    table = models.OneToOneField(
        "games.Table", on_delete=models.CASCADE, related_name="away_limit", verbose_name=_("table")
    )
    seconds = models.PositiveIntegerField(
        _("seconds away before a bot takes the seat"),
        validators=[
            MinValueValidator(1),
            MaxValueValidator(3600),
        ],  # games.presence.leavers' bounds
    )

    class Meta:
        verbose_name = _("away limit")
        verbose_name_plural = _("away limits")

    def __str__(self) -> str:
        return f"{self.table}: {self.seconds} s"


class SeatConnection(models.Model):
    """A table socket of a seated player (a player may have several tabs open);
    ``closed`` is set when it closes, so the seat knows since when it is away."""

    seat = models.ForeignKey(
        "games.Seat", on_delete=models.CASCADE, related_name="connections", verbose_name=_("seat")
    )
    player = models.ForeignKey(
        "games.Player",
        on_delete=models.CASCADE,
        related_name="seat_connections",
        verbose_name=_("player"),
    )
    channel_name = models.CharField(_("channel"), max_length=200, unique=True)
    # The serving process that holds the socket (``ServerProcess.name``).
    server = models.CharField(_("server process"), max_length=100, blank=True, default="")
    opened = models.DateTimeField(_("opened"), auto_now_add=True)
    closed = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat connection")
        verbose_name_plural = _("seat connections")

    def __str__(self) -> str:
        return f"{self.player} @ {self.seat}"


class ServerProcess(models.Model):
    """A serving (Daphne) process, by the heartbeat it writes while it runs: the table
    sockets it held are counted closed once it has been silent too long
    (``games.presence.leavers.close_silent_connections``), and not before, so one process
    starting never closes the sockets another one still holds."""

    name = models.CharField(_("name"), max_length=100, unique=True)
    seen = models.DateTimeField(_("last heartbeat"))

    class Meta:
        verbose_name = _("server process")
        verbose_name_plural = _("server processes")

    def __str__(self) -> str:
        return self.name


class StandIn(models.Model):
    """A bot that plays a human's seat while they are away.

    ``seat_number`` and ``player`` keep who the seat belongs to; while ``ended`` is
    empty the seat is the bot's. ``finished_game`` is set when the game ended with
    the bot still in the seat: the bot finished that game for the player.
    """

    class Reason(models.TextChoices):
        LEFT = "left", _("left the table")
        DISCONNECTED = "disconnected", _("disconnected")
        OUT_OF_TIME = "out_of_time", _("out of time")
        NOT_ARRIVED = "not_arrived", _("not arrived yet")

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="stand_ins", verbose_name=_("game")
    )
    seat_number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        "games.Player", on_delete=models.CASCADE, related_name="stand_ins", verbose_name=_("player")
    )
    bot_level = models.CharField(_("bot level"), max_length=32)
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    started = models.DateTimeField(_("started"))
    ended = models.DateTimeField(_("ended"), null=True, blank=True)
    finished_game = models.BooleanField(_("finished the game"), default=False)
    # Where in the game's log the bot came and went (how many public events there were),
    # and which log (a fingerprint of its first event: a Dragon Formula match starts a new
    # log each game), so the log names who made each move (``games.presence.at_the_table``).
    log_start = models.PositiveIntegerField(_("log length at the start"), null=True, blank=True)
    log_end = models.PositiveIntegerField(_("log length at the end"), null=True, blank=True)
    log_game = models.CharField(_("log"), max_length=32, blank=True, default="")

    class Meta:
        verbose_name = _("stand-in bot")
        verbose_name_plural = _("stand-in bots")
        ordering = ["game", "started"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat_number"],
                condition=models.Q(ended__isnull=True),
                name="one_active_stand_in_per_seat",
            )
        ]

    def __str__(self) -> str:
        return f"{self.bot_level} for {self.player} (seat {self.seat_number})"

    @property
    def is_active(self) -> bool:
        return self.ended is None
