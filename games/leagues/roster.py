"""A league's members in bulk: a CSV of names (with an optional reading and e-mail) read and
checked whole, then stored at once or not at all.

A row is ``name, reading, email`` (a header row naming the columns, in English or Japanese,
may put them in another order). Names need not be unique, but a likely duplicate is flagged
before anything is stored: a name twice in the file, or a name already on the roster under
another e-mail (the organiser imports them anyway only by saying so). A row already on the
roster (the same e-mail; without one, the same name and reading) is skipped, so importing the
same file again changes nothing. An e-mail never makes an account: the member is invited by
mail with a claim code, and links the account they make themselves.
"""

from __future__ import annotations

import csv
import io
import logging
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.leagues import services
from games.leagues.member_models import Member, MemberChange
from games.leagues.models import League

logger = logging.getLogger(__name__)

MAX_BYTES = 256 * 1024
MAX_ROWS = 500
NAME_LENGTH = 60
EMAIL_LENGTH = 254

HEADERS = {
    "name": {"name", "名前", "氏名", "なまえ"},
    "reading": {"reading", "よみ", "読み", "よみがな", "ふりがな", "フリガナ", "読み方"},
    "email": {"email", "e-mail", "mail", "メール", "メールアドレス"},
}
POSITIONS = ("name", "reading", "email")


@dataclass(frozen=True)
class RosterRow:
    line: int
    name: str
    reading: str = ""
    email: str = ""


class RosterRefused(Exception):  # noqa: N818 - the organiser reads the messages
    """The file cannot be imported: ``problems`` says why, by line; nothing was stored."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _text(data: bytes) -> str:
    """The file's text: UTF-8 (with or without a BOM), else Shift_JIS as Excel saves it."""
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise RosterRefused([_("The file is not text in UTF-8 or Shift_JIS; save it as CSV UTF-8.")])


def _clean(cell: str) -> str:
    return " ".join(unicodedata.normalize("NFC", cell).split())


def _columns(first: list[str]) -> dict[str, int] | None:
    """The columns a header row names, or None when the first row is data."""
    found = {}
    for index, cell in enumerate(first):
        label = _clean(cell).lower()
        for key, names in HEADERS.items():
            if label in names:
                found[key] = index
    return found if "name" in found else None


def _check(row: RosterRow) -> list[str]:
    where = _("Line %(line)s") % {"line": row.line}
    problems = []
    if not row.name:
        problems.append(_("%(where)s: the name is empty.") % {"where": where})
    for label, value in ((_("name"), row.name), (_("reading"), row.reading)):
        if len(value) > NAME_LENGTH:
            problems.append(
                _("%(where)s: the %(field)s is longer than %(count)s characters.")
                % {"where": where, "field": label, "count": NAME_LENGTH}
            )
        if any(unicodedata.category(ch).startswith("C") for ch in value):
            problems.append(
                _("%(where)s: the %(field)s holds a control character.")
                % {"where": where, "field": label}
            )
    if len(row.email) > EMAIL_LENGTH:
        problems.append(
            _("%(where)s: the e-mail address is longer than %(count)s characters.")
            % {"where": where, "count": EMAIL_LENGTH}
        )
    elif row.email:
        try:
            validate_email(row.email)
        except ValidationError:
            problems.append(
                _("%(where)s: “%(email)s” is not an e-mail address.")
                % {"where": where, "email": row.email[:80]}
            )
    return problems


def read(data: bytes) -> list[RosterRow]:
    """Every row of the file, checked; :class:`RosterRefused` lists every problem found."""
    if len(data) > MAX_BYTES:
        raise RosterRefused(
            [_("The file is larger than %(size)s KB.") % {"size": MAX_BYTES // 1024}]
        )
    try:
        records = list(csv.reader(io.StringIO(_text(data), newline="")))
    except csv.Error as error:
        message = _("The file is not a CSV file: %(error)s") % {"error": error}
        raise RosterRefused([message]) from None
    numbered = [
        (line, cells) for line, cells in enumerate(records, 1) if any(c.strip() for c in cells)
    ]
    if not numbered:
        raise RosterRefused([_("The file has no members in it.")])
    columns = _columns(numbered[0][1])
    if columns is not None:
        numbered = numbered[1:]
    if len(numbered) > MAX_ROWS:
        raise RosterRefused(
            [_("At most %(count)s members can be imported at once.") % {"count": MAX_ROWS}]
        )
    width = max(columns.values()) + 1 if columns else len(POSITIONS)
    positions = columns or {key: index for index, key in enumerate(POSITIONS)}
    rows, problems = [], []
    for line, cells in numbered:
        if columns is None and len([c for c in cells if c.strip()]) > width:
            problems.append(
                _("Line %(line)s: more than three columns (name, reading, e-mail).")
                % {"line": line}
            )
            continue
        values = {
            key: _clean(cells[index]) if index < len(cells) else ""
            for key, index in positions.items()
        }
        row = RosterRow(line, values["name"], values.get("reading", ""), values.get("email", ""))
        problems.extend(_check(row))
        rows.append(row)
    problems.extend(_email_problems(rows))
    if problems:
        raise RosterRefused(problems)
    return rows


def _email_problems(rows: list[RosterRow]) -> list[str]:
    """An e-mail is one person's: twice in the file is refused."""
    problems, seen = [], {}
    for row in rows:
        if not row.email:
            continue
        key = row.email.lower()
        if key in seen:
            problems.append(
                _("Line %(line)s: %(email)s is on line %(first)s too.")
                % {"line": row.line, "email": row.email, "first": seen[key]}
            )
            continue
        seen[key] = row.line
    return problems


def _key(name: str, reading: str, email: str) -> tuple[str, ...]:
    """What makes a row the same member as a roster's: the e-mail; without one, the name
    and reading (case and width folded)."""
    if email:
        return ("email", email.lower())
    return ("name", _folded(name), _folded(reading))


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass
class ImportPlan:
    """What importing the rows would do: ``new`` members, rows ``on_roster`` already (skipped),
    and ``flagged`` new rows that look like a duplicate (with why)."""

    new: list[RosterRow] = field(default_factory=list)
    on_roster: list[tuple[RosterRow, Member]] = field(default_factory=list)
    flagged: list[tuple[RosterRow, str]] = field(default_factory=list)


class DuplicatesFlagged(RosterRefused):
    """Rows that look like a member already there: nothing was stored; the organiser may
    import them anyway (``plan`` says which)."""

    def __init__(self, plan: ImportPlan) -> None:
        super().__init__([reason for _row, reason in plan.flagged])
        self.plan = plan


def plan(league: League, rows: list[RosterRow]) -> ImportPlan:
    """Which rows are on the roster already, which are new, and which new ones to flag."""
    withdrawn = league.roster_changes.filter(kind=MemberChange.Kind.WITHDRAWN).values("member")
    roster = list(
        Member.objects.filter(guest=False).filter(
            Q(pk__in=league.members.values("pk")) | Q(pk__in=withdrawn)
        )
    )
    waiting: dict[tuple[str, ...], list[Member]] = {}
    for member in roster:
        waiting.setdefault(_key(member.name, member.reading, member.email), []).append(member)
    result = ImportPlan()
    for row in rows:
        same = waiting.get(_key(row.name, row.reading, row.email))
        if same:
            result.on_roster.append((row, same.pop(0)))
        else:
            result.new.append(row)
    names_in_file = Counter(_folded(row.name) for row in result.new)
    on_roster = {_folded(member.name): member for member in roster}
    for row in result.new:
        where = _("Line %(line)s") % {"line": row.line}
        if names_in_file[_folded(row.name)] > 1:
            lines = [str(r.line) for r in result.new if _folded(r.name) == _folded(row.name)]
            result.flagged.append(
                (
                    row,
                    _("%(where)s: %(name)s is on lines %(lines)s of the file.")
                    % {"where": where, "name": row.name, "lines": ", ".join(lines)},
                )
            )
        elif _folded(row.name) in on_roster:
            result.flagged.append(
                (
                    row,
                    _("%(where)s: a member called %(name)s is on the roster already.")
                    % {"where": where, "name": row.name},
                )
            )
    return result


@transaction.atomic
def import_members(
    league: League, rows: list[RosterRow], by: Any = None, import_flagged: bool = False
) -> tuple[list[Member], ImportPlan]:
    """A new member of ``league`` for each row not on the roster yet, all at once; a likely
    duplicate only with ``import_flagged`` (else :class:`DuplicatesFlagged`, nothing stored).
    Each is kept in the roster's history. Returns the members made and the plan."""
    if league.archived:
        raise RosterRefused([_("This season has ended: its pages are read-only.")])
    League.objects.select_for_update().filter(pk=league.pk).first()  # one import at a time
    problems = _email_problems(rows)  # again, inside the transaction
    if problems:
        raise RosterRefused(problems)
    made_plan = plan(league, rows)
    if made_plan.flagged and not import_flagged:
        raise DuplicatesFlagged(made_plan)
    made = []
    for row in made_plan.new:
        member = Member.objects.create(name=row.name, reading=row.reading, email=row.email)
        MemberChange.objects.create(
            league=league, member=member, name=member.name, kind=MemberChange.Kind.IMPORTED, by=by
        )
        made.append(member)
    league.members.add(*made)
    return made, made_plan


def invite(league: League, members: list[Member], by: Any, claim_url: str) -> int:
    """Each of ``members`` with an e-mail (and no account) gets a claim code by mail: the code
    links the account they make themselves. Kept in the roster's history. Returns how many
    mails were sent."""
    sent = 0
    for member, code in services.make_claim_codes(league, [m for m in members if m.email], by):
        subject = _("Your place in %(league)s") % {"league": league.name}
        body = _(
            "Hello %(name)s,\n\n%(league)s has you on its roster. To see your results under your "
            "own account, make an account on the site (or sign in), then enter this claim "
            "code:\n\n    %(code)s\n\n%(url)s?code=%(code)s\n\nThe code works once and "
            "expires in %(days)s days. If you do not know this club, ignore this mail."
        ) % {
            "name": member.name,
            "league": league.name,
            "code": code,
            "url": claim_url,
            "days": services.claim_code_lifetime().days,
        }
        try:
            send_mail(subject, body, None, [member.email])
        except OSError:
            logger.exception("The invitation to member %s could not be sent", member.pk)
            continue
        MemberChange.objects.create(
            league=league,
            member=member,
            name=member.name,
            kind=MemberChange.Kind.INVITED,
            detail=member.email,
            by=by,
        )
        sent += 1
    return sent
