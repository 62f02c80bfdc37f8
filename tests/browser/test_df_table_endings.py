"""Two browsers at a Dragon Formula table, a laptop (1366×768) and a phone (390×844):
"pass automatically" answers for a seat, the result screen waits for "Next game", and
the match's end offers a rematch that seats the same people.

Moves are posted as the table's forms post them (version + action) from each page, so
the test does not depend on how a card is tapped; the pages change only by pushes.
"""

from __future__ import annotations

import time

from playwright.sync_api import expect

from games.tables.actions import opening, seating, starting
from games.tables.models import Player, Table
from tests.browser.tables import mark_page, never_reloaded, sign_in_as, version
from tests.game.df_table import deal

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WAITING_ON_6 = "W6 C6 S6 W1 C1 S1 W2 C2 S2 M4"

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


def post(page, **action) -> None:
    seen = version(page)
    assert page.evaluate(POST, action) == 200
    page.wait_for_function(
        "seen => document.querySelector('#table-version').value !== seen", arg=seen
    )


# Twenty times a second over two seconds: the seat's clock and the table's countdown as
# shown; the readings where they differ.
SAME_SECONDS = """async () => {
  const seat = ".df-seat[data-seat='0'] .seat-clock .seconds", clock = "#clock .countdown .seconds";
  const differ = [];
  for (let i = 0; i < 40; i++) {
    const shown = [seat, clock].map((s) => document.querySelector(s).textContent);
    if (shown[0] !== shown[1]) differ.push(shown);
    await new Promise((done) => setTimeout(done, 50));
  }
  return differ;
}"""


def _table(new_page, deals, phone_locale="en-US", **options):
    """Ann (laptop, seat 0) and Ben (phone, seat 1, in ``phone_locale``) at a started,
    stacked table."""
    ann, ben = (Player.objects.create(display_name=name) for name in ("Ann", "Ben"))
    table = opening.create_table(
        game_name="dragonformula",
        players=2,
        options={"pick_seconds": 60, **options},
        created_by=ann,
    )
    seating.sit(table, ben)
    Table.objects.filter(pk=table.pk).update(stacking={"deals": deals, "fire_seats": [0]})
    table.refresh_from_db()
    starting.start(table, ann, seed=5)
    pages = []
    for player, size, locale in ((ann, LAPTOP, "en-US"), (ben, PHONE, phone_locale)):
        page = new_page(viewport=size, locale=locale)
        sign_in_as(page, player)
        page.goto(f"/dragonformula/{table.code}/")
        page.wait_for_selector("#hand .tarot-card")
        mark_page(page)
        pages.append(page)
    return table, pages


# Points of the result screen (a 6 × 6 grid over its visible box) where something else is on top.
PAINTED_OVER = """() => {
  const overlay = document.querySelector('#result-screen .overlay.result');
  const box = overlay.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight), right = Math.min(box.right, window.innerWidth);
  const covered = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) {
    const x = box.left + (right - box.left) * (i + 0.5) / 6;
    const y = box.top + (bottom - box.top) * (j + 0.5) / 6;
    const top = document.elementFromPoint(x, y);
    if (top && !overlay.contains(top)) covered.push(`${top.tagName}.${top.className} at ${x|0},${y|0}`);
  }
  return covered;
}"""


def test_auto_pass_answers_for_the_seat_and_the_next_game_waits_for_next_game(
    new_page, artifacts_dir
):
    table, (ann, ben) = _table(new_page, [deal(2, {0: WAITING_ON_6}, pile="PK WK M6")])
    ben.click("#prompt button[data-action='auto_pass']")
    ben.wait_for_selector("#prompt button[data-action='auto_pass'][aria-pressed='true']")
    assert ann.locator("#prompt button[data-action='auto_pass'][aria-pressed='true']").count() == 0

    # Ann throws PK: Ben's seat passes by itself and the 60 s window closes at once.
    post(ann, type="draw")
    started = time.monotonic()
    post(ann, type="discard", card="PK")
    ben.wait_for_selector("#prompt button[data-action='draw']", timeout=5_000)
    assert time.monotonic() - started < 5
    assert ben.locator("button[data-action='pass']").count() == 0  # nobody asked Ben

    post(ben, type="draw")
    post(ben, type="discard", card="WK")
    ann.click("#prompt button[data-action='pass']")
    ann.wait_for_selector("#prompt button[data-action='draw']")
    post(ann, type="draw")
    post(ann, type="dan")

    # The result screen: how Ann won, the winning card, every hand, the set's table.
    for page in (ann, ben):
        page.wait_for_selector("#result-screen .overlay.result")
        text = page.locator("#result-screen").inner_text()
        assert "Ann wins" in text and "Dan on their own draw" in text
        assert "Every hand" in text and "Ben" in text and "Set 1" in text
        assert page.locator("#result-screen .revealed-hand").count() == 2
        assert page.locator("#result-screen .winning-mark").count() == 1
        assert page.locator("#result-screen .revealed-hand .tarot-card").count() == 21
        assert page.evaluate(PAINTED_OVER) == [], "nothing on the page paints over the result"
    ann.screenshot(path=artifacts_dir / "df_result_screen_1366x768.png")
    ben.screenshot(path=artifacts_dir / "df_result_screen_390x844.png")

    # Ann is ready; the next game waits for Ben, who is still reading.
    ann.click("#result-screen button[data-action='next_game']")
    ann.wait_for_selector("#result-screen .ready")
    ben.wait_for_selector("#result-screen .waiting-for:has-text('Waiting for: Ben')")
    time.sleep(1.5)
    assert ann.locator("#result-screen .overlay.result").is_visible()
    assert Table.objects.get(pk=table.pk).games.get().state["phase"] == "result"
    ben.click("#result-screen button[data-action='next_game']")
    for page in (ann, ben):
        page.wait_for_selector("#result-screen .overlay.result", state="detached")
        page.wait_for_selector("#prompt .phase")
        assert never_reloaded(page)
    game = Table.objects.get(pk=table.pk).games.get()
    assert game.state["phase"] == "draw" and game.state["starter"] == 1


def test_the_set_table_on_the_result_screen_fits_a_phone_in_japanese(new_page, artifacts_dir):
    """The set's table (players, each game, set points, victory points) under the result fits
    a phone's result screen: Japanese headers such as 勝利ポイント break rather than push
    the victory points off the side, where the screen would have to be scrolled to see them."""
    table, (ann, ben) = _table(new_page, [deal(2, {0: WAITING_ON_6}, pile="M6 PK WK")], "ja-JP")
    post(ann, type="draw")
    post(ann, type="dan")
    ben.wait_for_selector("#result-screen .overlay.result .set-table")
    assert "勝利ポイント" in ben.locator("#result-screen .set-table").inner_text()
    fits = ben.evaluate(
        """() => {
            const overlay = document.querySelector('#result-screen .overlay.result');
            const set = overlay.querySelector('.set-table').getBoundingClientRect();
            return [overlay.scrollWidth - overlay.clientWidth,
                    set.right - overlay.getBoundingClientRect().right];
        }"""
    )
    ben.screenshot(path=artifacts_dir / "df_result_screen_390x844_ja.png")
    assert fits[0] <= 0, f"the result screen scrolls sideways by {fits[0]} px"
    assert fits[1] <= 0, f"the set's table sticks out {fits[1]} px"


def test_the_match_end_offers_a_rematch_that_seats_the_same_people(new_page, artifacts_dir):
    deals = [deal(2, {0: WAITING_ON_6}, pile="M6"), deal(2, {1: WAITING_ON_6}, pile="M6")]
    table, (ann, ben) = _table(new_page, deals)
    post(ann, type="draw")
    post(ann, type="dan")
    for page in (ann, ben):
        page.wait_for_selector("#result-screen button[data-action='next_game']")
        page.click("#result-screen button[data-action='next_game']")
    ben.wait_for_selector("#prompt button[data-action='draw']")
    post(ben, type="draw")
    post(ben, type="dan")
    for page in (ann, ben):
        page.wait_for_selector("#result-screen .match-end")
        text = page.locator("#result-screen .match-end").inner_text()
        assert "The match is over" in text and "Games won" in text
        assert page.locator(".final-placings tbody tr").count() == 2
        assert page.locator("#result-screen a:has-text('Back to the lobby')").is_visible()
    ann.screenshot(path=artifacts_dir / "df_match_end_1366x768.png")
    ben.screenshot(path=artifacts_dir / "df_match_end_390x844.png")

    ann.click("#result-screen button[data-action='rematch']")
    ann.wait_for_url(lambda url: table.code not in url and "/dragonformula/" in url)
    new = Table.objects.get(pk=table.pk).rematch
    assert [s.player.display_name for s in new.seats.order_by("number")] == ["Ann", "Ben"]
    ben.click("#result-screen button[data-action='rematch']")
    ben.wait_for_url(f"**/dragonformula/{new.code}/")
    for page in (ann, ben):
        assert page.locator("#seats").inner_text().count("Ann") >= 1
    assert Table.objects.count() == 2


def test_the_turn_clock_shows_on_the_seat_and_the_server_plays_when_it_runs_out(
    new_page, artifacts_dir
):
    # Twenty seconds: both pages are open and checked before Ann's turn runs out, even when a
    # busy machine takes seconds to sign each of them in.
    table, (ann, ben) = _table(
        new_page, [deal(2, {0: WAITING_ON_6}, pile="PK WK M6")], turn_seconds=20, time_bank=0
    )
    for page in (ann, ben):
        expect(page.locator(".df-seat[data-seat='0'] .seat-clock")).to_be_visible()
        assert page.locator(".df-seat[data-seat='1'] .seat-clock").count() == 0
        expect(page.locator("#clock .countdown")).to_be_visible()
        # The seat's clock and the table's show the same seconds as they tick.
        assert page.evaluate(SAME_SECONDS) == []
    ann.screenshot(path=artifacts_dir / "df_turn_clock_1366x768.png")
    ben.screenshot(path=artifacts_dir / "df_turn_clock_390x844.png")
    # Nobody moves: at zero the server draws PK for Ann and throws it; Ben is asked.
    ben.wait_for_selector("#prompt .pick-window", timeout=30_000)
    assert ben.locator(".discard.live [data-card='PK']").count() == 1
    assert "out of time" in ben.locator("#log").inner_text()
    assert never_reloaded(ben)
