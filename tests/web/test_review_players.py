"""Review: a guest is one player per browser; naming oneself again keeps one's seats."""

import pytest

from games import services
from games.models import Player
from games.selectors import SESSION_PLAYER
from tests.web.tables import browser_of, htmx_post

pytestmark = pytest.mark.django_db


def test_a_seated_guest_who_names_themselves_again_keeps_their_seat():
    ann = services.create_guest("Ann")
    table = services.create_table(game_name="dragonformula", players=4, created_by=ann)
    browser = browser_of(ann)
    # A second lobby tab, opened before naming, still shows the guest form.
    response = htmx_post(browser, "/guest/", {"display_name": "Annie"})
    assert response.status_code == 302
    assert browser.session[SESSION_PLAYER] == ann.pk
    assert Player.objects.count() == 1
    assert Player.objects.get(pk=ann.pk).display_name == "Annie"
    page = browser.get(f"/dragonformula/{table.code}/").content.decode()
    assert "Stand up" in page  # still seated: the table is not left waiting for a lost seat
    assert table.seats.get(number=0).player_id == ann.pk


def test_guest_names_are_cleaned_the_same_when_given_again():
    ann = services.create_guest("Ann")
    browser = browser_of(ann)
    htmx_post(browser, "/guest/", {"display_name": "  Ann   Marie "})
    assert Player.objects.get(pk=ann.pk).display_name == "Ann Marie"
    response = htmx_post(browser, "/guest/", {"display_name": "   "})
    assert response.status_code == 400
    assert Player.objects.get(pk=ann.pk).display_name == "Ann Marie"
