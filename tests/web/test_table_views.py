"""Table views: actions with the version a player saw, forged and stale POSTs, CSRF, spectators."""

import json

import pytest

from games.tables.actions import guests, opening, seating
from games.tables.models import ActionLog, Game, Seat, Table
from tests.web.tables import browser_of, htmx_post, seated_table, shows_code, without_hints

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cho", "Dai"]


def act_url(table):
    return f"/{table.game_name}/{table.code}/act"


def post_action(client, table, action, version):
    return htmx_post(client, act_url(table), {"action": json.dumps(action), "version": version})


def reload(game):
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def df():
    table, game, players = seated_table("dragonformula", NAMES)
    return table, game, players, [browser_of(p) for p in players]


def test_the_page_shows_my_hand_and_only_counts_of_the_others(df):
    table, game, players, browsers = df
    for seat, browser in enumerate(browsers):
        html = without_hints(browser.get(f"/dragonformula/{table.code}/").content.decode())
        assert all(shows_code(html, code) for code in game.state["hands"][seat])
        others = [c for s, hand in enumerate(game.state["hands"]) if s != seat for c in hand]
        assert not any(shows_code(html, code) for code in others)
        assert not any(shows_code(html, code) for code in game.state["pile"])


def test_the_seat_to_play_draws_and_everyone_s_version_moves_on(df):
    table, game, players, browsers = df
    turn = game.state["turn"]
    response = post_action(browsers[turn], table, {"type": "draw"}, 0)
    assert response.status_code == 200
    body = response.content.decode()
    assert '<span id="seen" hidden hx-swap-oob="true">' in body
    assert 'id="table-version" name="version" value="1"' in body
    assert 'id="prompt"' in body and 'id="hand"' in body
    drawn = reload(game).state["hands"][turn]
    assert len(drawn) == 11 and all(shows_code(body, code) for code in drawn)


def test_another_seat_cannot_play_out_of_turn(df):
    table, game, players, browsers = df
    other = (game.state["turn"] + 1) % 4
    response = post_action(browsers[other], table, {"type": "draw"}, 0)
    assert response.status_code == 400
    assert 'class="refusal"' in response.content.decode()
    assert reload(game).version == 0


def test_a_card_not_in_hand_or_a_malformed_code_is_refused_and_changes_nothing(df):
    table, game, players, browsers = df
    turn = game.state["turn"]
    post_action(browsers[turn], table, {"type": "draw"}, 0)
    someone_elses = game.state["hands"][(turn + 1) % 4][0]
    for card in (someone_elses, "X99", 7):
        response = post_action(browsers[turn], table, {"type": "discard", "card": card}, 1)
        assert response.status_code == 400
        assert 'role="alert"' in response.content.decode()
    game = reload(game)
    assert game.version == 1 and len(game.state["hands"][turn]) == 11


def test_a_stale_click_is_refused_with_the_current_state(df):
    table, game, players, browsers = df
    turn = game.state["turn"]
    post_action(browsers[turn], table, {"type": "draw"}, 0)
    response = post_action(browsers[turn], table, {"type": "draw"}, 0)
    assert response.status_code == 409
    body = response.content.decode()
    assert "moved on" in body
    assert 'name="version" value="1"' in body
    assert reload(game).version == 1


def test_without_the_csrf_token_nothing_happens(df):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    response = browser.post(
        act_url(table), {"action": json.dumps({"type": "draw"}), "version": 0}, HTTP_HX_REQUEST="1"
    )
    assert response.status_code == 403
    assert reload(game).version == 0


def test_spectators_and_strangers_cannot_act(df):
    table, game, players, browsers = df
    for spectator in (browser_of(None), browser_of(seated_table("dragsaga", ["Eve", "Fay"])[2][0])):
        response = post_action(spectator, table, {"type": "draw"}, 0)
        assert response.status_code == 403
        assert "Spectators cannot play" in response.content.decode()
    assert reload(game).version == 0


def test_a_spectator_sees_the_table_but_no_hand(df):
    table, game, players, browsers = df
    html = browser_of(None).get(f"/dragonformula/{table.code}/").content.decode()
    assert "watching" in html
    assert not any(shows_code(html, c) for hand in game.state["hands"] for c in hand)


def test_an_action_posted_to_the_other_game_s_address_is_not_found(df):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    response = htmx_post(
        browser,
        f"/dragsaga/{table.code}/act",
        {"action": json.dumps({"type": "draw"}), "version": 0},
    )
    assert response.status_code == 404
    assert reload(game).version == 0


def test_an_action_at_a_code_no_table_has_is_not_found(df):
    table, game, players, browsers = df
    response = post_action(browsers[game.state["turn"]], table, {"type": "draw"}, 0)
    assert response.status_code == 200
    lost = htmx_post(
        browsers[0], "/dragonformula/ZZZZZZ/act", {"action": '{"type": "draw"}', "version": 1}
    )
    assert lost.status_code == 404
    assert reload(game).version == 1


def test_a_forged_action_at_an_unknown_code_or_the_other_game_is_not_found(df):
    """Not a 400 about what was posted: which table a POST is for is decided first."""
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    forged = {"action": '{"type": "draw", "nested": [[[[]]]]}', "version": "NaN"}
    for address in ("/dragonformula/ZZZZZZ/act", f"/dragsaga/{table.code}/act"):
        assert htmx_post(browser, address, forged).status_code == 404
    lower = f"/dragonformula/ {table.code.lower()} /act"  # typed on a phone
    answer = htmx_post(browser, lower, {"action": '{"type": "draw"}', "version": 0})
    assert answer.status_code == 200
    assert reload(game).version == 1


def test_an_action_at_a_table_that_has_not_started_says_so():
    ann, ben = (guests.create_guest(name) for name in ("Ann", "Ben"))
    table = opening.create_table(game_name="dragonformula", players=2, created_by=ann)
    seating.sit(table, ben)
    response = post_action(browser_of(ann), table, {"type": "draw"}, 0)
    assert response.status_code == 400
    assert "The game has not started yet." in response.content.decode()
    assert not Game.objects.filter(table=table).exists()


def test_an_action_of_the_other_game_or_no_action_is_refused(df):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    response = post_action(browser, table, {"type": "flip", "card": "claw"}, 0)
    assert response.status_code == 400
    for data in ({"action": "{not json", "version": 0}, {"action": '{"type": "draw"}'}):
        assert htmx_post(browser, act_url(table), data).status_code == 400
    assert reload(game).version == 0


def test_dragsaga_place_form_fields_make_one_place_action():
    table, game, players = seated_table("dragsaga", ["Ann", "Ben", "Cho"])
    browsers = [browser_of(p) for p in players]
    for seat, browser in enumerate(browsers):
        dragon = next(a for a in _legal(game, seat) if a["type"] == "choose_dragon")
        game = reload(game)
        response = post_action(browser, table, dragon, game.version)
        assert response.status_code == 200, response.content.decode()
    game = reload(game)
    assert game.state["phase"] == "place"
    hand = game.state["seats"][0]["hand"]
    response = htmx_post(
        browsers[0],
        act_url(table),
        {"type": "place", "cards": hand[:2], "version": game.version},
    )
    assert response.status_code == 200, response.content.decode()
    assert "Placed. Waiting for the others." in response.content.decode()
    assert reload(game).state["seats"][0]["choice"]["cards"] == hand[:2]


def _legal(game, seat):
    from games.registry import engine_for

    return engine_for(game.game_name).legal_actions(game.state, seat)


def seen_of(browser, table):
    """The version and prompt fingerprint a player's page holds (what its forms post)."""
    import re

    html = browser.get(f"/{table.game_name}/{table.code}/").content.decode()
    version = re.search(r'id="table-version" name="version" value="(\d+)"', html).group(1)
    prompt = re.search(r'name="prompt" value="([0-9a-f]+)"', html).group(1)
    return version, prompt


def answer(browser, table, action, seen):
    version, prompt = seen
    data = {"action": json.dumps(action), "version": version, "prompt": prompt}
    return htmx_post(browser, act_url(table), data)


def test_seats_answering_one_pick_window_at_once_are_not_refused_as_stale():
    table, game, players = seated_table("dragonformula", NAMES, options={"pick_seconds": 120})
    browsers = [browser_of(p) for p in players]
    turn = game.state["turn"]
    post_action(browsers[turn], table, {"type": "draw"}, 0)
    card = reload(game).state["hands"][turn][0]
    post_action(browsers[turn], table, {"type": "discard", "card": card}, 1)
    others = [s for s in range(4) if s != turn]
    seen = {s: seen_of(browsers[s], table) for s in others}  # all three look at version 2
    for s in others:
        response = answer(browsers[s], table, {"type": "pass"}, seen[s])
        assert response.status_code == 200, response.content.decode()
    game = reload(game)
    assert game.version == 5 and game.state["phase"] == "draw"
    assert [e["type"] for e in game.state["events"]][-1] == "window_closed"


def test_a_click_on_a_prompt_that_has_changed_since_is_stale():
    table, game, players = seated_table("dragonformula", NAMES, options={"pick_seconds": 120})
    browsers = [browser_of(p) for p in players]
    turn = game.state["turn"]
    waiting = browsers[(turn + 1) % 4]
    seen = seen_of(waiting, table)  # "Ann's turn"
    post_action(browsers[turn], table, {"type": "draw"}, 0)
    card = reload(game).state["hands"][turn][0]
    post_action(browsers[turn], table, {"type": "discard", "card": card}, 1)
    response = answer(waiting, table, {"type": "pass"}, seen)  # a window it never saw
    assert response.status_code == 409
    assert reload(game).version == 2


def test_a_dan_after_the_winning_draw_ends_the_game_for_every_seat():
    from games.tables.actions import opening, seating, starting
    from games.tables.models import Player

    players = [Player.objects.create(display_name=name) for name in NAMES]
    table = opening.create_table(game_name="dragonformula", players=4, created_by=players[0])
    for player in players[1:]:
        seating.sit(table, player)
    winning = ["W6", "C6", "S6", "W1", "W2", "W3", "C7", "C8", "C9", "M2"]
    others = [
        ["S1", "S3", "S5", "S7", "S9", "P2", "P4", "P6", "P8", "M10"],
        ["S2", "S4", "S8", "S10", "P1", "P3", "P5", "P7", "P9", "M11"],
        ["W4", "W5", "W7", "W8", "W9", "W10", "C4", "C5", "C10", "M12"],
    ]
    table.stacking = {"deals": [{"hands": [winning, *others], "pile": ["M4"]}], "fire_seats": [0]}
    table.save()
    game = starting.start(table, players[0])
    browsers = [browser_of(p) for p in players]
    post_action(browsers[0], table, {"type": "draw"}, 0)
    page = browsers[0].get(f"/dragonformula/{table.code}/").content.decode()
    assert 'data-action="dan"' in page  # assisted table: offered because the hand wins
    response = post_action(browsers[0], table, {"type": "dan"}, 1)
    assert response.status_code == 200
    game = reload(game)
    assert game.state["last_game"]["winner"] == 0
    assert "genius" in game.state["last_game"]["reading"]["multipliers"]
    for browser in browsers[1:]:
        html = browser.get(f"/dragonformula/{table.code}/").content.decode()
        assert "Ann wins" in html and all(shows_code(html, c) for c in [*winning, "M4"])


@pytest.mark.parametrize("version", ["²", "٣", "9" * 5000, "-1", " 0"])
def test_a_version_that_is_no_plain_number_is_refused_readably(df, version):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    data = {"action": json.dumps({"type": "draw"}), "version": version}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "did not say which state you saw" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.parametrize("seat", ["²", "9" * 5000])
def test_a_seat_number_that_is_no_plain_number_is_refused_readably(seat):
    players = [guests.create_guest(name) for name in ("Ann", "Ben")]
    table = opening.create_table(game_name="dragonformula", players=4, created_by=players[0])
    response = htmx_post(browser_of(players[1]), f"/dragonformula/{table.code}/sit", {"seat": seat})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not table.seats.filter(player=players[1]).exists()


def test_a_deeply_nested_action_is_refused_readably(df):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    data = {"action": "[" * 50_000 + "]" * 50_000, "version": "0"}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.exists()


def test_an_action_padded_with_a_huge_extra_field_is_refused_and_not_logged(df):
    table, game, players, browsers = df
    browser = browsers[game.state["turn"]]
    padded = {"type": "draw", "note": "x" * 1_000_000}
    data = {"action": json.dumps(padded), "version": "0"}
    response = htmx_post(browser, f"/dragonformula/{table.code}/act", data)
    assert response.status_code == 400
    assert "not an action of this game" in response.content.decode()
    assert not ActionLog.objects.exists()
    assert Game.objects.get(pk=game.pk).version == 0


def test_opening_sitting_standing_and_starting_need_the_csrf_token():
    ann, ben = guests.create_guest("Ann"), guests.create_guest("Ben")
    response = browser_of(ann).post("/new/dragsaga/", {"dragsaga-players": "2"})
    assert response.status_code == 403 and not Table.objects.exists()

    table = opening.create_table(game_name="dragsaga", players=2, created_by=ann)
    base = f"/dragsaga/{table.code}"
    assert browser_of(ben).post(f"{base}/sit").status_code == 403
    assert not Seat.objects.filter(player=ben).exists()
    assert browser_of(ann).post(f"{base}/stand").status_code == 403
    assert table.seats.get(number=0).player == ann

    seating.sit(table, ben)
    assert browser_of(ann).post(f"{base}/start").status_code == 403
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and not table.games.exists()


def test_the_prompt_posts_to_its_table_under_whatever_prefix_the_site_is_served_at():
    from django.urls import set_script_prefix

    from games.regions.rendering import act_url

    try:
        for prefix in ("/", "/club/", "/"):
            set_script_prefix(prefix)
            assert act_url("dragsaga", "AB12C", prefix) == f"{prefix}dragsaga/AB12C/act"
            assert act_url("dragonformula", "AB12C", prefix) == f"{prefix}dragonformula/AB12C/act"
    finally:
        set_script_prefix("/")
