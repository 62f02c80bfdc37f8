"""The game tables in a real browser: axe-core, phone and laptop sizes, a turn by keyboard alone."""

from __future__ import annotations

import pytest

from games.tables.actions import opening, starting
from games.tables.models import Player, Table
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_a11y import LAPTOP, PHONE, axe_problems


def open_table_with_bots(player: Player, game_name: str, options: dict | None) -> Table:
    table = opening.create_table(
        game_name=game_name,
        players=4 if game_name == "dragonformula" else 3,
        options=options or {},
        bot_level="random",
        created_by=player,
    )
    if game_name == "dragonformula":
        Table.objects.filter(pk=table.pk).update(stacking={"deals": [], "fire_seats": [0]})
        table.refresh_from_db()
    starting.start(table, player, seed=11)
    return table


def name_a_guest(page) -> Player:
    """Name oneself in the lobby as a new guest (no password); the player it made."""
    page.goto("/")
    name = f"Guest{Player.objects.count() + 1}"
    page.locator("#id_display_name").fill(name)
    page.locator("#id_display_name").press("Enter")
    page.wait_for_selector(".hello")
    return Player.objects.get(display_name=name)


def guest_at_table(new_page, game_name: str, *, viewport=None, options=None, locale="en-US"):
    """A guest who named themselves in the lobby, seated at a started table with bots.

    Dragon Formula tables make the guest Fire, so the first turn is theirs.
    """
    page = new_page(viewport=viewport, locale=locale)
    page.add_init_script(FRAMES_HEARD)
    player = name_a_guest(page)
    table = off_the_browser_loop(open_table_with_bots, player, game_name, options)
    page.goto(f"/{game_name}/{table.code}/")
    page.wait_for_selector("#prompt")
    # The table's socket has brought its first frame: regions it swaps in later would undo
    # what a test opens on the page meanwhile.
    page.wait_for_function("() => window.framesHeard > 0")
    return page, table


# Counts the frames a page's table socket brings (htmx's ws extension announces each one).
FRAMES_HEARD = """
window.framesHeard = 0;
document.addEventListener('htmx:wsAfterMessage', () => { window.framesHeard += 1; });
"""


def tab_to(page, predicate_js: str, limit: int = 80) -> None:
    """Press Tab until the focused element satisfies ``predicate_js`` (a function of it)."""
    for _press in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(({predicate_js}))(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached an element with {predicate_js}")


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_table_has_no_serious_accessibility_violation(new_page, artifacts_dir, game_name, locale):
    page, _table = guest_at_table(new_page, game_name, locale=locale)
    page.screenshot(path=artifacts_dir / f"table-{game_name}-{locale[:2]}.png")
    assert axe_problems(page) == []


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_table_screenshots(new_page, artifacts_dir, game_name, size, viewport):
    page, _table = guest_at_table(new_page, game_name, viewport=viewport)
    page.screenshot(path=artifacts_dir / f"table-{game_name}-{size}.png")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    small = page.evaluate(
        """() => [...document.querySelectorAll('#prompt button, #hand button')]
              .filter(el => el.offsetParent !== null)
              .map(el => el.getBoundingClientRect())
              .filter(box => box.height < 44 || box.width < 44).length"""
    )
    assert small == 0


def test_a_dragon_formula_turn_played_with_the_keyboard_alone(new_page, artifacts_dir):
    page, table = guest_at_table(new_page, "dragonformula")
    assert "Your turn — draw" in page.locator("#prompt").inner_text()
    assert page.title().startswith("●"), "the tab title tells it is your turn"

    tab_to(page, "el => el.dataset.action === 'draw'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length === 11")
    assert "Discard a card" in page.locator("#prompt").inner_text()

    # Focus stays usable after the swap: Tab reaches a card of the hand; Space chooses it
    # (the prompt offers "Discard …"), Escape drops the choice, Space twice discards it.
    tab_to(page, "el => el.classList.contains('card-button')")
    focused = page.evaluate("document.activeElement.querySelector('[data-card]').dataset.card")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused card shows where the keyboard is"
    page.screenshot(path=artifacts_dir / "table-dragonformula-keyboard-focus.png")
    page.keyboard.press("Space")
    confirm = page.locator("#prompt [data-confirm-discard]")
    assert confirm.is_visible() and confirm.inner_text().startswith("Discard ")
    page.keyboard.press("Escape")
    assert not confirm.is_visible()
    assert page.locator("#hand .card-button").count() == 11, "nothing was discarded"
    page.keyboard.press("Space")
    page.keyboard.press("Space")

    page.wait_for_function(
        "code => !document.querySelector(`#hand [data-card='${code}']`)", arg=focused
    )
    # The answer to the click brings the hand; the table's socket brings the discard row.
    page.wait_for_function(
        "code => document.querySelector(`.df-seat[data-seat='0'] .discards [data-card='${code}']`)",
        arg=focused,
    )
    mine = page.locator(".df-seat[data-seat='0'] .discards [data-card]")
    assert focused in [mine.nth(i).get_attribute("data-card") for i in range(mine.count())]
    assert page.locator("#hand [data-card]").count() == 10
    game = table.games.latest("pk")
    discards = [
        entry.action.get("card")
        for entry in game.log.order_by("pk")
        if entry.seat == 0 and entry.action.get("type") == "discard"
    ]
    assert discards == [focused]


def test_hand_order_changes_without_dragging(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    tab_to(page, "el => el.classList.contains('card-button') || !!el.closest('#hand')")

    def order():
        return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")

    before = order()
    page.locator("#hand .cards > *").first.focus()
    page.keyboard.press("Alt+ArrowRight")
    after = order()
    assert after == [before[1], before[0], *before[2:]]
    assert page.evaluate("document.activeElement.closest('[data-card]').dataset.card") == before[0]
    page.reload()
    page.wait_for_selector("#hand [data-card]")
    assert order() == after, "the chosen order survives a reload"
    page.get_by_role("button", name="Sort the hand").click()
    assert order() == before
    # On a phone: tap a card while waiting, then the arrow buttons move it.
    page.locator("#hand .cards > *").nth(2).click()
    page.get_by_role("button", name="Move the chosen card left").click()
    assert order()[1] == before[2]
    page.get_by_role("button", name="Move the chosen card right").click()
    page.get_by_role("button", name="Move the chosen card right").click()
    assert order()[3] == before[2]


def test_title_badge_and_announcement_follow_the_turn(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    assert page.title().startswith("● Your turn")
    page.locator("[data-action='draw']").click()
    page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length === 11")
    announcer = page.locator("#announcer")
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent.includes('Discard')"
    )
    assert announcer.get_attribute("aria-live") == "polite"
    page.locator("#hand .card-button").first.click()
    page.locator("#hand .card-button").first.click()  # choose, then confirm
    page.wait_for_function("() => !document.title.startsWith('●')")
    # The bots play on; the announcer keeps saying whose turn it is.
    page.wait_for_function("() => document.getElementById('announcer').textContent.length > 0")


def test_card_tooltip_shows_on_keyboard_focus(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    page.locator("[data-action='draw']").click()
    page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length === 11")
    tab_to(page, "el => el.classList.contains('card-button')")
    button = page.locator("#hand .card-button:focus")
    tip = page.locator(".card-tip")
    assert tip.is_visible()
    assert tip.inner_text() == button.locator("[data-card]").get_attribute("title")
    page.keyboard.press("Escape")
    assert not tip.is_visible()


def test_tapping_a_card_on_a_phone_pops_no_tooltip(new_page):
    """A tap chooses the card; a tip over its neighbours would hide the hand (issue 14)."""
    page, _table = guest_at_table(new_page, "dragonformula", viewport=PHONE)
    page.locator("[data-action='draw']").click()
    page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length === 11")
    page.locator("#hand .card-button").nth(3).click()
    assert page.locator("#hand .card-button.is-selected").count() == 1
    assert page.locator(".card-tip:visible").count() == 0


def test_turn_sound_is_a_remembered_choice(new_page):
    page, _table = guest_at_table(new_page, "dragonformula")
    sound = page.get_by_role("button", name="Sound on my turn")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    page.reload()
    assert page.get_by_role("button", name="Sound on my turn").get_attribute("aria-pressed") == (
        "true"
    )


def test_show_my_waits_on_an_assisted_table(new_page):
    page, _table = guest_at_table(new_page, "dragonformula", options={"dan_assist": True})
    waits = page.get_by_role("button", name="Show my waits")
    waits.focus()
    page.keyboard.press("Enter")
    panel = page.locator("#waits")
    panel.locator("p").first.wait_for()
    # Ten cards at the start of the turn: the panel answers about this hand, in words.
    assert "your hand" in panel.inner_text()
    assert axe_problems(page) == []


def test_no_waits_helper_on_a_strict_table(new_page):
    page, _table = guest_at_table(new_page, "dragonformula", options={"dan_assist": False})
    assert page.get_by_role("button", name="Show my waits").count() == 0


def test_dragons_and_suits_differ_without_colour(new_page):
    page, _table = guest_at_table(new_page, "dragsaga")
    swatches = page.eval_on_selector_all(
        ".ds-seat .dragon-swatch",
        """els => els.map(el => {
            const style = getComputedStyle(el);
            return style.backgroundImage + ' ' + style.backgroundSize;
        })""",
    )
    assert len(swatches) == 3 and len(set(swatches)) == 3, "each dragon has its own pattern"
    names = page.eval_on_selector_all(".ds-seat .colour-name", "els => els.map(e => e.textContent)")
    assert len(set(names)) == 3 and all(name.strip() for name in names)

    page, _table = guest_at_table(new_page, "dragonformula")
    symbols = page.eval_on_selector_all(
        "#hand .tarot-card:not(.major)",
        """els => els.map(el => [el.dataset.card[0],
                                  el.querySelector('.suit-symbol use').getAttribute('href')])""",
    )
    by_suit = {}
    for suit, href in symbols:
        by_suit.setdefault(suit, set()).add(href)
    assert all(len(hrefs) == 1 for hrefs in by_suit.values())
    assert len({next(iter(h)) for h in by_suit.values()}) == len(by_suit), "one symbol per suit"
