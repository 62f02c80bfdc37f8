"""Accessibility in a real browser: axe-core finds nothing serious, pages work at phone and laptop sizes.

axe-core comes from the npm registry (package.json / package-lock.json at the
repository root; ``make test`` runs ``npm ci``) and is injected by Playwright.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.leagues import NO_WINNER, make_league, make_members, record_set, won

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
BLOCKING = {"serious", "critical"}


def axe_problems(page) -> list[str]:
    """Serious and critical axe-core violations on the page, one readable line per node."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` at the repository root (make test does).")
    # Through the DevTools protocol, not a <script> the page's CSP would refuse as inline.
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        """async () => await axe.run(document, {
            runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
            resultTypes: ['violations'],
        })"""
    )
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at {node['target']}"
        for violation in result["violations"]
        if violation["impact"] in BLOCKING
        for node in violation["nodes"]
    ]


PAGES = [
    ("lobby", "/"),
    ("rules", "/rules/"),
    ("rules-dragonformula", "/rules/dragonformula/"),
    ("rules-dragsaga", "/rules/dragsaga/"),
    ("calculator", "/dragonformula/calculator/"),
    ("leagues", "/leagues/"),
    ("sheet-dragonformula-blank", "/leagues/sheets/dragonformula/"),
    ("sheet-dragsaga-blank", "/leagues/sheets/dragsaga/"),
]


def filled_league_pages() -> list[tuple[str, str]]:
    """A league with one recorded Dragon Formula set: its page, set page and score sheets."""
    league = make_league()
    members = make_members(league, "Aoi", "Ben", "Chika", "Dai")
    result = record_set(league, members, [won(0), won(1, "center_pillar"), NO_WINNER, won(3)])
    return [
        ("league", f"/leagues/{league.pk}/"),
        ("sheet-dragonformula-set", f"/leagues/sets/{result.pk}/sheet/"),
        ("sheet-standings", f"/leagues/{league.pk}/sheet/"),
    ]


@pytest.mark.parametrize(("name", "path"), PAGES)
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_page_has_no_serious_accessibility_violation(new_page, artifacts_dir, name, path, locale):
    page = new_page(locale=locale)
    page.goto(path)
    assert page.locator("html").get_attribute("lang") == locale[:2]
    page.screenshot(path=artifacts_dir / f"{name}-{locale[:2]}.png")
    assert axe_problems(page) == []


@pytest.mark.parametrize(("name", "path"), PAGES)
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_page_fits_phone_and_laptop(new_page, artifacts_dir, name, path, size, viewport):
    page = new_page(viewport=viewport)
    page.goto(path)
    page.screenshot(path=artifacts_dir / f"{name}-{size}.png")
    # Nothing forces the whole page sideways: wide tables scroll inside their own box.
    # (Score sheets are A4 paper forms: on a phone they may be wider than the screen.)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0 or name.startswith("sheet-")
    # Every button and link of the header is a touch target of at least 44 px.
    small = page.evaluate(
        """() => [...document.querySelectorAll('header a, header button, main button')]
              .filter(el => el.offsetParent !== null)
              .map(el => [el.textContent.trim(), el.getBoundingClientRect()])
              .filter(([, box]) => box.height < 44 || box.width < 44)
              .map(([text, box]) => `${text}: ${Math.round(box.width)}x${Math.round(box.height)}`)"""
    )
    assert small == []


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_league_and_score_sheets_have_no_serious_accessibility_violation(
    new_page, artifacts_dir, locale
):
    for name, path in filled_league_pages():
        page = new_page(locale=locale)
        page.goto(path)
        assert axe_problems(page) == [], name
        for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
            page.set_viewport_size(viewport)
            page.screenshot(path=artifacts_dir / f"{name}-{locale[:2]}-{size}.png")


def test_language_switcher_works_with_the_keyboard(new_page):
    page = new_page(locale="ja-JP")
    page.goto("/rules/")
    assert page.locator("h1").inner_text() == "ルール"
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#main"
    english = page.get_by_role("button", name="English")
    english.focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # The switch posts and comes back to this same URL: wait for that load, not the URL.
    with page.expect_navigation(url="**/rules/"):
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == "Rules"
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"


def test_skip_link_moves_focus_to_the_content(new_page):
    page = new_page()
    page.goto("/rules/dragonformula/")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert skip.evaluate("el => el === document.activeElement")
    assert skip.bounding_box()["y"] >= 0, "the focused skip link is visible"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
