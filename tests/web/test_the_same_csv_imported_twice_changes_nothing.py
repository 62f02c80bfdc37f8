"""A CSV import flags likely duplicates (the same name twice in the file, or a name already on
the roster) and skips a line already on the roster (the same e-mail; without one, the same name
and reading): importing the same file twice changes nothing, and mails nobody twice (issue 52)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.leagues.member_models import Member, MemberChange, MemberClaim
from tests.support.leagues import make_league, make_members, sign_in_organiser

pytestmark = pytest.mark.django_db

FILE = """名前,よみ,メール
渡辺 健,わたなべ けん,
佐藤 花子,さとう はなこ,hanako@example.org
Tom Smith,,tom@example.org
Ben Smith,,
"""


@pytest.fixture
def organiser(client):
    league = make_league()
    sign_in_organiser(client)
    return client, league


def upload(client, league, text, **fields):
    file = SimpleUploadedFile("members.csv", text.encode(), content_type="text/csv")
    url = reverse("leagues:import_members", args=[league.pk])
    return client.post(url, {"file": file, **fields})


def state():
    return (
        sorted(Member.objects.values_list("pk", "name", "reading", "email", "user_id")),
        MemberChange.objects.count(),
        MemberClaim.objects.count(),
        get_user_model().objects.count(),
        len(mail.outbox),
    )


def test_the_same_file_imported_twice_changes_nothing(organiser):
    client, league = organiser
    assert upload(client, league, FILE).status_code == 302
    assert league.members.count() == 4 and len(mail.outbox) == 2
    before = state()
    assert upload(client, league, FILE).status_code == 302
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "0 members imported; 4 lines already on the roster (skipped)." in page
    assert state() == before
    # The same people with their names written another way (width, case) are the same lines.
    assert upload(client, league, FILE.replace("Ben Smith", "BEN SMITH")).status_code == 302
    assert state() == before


def test_a_name_twice_in_the_file_or_on_the_roster_is_flagged_first(organiser):
    client, league = organiser
    make_members(league, "Tom Smith")  # on the roster already, without an e-mail
    before = state()
    twice = FILE + "渡辺 健,,\n"
    flagged = upload(client, league, twice)
    page = flagged.content.decode()
    assert flagged.status_code == 409
    assert "Line 4: a member called Tom Smith is on the roster already." in page
    assert "渡辺 健 is on lines 2, 6 of the file." in page
    assert 'name="import_flagged"' in page
    assert state() == before  # nothing stored, nobody mailed
    assert upload(client, league, twice, import_flagged="on").status_code == 302
    assert Member.objects.filter(name="Tom Smith").count() == 2
    assert Member.objects.filter(name="渡辺 健").count() == 2


def test_an_e_mail_already_on_the_roster_is_that_member(organiser):
    client, league = organiser
    member = make_members(league, "Hanako Sato")[0]
    Member.objects.filter(pk=member.pk).update(email="HANAKO@example.org")
    upload(client, league, FILE)
    assert Member.objects.filter(email__iexact="hanako@example.org").count() == 1
    assert [m.to for m in mail.outbox] == [["tom@example.org"]]


def test_a_withdrawn_member_is_not_brought_back_by_a_reimport(organiser):
    client, league = organiser
    upload(client, league, FILE)
    ben = Member.objects.get(name="Ben Smith")
    url = reverse("leagues:change_member", args=[league.pk, ben.pk])
    assert client.post(url, {"action": "withdraw", "confirmed": "yes"}).status_code == 302
    before = state()
    upload(client, league, FILE)
    assert state() == before and not league.members.filter(pk=ben.pk).exists()
