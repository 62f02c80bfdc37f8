"""Keeping score at a real table: a set entered game by game through the pages."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from dragonformula.models import Penalty, SetGame, SetResult
from dragonformula.rules import best_hand, random_winning_hand
from games.leagues.models import Match
from tests.support.leagues import make_league, make_members

pytestmark = pytest.mark.django_db

PILLAR_OF_MERCY = "W3 C3 S3 C5 S5 P5 W8 C8 P8 M7 M12"  # 1600 for any element


@pytest.fixture
def keeper(client):
    """A logged-in organiser of the league who plays in it (not staff), and its four players."""
    league = make_league()
    members = make_members(league, "Aki", "Ben", "Chie", "Dai")
    user = get_user_model().objects.create_user("aki", password="pw")
    members[0].user = user
    members[0].save()
    league.organisers.add(user)
    client.force_login(user)
    return client, league, members


def start_set(client, league, members, elements=("water", "air", "earth", "fire")) -> SetResult:
    data = {f"player_{i}": m.pk for i, m in enumerate(members)}
    data |= {f"element_{i}": e for i, e in enumerate(elements)}
    response = client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 302, response.content.decode()
    return SetResult.objects.latest("pk")


def post_game(client, set_result, **fields):
    data = {"win": "dan", **fields}
    return client.post(reverse("leagues:set_detail", args=[set_result.pk]), data)


def test_a_physical_set_entered_card_by_card_scores_like_best_hand(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    rng = random.Random(7)
    elements = {0: "water", 1: "air", 2: "earth", 3: "fire"}
    expected = {0: 0, 1: 0, 2: 0, 3: 0}
    for winner in (3, 0, 1, 2):
        cards = random_winning_hand(rng, special_share=0.3)
        multipliers = ["last_judgement"] if winner == 1 else []
        response = post_game(
            client,
            set_result,
            winner=winner,
            cards=", ".join(cards).lower(),
            multipliers=multipliers,
        )
        assert response.status_code == 302, response.content.decode()
        result = best_hand(cards, elements[winner], last_judgement=bool(multipliers))
        game = set_result.games.latest("number")
        assert (game.hand, game.points, game.bonuses) == (result.hand, result.total, result.bonuses)
        assert game.reading["majors"] == list(result.majors)
        expected[winner] += result.total
    set_result.refresh_from_db()
    assert set_result.complete
    assert {line.seat: line.points for line in set_result.lines.all()} == expected
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert "The set is complete" in page
    assert 'name="cards"' not in page


def test_next_starter_follows_fire_clockwise(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)  # Dai (seat 3) is Fire
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert "Next game: Dai starts." in page
    post_game(client, set_result, winner="", win="none")
    page = client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode()
    assert "Next game: Aki starts." in page


def test_a_chosen_hand_with_bonuses_and_a_penalty(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_game(
        client,
        set_result,
        winner=0,
        hand="sephirot_5",
        bonuses=["triangle", "my_series"],
        multipliers=["genius"],
        penalty_seat_0=2,
        penalty_offence_0="too_few_cards",
        penalty_intentional_0="on",
    )
    assert response.status_code == 302
    points = {line.member.name: line.points for line in set_result.lines.all()}
    assert points == {"Aki": 5000, "Ben": 0, "Chie": -1000, "Dai": 0}


def test_a_malformed_card_code_is_named_and_nothing_is_stored(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    cards = PILLAR_OF_MERCY.replace("C8", "X9")
    response = post_game(client, set_result, winner=0, cards=cards)
    assert response.status_code == 400
    assert "X9" in response.content.decode()
    assert not SetGame.objects.exists()


def test_cards_that_do_not_win_are_refused(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_game(client, set_result, winner=0, cards=PILLAR_OF_MERCY.replace("M12", "M21"))
    assert response.status_code == 400
    assert "not a winning hand" in response.content.decode()
    assert not SetGame.objects.exists()


def test_eleven_cards_and_a_chosen_hand_together_are_refused(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_game(client, set_result, winner=0, cards=PILLAR_OF_MERCY, hand="sephirot_5")
    assert response.status_code == 400
    assert "either as 11 cards or as a hand" in response.content.decode()


def test_the_reading_preview_shows_the_best_reading(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = client.post(
        reverse("leagues:hand_preview", args=[set_result.pk]),
        {"winner": 0, "cards": PILLAR_OF_MERCY, "multipliers": ["genius"]},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "Pillar of Mercy" in body and "16000 points" in body and "M7 M12" in body
    bad = client.post(
        reverse("leagues:hand_preview", args=[set_result.pk]), {"winner": 0, "cards": "W3 Q9"}
    )
    assert "Q9" in bad.content.decode()


def test_bad_elements_are_refused_with_a_message(keeper):
    client, league, members = keeper
    data = {f"player_{i}": m.pk for i, m in enumerate(members)}
    data |= {f"element_{i}": e for i, e in enumerate(("fire", "air", "water", "earth"))}
    response = client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 400
    assert "clockwise" in response.content.decode()
    assert not Match.objects.exists()


def test_strangers_cannot_keep_score(client):
    league = make_league()
    members = make_members(league, "Aki", "Ben")
    url = reverse("leagues:record", args=[league.pk])
    assert client.get(url).status_code == 302  # to the login page
    outsider = get_user_model().objects.create_user("zoe", password="pw")
    client.force_login(outsider)
    data = {"player_0": members[0].pk, "element_0": "fire"}
    data |= {"player_1": members[1].pk, "element_1": "water"}
    assert client.post(url, data).status_code == 403
    assert not Match.objects.exists()


def test_a_dragsaga_game_recorded_at_a_real_table(admin_client):
    from dragsaga.models import DragSagaResult

    league = make_league("dragsaga", "Saga League")
    aki, ben, chie = make_members(league, "Aki", "Ben", "Chie")
    rows = [(aki, 4, 2, 7), (ben, 3, 3, 9), (chie, 8, 1, 1)]  # damage, cards left, their cost
    data = {}
    for seat, (member, damage, cards, cost) in enumerate(rows):
        data |= {
            f"player_{seat}": member.pk,
            f"damage_{seat}": damage,
            f"cards_left_{seat}": cards,
            f"leftover_cost_{seat}": cost,
        }
    response = admin_client.post(reverse("leagues:record", args=[league.pk]), data)
    assert response.status_code == 302
    result = DragSagaResult.objects.get()
    finals = {
        line.member.name: (line.penalty, line.final_damage, line.rank)
        for line in result.lines.all()
    }
    assert finals == {"Aki": (3, 7, 1), "Ben": (4, 7, 2), "Chie": (0, 8, 3)}
    page = admin_client.get(response["Location"]).content.decode()
    assert "Aki" in page and "Final damage" in page


def test_the_next_set_keeps_the_seats_and_reassigns_the_elements(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    url = reverse("leagues:next_set", args=[set_result.pk])
    assert client.post(url, {"fire": 1}).status_code == 409  # the set is not over
    for _game in range(4):
        post_game(client, set_result, winner="", win="none")
    response = client.post(url, {"fire": 1})
    following = SetResult.objects.latest("pk")
    assert response["Location"] == reverse("leagues:set_detail", args=[following.pk])
    assert (following.match_id, following.number) == (set_result.match_id, 2)
    lines = following.lines.select_related("member").order_by("seat")
    assert [(line.member.name, line.element) for line in lines] == [
        ("Aki", "earth"),
        ("Ben", "fire"),
        ("Chie", "water"),
        ("Dai", "air"),
    ]
    assert client.post(url, {"fire": 9}).status_code == 400


# --- a false Dan, a game nobody won ------------------------------------------------


def post_as_left(client, set_result, **fields):
    """The form as a keeper leaves it: "how" keeps its default (Dan) unless changed."""
    return client.post(
        reverse("leagues:set_detail", args=[set_result.pk]), {"win": "dan", **fields}
    )


def test_a_false_dan_with_its_offender_is_recorded_in_one_go(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_as_left(client, set_result, winner="", offender=1)
    assert response.status_code == 302, response.content.decode()
    game = SetGame.objects.get()
    assert (game.winner, game.win, game.points, game.counts) == (None, "none", 0, False)
    penalty = Penalty.objects.get()
    assert (penalty.member.name, penalty.offence, penalty.points) == ("Ben", "false_dan", -500)
    points = {line.member.name: line.points for line in set_result.lines.all()}
    assert points == {"Aki": 0, "Ben": -500, "Chie": 0, "Dai": 0}


def test_a_false_dan_entered_as_a_penalty_row_is_accepted_too(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_as_left(
        client, set_result, winner="", penalty_seat_0=2, penalty_offence_0="false_dan"
    )
    assert response.status_code == 302, response.content.decode()
    assert SetGame.objects.get().counts is False
    assert Penalty.objects.get().member.name == "Chie"


def test_a_game_without_a_winner_needs_no_change_of_how(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_as_left(client, set_result, winner="")
    assert response.status_code == 302, response.content.decode()
    game = SetGame.objects.get()
    assert (game.winner, game.win, game.counts) == (None, "none", True)


def test_a_false_dan_with_a_winner_is_refused_once_and_nothing_is_stored(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_as_left(client, set_result, winner=0, cards=PILLAR_OF_MERCY, offender=1)
    body = response.content.decode()
    assert response.status_code == 400
    assert body.count("A false Dan ends the game: it has no winner.") == 1
    assert not SetGame.objects.exists()


def test_a_hand_typed_for_a_game_without_a_winner_is_refused_once(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    response = post_as_left(client, set_result, winner="", cards=PILLAR_OF_MERCY)
    body = response.content.decode()
    assert response.status_code == 400
    assert body.count("has no hand") == 1
    assert not SetGame.objects.exists()


def test_a_forged_offender_is_refused(keeper):
    client, league, members = keeper
    set_result = start_set(client, league, members)
    assert post_as_left(client, set_result, winner="", offender=9).status_code == 400
    assert post_as_left(client, set_result, winner="", offender="x" * 10000).status_code == 400
    assert not SetGame.objects.exists()


# --- the words: 付加点数 for sephirot bonuses, 付加役（倍数） for multipliers -----------------

BONUS_WORDS = {"ja": ("付加点数", "付加役（倍数）"), "en": ("Bonus points", "Multipliers (×)")}


def labels_of(body: str) -> list[str]:
    """Every label and table header text of a page, tags stripped."""
    import re

    found = re.findall(r"<(label|th|legend|caption)\b[^>]*>(.*?)</\1>", body, re.S)
    return [re.sub(r"<[^>]+>|\s+", "", text).rstrip(":：") for _, text in found]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_keeper_form_and_sheets_name_bonuses_and_multipliers_apart(keeper, settings, language):
    settings.LANGUAGE_CODE = language
    bonuses, multipliers = (word.replace(" ", "") for word in BONUS_WORDS[language])
    client, league, members = keeper
    set_result = start_set(client, league, members)
    pages = [
        client.get(reverse("leagues:set_detail", args=[set_result.pk])).content.decode(),
        client.get(reverse("leagues:set_sheet", args=[set_result.pk])).content.decode(),
        client.get(reverse("leagues:blank_sheet", args=["dragonformula"])).content.decode(),
    ]
    for body in pages:
        labels = labels_of(body)
        assert bonuses in labels, labels
        assert multipliers in labels, labels
    sheet_labels = labels_of(pages[2])
    assert any(text.startswith(bonuses) and text != bonuses for text in sheet_labels)  # page 2
    stem = multipliers.rstrip(")）")  # the caption goes on inside the brackets
    assert any(text.startswith(stem) and text != multipliers for text in sheet_labels)
    if language == "ja":
        assert "付加役" not in labels_of(pages[0])  # the bare word names nothing on its own
