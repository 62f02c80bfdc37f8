"""A seat with hints on is asked a Pick its coach has to think about (the coach's play-outs run
off the move's path, "The coach is thinking…" meanwhile); the other seats answer first; then
the coach's Pick or Pass arrives in both of the seat's pages (a laptop and a phone) without a
reload, and it is the strong bot's own answer on that seat's view."""

from dragonformula.rules import strong
from games.registry import engine_for
from tests.browser.tables import discard, mark_page, never_reloaded, off_the_browser_loop
from tests.browser.test_leaver import browser_as, open_table
from tests.game.df_table import seat_whose_pick_takes_thinking
from tests.web.tables import seated_table

ENGINE = engine_for("dragonformula")
NAMES = ["Ann", "Ben", "Cho", "Dai"]
PHONE = {"width": 390, "height": 844}
THINKING = "#hints .hint-thinking"


def a_table_at_a_window_that_takes_thinking():
    """A four-seat table, the card its first player will discard, the seat whose Pick hint
    takes the coach's play-outs, and that seat's view once the card is on offer."""
    table, game, players = seated_table(
        "dragonformula", NAMES, seed=11, options={"pick_seconds": 120}
    )
    turn = game.state["turn"]
    drawn = ENGINE.apply(game.state, turn, {"type": "draw"}, 0.0)
    card = drawn["hands"][turn][0]
    offered = ENGINE.apply(drawn, turn, {"type": "discard", "card": card}, 0.0)
    seat, _view = seat_whose_pick_takes_thinking(offered, [s for s in range(4) if s != turn])
    assert seat is not None, "the deal gives no seat a Pick that takes thinking"
    return table, players, turn, card, seat


def test_the_coachs_pick_hint_arrives_in_both_of_a_seats_pages(
    new_page, live_server_url, artifacts_dir
):
    table, players, turn, card, seat = off_the_browser_loop(a_table_at_a_window_that_takes_thinking)
    pages = {n: browser_as(new_page, live_server_url, p) for n, p in enumerate(players)}
    phone = browser_as(new_page, live_server_url, players[seat], viewport=PHONE)
    for page in [*pages.values(), phone]:
        open_table(page, table)
        mark_page(page)
    hinted = [pages[seat], phone]

    mover = pages[turn]
    mover.click("#prompt button[data-action='draw']")
    discard(mover, card)
    for page in hinted:
        page.locator("#prompt button[data-action='pass']").wait_for()
    # The others answer while the coach may still be thinking.
    for other, page in pages.items():
        if other not in (turn, seat):
            page.click("#prompt button[data-action='pass']")
            page.locator("#prompt .pick-window button[data-action]").first.wait_for(
                state="detached"
            )

    for page in hinted:
        hint = page.locator("#hints .hint-pick[data-answer]")
        hint.wait_for(timeout=120_000)  # the play-outs queue behind other bots in a busy run
        assert page.locator(THINKING).count() == 0
        assert never_reloaded(page)
    view = off_the_browser_loop(lambda: _seat_view(table, seat))
    expected = strong.decide(view)["type"]
    for page in hinted:
        assert page.locator("#hints .hint-pick").get_attribute("data-answer") == expected
        assert page.locator("#prompt button[data-action='pass']").is_visible()  # still asked
        # The hands in reach read as a list: no separator stranded on a line of its own.
        lines = page.locator("#hints .hint-reach").inner_text().splitlines()
        assert not [line for line in lines if line.strip() in (";", "")], lines
    pages[seat].screenshot(path=str(artifacts_dir / "df-pick-hint-arrived-1366.png"))
    phone.screenshot(path=str(artifacts_dir / "df-pick-hint-arrived-390.png"), full_page=True)


def _seat_view(table, seat):
    from games.tables import selectors

    return ENGINE.view(selectors.current_game(table).state, seat)
