"""One screen (docs/ui.md, issue 15): at 1366×768 and at 390×844, without scrolling, in every phase
of both games, the whole hand, the prompt with its buttons and countdown, the live discard
or attack and the seats are inside the viewport. Each phase is photographed at both sizes
(tests/browser/artifacts/fit-*.png).

One table per game is played through its phases; at each phase the page is measured at both
sizes (the viewport is resized in place, as turning a tablet would).
"""

from __future__ import annotations

import contextlib
import time

import pytest
from django.utils import translation
from playwright.sync_api import Error, expect

from dragsaga.rules.cards import default_card_set
from dragsaga.templatetags.ds_seats import ds_flipped
from games.tables.actions import opening, playing, starting
from games.tables.models import Table
from tests.browser.tables import off_the_browser_loop, version, wait_for_new_version
from tests.browser.test_a11y import LAPTOP, PHONE, axe_problems
from tests.browser.test_a11y_tables import name_a_guest

SIZES = {"laptop": LAPTOP, "phone": PHONE}

# The site header's way to switch languages, and whose table page this is (the header is
# one row at a table; on a phone what would not fit in it is left out, never pushed off).
HEADER = ["header.site .language-switcher button", "header.site .who", "header.site .home"]
# Everything a player needs now, for each game: hand cards, the prompt's buttons, the
# countdown, the live discard (or the attack being guarded) and the seats.
NEEDED = {
    "dragonformula": [
        *HEADER,
        "#hand [data-card]",
        "#prompt button",
        "#clock .countdown",
        ".discard.live",
        ".df-seat",
    ],
    "dragsaga": [
        *HEADER,
        "#hand [data-card]",
        "#prompt button",
        "#clock .countdown",
        ".guard-window",
        ".ds-seat",
    ],
}

OUTSIDE = """selectors => {
    const out = [];
    for (const selector of selectors) {
        for (const el of document.querySelectorAll(selector)) {
            if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
                out.push(`${selector} "${(el.innerText || el.dataset.card || '').trim().slice(0, 30)}"`
                    + ` at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
            }
        }
    }
    return out;
}"""

# The side column scrolls down, never sideways: a standings header or log line wider than it
# would be cut off at its edge (Japanese headers that would not break once did this).
SIDE_CUT = """() => {
    const side = document.querySelector('.table-side');
    return side ? side.scrollWidth - side.clientWidth : 0;
}"""


def check_phase(
    page, game_name: str, phase: str, artifacts_dir, *, must_show=(), needed=None
) -> None:
    """At both sizes: nothing needed (``needed``, else the game's :data:`NEEDED`) lies outside
    the viewport, the page has not scrolled, and ``must_show`` (selectors this phase is about)
    are there."""
    needed = NEEDED[game_name] if needed is None else needed
    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)  # layout settles (arrows are redrawn on resize)
        page.screenshot(path=artifacts_dir / f"fit-{game_name}-{phase}-{size}.png")
        for selector in must_show:
            if not page.locator(selector).count():
                problems.append(f"{size}: nothing matches {selector}")
        problems += [f"{size}: {p}" for p in page.evaluate(OUTSIDE, needed)]
        sideways = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        if sideways > 0:
            problems.append(f"{size}: the page scrolls sideways by {sideways}px")
        cut = page.evaluate(SIDE_CUT)
        if cut > 0:
            problems.append(f"{size}: the side column (standings, log) is cut by {cut}px")
    page.set_viewport_size(LAPTOP)
    assert problems == [], f"{game_name} / {phase}: " + "; ".join(problems)


def seated_guest(
    new_page, game_name: str, players: int, bot_level: str, options, stacking=None, locale="en-US"
):
    page = new_page(locale=locale)
    player = name_a_guest(page)

    def open_table():
        table = opening.create_table(
            game_name=game_name,
            players=players,
            options=options,
            bot_level=bot_level,
            created_by=player,
        )
        if stacking is not None:
            Table.objects.filter(pk=table.pk).update(stacking=stacking)
            table.refresh_from_db()
        starting.start(table, player, seed=5)
        return table

    table = off_the_browser_loop(open_table)
    page.goto(f"/{game_name}/{table.code}/")
    page.wait_for_selector("#prompt .phase")
    return page, table


# Dragon Formula: the guest is Fire (seat 0) and starts. Their ten cards wait on M4 for a
# Sephirot hand (Tiphareth); the pile's top card is of no use to them.
WAITING_HAND = ["W6", "C6", "S6", "W1", "W2", "W3", "C7", "C8", "C9", "M2"]
OTHERS = [
    ["S1", "S3", "S5", "S7", "S9", "P2", "P4", "P6", "P8", "M10"],
    ["S2", "S4", "S8", "S10", "P1", "P3", "P5", "P7", "P9", "M11"],
    ["W4", "W5", "W7", "W8", "W9", "W10", "C4", "C5", "C10", "M12"],
]


def df_stacking(top: str) -> dict:
    return {"deals": [{"hands": [WAITING_HAND, *OTHERS], "pile": [top]}], "fire_seats": [0]}


def confirm_discard(page, code: str) -> None:
    """Select a hand card, then confirm it (a discard takes two taps)."""
    card = page.locator(f"#hand button:has([data-card='{code}'])")
    card.click()
    page.wait_for_selector("#prompt [data-confirm-discard]:not([hidden])")
    card.click()


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_dragon_formula_fits_one_screen_in_every_phase(new_page, artifacts_dir, locale):
    page, _table = seated_guest(
        new_page, "dragonformula", 4, "random", {"pick_seconds": 60}, df_stacking("WK"), locale
    )
    artifacts_dir = artifacts_dir / locale[:2]
    artifacts_dir.mkdir(exist_ok=True)
    page.wait_for_selector("#prompt button[data-action='draw']")
    check_phase(page, "dragonformula", "draw", artifacts_dir)

    page.click("#prompt button[data-action='draw']")
    page.wait_for_selector("#hand [data-card='WK']")
    check_phase(page, "dragonformula", "discard", artifacts_dir)

    page.locator("#hand button:has([data-card='WK'])").click()
    check_phase(
        page, "dragonformula", "discard-selected", artifacts_dir, must_show=[".is-selected"]
    )
    assert axe_problems(page) == []
    page.locator("#hand button:has([data-card='WK'])").click()

    # A bot's discard opens a pick window the guest may answer.
    page.wait_for_selector("#prompt button[data-action='pass']", timeout=30_000)
    check_phase(page, "dragonformula", "pick-window", artifacts_dir, must_show=[".discard.live"])


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_dragon_formula_game_end_fits_one_screen(new_page, artifacts_dir, locale):
    page, _table = seated_guest(
        new_page, "dragonformula", 4, "random", {"pick_seconds": 60}, df_stacking("M4"), locale
    )
    artifacts_dir = artifacts_dir / locale[:2]
    artifacts_dir.mkdir(exist_ok=True)
    page.click("#prompt button[data-action='draw']")
    page.wait_for_selector("#prompt button[data-action='dan']")
    check_phase(page, "dragonformula", "dan", artifacts_dir)
    page.click("#prompt button[data-action='dan']")
    page.wait_for_selector(".overlay.result")
    check_phase(page, "dragonformula", "game-end", artifacts_dir, must_show=[".overlay.result"])
    for viewport in SIZES.values():
        page.set_viewport_size(viewport)
        # Wholly on the screen at each size (retried while a push may swap it in).
        expect(page.locator(".overlay.result")).to_be_in_viewport(ratio=1)


def ds_step_until(page, wanted: str, limit_seconds: float = 150, guard_ok: bool = True) -> None:
    """Play simply (flip what can be flipped, otherwise pass; no guard) until ``wanted``."""
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        if page.locator(wanted).count():
            return
        seen = version(page)
        clicked = False
        with contextlib.suppress(Error):
            if page.locator("#prompt .card-button").count():
                page.locator("#prompt .card-button").first.click()
                clicked = True
            elif page.locator("#place-form").count():
                picks = page.locator("#hand .pickable")
                picks.nth(0).click()
                picks.nth(1).click()
                page.click("#place-form button.primary")
                clicked = True
            else:
                for label in ("Flip", "No guard", "End turn", "Pass"):
                    button = page.locator(f"#prompt button[name=action]:has-text('{label}')")
                    if button.count():
                        button.first.click()
                        clicked = True
                        break
        with contextlib.suppress(Error):
            wait_for_new_version(page, seen, timeout=10_000 if clicked else 3_000)
    raise AssertionError(f"Nothing matched {wanted} in time")


def test_dragsaga_fits_one_screen_in_every_phase(new_page, artifacts_dir):
    page, _table = seated_guest(new_page, "dragsaga", 4, "heuristic", {"guard_seconds": 60})
    page.wait_for_selector("#prompt .card-button")
    check_phase(page, "dragsaga", "choose-dragon", artifacts_dir)
    page.locator("#prompt .card-button").first.click()

    page.wait_for_selector("#place-form")
    check_phase(page, "dragsaga", "placing", artifacts_dir)
    # 13 cards in one row on a laptop, with no sideways scrolling.
    assert page.locator("#hand [data-card]").count() == 13
    row = page.evaluate(
        """() => {
            const cards = document.querySelector('#hand .cards');
            const tops = [...cards.querySelectorAll('[data-card]')].map(c => c.getBoundingClientRect().top);
            return {overflow: cards.scrollWidth - cards.clientWidth, rows: new Set(tops).size};
        }"""
    )
    assert row == {"overflow": 0, "rows": 1}

    # Two cards that cannot both be flipped (5 + 6 > 6) are flagged as soon as they are chosen.
    warning = page.locator("#prompt [data-place-warning]")
    page.locator("#hand .pickable:has([data-card='dragon_breath'])").click()
    page.locator("#hand .pickable:has([data-cost='6'])").click()
    warning.wait_for(state="visible")
    assert "only one of them can be flipped" in warning.inner_text()
    assert "5 + 6 = 11 > 6" in warning.inner_text()
    check_phase(page, "dragsaga", "placing-over-the-limit", artifacts_dir)
    page.locator("#hand .pickable:has([data-card='dragon_breath'])").click()  # untick the 5
    warning.wait_for(state="hidden")
    page.locator("#hand .pickable:has([data-card='claw'])").click()
    page.keyboard.press("Escape")  # drops the choice: nothing is placed before "Ready"
    assert page.locator("#hand .pickable input:checked").count() == 0
    assert page.locator("[data-place-chosen]").inner_text() == ""

    picks = page.locator("#hand .pickable")
    picks.nth(0).click()
    picks.nth(1).click()
    check_phase(page, "dragsaga", "placing-chosen", artifacts_dir)
    page.click("#place-form button.primary")

    ds_step_until(page, "#prompt button:has-text('Flip'), #prompt button:has-text('Pass')")
    check_phase(page, "dragsaga", "flipping", artifacts_dir)

    ds_step_until(page, "#prompt button:has-text('No guard')")
    check_phase(page, "dragsaga", "guard", artifacts_dir, must_show=[".guard-window"])
    check_with_every_seat_at_its_tallest(page, artifacts_dir)

    ds_step_until(page, "#scores .result", limit_seconds=240)

    # The game is over: no card of the hand can be played (the ranking lists the cards left),
    # so what must be on the screen is the result and the prompt's buttons.
    over = [s for s in NEEDED["dragsaga"] if not s.startswith("#hand")]
    check_phase(page, "dragsaga", "end", artifacts_dir, must_show=["#scores .result"], needed=over)
    assert headers_too_narrow(page) == []
    assert axe_problems(page) == []

    # In Japanese too: no result header wraps one character per line, even on a phone.
    page.set_viewport_size(PHONE)
    with page.expect_navigation():
        page.click(".language-switcher button[lang='ja']")
    page.wait_for_selector("#scores .result")
    page.screenshot(path=artifacts_dir / "fit-dragsaga-end-ja-phone.png")
    assert "最終ダメージ" in page.locator("#scores .result").inner_text()
    assert headers_too_narrow(page) == []
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


# The most a seat shows in a round: both its placed cards flipped as attacks, each with a
# line for every player it hit (long bot names, one hit blocked by a guard).
HITS = [
    {"name": "Bot 4 (tactical)", "colour": "green", "amount": 3, "blocked": None},
    {"name": "Guest1", "colour": "yellow", "amount": 3, "blocked": None},
    {"name": "Bot 2 (tactical)", "colour": "red", "amount": 0, "blocked": "Scale Shield"},
]
CROWD = """html => {
    const seats = [...document.querySelectorAll('#seats .ds-seat:not(.you) .placed')];
    for (const placed of seats) placed.innerHTML = html;
    return seats.length;
}"""


# The damage each hit line shows, where it is wholly drawn inside its line (a long name may be
# cut short on a phone; the amount may not).
AMOUNTS_SHOWN = """() => [...document.querySelectorAll('#seats .ds-seat:not(.you) .flip-outcome .hit')]
    .map(line => {
        const box = line.getBoundingClientRect();
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let amount = null;
        while (walker.nextNode()) {
            const match = walker.currentNode.textContent.match(/−\\d+/);
            if (!match) continue;
            const range = document.createRange();
            range.setStart(walker.currentNode, match.index);
            range.setEnd(walker.currentNode, match.index + match[0].length);
            const r = range.getBoundingClientRect();
            if (r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5) amount = match[0];
        }
        return amount;
    })"""


def two_flipped_attacks() -> str:
    """Two flipped attacks with what they did, as the server renders a seat's flips."""
    cards = {card["id"]: card for card in default_card_set()}
    outcome = {"pending": False, "hits": HITS}
    with translation.override("en"):
        return "".join(
            ds_flipped({"face": cards[card], "outcome": outcome, "key": f"tallest-{card}"})
            for card in ("claw", "dragon_breath")
        )


def check_with_every_seat_at_its_tallest(page, artifacts_dir) -> None:
    """The guard phase again, with every other seat showing two flipped attacks: the hand
    stays on a phone's screen (such a seat once pushed it below the fold), and each hit
    still says how much it took."""
    html = two_flipped_attacks()
    for _attempt in range(3):
        assert page.evaluate(CROWD, html) == 3
        check_phase(page, "dragsaga", "guard-tallest-seats", artifacts_dir)
        page.set_viewport_size(PHONE)
        amounts = page.evaluate(AMOUNTS_SHOWN)
        page.set_viewport_size(LAPTOP)
        if page.locator("[data-flip^='tallest-']").count() == 6:
            break  # no push replaced the seats while they were measured
    else:
        raise AssertionError("pushes kept replacing the seats being measured")
    assert amounts == ["−3"] * 12


def headers_too_narrow(page) -> list[str]:
    """Result table headers that wrap (about) one character per line."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#scores .result th')].filter(th => {
            const range = document.createRange();
            range.selectNodeContents(th);
            const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
            const chars = th.innerText.replace(/\\s+/g, '').length;
            return lines > 1 && chars / lines < 2;
        }).map(th => th.innerText)"""
    )


def late_in_the_game(names: list[str]):
    """Four guests' table played by the rules' bots until it is seat 0's discard with a
    short pile: every seat has a long row of discards (the tallest the table gets)."""
    from dragonformula.rules.engine import ENGINE
    from tests.web.tables import seated_table

    table, game, players = seated_table(
        "dragonformula", names, seed=2, options={"pick_seconds": 60}
    )
    for _step in range(600):
        state = game.state
        if state["phase"] == "discard" and state["turn"] == 0 and len(state["pile"]) <= 4:
            return table, game, players
        seat = ENGINE.waiting_for(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        # Nobody picks or calls: the pile runs down and the discard rows grow.
        plain = [a for a in legal if a["type"] in ("draw", "discard", "pass")]
        action = plain[-1] if plain else ENGINE.bot_action(state, seat, "random")
        game = playing.apply_action(game, players[seat], action, game.version)
    raise AssertionError("the game never got late")


def test_dragon_formula_late_in_the_game_fits_one_screen(new_page, artifacts_dir):
    from tests.browser.tables import sign_in_as

    table, game, players = off_the_browser_loop(late_in_the_game, ["Ann", "Ben", "Cho", "Dai"])
    assert min(len(d) for d in game.state["discards"]) >= 6
    page = new_page()
    sign_in_as(page, players[0])
    page.goto(f"/dragonformula/{table.code}/")
    page.wait_for_selector("#hand button[data-confirm]")
    check_phase(page, "dragonformula", "late-discard", artifacts_dir)
