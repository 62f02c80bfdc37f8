"""A table reads right on every screen and in both languages, in every phase of a whole
game: no Japanese on an English page outside the players' names and the card faces'
bilingual lines (and no English word on a Japanese one outside those), nothing wider than
the screen, no card's name clipped.

Ann plays whole games against quick bots on a phone (390x844); each time the table shows
her something new (a phase, a prompt, a pick window, a result, the match's end, a guard or
a flip prompt, a card chosen) the three checks run there and again at 1366x768."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error, Page

from games.tables.actions import opening, starting
from games.tables.models import Player
from tests.browser.tables import off_the_browser_loop, version
from tests.browser.test_leaver import browser_as

SHOTS = Path("/tmp/issue-32")
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
NAMES = ["Ann", "Bot"]  # Ann and the bots' names ("Bot 2 (random)", "ボット 2（ランダム）")

# Visible text in the wrong language: each text node shown, outside the bilingual card
# lines (their own lang attribute) and the players' names, with Japanese in an English
# page, or an English word (three letters or more) in a Japanese one.
WRONG_LANGUAGE = """
([pageLang, names]) => {
  // An English word: three letters or more, not all capitals (a table code, XVI, SHA).
  const wrong = pageLang.startsWith('ja') ? /[a-z]{3,}|[A-Z][a-z]{2,}/ : /[\\u3040-\\u30ff\\u4e00-\\u9fff]/;
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    let text = node.textContent;
    for (const name of names) text = text.split(name).join('');
    text = text.replace(/\\bAlt\\b/g, '');  // a key's name
    if (!wrong.test(text) || !el.checkVisibility()) continue;
    const lang = el.closest('[lang]').getAttribute('lang');
    if (lang !== pageLang) continue;  // a card face's line in its own language
    if (el.closest('svg, code, .table-code, #join-qr, .seed, .commitment')) continue;
    found.push(text.trim().slice(0, 80));
  }
  return [...new Set(found)];
}
"""

# Elements wider than the screen (a scrolling box's insides excepted), and the page's own
# sideways scroll.
TOO_WIDE = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  const scrolls = el => { const s = getComputedStyle(el).overflowX; return s === 'auto' || s === 'scroll'; };
  for (const el of document.querySelectorAll('body *')) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || (box.right <= width + 1 && box.left >= -1)) continue;
    let inside = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) { inside = true; break; }
    }
    if (!inside) wide.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.left)}..${Math.round(box.right)}px`);
  }
  // A box that scrolls sideways (an overlay, a table's frame) hides what does not fit; only
  // the hand's row of cards may (docs/ui.md: "the hand may scroll sideways").
  for (const el of document.querySelectorAll('body *')) {
    if (!el.checkVisibility() || !scrolls(el) || el.closest('#hand')) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.tagName.toLowerCase()}.${el.className} scrolls ${el.scrollWidth} in ${el.clientWidth}px`);
    }
  }
  return {page: document.documentElement.scrollWidth - width, wide: wide.slice(0, 8)};
}
"""

# Card names, labels and score headers cut short: wider than their own box or than their
# card, running out of the card's top or bottom, or (in Latin letters) a word cut in two
# because it is wider than its line (a soft hyphen's break shows a hyphen: not a cut).
CLIPPED = """
() => {
  const measure = document.createElement('canvas').getContext('2d');
  const cutWord = el => {
    if (!el.matches('.name, .name-en, .ds-name-en, th') || !/[A-Za-z]/.test(el.textContent)) return false;
    const style = getComputedStyle(el);
    measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const line = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return el.textContent.trim().split(/[\\s\\u00ad]+/).some(word => measure.measureText(word).width > line + 1);
  };
  return [...document.querySelectorAll(
    '.tarot-card .name, .tarot-card .name-en, .tarot-card .name-ja, .tarot-card .rank, '
    + '.tarot-card .numeral, .tarot-card .sephiroth, .ds-card .ds-name, .ds-card .ds-name-en, '
    + '.ds-card .kind-word, .mini-card .name, .mini-card, .final-placings th, .set-table th, .scores th'
  )].filter(el => {
    if (!el.checkVisibility()) return false;
    const card = el.closest('.tarot-card, .ds-card') || el;
    const box = el.getBoundingClientRect(), edges = card.getBoundingClientRect();
    return el.scrollWidth > el.clientWidth + 1 || el.scrollWidth > card.clientWidth + 1
      || box.bottom > edges.bottom + 1 || box.top < edges.top - 1 || cutWord(el);
  }).map(el => `${el.className}: ${el.textContent.trim()} (${el.scrollWidth} in ${el.clientWidth}, card ${(el.closest('.tarot-card, .ds-card') || el).clientWidth})`);
}
"""

# What the table shows Ann now, in a few words: each new one is checked.
SHOWING = """
() => {
  const shown = s => [...document.querySelectorAll(s)].some(e => e.checkVisibility());
  const prompt = document.querySelector('#prompt');
  if (!prompt) return location.pathname;
  const kinds = [...prompt.querySelectorAll('button')].filter(b => b.checkVisibility()).map(b => {
    if (b.dataset.action) return b.dataset.action;
    try { return JSON.parse(b.value).type || 'button'; } catch (e) { return b.className || 'button'; }
  });
  // The prompt's kind, and whether Ann is to play a card from her hand.
  const phase = [...prompt.querySelectorAll('.phase')].map(p => p.className).join(' ')
    + (shown('#hand button[data-confirm]') ? ' hand-play' : '');
  return [
    shown('#result-screen .overlay.result') && 'result',
    shown('.match-end') && 'match-end',
    shown('#scores .result') && 'final-ranking',
    shown('#place-form') && 'place',
    shown('#hand .selected, #hand [aria-pressed=true]') && 'chosen',
    shown('.catch-up') && 'catch-up',
    shown('#prompt .refusal') && 'refusal',
    phase, [...new Set(kinds)].sort().join(','),
  ].filter(Boolean).join(' | ');
}
"""


class Checks:
    """The three checks, run at both sizes each time Ann sees something new."""

    def __init__(self, page: Page, game_name: str, language: str) -> None:
        self.page, self.game_name, self.language = page, game_name, language
        self.seen: list[str] = []
        self.found: dict[str, dict[str, object]] = {}

    def look(self, label: str = "") -> None:
        try:
            showing = (label + " " if label else "") + self.page.evaluate(SHOWING)
        except Error:
            return  # a region was being swapped: look at the next step
        if showing in self.seen:
            return
        self.seen.append(showing)
        for size in ("phone", "laptop"):
            self.page.set_viewport_size(SIZES[size])
            found = self.run()
            shot = f"{self.game_name}-{self.language}-{size}-{len(self.seen):02d}.png"
            self.page.screenshot(path=SHOTS / shot)
            if found:
                self.found[f"{showing} @ {size} ({shot})"] = found
        self.page.set_viewport_size(SIZES["phone"])

    def run(self) -> dict[str, object]:
        page = self.page
        wrong = page.evaluate(WRONG_LANGUAGE, [self.language, NAMES])
        wide = page.evaluate(TOO_WIDE)
        clipped = page.evaluate(CLIPPED)
        found: dict[str, object] = {}
        if wrong:
            found["wrong language"] = wrong
        if wide["page"] > 0 or wide["wide"]:
            found["too wide"] = wide
        if clipped:
            found["clipped"] = clipped
        return found


def click_and_wait(page: Page, locator) -> None:
    seen = version(page)
    try:
        locator.click(timeout=3_000)
        page.wait_for_function(
            "seen => document.querySelector('#table-version').value !== seen",
            arg=seen,
            timeout=10_000,
        )
    except Error:
        pass  # the region was replaced under the click, or the answer was a refusal


def visible(page: Page, selector: str):
    found = page.locator(selector)
    for i in range(found.count()):
        if found.nth(i).is_visible():
            return found.nth(i)
    return None


def df_step(page: Page, checks: Checks, picks: list[int]) -> bool:
    """One thing Ann does at Dragon Formula: Dan when she can, pick a discard once or
    twice, else pass, draw, or discard (a tap to choose, looked at, and a tap to confirm)."""
    if visible(page, "#result-screen button[data-action='next_game']"):
        click_and_wait(page, page.locator("#result-screen button[data-action='next_game']"))
        return True
    for action in ("dan", "pick_and_dan", "pick", "pass", "draw"):
        button = visible(page, f"#prompt button[data-action='{action}']")
        if button is None or (action == "pick" and len(picks) >= 2):
            continue
        if action == "pick":
            picks.append(1)
        click_and_wait(page, button)
        return True
    card = visible(page, "#hand button[data-confirm]")
    if card is None:
        return False
    try:
        card.click(timeout=3_000)
        page.wait_for_selector("#prompt [data-confirm-discard]:not(:empty)", timeout=3_000)
    except Error:
        return True
    checks.look("first tap:")
    click_and_wait(page, card)
    return True


def ds_step(page: Page, checks: Checks) -> bool:
    """One thing Ann does at DragSaga: keep a dragon, place two cards (looking after each
    tap and after a refused Ready), flip, guard, or end her turn."""
    if visible(page, "#prompt .card-button"):
        click_and_wait(page, page.locator("#prompt .card-button").first)
        return True
    if visible(page, "#place-form"):
        cards = page.locator("#hand .pickable")
        try:
            cards.nth(0).click(timeout=3_000)
            checks.look("one card:")
            page.click("#place-form button:has-text('Ready'), #place-form button.primary")
            checks.look("Ready with one card:")
            cards.nth(1).click(timeout=3_000)
            checks.look("two cards:")
            if cards.count() > 2:
                cards.nth(2).click(timeout=3_000)
                checks.look("a third card:")
        except Error:
            return True
        click_and_wait(page, page.locator("#place-form button.primary"))
        return True
    buttons = page.locator("#prompt button[name=action]")
    kinds = []
    for i in range(buttons.count()):
        try:
            kinds.append(json.loads(buttons.nth(i).get_attribute("value") or "{}").get("type"))
        except (Error, ValueError):
            return True  # the prompt was replaced while read: look again
    for kind in ("flip", "guard", "no_guard", "end_turn", "pass"):
        if kind in kinds:
            click_and_wait(page, buttons.nth(kinds.index(kind)))
            return True
    return False


def play(page: Page, checks: Checks, game_name: str, seconds: float) -> None:
    ended = (
        "#result-screen .match-end, .match-end"
        if game_name == "dragonformula"
        else "#scores .result"
    )
    picks: list[int] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        checks.look()
        if visible(page, ended):
            return
        stepped = (
            df_step(page, checks, picks) if game_name == "dragonformula" else ds_step(page, checks)
        )
        if not stepped:
            with contextlib.suppress(Error):
                page.wait_for_function(
                    "seen => document.querySelector('#table-version').value !== seen",
                    arg=version(page),
                    timeout=3_000,
                )
    raise AssertionError(f"the {game_name} game did not end in {seconds} s; seen: {checks.seen}")


def table_with_bots(game_name: str) -> tuple[str, Player]:
    ann = Player.objects.create(display_name="Ann")
    options = {"pick_seconds": 20, "turn_seconds": 90} if game_name == "dragonformula" else {}
    table = opening.create_table(
        game_name=game_name,
        players=2 if game_name == "dragonformula" else 3,
        options=options,
        bot_level="random",
        created_by=ann,
        bot_pace="quick",
    )
    starting.start(table, ann, seed=11)
    return table.code, ann


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_phase_of_a_whole_game_reads_right(new_page, live_server_url, game_name, language):
    SHOTS.mkdir(exist_ok=True)
    code, ann = off_the_browser_loop(table_with_bots, game_name)
    page = browser_as(new_page, live_server_url, ann)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"/{game_name}/{code}/", timeout=60_000)
    page.locator("#hand [data-card], #prompt .card-button").first.wait_for()
    assert page.evaluate("document.documentElement.lang") == language
    shown = page.locator(".table").inner_text()
    assert "Round 0" not in shown and "第 0 ラウンド" not in shown  # choosing the dragons
    checks = Checks(page, game_name, language)
    play(page, checks, game_name, seconds=400)
    checks.look("the end:")
    # Ann's page of games, with the one just finished.
    page.goto(f"/players/{ann.pk}/")
    checks.look(f"/players/{ann.pk}/:")
    (SHOTS / f"{game_name}-{language}-found.json").write_text(
        json.dumps({"seen": checks.seen, "found": checks.found}, ensure_ascii=False, indent=1)
    )
    assert len(checks.seen) >= 6, checks.seen  # the phases were really walked
    assert checks.found == {}, json.dumps(checks.found, ensure_ascii=False, indent=1)


# What the clipping check must see: a word cut in two on a small card and in a header, a
# numeral wider than its card, a name running out of its card's bottom; and what it must not
# (a name broken at a space or at a soft hyphen).
CUT_AND_WHOLE = """
<style>
  .tarot-card { display: inline-flex; flex-direction: column; width: 30px; height: 46px;
                font: 8px sans-serif; margin: 4px; border: 1px solid; }
  .tarot-card > * { max-width: 100%; overflow-wrap: anywhere; }
  th { width: 22px; overflow-wrap: anywhere; font: 13px sans-serif; }
</style>
<span class="tarot-card"><small class="name-en" lang="en">Temperance</small></span>
<span class="tarot-card"><span class="numeral" style="font: 16px sans-serif; overflow-wrap: normal">XVIII</span></span>
<span class="tarot-card"><small class="name-en" style="margin-top: 44px">fall</small></span>
<table class="final-placings"><tr><th>Place</th></tr></table>
<span class="tarot-card"><small class="name-en">The Sun</small></span>
<span class="tarot-card"><small class="name-en" style="font-size: 7px">Thun\u00adder\u00adbolt</small></span>
"""


def test_the_clipping_check_sees_a_cut_word_a_wide_numeral_and_a_fall(new_page):
    page = new_page()
    page.set_content(CUT_AND_WHOLE)
    found = [line.split(" (")[0] for line in page.evaluate(CLIPPED)]
    assert "name-en: Temperance" in found
    assert "numeral: XVIII" in found
    assert "name-en: fall" in found  # below the card's bottom
    assert ": Place" in found  # a header, no class
    assert not any("The Sun" in line or "Thun" in line for line in found), found
