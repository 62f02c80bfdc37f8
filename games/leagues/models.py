"""Leagues, their matches and results (league players: ``games.leagues.member_models``;
their ratings: ``games.ratings.models``; club nights: ``games.nights.models``).

A league plays one game. A *match* is one table's whole match on a club night,
played online or with real cards. Each of its results is a platform :class:`Result` (void,
complete) with one :class:`ResultLine` per player (member, seat, rank, victory points,
points, played by a bot), so the standings and ratings are plain aggregates over the
platform's lines whatever the game. A game with result models of its own (Dragon Formula's
sets in ``dragonformula.models``, DragSaga's games in ``dragsaga.models``) keeps its detail
there, and ``games.leagues.result_lines`` keeps their platform result and lines; the
platform reaches a game's models only through its ``RegisteredGame`` (``games.registry``).
A game field's choices are the registered games (``games.registry.game_choices``, read when
a form or a check asks), so a game that joins needs no migration of the platform.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.registry import game_choices
from games.tables.validators import plain_name

__all__ = [
    "REASON_MAX_LENGTH",
    "who_field",
    "League",
    "Match",
    "CompletedResult",
    "LeagueResult",
    "PlacingLine",
    "Result",
    "ResultLine",
]


# The longest reason an organiser gives for a void, a correction or a reopened night: what the
# change history (django-simple-history's ``history_change_reason``) keeps.
REASON_MAX_LENGTH = 100


def who_field(verbose_name: str) -> models.ForeignKey:
    """The account that did something to a row (voided it, named a seat, made a code)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )


ORDER_NOTE = _("Order: victory points, then total points; players still tied share the place.")


class League(models.Model):
    name = models.CharField(_("name"), max_length=100, validators=[plain_name])
    club = models.CharField(_("club"), max_length=100, blank=True, validators=[plain_name])
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    season_start = models.DateField(_("season start"))
    season_end = models.DateField(_("season end"))
    members = models.ManyToManyField(
        "games.Member", verbose_name=_("members"), blank=True, related_name="leagues"
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
        """The league scoring of the league's game (``games.contract.LeagueScoring``; every
        default for a game that names none)."""
        from games.registry import game_kind

        return game_kind(self.game).league_part

    @property
    def archived(self) -> bool:
        """A season that has ended: its pages are read-only."""
        return self.ended_at is not None

    @property
    def played_label(self) -> Any:
        """What the standings call a player's results counted (its ``PLAYED_LABEL``)."""
        return self.scoring.PLAYED_LABEL

    @property
    def average_label(self) -> Any:
        """The standings' victory points per result (its ``AVERAGE_LABEL``)."""
        return self.scoring.AVERAGE_LABEL

    @property
    def points_label(self) -> Any:
        """The standings' total of a player's points (its ``POINTS_LABEL``)."""
        return self.scoring.POINTS_LABEL

    @property
    def order_note(self) -> Any:
        """How the standings are ordered, said under them (its ``ORDER_NOTE``)."""
        return self.scoring.ORDER_NOTE or ORDER_NOTE


class Match(models.Model):
    """One table's whole match: Dragon Formula sets or DragSaga games."""

    class Source(models.TextChoices):
        PHYSICAL = "physical", _("real cards")
        ONLINE = "online", _("online table")

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="matches"
    )
    club_night = models.ForeignKey(
        "games.ClubNight",
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
    # Counted within the league (its first match is 1), as the pages and exports name it.
    number = models.PositiveIntegerField(_("match number"), default=0, editable=False)

    class Meta:
        ordering = ["-played_on", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return _("Match %(id)s · %(date)s") % {
            "id": self.number,
            "date": f"{self.played_on:%Y-%m-%d}",
        }

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self._state.adding and not self.number:
            # The league's row lock: two new matches of a league never share a number.
            with transaction.atomic():
                League.objects.select_for_update().filter(pk=self.league_id).exists()
                last = Match.objects.filter(league_id=self.league_id).aggregate(n=Max("number"))
                self.number = (last["n"] or 0) + 1
                super().save(*args, **kwargs)
            return
        super().save(*args, **kwargs)


class PlacingLine(models.Model):
    """A player's line in a ranked result: seat, rank (1, 1, 3, 4) and shared victory points."""

    member = models.ForeignKey("games.Member", verbose_name=_("player"), on_delete=models.PROTECT)
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


class LeagueResult(models.Model):
    """What every game's league result holds besides its match and number: when it was
    recorded, and whether (by whom, and why) it was voided (it then counts nowhere)."""

    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = who_field(_("voided by"))
    void_reason = models.CharField(_("why it was voided"), max_length=REASON_MAX_LENGTH, blank=True)

    class Meta:
        abstract = True


class CompletedResult(LeagueResult):
    """A league result that counts only once complete (``games.leagues.results.completes``)."""

    complete = models.BooleanField(_("complete"), default=False)
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)

    class Meta:
        abstract = True


class Result(CompletedResult):
    """A ranked result of a match, of every game: recorded here by a game that keeps no result
    models of its own (its league hooks name this and :class:`ResultLine`; complete once
    recorded whole), kept by ``games.leagues.result_lines`` for a game that does."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="results"
    )
    number = models.PositiveSmallIntegerField(_("number"), default=1)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_result_number_per_match")
        ]

    def __str__(self) -> str:
        return _("Result %(number)s of match %(match)s") % {
            "number": self.number,
            "match": self.match.number,
        }


class ResultLine(PlacingLine):
    """A player's line in a :class:`Result`: their points, rank and victory points (what the
    standings and ratings count, for every game)."""

    result = models.ForeignKey(
        Result, verbose_name=_("result"), on_delete=models.CASCADE, related_name="lines"
    )
    member = models.ForeignKey(
        "games.Member",
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="result_lines",
    )
    points = models.IntegerField(_("points"), default=0)

    class Meta(PlacingLine.Meta):
        verbose_name = _("result line")
        verbose_name_plural = _("result lines")
        constraints = [
            models.UniqueConstraint(fields=["result", "seat"], name="one_result_line_per_seat"),
            models.UniqueConstraint(fields=["result", "member"], name="one_result_line_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.points}"
