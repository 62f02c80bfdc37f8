"""No reset token, claim code or seat-link token in any log line: a whole scenario (a
password reset with the mail set-up ``make run`` has, a claim code made and redeemed, a
seat link made and used) runs while every log record and everything written to stdout and
stderr is kept, and none of them holds a token. Before, ``make run`` printed every mail,
its working reset link included, to the server's log; now it goes to an outbox folder,
which staff (only) read at /accounts/outbox/."""

import logging
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

import config.settings as configured
from tests.support.leagues import make_members
from tests.web.night_helpers import keeper_of, night_of, online_table_drawn

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def make_run_mail(settings, tmp_path):
    """The mail set-up ``make run`` has (no SMTP host), its folder a fresh one."""
    settings.EMAIL_BACKEND = configured.EMAIL_BACKEND
    settings.EMAIL_FILE_PATH = tmp_path / "outbox"
    cache.clear()
    yield settings.EMAIL_FILE_PATH
    cache.clear()


class Written:
    """Everything the scenario wrote: log records (any logger, any level) and the
    process's stdout and stderr."""

    def __init__(self, caplog, capfd):
        self.caplog, self.capfd, self.streams = caplog, capfd, []

    def text(self):
        out, err = self.capfd.readouterr()
        self.streams += [out, err]
        records = [record.getMessage() for record in self.caplog.records]
        return "\n".join([self.caplog.text, *self.streams, *records])


def test_a_reset_a_claim_and_a_seat_link_leave_no_token_in_any_log_line(
    make_run_mail, caplog, capfd
):
    caplog.set_level(logging.DEBUG)
    written = Written(caplog, capfd)
    secrets = []

    # A password reset, as make run sends it.
    User.objects.create_user("hanako", email="hanako@example.org", password="old-pw-2026")
    member = Client()
    assert (
        member.post(reverse("password_reset"), {"email": "hanako@example.org"}).status_code == 302
    )
    mailed = "".join(path.read_text() for path in make_run_mail.glob("*.log"))
    link = re.search(r"https?://[^/]+(/accounts/reset/(\S+)/(\S+)/)", mailed or written.text())
    secrets.append(link.group(3))  # the token
    form = member.get(link.group(1), follow=True)
    set_url = form.redirect_chain[-1][0]
    done = member.post(
        set_url, {"new_password1": "tanuki-2026-x", "new_password2": "tanuki-2026-x"}
    )
    assert done.status_code == 302
    assert member.post(set_url, {"new_password1": "x", "new_password2": "x"}).status_code != 500

    # A claim code made by an organiser, mistyped once, then redeemed.
    night, members = night_of(count=4)
    organiser = Client()
    organiser.force_login(keeper_of(night.league, "org"))
    [ben] = make_members(night.league, "Ben")
    made = organiser.post(reverse("leagues:claim_code", args=[night.league.pk, ben.pk]))
    code = re.search(r"<code>([A-Z0-9-]+)</code>", made.content.decode()).group(1)
    secrets += [code, code.replace("-", "")]
    ben_user = User.objects.create_user("ben-tanaka", password="pw-ben-2026")
    ben_client = Client()
    ben_client.force_login(ben_user)
    mistyped = code[:-1] + ("Y" if code.endswith("X") else "X")  # one character off
    ben_client.post(reverse("leagues:claim"), {"code": mistyped})
    assert ben_client.post(reverse("leagues:claim"), {"code": code}).status_code == 302

    # A seat link for a member without an account, opened and used on a phone, then again.
    night_table = online_table_drawn(night, members)
    seat = night_table.seats.exclude(entrant__member__user__isnull=False).first()
    response = organiser.post(
        reverse("nights:act", args=[night.pk]), {"action": "seat_link", "seat": seat.pk}
    )
    token = response.content.decode().split("/nights/seat/")[1].split("/")[0]
    secrets.append(token)
    url = reverse("nights:take_seat", args=[token])
    phone = Client()
    assert phone.get(url).status_code == 200
    assert phone.post(url).status_code == 302
    assert Client().post(url).status_code == 404

    text = written.text()
    assert all(len(secret) >= 8 for secret in secrets)
    leaked = [secret for secret in secrets if secret in text]
    assert not leaked
    assert link.group(3) in mailed  # the member's link is in the outbox folder


def test_the_outbox_page_is_for_staff_only(make_run_mail):
    User.objects.create_user("hanako", email="hanako@example.org", password="old-pw-2026")
    Client().post(reverse("password_reset"), {"email": "hanako@example.org"})
    url = reverse("outbox")
    assert Client().get(url).status_code == 302  # to the sign-in page
    member = Client()
    member.force_login(User.objects.create_user("ben", password="pw-ben-2026"))
    assert "/accounts/reset/" not in member.get(url, follow=True).content.decode()
    staff = Client()
    staff.force_login(User.objects.create_user("admin", password="pw", is_staff=True))
    page = staff.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    text = page.content.decode()
    assert "hanako@example.org" in text and "/accounts/reset/" in text
