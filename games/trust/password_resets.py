""" "Forgot your password?": the reset mail, limited, and the outbox it goes to on one machine.

- At most :data:`RESETS_PER_EMAIL` mails an hour to one e-mail address: a request beyond gets
  the same answer as any other ("if an account has that address, a link is on its way"), so
  the page never tells a known address from an unknown one, and sends nothing.
- At most :data:`RESETS_PER_ADDRESS` requests an hour from one client address, whatever the
  e-mails: beyond, a 429 with a message (the same for every e-mail). A club behind one
  address is far below it.
- Without an SMTP host (``make run``) mail is written to a folder, ``EMAIL_FILE_PATH``, one
  file per mail, never to the server's log; staff read it at ``/accounts/outbox/``.

The counts live in Django's cache (``games.tables.client_limits``), the e-mail as a hash.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth import views as auth_views
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.tables import client_limits

RESETS_PER_EMAIL = client_limits.Window("resets-email", 3, 3600)
RESETS_PER_ADDRESS = client_limits.Window("resets-address", 20, 3600)
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
OUTBOX_SHOWN = 30  # the newest mails the outbox page shows


def _email_key(address: str) -> str:
    """The e-mail as the counts know it: a hash of it, lower-cased."""
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()


class PasswordResetView(auth_views.PasswordResetView):
    """Django's own reset form and mail, within the limits above."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not client_limits.take(RESETS_PER_ADDRESS, client_limits.address(request)):
            message = _(
                "Too many password reset requests came from your network: please try again "
                "in an hour."
            )
            return render(request, "games/refused.html", {"message": message}, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: Any) -> HttpResponse:
        if client_limits.take(RESETS_PER_EMAIL, _email_key(form.cleaned_data["email"])):
            return super().form_valid(form)  # mailed if an account has it
        return HttpResponseRedirect(self.get_success_url())  # the same answer, no mail


def _outbox() -> Path:
    if settings.EMAIL_BACKEND != FILE_BACKEND:
        raise Http404(_("Mail is sent, not kept in an outbox, on this server."))
    return Path(settings.EMAIL_FILE_PATH)


def _mails(folder: Path) -> list[dict[str, Any]]:
    """The newest mails of the outbox: when, to whom, the subject and the text."""
    files = sorted(folder.glob("*.log"), key=lambda path: path.stat().st_mtime, reverse=True)
    mails = []
    for path in files[:OUTBOX_SHOWN]:
        # A file may hold several mails, each followed by a line of dashes (Django's backend).
        for raw in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if not raw.strip():
                continue
            message = email.message_from_bytes(raw, policy=email.policy.default)
            body = message.get_body(preferencelist=("plain",))
            mails.append(
                {
                    "date": message["Date"],
                    "to": message["To"],
                    "subject": message["Subject"],
                    "text": body.get_content() if body is not None else "",
                }
            )
    return mails


@staff_member_required
def outbox(request: HttpRequest) -> HttpResponse:
    """Staff read the mail the app wrote to its outbox folder (``make run``: no SMTP host)."""
    folder = _outbox()
    mails = _mails(folder) if folder.is_dir() else []
    response = render(request, "registration/outbox.html", {"mails": mails, "folder": folder})
    response["Cache-Control"] = "no-store"
    return response
