"""What a notice about a turn-based table says, by e-mail and by push: the game, the
table's code and its link, in the language active when called; nothing of any hand."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.registry import game_kind
from games.tables.models import Table
from games.tables.qr import public_url
from games.turns.models import Notice


def subject(notice: Notice) -> str:
    """One line saying what the notice is about (an e-mail's subject, a push's title)."""
    table: Table = notice.table
    words = {"game": game_kind(table.game_name).label, "code": table.code}
    return {
        Notice.Kind.YOUR_MOVE: _("Your move at %(game)s table %(code)s"),
        Notice.Kind.PICK: _("A Pick is waiting for you at %(game)s table %(code)s"),
        Notice.Kind.TWELVE_HOURS: _("12 hours left for your move at %(game)s table %(code)s"),
        Notice.Kind.GAME_OVER: _("The game at %(game)s table %(code)s is over"),
    }[notice.kind] % words


def _link(notice: Notice) -> str:
    return public_url(None, reverse(f"{notice.table.game_name}:table", args=[notice.table.code]))


def _your_move_link() -> str:
    return public_url(None, reverse("games:your_move"))


def _footer() -> str:
    return _("You get these messages because you asked for them: %(url)s") % {
        "url": _your_move_link()
    }


def _digest_subject(notices: list[Notice]) -> str:
    return _("Your turn-based tables: %(count)d news") % {"count": len(notices)}


def email(notice: Notice) -> tuple[str, str]:
    """One notice's e-mail: its subject and body."""
    line = subject(notice)
    body = f"{line}\n\n{_('Open the table: %(url)s') % {'url': _link(notice)}}\n\n{_footer()}\n"
    return line, body


def push(notice: Notice) -> tuple[str, str, str]:
    """A push's title, text and link: the e-mail's subject, nothing of any hand."""
    return subject(notice), _("Tap to go to the table."), _link(notice)


def digest_email(notices: list[Notice]) -> tuple[str, str]:
    """The day's notices in one e-mail: a line and a link each."""
    lines = [f"- {subject(n)}: {_link(n)}" for n in notices]
    title = _digest_subject(notices)
    return title, "\n".join([title, "", *lines, "", _footer(), ""])


def digest_push(notices: list[Notice]) -> tuple[str, str, str]:
    """The day's notices in one push, linking to the member's "your move" page."""
    return _digest_subject(notices), "\n".join(subject(n) for n in notices), _your_move_link()
