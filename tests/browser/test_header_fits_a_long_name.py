"""On a 390 px phone a guest with a long name still sees and reaches both language buttons in
the header, at a table and on the pages around it, in both languages: the name gives way."""

import pytest

from tests.browser.tables import off_the_browser_loop
from tests.browser.test_leaver import browser_as
from tests.web.tables import seated_table

PHONE = {"width": 390, "height": 844}
LONG_NAMES = {
    "en": "Wilhelmina Konstantinopolous-Featherston",  # 40 characters, the most a name may be
    "ja": "ウィルヘルミナ・コンスタンティノープル・フェザーストーンホー",
}
# Each language button: its label, whether it lies wholly inside the window and the header
# (nothing scrolled or cut off), and whether a tap on its middle lands on it.
LANGUAGE_BUTTONS = """() => {
  const header = document.querySelector('header.site');
  const width = document.documentElement.clientWidth;
  const bounds = header.getBoundingClientRect();
  return [...header.querySelectorAll('.language-switcher button')].map((button) => {
    const box = button.getBoundingClientRect();
    const inside = box.left >= 0 && box.right <= width && box.right <= bounds.right + 0.5
      && button.scrollWidth <= button.clientWidth;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return [button.textContent.trim(), inside, button.contains(hit)];
  });
}"""


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_language_buttons_fit_beside_a_long_name(new_page, live_server_url, language):
    name = LONG_NAMES[language]
    table, _, players = off_the_browser_loop(
        lambda: seated_table("dragonformula", [name, "Ben"], seed=3)
    )
    page = browser_as(new_page, live_server_url, players[0])
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )
    page.set_viewport_size(PHONE)
    for url in ("/", f"/dragonformula/{table.code}/", f"/players/{players[0].pk}/"):
        page.goto(url)
        who = page.locator("header.site .who")
        assert who.get_attribute("title") == name, url
        assert page.evaluate(
            "() => document.querySelector('header.site').scrollWidth"
            " <= document.querySelector('header.site').clientWidth"
        ), url
        assert page.evaluate(LANGUAGE_BUTTONS) == [
            ["日本語", True, True],
            ["English", True, True],
        ], url
    other = "English" if language == "ja" else "日本語"
    page.locator("header.site .language-switcher button", has_text=other).click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == ("en" if language == "ja" else "ja")
    assert page.url.endswith(f"/players/{players[0].pk}/")
