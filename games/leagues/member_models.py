"""The people the leagues know: a member (a name on the standings, maybe a login), a guest
seat at an online league table no keeper has vouched for yet, a claim code that links a
member to an account, and the roster's history of changes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.leagues.models import League, Match, who_field
from games.tables.validators import plain_name

__all__ = ["Member", "GuestSeat", "MemberClaim", "MemberChange"]


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
    withdrawn (and back on the roster), removed, or merged into another; who did it, when and
    to whom."""

    class Kind(models.TextChoices):
        IMPORTED = "imported", _("imported")
        INVITED = "invited", _("invited by e-mail")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REMOVED = "removed", _("removed")
        MERGED = "merged", _("merged")
        READMITTED = "readmitted", _("back on the roster")

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
