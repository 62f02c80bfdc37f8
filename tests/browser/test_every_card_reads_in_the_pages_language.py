"""Every card reads right on a phone and a laptop, in Japanese and in English: three Dragon
Formula results whose winning hands hold, between them, 19 of the 22 majors (a
Constellation, a sephirot hand of 7 with two major series, one of 8), with every one of
the 22 majors in the hands shown under them, and a replay's hands; and a DragSaga hand of
all its cards. No card's name, label or score header is cut short or runs off its card,
nothing is wider than the screen, and an English page shows no Japanese but the players'
own names (no major's Japanese name behind its English one). Screenshots go to the
artifacts (every-card-<what>-<size>-<language>.png)."""

from __future__ import annotations

import pytest

from games.tables.actions import opening, playing, seating, starting
from games.tables.models import Player, Table
from tests.browser.tables import COUNT_FRAMES, at_the_live_table, off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.browser.test_tables_read_right import CLIPPED, SIZES, TOO_WIDE
from tests.game.df_table import deal

NAMES = ["Ann", "Ben", "Cho", "Dai"]
# Japanese on the page: any visible text in Japanese script, whatever its lang attribute.
JAPANESE_SHOWN = """
(names) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let text = node.textContent;
    for (const name of names) text = text.split(name).join('');
    if (!/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(text) || !node.parentElement.checkVisibility()) continue;
    if (node.parentElement.closest('.language-switcher')) continue;  // the way to the Japanese page
    found.push(text.trim().slice(0, 60));
  }
  return [...new Set(found)];
}
"""

# Three games, each won by Dan on its starter's first draw (the 11th card on the pile).
CONSTELLATION = "M4 M5 M6 M7 M8 M9 M11 M13 M14 M15"  # + M17 drawn: eleven zodiacal majors
SEVEN = "W7 C7 S7 M0 M1 M2 M19 M20 M21"  # + M10, M18 (derived from 7); M10 drawn
EIGHT = "W8 C8 S8 M2 M3 M4 W1 W2 W3 M12"  # + M16 (derived from 8) drawn
DEALS = [
    deal(
        4,
        {
            0: CONSTELLATION,
            1: "M0 M1 M2 M3 M10",
            2: "M12 M16 M18 M19",
            3: "M20 M21",
        },
        pile="M17",
    ),
    deal(4, {1: SEVEN + " M18"}, pile="M10"),
    deal(4, {2: EIGHT}, pile="M16"),
]


def _match():
    players = [Player.objects.create(display_name=name) for name in NAMES]
    table = opening.create_table(
        game_name="dragonformula", players=4, options={"turn_seconds": 0}, created_by=players[0]
    )
    for player in players[1:]:
        seating.sit(table, player)
    Table.objects.filter(pk=table.pk).update(stacking={"deals": DEALS, "fire_seats": [0]})
    table.refresh_from_db()
    return table, starting.start(table, players[0], seed=3), players


def _act(game, player, kind):
    return playing.apply_action(game, player, {"type": kind}, game.version)


def _dan(game, player):
    return _act(_act(game, player, "draw"), player, "dan")


def _next_game(game, players):
    for player in players:
        game = _act(game, player, "next_game")
    return game


def _checked(page, artifacts_dir, what, size, language):
    """The checks at this size, a screenshot kept."""
    page.set_viewport_size(SIZES[size])
    page.wait_for_timeout(150)
    page.screenshot(path=artifacts_dir / f"every-card-{what}-{size}-{language}.png")
    clipped = page.evaluate(CLIPPED)
    assert not clipped, f"{what} {size} {language}: cut short: {clipped}"
    wide = page.evaluate(TOO_WIDE)
    assert wide["page"] <= 0 and not wide["wide"], f"{what} {size} {language}: {wide}"
    if language == "en":
        shown = page.evaluate(JAPANESE_SHOWN, NAMES)
        assert not shown, f"{what} {size}: Japanese on an English page: {shown}"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_major_in_a_result_and_a_replay_reads_right(
    new_page, live_server_url, artifacts_dir, language
):
    table, game, players = off_the_browser_loop(_match)
    ann = players[0]
    page = browser_as(new_page, live_server_url, ann)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    for number, starter in enumerate(players[:3], start=1):
        game = off_the_browser_loop(_dan, game, starter)
        page.goto(f"/dragonformula/{table.code}/")
        page.locator(".overlay.result").wait_for()
        for size in SIZES:
            _checked(page, artifacts_dir, f"result-{number}", size, language)
        if number == 1:  # Ann's majors in the replay's hands (the others' hidden till the end)
            page.goto(f"/games/{game.pk}/replay/")
            page.locator(".replay-hand").first.wait_for()
            assert page.locator(".replay-hands .tarot-card.major").count() >= 10
            for size in SIZES:
                _checked(page, artifacts_dir, "replay", size, language)
        if number < 3:
            game = off_the_browser_loop(_next_game, game, players)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_dragsaga_card_in_a_hand_reads_right(
    new_page, live_server_url, artifacts_dir, language
):
    def dealt():
        ann = Player.objects.create(display_name="Ann")
        table = opening.create_table(
            game_name="dragsaga", players=3, options={}, bot_level="heuristic", created_by=ann,
            seat_bots=True,
        )  # fmt: skip
        game = starting.start(table, ann, seed=5)
        # The bots make their first moves now, so nothing moves at the table while Ann's page
        # is looked at (a push would swap away the seat's row the faces are drawn into).
        while (moved := playing.advance(game.pk, game.version)) and moved.version > game.version:
            game = moved
        return table, ann

    table, ann = off_the_browser_loop(dealt)
    page = browser_as(new_page, live_server_url, ann)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.add_init_script(COUNT_FRAMES)
    page.goto(f"/dragsaga/{table.code}/")
    page.locator("#hand .ds-card").first.wait_for()
    at_the_live_table(page)  # its first frame, every region as the table stands, is in
    assert page.locator("#hand .ds-card").count() == 15  # every card of the set
    for size in SIZES:
        _checked(page, artifacts_dir, "dragsaga-hand", size, language)
    # The same faces as a seat shows its placed cards (the small faces: 龍鱗の結界 is the
    # longest name): each hand card's face, as the server wrote it, in a seat's placed row.
    for size in SIZES:
        page.evaluate(PLACED_ROW)
        assert page.locator(".ds-seat.you .placed .own-placed .ds-card").count() >= 15
        _checked(page, artifacts_dir, "dragsaga-placed", size, language)
        outside = page.evaluate(OUTSIDE_ITS_CARD)
        assert not outside, f"dragsaga-placed {size} {language}: {outside}"


# Any part of a small placed face (cost, icon, name, effect) outside its card's edges.
OUTSIDE_ITS_CARD = """
() => [...document.querySelectorAll('.placed .ds-card:not(.back)')].flatMap(card => {
  const edges = card.getBoundingClientRect();
  return [...card.querySelectorAll('*')].filter(el => el.checkVisibility()).filter(el => {
    const box = el.getBoundingClientRect();
    return box.right > edges.right + 1 || box.left < edges.left - 1
      || box.bottom > edges.bottom + 1 || box.top < edges.top - 1;
  }).map(el => `${card.dataset.card} ${el.className.baseVal ?? el.className}: ${el.textContent.trim()}`);
})
"""


PLACED_ROW = """
() => {
  const row = document.querySelector('.ds-seat.you .placed');
  if (row.querySelector('.own-placed')) return;  // drawn already
  for (const face of document.querySelectorAll('#hand .ds-card')) {
    const placed = document.createElement('span');
    placed.className = 'own-placed';
    placed.appendChild(face.cloneNode(true));
    row.appendChild(placed);
  }
}
"""
