"""Every page fits a phone (390×844) and a laptop (1366×768): nothing scrolls sideways and no
text is set one character per line (「ここに座る」 in a squeezed column, a header in a 5 mm
column). Screenshots of each page at both sizes go to tests/browser/artifacts/layout/."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from dragonformula import scoring as df_scoring
from dragonformula.models import SetResult
from dragonformula.scoring import SeatEntry
from dragsaga.models import DragSagaResult
from games.leagues.models import League, Match
from games.tables.models import Player, Table
from tests.web.trust_helpers import bots_only_table, finish

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}

# How the page is laid out: the document's sideways overflow, and every text node of two
# characters or more (outside screen-reader-only boxes) whose lines each hold one character.
MEASURE = """() => {
  const root = document.documentElement;
  const overflow = root.scrollWidth - root.clientWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > root.clientWidth + 1 && getComputedStyle(el).position !== "fixed"
        && !el.closest("[hidden], .overlay, details:not([open])")) {
      wide.push(el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "")
        + " right=" + Math.round(r.right));
    }
  }
  const squeezed = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, "");
    if (text.length < 2) continue;
    const parent = node.parentElement;
    const box = parent.getBoundingClientRect();
    if (box.width < 4 || box.height < 4) continue;  // screen-reader-only text
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set();
    for (const rect of range.getClientRects()) {
      if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    const vertical = getComputedStyle(parent).writingMode.startsWith("vertical");
    if ((tops.size >= 2 && tops.size >= text.length) || vertical) {
      squeezed.push(text.slice(0, 20) + " in " + parent.tagName.toLowerCase()
        + (parent.className ? "." + String(parent.className).split(" ")[0] : ""));
    }
  }
  return {overflow, wide: wide.slice(0, 8), squeezed: squeezed.slice(0, 8)};
}"""


@pytest.fixture
def club(transactional_db):
    call_command("load_demo", stdout=io.StringIO())
    _t, df = bots_only_table("dragonformula", 2, "smart")
    _t, ds = bots_only_table("dragsaga", 3, "heuristic")
    df, ds = finish(df), finish(ds)
    get_user_model().objects.create_superuser("keeper", "", "keeper-pass-1")
    league = League.objects.get(game="dragonformula")
    members = list(league.members.order_by("name")[:4])
    elements = ["fire", "water", "air", "earth"]
    open_set = df_scoring.start_set(
        Match.objects.create(league=league),
        [SeatEntry(m, e) for m, e in zip(members, elements, strict=True)],
    )
    ds_league = League.objects.get(game="dragsaga")
    a_set = SetResult.objects.filter(match__league=league, complete=True).first()
    ds_game = DragSagaResult.objects.filter(match__league=ds_league).first()
    open_table = Table.objects.filter(status=Table.Status.OPEN, game_name="dragonformula").first()
    urls = [
        ("lobby", "/"),
        (
            "join-by-code",
            f"/dragonformula/{open_table.code}/",
        ),  # the join-by-code page: seats to sit in
        ("rules", "/rules/"),
        ("rules-dragonformula", "/rules/dragonformula/"),
        ("rules-dragsaga", "/rules/dragsaga/"),
        ("leagues", "/leagues/"),
        ("league-dragonformula", f"/leagues/{league.pk}/"),
        ("league-dragsaga", f"/leagues/{ds_league.pk}/"),
        ("standings-sheet", f"/leagues/{league.pk}/sheet/"),
        ("set", f"/leagues/sets/{a_set.pk}/"),
        (
            "score-keeping",
            f"/leagues/sets/{open_set.pk}/",
        ),  # score keeping (signed in as the keeper)
        ("set-sheet", f"/leagues/sets/{a_set.pk}/sheet/"),
        ("dragsaga-game", f"/leagues/dragsaga/{ds_game.pk}/"),
        ("dragsaga-game-sheet", f"/leagues/dragsaga/{ds_game.pk}/sheet/"),
        ("blank-dragonformula-sheet", "/leagues/sheets/dragonformula/"),
        ("blank-dragsaga-sheet", "/leagues/sheets/dragsaga/"),
        (
            "calculator",
            "/dragonformula/calculator/?codes=W3+C3+S3+C5+S5+P5+W8+C8+P8+M7+M12&element=fire",
        ),
        ("replay-dragonformula", f"/games/{df.pk}/replay/"),
        ("replay-dragonformula-end", f"/games/{df.pk}/replay/?step=end"),
        ("replay-dragsaga-end", f"/games/{ds.pk}/replay/?step=end"),
        ("verify-table", f"/tables/{df.table.code}/verify/"),
        ("verify", "/verify/"),
    ]
    return urls


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["ja-JP", "en-US"])
def test_every_page_fits_without_sideways_scroll_or_one_character_lines(
    new_page, artifacts_dir, club, size, language
):
    shots = artifacts_dir / "layout"
    shots.mkdir(exist_ok=True)
    page = new_page(viewport=SIZES[size], locale=language)
    page.goto("/")
    page.fill("form[action='/guest/'] input[type=text]", "花子")
    page.locator("form[action='/guest/'] button").first.click()
    page.wait_for_load_state()
    keeper = new_page(viewport=SIZES[size], locale=language)
    keeper.goto("/admin/login/")
    keeper.fill("#id_username", "keeper")
    keeper.fill("#id_password", "keeper-pass-1")
    keeper.locator("input[type=submit]").click()
    keeper.wait_for_load_state()
    guest = Player.objects.get(display_name="花子")
    problems = {}
    for name, url in [*club, ("member-history", f"/players/{guest.pk}/")]:
        who = keeper if name == "score-keeping" else page
        who.goto(url)
        who.wait_for_load_state("networkidle")
        found = who.evaluate(MEASURE)
        who.screenshot(path=shots / f"{name}-{size}-{language[:2]}.png", full_page=True)
        if found["overflow"] > 1 or found["squeezed"]:
            problems[url] = found
    assert problems == {}
