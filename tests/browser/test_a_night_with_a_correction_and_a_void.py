"""In Chromium, an organiser corrects one result and voids another at a club night of each
game, through the pages (the void asks first and for a reason), records the voided DragSaga
table again, and prints the sheets: the void one stamped VOID, the corrected one "corrected
on … by …". The pages and the printed sheets (rendered to PNG) are kept to be looked at."""

from __future__ import annotations

import re
import subprocess

from django.contrib.auth import get_user_model

from dragonformula.models import SetResult
from dragsaga.models import DragSagaResult
from games.nights import round_tables
from games.nights.models import NightTable
from tests.support.leagues import make_league
from tests.web.night_helpers import night_of, one_table_drawn

ENGLISH = {"Accept-Language": "en"}
PHONE = {"width": 390, "height": 844}


def log_in(page, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill("mei")
    page.get_by_label("Password").fill("pw-mei-12345678")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def a_night_at_real_cards(game):
    league = make_league(game, "Saga League" if game == "dragsaga" else "Formula League")
    night, members = night_of(league, count=4)
    organiser = get_user_model().objects.create_user("mei", password="pw-mei-12345678")
    league.organisers.add(organiser)
    night_table = one_table_drawn(night, members)
    round_tables.open_table(night_table, NightTable.Mode.CARDS)
    night_table.refresh_from_db()
    return league, night, night_table


def pngs_of(page, url, artifacts, name):
    response = page.request.get(url, headers=ENGLISH)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    pdf_path = artifacts / f"{name}.pdf"
    pdf_path.write_bytes(response.body())
    for old in artifacts.glob(f"{name}-[0-9]*.png"):
        old.unlink()
    subprocess.run(
        ["pdftoppm", "-png", "-r", "70", str(pdf_path), str(artifacts / name)], check=True
    )
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf_path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return sorted(artifacts.glob(f"{name}-[0-9]*.png")), text


def fill_tally(page, figures):
    for seat, (damage, cards, cost) in enumerate(figures):
        page.locator(f'[name="damage_{seat}"]').fill(str(damage))
        page.locator(f'[name="cards_left_{seat}"]').fill(str(cards))
        page.locator(f'[name="leftover_cost_{seat}"]').fill(str(cost))


def test_a_dragsaga_night_with_a_correction_a_void_and_its_sheets(new_page, artifacts_dir):
    league, night, night_table = a_night_at_real_cards("dragsaga")
    page = new_page()
    errors = []
    page.on("response", lambda r: r.status >= 500 and errors.append(f"{r.status} {r.url}"))
    log_in(page, f"/nights/{night.pk}/")
    page.get_by_role("link", name="Keep score").click()
    fill_tally(page, [(7, 0, 0), (3, 0, 0), (5, 1, 4), (9, 0, 0)])
    page.get_by_role("button", name="Record the game").click()
    page.wait_for_load_state()
    first = DragSagaResult.objects.get()

    # Voided from its page: asked first, with a reason.
    page.goto(f"/leagues/dragsaga/{first.pk}/")
    page.get_by_role("link", name="Void this game…").click()
    assert page.get_by_role("heading", name="Void this result?").is_visible()
    page.get_by_label("Why is it void?").fill("wrong players at the table")
    page.get_by_role("button", name="Yes, void it").click()
    page.wait_for_load_state()
    banner = page.locator(".void-banner")
    assert banner.is_visible() and "wrong players at the table" in banner.inner_text()
    assert page.get_by_role("link", name="Correct this game…").count() == 0
    page.screenshot(path=artifacts_dir / "record-ds-void-page.png", full_page=True)

    # The table is recorded again from the night page, then that game corrected.
    page.goto(f"/nights/{night.pk}/")
    assert "void:" in page.locator(".night-table .results").inner_text()
    page.get_by_role("link", name="Keep score").click()
    fill_tally(page, [(4, 0, 0), (6, 2, 5), (4, 1, 2), (8, 0, 0)])
    page.get_by_role("button", name="Record the game").click()
    page.wait_for_load_state()
    again = DragSagaResult.objects.get(voided_at=None)
    page.goto(f"/leagues/dragsaga/{again.pk}/")
    page.get_by_role("link", name="Correct this game…").click()
    page.locator('[name="damage_3"]').fill("10")
    page.get_by_label("Why is it corrected? (kept in the game's history)").fill("one token missed")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_load_state()
    history = page.locator("#history").inner_text()
    assert "Game corrected" in history and "one token missed" in history
    page.screenshot(path=artifacts_dir / "record-ds-corrected-page.png", full_page=True)
    phone = new_page(viewport=PHONE)
    log_in(phone, f"/leagues/dragsaga/{first.pk}/")
    phone.screenshot(path=artifacts_dir / "record-ds-void-page-phone.png", full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width

    page.goto(f"/nights/{night.pk}/")
    shown = page.locator(".night-table .results").inner_text()
    assert "void" not in shown and re.search(r"\b10 · 0\b", shown), shown
    page.screenshot(path=artifacts_dir / "record-ds-night.png", full_page=True)
    pngs, text = pngs_of(
        page, f"/leagues/dragsaga/{first.pk}/sheet/pdf/", artifacts_dir, "record-ds-void-sheet"
    )
    assert pngs and "VOID" in text and "wrong players at the table" in text
    pngs, text = pngs_of(
        page, f"/leagues/dragsaga/{again.pk}/sheet/pdf/", artifacts_dir, "record-ds-corrected-sheet"
    )
    assert pngs and "Corrected on" in text and "by mei" in text and "one token missed" in text
    assert not errors, errors


def test_a_dragon_formula_night_with_a_correction_a_void_and_its_sheets(new_page, artifacts_dir):
    league, night, night_table = a_night_at_real_cards("dragonformula")
    set_result = SetResult.objects.get()
    page = new_page()
    log_in(page, f"/leagues/sets/{set_result.pk}/")
    for winner in ("0", "1", "", ""):
        page.locator('[name="winner"]').select_option(winner)
        if winner:
            page.locator('[name="win"]').select_option("dan")
            page.locator('[name="hand"]').select_option("sephirot_6")
        else:
            page.locator('[name="win"]').select_option("none")
        page.get_by_role("button", name="Record the game").click()
        page.wait_for_load_state()
    page.get_by_role("link", name="game 2", exact=True).click()
    page.locator('[name="winner"]').select_option("3")
    page.get_by_label("Why is it corrected? (kept in the set's history)").fill(
        "it was the last seat's Dan"
    )
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_load_state()
    assert "it was the last seat's Dan" in page.locator("#history").inner_text()
    pngs, text = pngs_of(
        page,
        f"/leagues/sets/{set_result.pk}/sheet/pdf/",
        artifacts_dir,
        "record-df-corrected-sheet",
    )
    assert pngs and "Corrected on" in text and "by mei" in text
    page.get_by_role("link", name="Void this set…").click()
    page.get_by_label("Why is it void?").fill("the draw seated a visitor twice")
    page.get_by_role("button", name="Yes, void it").click()
    page.wait_for_load_state()
    assert page.locator(".void-banner").is_visible()
    assert page.get_by_role("button", name=re.compile("Undo game")).count() == 0
    page.screenshot(path=artifacts_dir / "record-df-void-page.png", full_page=True)
    pngs, text = pngs_of(
        page, f"/leagues/sets/{set_result.pk}/sheet/pdf/", artifacts_dir, "record-df-void-sheet"
    )
    assert pngs and "VOID" in text and "the draw seated a visitor twice" in text
