"""Leagues, club nights, matches, league players and their ratings.

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
    "GuestSeat",
    "Member",
    "MemberChange",
    "MemberClaim",
    "CompletedResult",
    "LeagueResult",
    "PlacingLine",
    "Rating",
    "RatingChange",
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
    email = models.EmailField(
        _("e-mail"),
        blank=True,
        help_text=_(
            "Where the member's invitation (a claim code) was sent; never an account by itself."
        ),
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


ORDER_NOTE = _("Order: victory points, then total points; players still tied share the place.")


class League(models.Model):
    name = models.CharField(_("name"), max_length=100, validators=[plain_name])
    club = models.CharField(_("club"), max_length=100, blank=True, validators=[plain_name])
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
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
        Member, verbose_name=_("player"), on_delete=models.PROTECT, related_name="result_lines"
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
    resolved_by = who_field(_("named by"))
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
    created_by = who_field(_("made by"))
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    used_by = who_field(_("used by"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("claim code")
        verbose_name_plural = _("claim codes")

    def __str__(self) -> str:
        return _("Claim code for %(member)s") % {"member": self.member}


class MemberChange(models.Model):
    """One change an organiser made to a league's roster: a member imported, invited by mail,
    withdrawn, removed, or merged into another; who did it, when and to whom."""

    class Kind(models.TextChoices):
        IMPORTED = "imported", _("imported")
        INVITED = "invited", _("invited by e-mail")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REMOVED = "removed", _("removed")
        MERGED = "merged", _("merged")

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="roster_changes"
    )
    member = models.ForeignKey(
        Member,
        verbose_name=_("league player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="roster_changes",
    )
    name = models.CharField(_("name then"), max_length=60)
    kind = models.CharField(_("change"), max_length=10, choices=Kind.choices)
    detail = models.CharField(_("detail"), max_length=200, blank=True)
    by = who_field(_("by"))
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("change to the roster")
        verbose_name_plural = _("changes to the roster")

    def __str__(self) -> str:
        return f"{self.name} · {self.get_kind_display()}"


class Rating(models.Model):
    """A league player's skill rating in one game now (openskill Plackett–Luce)."""

    member = models.ForeignKey(
        Member, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
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
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    position = models.PositiveIntegerField(_("order"))
    # The rated result: the pk of a result of the game's own (its ``results`` hook); the
    # game's ratings are rebuilt from its results, so no key ties the two.
    result_id = models.PositiveBigIntegerField(_("result"))
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
