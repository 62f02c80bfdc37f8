"""A whole club night in Chromium, as an organiser and members run it: nine members imported
from a CSV on the league page, the night put on the calendar and opened on its evening, eight
check-ins (one a member's own tap on her phone), round 1 drawn (confirmed), one table online
where members with an account tap their names, a member without one is seated by the
organiser's one-time seat link on a phone and a drawn seat nobody took is played by a bot for
its member, the other table at real cards recorded by the organiser, one of its games then
corrected (before and after on the set's page), a late arrival and a leaver, round 2 drawn
and recorded, the night ended (confirmed). The projector (1920×1080) stays open throughout
and follows by its socket; tonight's table, the projector and the league page agree; no
page answers 500; the phone (390×844) never scrolls sideways.

The online table's moves are played through the service layer (every move in a browser
would take minutes) up to the last move of a person, which their phone posts, so the server
plays the bots' last moves and files the result as at the club."""

from __future__ import annotations

import datetime
import re
import time

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.leagues.member_models import Member
from games.leagues.models import League
from games.nights.models import NightEntrant, NightTable
from games.registry import game_kind
from games.tables import selectors as table_selectors
from games.tables.actions import playing as table_playing
from games.tables.actions.refused import IllegalMove, StaleVersion
from games.tables.models import Seat, Table
from tests.browser.tables import off_the_browser_loop

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}
PASSWORD = "pw-member-2468"

# Five members give an e-mail (an account each), four do not: with eight of them at two tables
# of four, one table always holds members of both kinds.
ROSTER = """名前,よみ,メール
Aki Sato,さとう あき,aki@example.org
Ben Ito,いとう べん,ben@example.org
Cho Kato,かとう ちょう,cho@example.org
Dai Mori,もり だい,dai@example.org
Emi Abe,あべ えみ,emi@example.org
Fuu Ono,おの ふう,
Gen Oda,おだ げん,
Hana Ueno,うえの はな,
Ito Kudo,くどう いと,
"""
LATE = "Ito Kudo"  # no account: comes before round 2


class Night:
    """The pages opened tonight, with every answer of 500 or more noted."""

    def __init__(self, new_page, artifacts_dir):
        self.new_page = new_page
        self.artifacts = artifacts_dir
        self.server_errors: list[str] = []

    def open(self, viewport, name=""):
        page = self.new_page(viewport=viewport)
        page.on(
            "response",
            lambda r: r.status >= 500 and self.server_errors.append(f"{r.status} {r.url}"),
        )
        page.shot_name = name
        return page

    def shot(self, page, step, full_page=False):
        page.screenshot(
            path=self.artifacts / f"whole-night-{page.shot_name}-{step}.png", full_page=full_page
        )


def log_in(page, username, password, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def press(page, name):
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_load_state()


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)


def first_name(text):
    return re.sub(r"\s*\d+ played by a bot$", "", text.strip())


def night_page_tonight(page):
    """Tonight's table on the night page: name → (VP, points)."""
    rows = page.locator("section[aria-labelledby='tonight-title'] tbody tr").all()
    return {
        first_name(r.locator("th").inner_text()): (
            r.locator("td").nth(1).inner_text(),
            r.locator("td").nth(3).inner_text(),
        )
        for r in rows
    }


def projector_tonight(screen):
    """Tonight's table on the projector (every page of it): name → (VP, points)."""
    rows = screen.locator("#night-tonight tbody tr").all()
    return {
        first_name(r.locator("th").text_content()): (
            r.locator("td").nth(1).text_content().strip(),
            r.locator("td").nth(2).text_content().strip(),
        )
        for r in rows
    }


def league_vp(page):
    rows = page.locator("#standings tbody tr").all()
    return {
        first_name(r.locator("th").inner_text()): r.locator("td").nth(1).inner_text() for r in rows
    }


def table_item(page, round_number, number):
    return page.locator(f"#round-{round_number} li.night-table[data-table='{number}']")


def keep_score(page, night_pk, round_number, number, players):
    """The organiser records a real-card table's set: each game won by the next seat."""
    page.goto(f"/nights/{night_pk}/")
    table_item(page, round_number, number).get_by_role("link", name="Keep score").click()
    for seat in range(players):
        page.get_by_label("Winner").select_option(index=seat + 1)
        page.get_by_label("or the hand").select_option("sephirot_6")
        page.get_by_role("button", name="Record the game").click()
        page.wait_for_load_state()
    page.get_by_text("The set is complete").wait_for()
    # A night plays one set a table each round: no next set here, a way back to the night.
    assert page.get_by_role("button", name="Start the next set").count() == 0
    assert page.get_by_text("plays one set a round").count() == 1
    assert page.get_by_role("link", name="Back to the night").count() == 1
    return page.url


# --- the online table's moves --------------------------------------------------------------------


def _bot_turns(engine, state, humans, levels):
    """What ``table_playing.advance`` does when bots are awaited: each awaited bot once."""
    for seat in [s for s in engine.waiting_for(state) if s not in humans]:
        if state.get("finished") or seat not in engine.waiting_for(state):
            continue
        state = engine.apply(state, seat, engine.bot_action(state, seat, levels[seat]), time.time())
    return state


def people_moves_left(engine, state, humans, levels):
    """How many moves the people at the table make from ``state`` to the end, each playing as
    the smart bot would (the bots are deterministic: the same state, the same move)."""
    count = 0
    while not state.get("finished"):
        waiting = engine.waiting_for(state)
        if any(s not in humans for s in waiting):
            state = _bot_turns(engine, state, humans, levels)
        elif waiting:
            seat = waiting[0]
            state = engine.apply(state, seat, engine.bot_action(state, seat, "smart"), time.time())
            count += 1
        else:
            raise AssertionError("nobody is awaited at an unfinished table")
    return count


def play_until_the_last_move_of_a_person(table_pk):
    """Play the online table through the table's actions (people as the smart bot, the bots by
    ``table_playing.advance``) and stop before the people's last move."""
    table = Table.objects.get(pk=table_pk)
    engine = game_kind(table.game_name).engine
    seats = list(Seat.objects.filter(table=table).select_related("player"))
    humans = {s.number: s.player for s in seats if s.player_id and not s.bot_level}
    levels = {s.number: s.bot_level for s in seats}
    game = table_selectors.current_game(table)
    left = people_moves_left(engine, game.state, humans, levels)
    while left > 1:
        game = table_selectors.current_game(table)
        waiting = engine.waiting_for(game.state)
        try:
            if any(s not in humans for s in waiting):
                table_playing.advance(game.pk, game.version, now=time.time())
            else:
                seat = waiting[0]
                action = engine.bot_action(game.state, seat, "smart")
                table_playing.apply_action(
                    game, humans[seat], action, game.version, now=time.time()
                )
                left -= 1
        except (StaleVersion, IllegalMove):
            continue  # the server moved a bot meanwhile: look again
    return sorted(humans)


POST = """async (action) => {
  const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  const body = new URLSearchParams({
    version: document.querySelector("#table-version").value,
    action: JSON.stringify(action),
  });
  const answer = await fetch(location.pathname + "act", {
    method: "POST", body, headers: {"X-CSRFToken": token, "HX-Request": "true"},
  });
  return answer.status;
}"""


def the_people_finish_in_their_browsers(table_pk, phones, timeout=60.0):
    """Each move awaited of a person is posted from their phone (the page as it stands);
    the server plays the bots' moves, until the table's set is over."""
    table = Table.objects.get(pk=table_pk)
    engine = game_kind(table.game_name).engine
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game = table_selectors.current_game(table) or table.games.order_by("-pk").first()
        if game.is_finished:
            return game
        people = [s for s in engine.waiting_for(game.state) if s in phones]
        if people:
            phone = phones[people[0]]
            phone.reload()
            phone.locator("#table-version").wait_for(state="attached")
            phone.evaluate(POST, engine.bot_action(game.state, people[0], "smart"))
        else:
            time.sleep(0.2)
    raise AssertionError("the online table did not finish")


# --- the night -------------------------------------------------------------------------------------


def test_an_organiser_runs_a_whole_club_night_with_members_and_a_projector(new_page, artifacts_dir):
    started = time.monotonic()
    today = timezone.localdate()
    league = League.objects.create(
        name="Winter League",
        club="Tarot Club",
        game="dragonformula",
        season_start=today - datetime.timedelta(days=30),
        season_end=today + datetime.timedelta(days=90),
    )
    organiser = get_user_model().objects.create_user("mika", password="pw-organiser-1357")
    league.organisers.add(organiser)
    night = Night(new_page, artifacts_dir)

    # The organiser imports the members from the club's CSV, on the league page.
    desk = night.open(LAPTOP, "organiser")
    log_in(desk, "mika", "pw-organiser-1357", f"/leagues/{league.pk}/")
    desk.get_by_role("link", name="Import members from a CSV file").click()
    desk.get_by_label("CSV file").set_input_files(
        {"name": "members.csv", "mimeType": "text/csv", "buffer": ROSTER.encode()}
    )
    press(desk, "Import")
    desk.get_by_text("9 members imported").wait_for()
    desk.get_by_text("5 invited by e-mail with a claim code").wait_for()
    members = {m.name: m for m in league.members.all()}
    assert len(members) == 9 and not any(m.user_id for m in members.values())
    # Each member with an e-mail makes an account and redeems the claim code mailed to
    # them (tests/web/test_members_in_bulk.py); here their accounts are linked as that does.
    for member in members.values():
        if member.email:
            member.user = get_user_model().objects.create_user(
                member.email.split("@")[0], password=PASSWORD
            )
            member.save(update_fields=["user"])
    with_account = {name for name, m in members.items() if m.user_id}
    assert len(with_account) == 5

    # The night goes on the calendar, and is opened on its evening (today).
    desk.goto(f"/leagues/{league.pk}/calendar/")
    desk.get_by_label("Date").fill(f"{today:%Y-%m-%d}")
    desk.get_by_label("Venue").fill("Community hall")
    press(desk, "Put it on the calendar")
    desk.locator("ol.calendar > li", has_text="scheduled").wait_for()
    press(desk, "Open the night")
    desk.get_by_role("heading", name=re.compile("Check-in")).wait_for()
    night_pk = int(re.search(r"/nights/(\d+)/", desk.url).group(1))

    screen = night.open(SCREEN, "projector")
    screen.goto(f"/nights/{night_pk}/screen/")
    screen.wait_for_function("() => window.htmx !== undefined")
    screen.evaluate("window.notReloaded = true")
    night.shot(screen, "0-open")

    # Aki checks herself in on her phone; the organiser ticks six more.
    aki = night.open(PHONE, "aki-phone")
    log_in(aki, "aki", PASSWORD, f"/nights/{night_pk}/")
    assert aki.get_by_role("button", name=re.compile("is here|Announce|End the night")).count() == 0
    press(aki, "I'm here")
    aki.get_by_text("Aki Sato, you are checked in (from round 1).").wait_for()
    no_sideways_scroll(aki)
    night.shot(aki, "1-checked-in")
    for name in members:
        if name not in ("Aki Sato", LATE):
            press(desk, f"{name} is here")
    desk.get_by_role("heading", name=re.compile("8 players here")).wait_for()
    screen.get_by_text("8 players checked in").wait_for()

    # Round 1: announced, drawn (asked once more); the draw makes two tables of four.
    press(desk, "Announce round 1")
    press(desk, "Draw the seats of round 1")
    desk.get_by_text("The draw cannot be taken back.").wait_for()
    press(desk, "Yes, draw the seats")
    screen.get_by_role("heading", name="Seating of round 1").wait_for()
    seating = screen.locator("#night-seating").inner_text()
    assert LATE not in seating
    assert all(name in seating for name in members if name != LATE)
    tables = list(
        NightTable.objects.filter(round__night_id=night_pk, round__number=1).order_by("number")
    )
    drawn = {
        t.number: [s.entrant.name for s in t.seats.select_related("entrant").order_by("number")]
        for t in tables
    }
    assert sorted(len(names) for names in drawn.values()) == [4, 4], drawn
    online = next(
        n for n, names in drawn.items() if {*names} & with_account and {*names} - with_account
    )
    cards = next(n for n in drawn if n != online)
    aki.goto(f"/nights/{night_pk}/")
    no_sideways_scroll(aki)
    night.shot(aki, "2-round-1-drawn", full_page=True)
    night.shot(screen, "2-round-1-drawn")

    table_item(desk, 1, online).get_by_role("button", name="Play online").click()
    desk.wait_for_load_state()
    table_item(desk, 1, cards).get_by_role("button", name="Play with real cards").click()
    desk.wait_for_load_state()

    # At the online table: one member without an account gets the seat link; members with one
    # tap their names, but one seat is left for nobody (its member is still at the bar).
    names = drawn[online]
    linked = next(n for n in names if n not in with_account)
    tappers = [n for n in names if n in with_account]
    if len(tappers) == 3:
        tappers = tappers[:2]
    by_bot = [n for n in names if n != linked and n not in tappers]
    phones_by_name = {}
    for name in tappers:
        phone = aki if name == "Aki Sato" else night.open(PHONE, "member-phone")
        if phone is not aki:
            log_in(phone, members[name].user.username, PASSWORD, f"/nights/{night_pk}/")
        phone.goto(f"/nights/{night_pk}/")
        others = [n for n in names if n != name]
        assert all(
            table_item(phone, 1, online).get_by_role("button", name=f"Sit down as {n}").count() == 0
            for n in others
        )
        press(phone, f"Sit down as {name}")
        phone.locator("#table-version").wait_for(state="attached")
        phones_by_name[name] = phone
    desk.goto(f"/nights/{night_pk}/")
    table_item(desk, 1, online).locator("li[data-seat]", has_text=linked).get_by_role(
        "button", name="Seat link for a phone"
    ).click()
    desk.locator("svg.join-qr").wait_for()
    link = desk.locator("a.seat-link").get_attribute("href")
    link_phone = night.open(PHONE, "seat-link-phone")
    link_phone.goto("/nights/seat/" + link.split("/nights/seat/")[1])
    no_sideways_scroll(link_phone)
    night.shot(link_phone, "3-seat-link", full_page=True)
    press(link_phone, f"Sit down as {linked}")
    link_phone.locator("#table-version").wait_for(state="attached")
    phones_by_name[linked] = link_phone

    desk.goto(f"/nights/{night_pk}/")
    press(desk, "Start it now (a bot plays each empty seat for its player)")
    online_table = NightTable.objects.get(round__night_id=night_pk, round__number=1, number=online)
    table_pk = online_table.match.table_id
    online_seats = table_item(desk, 1, online)
    for name in by_bot:  # they may still come: the bot plays until they arrive
        text = online_seats.locator("li[data-seat]", has_text=name).inner_text()
        assert "a bot plays until they arrive" in text
    for name in [*tappers, linked]:
        assert "seated" in online_seats.locator("li[data-seat]", has_text=name).inner_text()
    screen.locator("#night-seating .by-bot").nth(len(by_bot) - 1).wait_for()
    assert screen.locator("#night-seating .by-bot").count() == len(by_bot)
    night.shot(screen, "3-online-table-started")
    link_phone.reload()
    for name in by_bot:
        link_phone.locator(".seat-name", has_text=f"{name} (bot)").first.wait_for()
    # The members who tapped their names sit under them, not under their accounts' e-mails.
    seat_names = link_phone.locator(".seat-name").all_inner_texts()
    assert all(any(name in label for label in seat_names) for name in tappers), seat_names
    assert not [label for label in seat_names if "@" in label], seat_names
    # Each seat plays the element the draw gave it: the table, the night page and the projector
    # say the same of everyone.
    labels = {"fire": "Fire", "water": "Water", "air": "Air", "earth": "Earth"}
    drawn_elements = {
        seat.entrant.name: labels[seat.element]
        for seat in online_table.seats.select_related("entrant")
    }
    desk.goto(f"/nights/{night_pk}/")
    for name, element in drawn_elements.items():
        header = link_phone.locator("article[data-seat] header").filter(has_text=name)
        assert header.locator(".element").get_attribute("title") == element, name
        desk_seat = table_item(desk, 1, online).locator("li[data-seat]", has_text=name)
        assert desk_seat.locator(".element").inner_text() == element, name
        screen_seat = screen.locator(
            f"#night-seating .screen-table[data-table='{online}'] li", has_text=name
        )
        assert screen_seat.locator(".element").inner_text() == element, name
    no_sideways_scroll(link_phone)
    night.shot(link_phone, "3-playing")

    # A member of the real-card table leaves after round 1; Ito arrives late.
    leaver = next(n for n in drawn[cards] if n != "Aki Sato")
    press(desk, f"{leaver} leaves")
    press(desk, f"{LATE} is here")
    desk.get_by_text("from round 2").wait_for()

    # The online table is played; the people's last moves are made on their phones.
    seat_of = {n: i for i, n in enumerate(names)}
    human_seats = off_the_browser_loop(play_until_the_last_move_of_a_person, table_pk)
    assert human_seats == sorted(seat_of[n] for n in phones_by_name)
    phones = {seat_of[n]: page for n, page in phones_by_name.items()}
    the_people_finish_in_their_browsers(table_pk, phones)
    screen.locator(f".screen-table.is-finished[data-table='{online}']").wait_for()
    night.shot(screen, "4-online-table-finished")
    desk.goto(f"/nights/{night_pk}/")
    assert desk.locator("section[aria-labelledby='tonight-title'] .by-bot").count() == len(by_bot)

    # The real-card table: the organiser records its set from the score sheet.
    set_url = keep_score(desk, night_pk, 1, cards, 4)
    screen.locator(f".screen-table.is-finished[data-table='{cards}']").wait_for()
    desk.goto(f"/nights/{night_pk}/")
    before = night_page_tonight(desk)
    screen.wait_for_function(
        "n => document.querySelectorAll('#night-tonight tbody tr').length === n", arg=9
    )
    assert projector_tonight(screen) == before
    night.shot(screen, "5-round-1-finished")
    aki.goto(f"/nights/{night_pk}/")
    no_sideways_scroll(aki)
    night.shot(aki, "5-round-1-finished", full_page=True)

    # Game 1 of the real-card set was won by the second seat, not the first: corrected.
    desk.goto(set_url)
    desk.get_by_role("link", name="game 1").click()
    first, second = drawn[cards][0], drawn[cards][1]
    winner = desk.get_by_label("Winner")
    options = winner.locator("option").all_inner_texts()
    winner.select_option(label=next(o for o in options if o.startswith(second)))
    desk.locator("#correct-reason").fill("the second seat won it")  # a correction says why
    press(desk, "Save the correction")
    history = desk.locator("#history")
    row = history.locator("li", has_text="Game 1 corrected").locator("tr", has_text="Winner")
    assert re.search(rf"{re.escape(first)}\s+{re.escape(second)}", row.inner_text())
    history.scroll_into_view_if_needed()
    night.shot(desk, "6-correction-history", full_page=True)
    desk.goto(f"/nights/{night_pk}/")
    after = night_page_tonight(desk)
    assert after[first] != before[first] and after[second] != before[second]
    screen.wait_for_function(
        "([name, vp]) => [...document.querySelectorAll('#night-tonight tbody tr')].some("
        "r => r.querySelector('th').textContent.startsWith(name) &&"
        " r.querySelectorAll('td')[1].textContent.trim() === vp)",
        arg=[second, after[second][0]],
    )
    assert projector_tonight(screen) == after
    desk.goto(f"/leagues/{league.pk}/")
    standings = league_vp(desk)
    assert {name: vp for name, (vp, _points) in after.items() if name != LATE} == {
        name: vp for name, vp in standings.items() if name != LATE
    }
    night.shot(screen, "6-after-correction")

    # Round 2: Ito is drawn, the leaver is not; both tables at real cards.
    desk.goto(f"/nights/{night_pk}/")
    press(desk, "Announce round 2")
    press(desk, "Draw the seats of round 2")
    press(desk, "Yes, draw the seats")
    screen.get_by_role("heading", name="Seating of round 2").wait_for()
    seating = screen.locator("#night-seating").inner_text()
    assert LATE in seating and leaver not in seating
    round_2 = {
        t.number: t.seats.count()
        for t in NightTable.objects.filter(round__night_id=night_pk, round__number=2)
    }
    for number in sorted(round_2):
        table_item(desk, 2, number).get_by_role("button", name="Play with real cards").click()
        desk.wait_for_load_state()
    aki.goto(f"/nights/{night_pk}/")
    no_sideways_scroll(aki)
    night.shot(aki, "7-round-2-drawn", full_page=True)
    night.shot(screen, "7-round-2-drawn")
    for number, players in sorted(round_2.items()):
        keep_score(desk, night_pk, 2, number, players)
        screen.locator(
            f"#night-seating .screen-table.is-finished[data-table='{number}']"
        ).wait_for()
    desk.goto(f"/nights/{night_pk}/")
    final = night_page_tonight(desk)
    played = {
        first_name(r.locator("th").inner_text()): r.locator("td").nth(2).inner_text()
        for r in desk.locator("section[aria-labelledby='tonight-title'] tbody tr").all()
    }
    assert played[LATE] == "1" and played[leaver] == "1"
    assert sorted(played.values()).count("2") == 7
    assert NightEntrant.objects.get(night_id=night_pk, name=leaver).left_after == 1
    screen.wait_for_function(
        "n => document.querySelectorAll('#night-tonight tbody tr').length === n", arg=9
    )

    # The night ends (asked once more); the projector says so, figures as on the league page.
    press(desk, "End the night")
    press(desk, "Yes, end the night")
    desk.get_by_text("This night is over.").first.wait_for()
    screen.get_by_text("The night is over.").wait_for()
    assert projector_tonight(screen) == final
    assert screen.evaluate("window.notReloaded") is True
    night.shot(screen, "8-night-over")
    desk.goto(f"/leagues/{league.pk}/")
    assert league_vp(desk) == {name: vp for name, (vp, _points) in final.items()}
    aki.goto(f"/leagues/{league.pk}/")
    no_sideways_scroll(aki)
    night.shot(aki, "8-league-standings", full_page=True)
    assert not Member.objects.filter(name__startswith="Bot").exists()
    assert night.server_errors == []
    print(f"the whole night took {time.monotonic() - started:.0f} s")
