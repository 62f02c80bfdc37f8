"""Keeping a league's roster tidy: a member withdrawn (off the roster, their results kept),
removed (a row with no results at all, made by mistake), or merged into another (one person
entered twice: every result, night and history row of the one goes to the other, the ratings
are replayed, the one is gone).

Every change is an organiser's (the caller checked who) and is kept in the roster's history
(:class:`MemberChange`). Refusals raise :class:`RosterChangeRefused` with a message for the
organiser; nothing is stored then.

A merge reaches every row that names a member through Django's model metadata, so a game's
own result rows (and their history) move with the platform's without the platform knowing
the game: a row that points at a member and is protected or kept (``PROTECT``, ``SET_NULL``,
``DO_NOTHING``: results, nights, history) moves to the one kept; a row that dies with its
member (``CASCADE``: ratings, which are replayed, and claim codes) goes with the other.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.leagues.member_models import Member, MemberChange
from games.leagues.models import League, ResultLine
from games.ratings import ratings


class RosterChangeRefused(Exception):  # noqa: N818 - a refusal the organiser reads
    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _locked(league: League, member: Member) -> Member:
    if league.archived:
        raise RosterChangeRefused(_("This season has ended: its pages are read-only."))
    locked = Member.objects.select_for_update().filter(pk=member.pk, guest=False).first()
    if locked is None or not league.members.filter(pk=member.pk).exists():
        raise RosterChangeRefused(_("That player is not on this league's roster."), 404)
    return locked


def _record(league: League, member: Member | None, name: str, kind: str, by: Any, detail=""):
    MemberChange.objects.create(
        league=league, member=member, name=name, kind=kind, detail=detail[:200], by=by
    )


def has_results(member: Member) -> bool:
    """Whether anything was ever recorded for ``member``: a result or a night checked in."""
    return ResultLine.objects.filter(member=member).exists() or member.night_entries.exists()


@transaction.atomic
def withdraw(league: League, member: Member, by: Any) -> Member:
    """``member`` leaves the league's roster (no more check-ins or draws); the results they
    played stay in the standings under their name."""
    member = _locked(league, member)
    league.members.remove(member)
    _record(league, member, member.name, MemberChange.Kind.WITHDRAWN, by)
    return member


def withdrawn_members(league: League) -> Any:
    """The members withdrawn from ``league`` and not back on its roster, by name."""
    withdrawn = league.roster_changes.filter(kind=MemberChange.Kind.WITHDRAWN).values("member")
    return (
        Member.objects.filter(pk__in=withdrawn, guest=False)
        .exclude(pk__in=league.members.values("pk"))
        .order_by("name", "pk")
    )


@transaction.atomic
def readmit(league: League, member: Member, by: Any) -> Member:
    """A withdrawn member is back on the roster (checked in and drawn again); their results
    never left the standings."""
    if league.archived:
        raise RosterChangeRefused(_("This season has ended: its pages are read-only."))
    member = Member.objects.select_for_update().filter(pk=member.pk).first()
    if member is None or not withdrawn_members(league).filter(pk=member.pk).exists():
        raise RosterChangeRefused(_("That player was not withdrawn from this league."), 404)
    league.members.add(member)
    _record(league, member, member.name, MemberChange.Kind.READMITTED, by)
    return member


@transaction.atomic
def remove(league: League, member: Member, by: Any) -> None:
    """A member with no result and no night (a row made by mistake) leaves the roster; the
    row itself goes once no league and no account has it."""
    member = _locked(league, member)
    if has_results(member):
        raise RosterChangeRefused(
            _("%(name)s has results or club nights: withdraw them, or merge them into another.")
            % {"name": member.name}
        )
    league.members.remove(member)
    _record(league, None, member.name, MemberChange.Kind.REMOVED, by)
    if member.user_id is None and not member.leagues.exists():
        member.delete()


def _references() -> list[models.ForeignObjectRel]:
    """Every relation of another model's rows to a member (hidden ones too: history rows)."""
    return [
        rel
        for rel in Member._meta.get_fields(include_hidden=True)
        if rel.auto_created
        and not rel.concrete
        and not rel.many_to_many
        and not rel.related_model._meta.auto_created  # a many-to-many's own table
    ]


def _moves(rel: models.ForeignObjectRel) -> bool:
    return rel.on_delete is not models.CASCADE


def _clash(rel: models.ForeignObjectRel, source: Member, target: Member) -> str | None:
    """What stops ``source``'s rows of ``rel`` moving to ``target``: a row that may name a
    member once (one line per player in a result, one check-in a night) naming both."""
    model, name = rel.related_model, rel.field.name
    manager = model._base_manager
    for constraint in model._meta.total_unique_constraints:
        if name not in constraint.fields:
            continue
        others = [f for f in constraint.fields if f != name]
        if not others:
            continue
        theirs = set(manager.filter(**{name: target}).values_list(*others))
        mine = manager.filter(**{name: source}).values_list(*others)
        if theirs and any(row in theirs for row in mine):
            return str(model._meta.verbose_name)
    return None


def _only_here(league: League, source: Member) -> None:
    """A merge moves every row of ``source``, in any league: refused when ``source`` is on
    another league's roster (another season, another club's league) or has results or
    nights there, which this league's organiser may not change."""
    elsewhere = (
        League.objects.exclude(pk=league.pk)
        .filter(
            Q(members=source)
            | Q(matches__results__lines__member=source)
            | Q(club_nights__entrants__member=source)
        )
        .order_by("pk")
        .first()
    )
    if elsewhere is not None:
        raise RosterChangeRefused(
            _(
                "%(name)s also plays in %(league)s: a merge here would change that league's "
                "results too, so it is not made. Withdraw them here instead."
            )
            % {"name": source.name, "league": elsewhere.name}
        )


@transaction.atomic
def merge(league: League, source: Member, target: Member, by: Any) -> Member:
    """``source`` was ``target`` entered twice: every result, night and history row of
    ``source`` goes to ``target``, so do the leagues it played in and, if ``target`` has none,
    its account, reading and e-mail; both games' ratings are replayed; ``source`` is gone."""
    if source.pk == target.pk:
        raise RosterChangeRefused(_("Choose another player to merge into."), 400)
    first, second = sorted([source, target], key=lambda m: m.pk)  # lock in one order
    locked = {m.pk: _locked(league, m) for m in (first, second)}
    source, target = locked[source.pk], locked[target.pk]
    if source.user_id is not None and target.user_id is not None:
        raise RosterChangeRefused(
            _("%(one)s and %(other)s each have an account: unlink one first.")
            % {"one": source.name, "other": target.name}
        )
    _only_here(league, source)
    references = [rel for rel in _references() if _moves(rel)]
    for rel in references:
        clash = _clash(rel, source, target)
        if clash is not None:
            raise RosterChangeRefused(
                _(
                    "%(one)s and %(other)s are both in one %(what)s: they are two people, "
                    "not one entered twice."
                )
                % {"one": source.name, "other": target.name, "what": clash}
            )
    results = ResultLine.objects.filter(member=source).count()
    games = set(
        ResultLine.objects.filter(member__in=[source, target]).values_list(
            "result__match__league__game", flat=True
        )
    )
    for rel in references:
        rel.related_model._base_manager.filter(**{rel.field.name: source}).update(
            **{rel.field.name: target}
        )
    target.leagues.add(*source.leagues.all())
    changed = []
    if target.user_id is None and source.user_id is not None:
        user, source.user = source.user, None
        source.save(update_fields=["user"])
        target.user = user
        changed.append("user")
    for name in ("reading", "email"):
        if not getattr(target, name) and getattr(source, name):
            setattr(target, name, getattr(source, name))
            changed.append(name)
    if changed:
        target.save(update_fields=changed)
    detail = ngettext(
        "%(one)s merged into %(other)s: %(count)s result moved",
        "%(one)s merged into %(other)s: %(count)s results moved",
        results,
    ) % {"one": f"{source.name} (#{source.pk})", "other": target.name, "count": results}
    _record(league, target, source.name, MemberChange.Kind.MERGED, by, detail)
    source.delete()
    for game in sorted(games):
        ratings.rebuild(game)
    return target
