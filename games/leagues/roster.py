"""A league's members in bulk: a CSV of names (with an optional reading and e-mail) read and
checked whole, then stored at once or not at all.

A row is ``name, reading, email`` (a header row naming the columns, in English or Japanese,
may put them in another order). Names need not be unique: each row is a new member. A row
with an e-mail also gets an account under that address, linked to the member, with a password
nobody knows: the member sets their own with the site's "forgot your password" page.
"""

from __future__ import annotations

import csv
import io
import secrets
import unicodedata
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import League, Member

MAX_BYTES = 256 * 1024
MAX_ROWS = 500
NAME_LENGTH = 60
EMAIL_LENGTH = 254
USERNAME_LENGTH = 150  # an e-mail becomes its account's user name (Django's at most 150)

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
    if len(row.email) > USERNAME_LENGTH:
        problems.append(
            _("%(where)s: the e-mail address is longer than %(count)s characters.")
            % {"where": where, "count": USERNAME_LENGTH}
        )
    elif row.email:
        try:
            if len(row.email) > EMAIL_LENGTH:
                raise ValidationError("too long")
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
    """An e-mail opens one account: twice in the file, or an account's already, is refused."""
    problems, seen = [], {}
    users = get_user_model().objects
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
        if users.filter(email__iexact=key).exists() or users.filter(username=key).exists():
            problems.append(
                _("Line %(line)s: an account with %(email)s exists already; link it instead.")
                % {"line": row.line, "email": row.email}
            )
    return problems


@transaction.atomic
def import_members(league: League, rows: list[RosterRow]) -> list[Member]:
    """A new member of ``league`` for each row (and an account for each e-mail), all at once."""
    if league.archived:
        raise RosterRefused([_("This season has ended: its pages are read-only.")])
    problems = _email_problems(rows)  # again, inside the transaction
    if problems:
        raise RosterRefused(problems)
    made = []
    for row in rows:
        user = None
        if row.email:
            user = get_user_model().objects.create_user(
                username=row.email.lower(),
                email=row.email,
                password=secrets.token_urlsafe(32),  # nobody's: the member sets their own
            )
        made.append(Member.objects.create(name=row.name, reading=row.reading, user=user))
    league.members.add(*made)
    return made
