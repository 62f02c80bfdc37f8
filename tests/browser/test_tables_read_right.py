"""A table reads right on every screen and in both languages: no Japanese on an English
table outside the players' names and the card faces' bilingual lines (and no English words
on a Japanese one outside those), nothing wider than the screen, no card's name clipped."""

from pathlib import Path

import pytest

from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.web.tables import seated_table

SHOTS = Path("/tmp/issue-32")
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}

# Visible text in the wrong language: each text node shown, outside the bilingual card
# lines (their own lang attribute) and the players' names, with Japanese in an English
# page, or an English word (three letters or more) in a Japanese one.
WRONG_LANGUAGE = """
([pageLang, names]) => {
  // An English word: three letters or more, not all capitals (a table code, XVI, SHA).
  const wrong = pageLang.startsWith('ja') ? /[a-z]{3,}|[A-Z][a-z]{2,}/ : /[\\u3040-\\u30ff\\u4e00-\\u9fff]/;
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('.table'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    let text = node.textContent;
    for (const name of names) text = text.split(name).join('');
    text = text.replace(/\\bAlt\\b/g, '');  // a key's name
    if (!wrong.test(text) || !el.checkVisibility()) continue;
    const lang = el.closest('[lang]').getAttribute('lang');
    if (lang !== pageLang) continue;  // a card face's line in its own language
    if (el.closest('svg, code, .table-code, #join-qr')) continue;
    found.push(text.trim().slice(0, 80));
  }
  return [...new Set(found)];
}
"""

# Elements wider than the screen, and card names cut short.
TOO_WIDE = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('.table *')) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1 && !el.closest('.overlay[hidden]')) {
      wide.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)}px`);
    }
  }
  return {page: document.documentElement.scrollWidth - width, wide: wide.slice(0, 10)};
}
"""
CLIPPED = """
() => [...document.querySelectorAll(
  '.tarot-card .name, .tarot-card .name-en, .tarot-card .name-ja, .ds-card .ds-name, .ds-card .ds-name-en, .tarot-card .sephiroth'
)].filter(el => el.checkVisibility() && (el.scrollWidth > el.clientWidth + 1
  || el.scrollWidth > el.closest('.tarot-card, .ds-card').clientWidth + 1))
  .map(el => `${el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`)
"""


@pytest.mark.parametrize("game_name", ["dragonformula", "dragsaga"])
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_table_reads_right(new_page, live_server_url, game_name, language, size):
    SHOTS.mkdir(exist_ok=True)
    table, _game, (ann, _ben) = off_the_browser_loop(seated_table, game_name, ["Ann", "Ben"])
    page = browser_as(new_page, live_server_url, ann)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(SIZES[size])
    page.goto(f"/{game_name}/{table.code}/")
    page.locator("#hand [data-card]").first.wait_for()
    page.screenshot(path=SHOTS / f"{game_name}-{language}-{size}.png", full_page=True)
    assert page.evaluate("document.documentElement.lang") == language
    wrong = page.evaluate(WRONG_LANGUAGE, [language, ["Ann", "Ben"]])
    wide = page.evaluate(TOO_WIDE)
    clipped = page.evaluate(CLIPPED)
    assert (wrong, wide["page"], wide["wide"], clipped) == ([], 0, [], [])
    shown = page.locator(".table").inner_text()
    assert "Round 0" not in shown and "第 0 ラウンド" not in shown  # choosing the dragons
