"""A voided result counts nowhere (issue 29): tonight's table, the projector, the league page
(VP, Wins, Best hand, ratings), the member page, the standings CSV and the printed standings
read one selector, and every one of them reads as if the voided set had never been played.
The voided set stays listed, struck through, and the results CSV says it is void."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula import scoring as df_scoring
from games.leagues import services
from games.ratings.models import Rating
from tests.support.leagues import NO_WINNER, seats, won
from tests.web.night_helpers import night_of

pytestmark = pytest.mark.django_db

STANDINGS = re.compile(r'<table class="standings".*?</table>', re.S)
PROJECTOR = re.compile(r'<section id="night-(?:tonight|league)".*?</section>', re.S)
MEMBER_FIGURES = re.compile(r"<main.*?</main>", re.S)


def record_at(night, members, games):
    match = services.new_match(night.league, night)
    return df_scoring.record_set_result(match, seats(members), games)


def everything_counted(client, night, member):
    """Every figure a player, an organiser or the projector sees, as the pages show it."""
    league = night.league

    def page(name, *args):
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        return response.content.decode()

    return {
        "tonight": STANDINGS.findall(page("nights:night", night.pk)),
        "projector": PROJECTOR.findall(page("nights:screen", night.pk)),
        "league page": STANDINGS.findall(page("leagues:league_detail", league.pk)),
        "printed standings": STANDINGS.findall(page("leagues:standings_sheet", league.pk)),
        "standings csv": page("leagues:standings_csv", league.pk),
        "member page": MEMBER_FIGURES.findall(page("leagues:member_detail", member.pk)),
        "ratings": sorted(
            (r.member.name, round(r.mu, 9), round(r.sigma, 9), r.results)
            for r in Rating.objects.select_related("member")
        ),
    }


def test_a_voided_set_counts_on_no_page_and_in_no_export(client):
    night, members = night_of(count=4)
    aki, ben, cho, dai = members
    for member in members:
        night.entrants.create(member=member, name=member.name)
    record_at(night, [ben, cho, dai, aki], [won(0), won(1), NO_WINNER, won(3, "sephirot_6")])
    before = everything_counted(client, night, aki)

    # Aki's best night: a set of big hands, Wins and a Best hand no one else has.
    big = record_at(
        night,
        [aki, ben, cho, dai],
        [won(0, "wisdom_of_kings"), won(0), won(0), won(0, "wisdom_of_kings")],
    )
    with_big = everything_counted(client, night, aki)
    for place, figures in with_big.items():
        assert figures != before[place], f"the set does not show on {place}: the test sees nothing"

    organiser = get_user_model().objects.create_user("org", password="pw-org-12345")
    night.league.organisers.add(organiser)
    client.force_login(organiser)
    response = client.post(
        reverse("leagues:void_result", args=["set", big.pk]), {"reason": "wrong table"}
    )
    assert response.status_code == 302
    client.logout()

    after = everything_counted(client, night, aki)
    for place, figures in after.items():
        assert figures == before[place], f"the void set still counts on {place}"

    # Still listed, struck through, and marked void in the results CSV.
    page = client.get(reverse("leagues:league_detail", args=[night.league.pk])).content.decode()
    assert re.search(r'<tr class="void">\s*<td>[^<]*<strong class="void-label">', page)
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(
                    reverse("leagues:results_csv", args=[night.league.pk]),
                    HTTP_ACCEPT_LANGUAGE="en",
                )
                .content.decode()
                .lstrip("\ufeff")
            )
        )
    )
    void = {row["Match"]: row["Void"] for row in rows}
    assert void[str(big.match.number)] == "yes" and list(void.values()).count("no") == 1
