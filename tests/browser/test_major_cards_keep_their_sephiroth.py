"""A major in the hand shows its whole face: a long English name ("Wheel of Fortune",
"The High Priestess") wraps inside the card and never pushes the sephiroth it joins
("4–7") off the card's bottom, on a laptop and a phone, in both languages."""

import pytest

from games.tables.actions import opening, seating, starting
from games.tables.models import Player, Table
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.game.df_table import deal

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LONG_NAMES = "M10 M2 M5 M12 M14 M16 M20 M0 W1 W2"

OFF_THE_CARD = """() => [...document.querySelectorAll('#hand .tarot-card.major')].flatMap(card => {
  const box = card.getBoundingClientRect();
  return [...card.children].filter(part => part.checkVisibility()).filter(part => {
    const r = part.getBoundingClientRect();
    return r.height && (r.bottom > box.bottom + 0.5 || r.top < box.top - 0.5);
  }).map(part => `${card.dataset.card} ${part.className}: ${part.textContent.trim()}`);
})"""


def a_hand_of_long_names():
    ann, ben = (Player.objects.create(display_name=name) for name in ("Ann", "Ben"))
    table = opening.create_table(game_name="dragonformula", players=2, created_by=ann)
    seating.sit(table, ben)
    Table.objects.filter(pk=table.pk).update(
        stacking={"deals": [deal(2, {0: LONG_NAMES})], "fire_seats": [0]}
    )
    table.refresh_from_db()
    starting.start(table, ann, seed=5)
    return table, ann


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_no_part_of_a_major_is_pushed_off_its_card(new_page, live_server_url, size, language):
    table, ann = off_the_browser_loop(a_hand_of_long_names)
    page = browser_as(new_page, live_server_url, ann)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(SIZES[size])
    page.goto(f"/dragonformula/{table.code}/")
    page.locator("#hand [data-card='M10']").wait_for()
    page.screenshot(path=f"/tmp/issue-32/majors-{language}-{size}.png")
    assert page.evaluate(OFF_THE_CARD) == []
