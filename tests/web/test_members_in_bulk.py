"""Members in bulk: a CSV import (name, optional reading, optional e-mail) that takes the whole
file or nothing and says which lines are wrong; two members of one name (once the organiser
says so); readings sort the lists; an e-mail invites the member with a claim code by mail and
never makes an account; claim codes for many members at once,
printed as an A4 PDF of slips with a QR code each, that link the account that redeems them."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader

from games.leagues.member_models import Member, MemberClaim
from games.printing import pdf
from tests.support.leagues import make_league, sign_in_organiser

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    pdf._cache.clear()
    yield
    pdf._cache.clear()


@pytest.fixture
def organiser(client):
    league = make_league()
    sign_in_organiser(client)
    return client, league


def upload(client, league, text: str | bytes, encoding="utf-8", **fields):
    data = text.encode(encoding) if isinstance(text, str) else text
    file = SimpleUploadedFile("members.csv", data, content_type="text/csv")
    url = reverse("leagues:import_members", args=[league.pk])
    return client.post(url, {"file": file, **fields})


GOOD = """名前,よみ,メール
渡辺 健,わたなべ けん,
佐藤 花子,さとう はなこ,hanako@example.org
佐藤 花子,サトウ ハナコ,
Ben Smith,,
"""


def test_a_csv_of_members_is_imported_with_readings_and_two_members_of_one_name(organiser):
    client, league = organiser
    flagged = upload(client, league, GOOD)  # two 佐藤 花子: asked first
    assert flagged.status_code == 409 and not Member.objects.exists()
    assert "佐藤 花子 is on lines 3, 4 of the file" in flagged.content.decode()
    response = upload(client, league, GOOD, import_flagged="on")
    assert response.status_code == 302
    members = list(league.members.all())  # in the order of their readings
    assert [(m.name, m.reading) for m in members] == [
        ("Ben Smith", ""),
        ("佐藤 花子", "さとう はなこ"),
        ("佐藤 花子", "サトウ ハナコ"),
        ("渡辺 健", "わたなべ けん"),
    ]
    assert members[1].pk != members[2].pk  # two members, not one
    hanako = members[1]
    assert hanako.email == "hanako@example.org" and hanako.user is None  # invited, no account
    assert not get_user_model().objects.exclude(username="org").exists()
    page = client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "4 members imported" in page and "1 invited by e-mail with a claim code" in page
    # The league's forms tell the two 佐藤 apart by their readings.
    record = client.get(reverse("leagues:record", args=[league.pk])).content.decode()
    assert "佐藤 花子（さとう はなこ）" in record and "佐藤 花子（サトウ ハナコ）" in record


def test_excel_shift_jis_without_a_header_is_read(organiser):
    client, league = organiser
    assert upload(client, league, "山田 一郎,やまだ いちろう\r\n", "cp932").status_code == 302
    assert Member.objects.get().reading == "やまだ いちろう"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,reading,email\nAki,,aki@example.org\n,,\n ,あき,\n", "Line 4: the name is empty."),
        ("Aki,,not-an-address\n", "Line 1: “not-an-address” is not an e-mail address."),
        ("Aki,,a@example.org\nBen,,A@example.org\n", "Line 2: A@example.org is on line 1 too."),
        ("Aki,あき,a@example.org,extra\n", "Line 1: more than three columns"),
        ("A" * 61 + "\n", "Line 1: the name is longer than 60 characters."),
        ("Aki\x07,,\n", "Line 1: the name holds a control character."),
        # A valid-looking address longer than an address may be.
        (
            f"Aki,,{'x' * 60}@{'d' * 60}.{'e' * 60}.{'f' * 60}.{'g' * 60}.org\n",
            "Line 1: the e-mail address is longer than 254 characters.",
        ),
        (b"\xff\xfe\x00\x00garbage\x81", "not text in UTF-8 or Shift_JIS"),
        ("\n\n", "The file has no members in it."),
        ("x" * (300 * 1024), "The file is larger than 256 KB."),
    ],
)
def test_a_bad_file_is_refused_whole_with_the_lines_named(organiser, text, message):
    client, league = organiser
    if "Line" in message:
        text += "Dai,だい,\n"  # a good line too: it is not imported either
    response = upload(client, league, text)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert not Member.objects.exists()  # nothing half-imported
    assert not get_user_model().objects.exclude(username="org").exists()


def test_an_e_mail_invites_with_a_claim_code_and_the_member_links_his_own_account(
    organiser, client
):
    _client, league = organiser
    upload(client, league, GOOD, import_flagged="on")
    assert not get_user_model().objects.filter(email="hanako@example.org").exists()
    assert not get_user_model().objects.filter(username="hanako@example.org").exists()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["hanako@example.org"]
    code = re.search(r"^    ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})$", mail.outbox[0].body, re.M)[1]
    assert "/leagues/claim/?code=" in mail.outbox[0].body
    # Hanako makes her own account, under the name she likes, and redeems the code.
    client.logout()
    hanako = get_user_model().objects.create_user("hanako-s", password="tanuki-2026-x")
    client.force_login(hanako)
    assert client.post(reverse("leagues:claim"), {"code": code}).status_code == 302
    member = Member.objects.get(email="hanako@example.org")
    assert member.user == hanako


def test_an_e_mail_of_an_existing_account_is_only_invited(organiser):
    client, league = organiser
    someone = get_user_model().objects.create_user(
        "hanako", email="hanako@example.org", password="x"
    )
    assert upload(client, league, GOOD, import_flagged="on").status_code == 302
    assert Member.objects.get(email="hanako@example.org").user is None
    assert not Member.objects.filter(user=someone).exists()


def test_claim_slips_for_many_members_are_an_a4_pdf_with_a_qr_code_each(organiser, tmp_path):
    client, league = organiser
    upload(client, league, GOOD, import_flagged="on")
    hanako = get_user_model().objects.create_user("hanako", password="pw-hanako-123")
    Member.objects.filter(email="hanako@example.org").update(user=hanako)  # she claimed hers
    members = list(league.members.filter(user=None))
    assert len(members) == 3
    response = client.post(
        reverse("leagues:claim_slips", args=[league.pk]),
        {"members": [m.pk for m in members] + [league.members.get(user__isnull=False).pk]},
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "no-store"
    reader = PdfReader(io.BytesIO(response.content))
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)
    text = "".join(p.extract_text() for p in reader.pages)
    codes = re.findall(r"\b[A-Z2-9]{4}-[A-Z2-9]{4}(?:-[A-Z2-9]{4})*\b", text)
    assert len(codes) == 3  # one slip per member without an account; the linked one left out
    assert "渡辺 健" in text and "Ben Smith" in text and "サトウ ハナコ" in text
    assert "さとう はなこ" not in text  # her account is linked already
    assert "/leagues/claim/" in text
    images = sum(len(p.images) for p in reader.pages)
    assert images == 3  # a QR code on each slip
    assert MemberClaim.objects.count() == 4  # and the one mailed to Hanako's invitation

    # A slip's code links the account that redeems it to its member.
    player = get_user_model().objects.create_user("ben-phone", password="pw")
    client.force_login(player)
    prefilled = client.get(reverse("leagues:claim"), {"code": codes[0]}).content.decode()
    assert f'value="{codes[0]}"' in prefilled
    assert client.post(reverse("leagues:claim"), {"code": codes[0]}).status_code == 302
    assert Member.objects.get(user=player).name in text


def test_no_slip_without_a_ticked_member_without_an_account(organiser):
    client, league = organiser
    response = client.post(reverse("leagues:claim_slips", args=[league.pk]), {"members": ["x"]})
    assert response.status_code == 400 and not MemberClaim.objects.exists()


def test_at_most_sixty_slips_at_once(organiser):
    client, league = organiser
    upload(client, league, "".join(f"Player {n}\n" for n in range(61)))
    ids = list(league.members.values_list("pk", flat=True))
    response = client.post(reverse("leagues:claim_slips", args=[league.pk]), {"members": ids})
    assert response.status_code == 400 and "At most 60 slips" in response.content.decode()
    assert not MemberClaim.objects.exists()


@pytest.mark.parametrize("who", ["signed out", "not an organiser"])
def test_bulk_writes_are_refused_to_anyone_but_an_organiser(organiser, who):
    client, league = organiser
    upload(client, league, "Aki,,\n")
    aki = Member.objects.get()
    client.logout()
    if who == "not an organiser":
        client.force_login(get_user_model().objects.create_user("stranger", password="pw"))
    expected = 302 if who == "signed out" else 403
    imported = upload(client, league, "Ben,,\n")
    slips = client.post(reverse("leagues:claim_slips", args=[league.pk]), {"members": [aki.pk]})
    form = client.get(reverse("leagues:import_members", args=[league.pk]))
    assert [imported.status_code, slips.status_code, form.status_code] == [expected] * 3
    assert list(Member.objects.values_list("name", flat=True)) == ["Aki"]
    assert not MemberClaim.objects.exists()
