"""The prompt bar's clock says whose it is: on the mover's own page it is their large red
countdown; on everyone else's it is small and names the seat it runs for, so a player
never reads another's turn clock as their own."""

from games.tables.models import Game
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as, open_table
from tests.web.tables import seated_table

CLOCK = """() => {
  const clock = document.querySelector('#clock');
  const owner = clock.querySelector('.clock-owner');
  return {
    owner: owner.checkVisibility() ? owner.textContent.trim() : '',
    size: parseFloat(getComputedStyle(clock.querySelector('.countdown')).fontSize),
  };
}"""


def test_the_movers_clock_is_theirs_and_named_on_the_others_pages(new_page, live_server_url):
    table, game, players = off_the_browser_loop(
        seated_table, "dragonformula", ["Ann", "Ben"], options={"turn_seconds": 90}
    )
    mover = Game.objects.get(pk=game.pk).state["turn"]
    pages = [browser_as(new_page, live_server_url, player) for player in players]
    for page in pages:
        open_table(page, table)
        page.locator("#clock .countdown").wait_for()
    own, other = pages[mover].evaluate(CLOCK), pages[1 - mover].evaluate(CLOCK)
    assert own["owner"] == "" and own["size"] >= 22
    assert other["owner"] == f"Waiting for: {players[mover].display_name}"
    assert other["size"] <= 17
    pages[1 - mover].set_viewport_size({"width": 390, "height": 844})
    assert pages[1 - mover].evaluate(CLOCK)["size"] <= 17  # small on a phone too
