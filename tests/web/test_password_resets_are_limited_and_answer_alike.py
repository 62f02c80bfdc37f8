""" "Forgot your password?" has limits of its own: at most three mails an hour to one e-mail
(12 requests sent 12 mails before) and a ceiling per address; the answer is the same for a
known and an unknown e-mail, within the limits and beyond them."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

KNOWN = "hanako@example.org"


@pytest.fixture(autouse=True)
def counts_start_at_zero():
    cache.clear()
    get_user_model().objects.create_user("hanako", email=KNOWN, password="old-pw-2026")
    yield
    cache.clear()


def ask(address, email, language="en"):
    return Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language).post(
        reverse("password_reset"), {"email": email}, follow=True
    )


def page(answer):
    """The page as a person reads it (each browser's form token aside)."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", answer.content.decode())
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", text)


def test_twelve_requests_for_one_e_mail_send_three_mails():
    answers = [ask("192.0.2.1", KNOWN) for _ in range(12)]
    assert len(mail.outbox) == 3  # an hour's mails for one e-mail
    assert all(m.to == [KNOWN] for m in mail.outbox)
    assert {a.redirect_chain[-1][0] for a in answers} == {reverse("password_reset_done")}
    assert {a.status_code for a in answers} == {200}


def test_the_limit_per_e_mail_holds_from_any_address_and_whatever_its_case():
    for n in range(6):
        ask(f"198.51.100.{n}", KNOWN if n % 2 else KNOWN.upper())
    assert len(mail.outbox) == 3


def test_a_known_and_an_unknown_e_mail_get_the_same_answer_within_and_beyond_the_limit():
    for _ in range(5):
        known = ask("192.0.2.1", KNOWN)
        unknown = ask("192.0.2.2", "nobody@example.org")
        assert known.status_code == unknown.status_code == 200
        assert known.redirect_chain == unknown.redirect_chain
        assert page(known) == page(unknown)


def test_one_address_asking_for_many_e_mails_is_refused_beyond_its_ceiling():
    from games.trust import password_resets

    ceiling = password_resets.RESETS_PER_ADDRESS.limit
    assert 3 < ceiling <= 50
    for n in range(ceiling):
        assert ask("203.0.113.9", f"guess{n}@example.org").status_code == 200
    refused = ask("203.0.113.9", KNOWN)
    assert refused.status_code == 429
    assert "Too many password reset requests" in refused.content.decode()
    assert not mail.outbox
    # Another address (the member at home) is not held back by it.
    assert ask("192.0.2.7", KNOWN).status_code == 200
    assert len(mail.outbox) == 1
