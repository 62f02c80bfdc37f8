"""Score sheets printed to PDF by headless Chromium: A4 pages, names and totals in the text."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

from pypdf import PdfReader

from dragonformula.scoring import GameEntry, PenaltyEntry
from tests.support.leagues import make_league, make_members, record_set, won

ENGLISH = {"Accept-Language": "en"}
A4_POINTS = (595, 842)  # 210 × 297 mm at 72 points per inch


def pdf_facts(data: bytes) -> tuple[int, str, list[tuple[int, int]]]:
    reader = PdfReader(io.BytesIO(data))
    sizes = [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    ]
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), text, sizes


def save_pngs(data: bytes, artifacts: Path, name: str) -> list[Path]:
    for old in artifacts.glob(f"{name}-[0-9]*.png"):
        old.unlink()
    pdf_path = artifacts / f"{name}.pdf"
    pdf_path.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", str(pdf_path), str(artifacts / name)], check=True
    )
    return sorted(artifacts.glob(f"{name}-[0-9]*.png"))


def pdftotext(data: bytes, artifacts: Path, name: str) -> str:
    path = artifacts / f"{name}.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def league_with_a_set():
    league = make_league()
    members = make_members(league, "Akiyama", "Bensley", "Chieko", "Daisuke")
    penalty = GameEntry(winner=None, win="none", penalties=(PenaltyEntry(3, "wrong_order"),))
    set_result = record_set(
        league,
        members,
        [
            won(0, "sephirot_5", "triangle", multipliers=("last_judgement",)),
            penalty,
            won(2, "center_pillar"),
            won(1, "sephirot_9"),
        ],
    )
    return league, set_result


def test_filled_dragon_formula_sheet_prints_on_two_a4_pages(new_page, artifacts_dir):
    league, set_result = league_with_a_set()
    page = new_page()
    page.goto(f"/leagues/sets/{set_result.pk}/sheet/")
    assert page.get_by_role("button", name="Print").is_visible()
    page.screenshot(path=artifacts_dir / "df-set-screen.png", full_page=True)
    response = page.request.get(f"/leagues/sets/{set_result.pk}/sheet/pdf/", headers=ENGLISH)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    pages, text, sizes = pdf_facts(response.body())
    assert pages == 2  # the sheet, and the hand/bonus values on the back
    assert set(sizes) == {A4_POINTS}
    for name in ("Akiyama", "Bensley", "Chieko", "Daisuke", "Spring League", "Tarot Club"):
        assert name in text
    # Set points: Akiyama (100+300)×2 = 800, Bensley 100, Chieko 1500, Daisuke −100.
    layout = pdftotext(response.body(), artifacts_dir, "df-set-sheet")
    seats = [
        line.split()
        for line in layout.splitlines()
        if line.split()[:1] in (["1"], ["2"], ["3"], ["4"])
    ]
    assert ["1", "Akiyama", "Fire", "800", "2", "2"] in seats
    assert ["3", "Chieko", "Air", "1500", "1", "3"] in seats
    assert ["4", "Daisuke", "Earth", "-100", "4", "0"] in seats
    assert "Pillar of Mercy" in text  # the back page reference
    pngs = save_pngs(response.body(), artifacts_dir, "df-set-sheet")
    assert len(pngs) == 2


def test_standings_sheet_prints_on_one_a4_page(new_page, artifacts_dir):
    league, _set_result = league_with_a_set()
    page = new_page()
    page.goto(f"/leagues/{league.pk}/sheet/")
    assert page.get_by_role("link", name="Download PDF").is_visible()
    response = page.request.get(f"/leagues/{league.pk}/sheet/pdf/", headers=ENGLISH)
    pages, text, sizes = pdf_facts(response.body())
    assert pages == 1 and sizes == [A4_POINTS]
    layout = pdftotext(response.body(), artifacts_dir, "standings-sheet")
    rows = [line.split() for line in layout.splitlines()]
    # Place, player, VP, rating ("?": one rated result is provisional), sets, VP/set, …
    assert ["1", "Chieko", "3", "?", "1", "3.00", "1", "1500", "Center", "Pillar", "(1500)"] in rows
    assert ["4", "Daisuke", "0", "?", "1", "0.00", "0", "-100"] in rows
    assert (
        text.index("Chieko") < text.index("Akiyama") < text.index("Bensley") < text.index("Daisuke")
    )
    assert len(save_pngs(response.body(), artifacts_dir, "standings-sheet")) == 1


def test_blank_sheets_print_too(new_page, artifacts_dir):
    page = new_page()
    df = page.request.get("/leagues/sheets/dragonformula/pdf/?players=4", headers=ENGLISH)
    assert pdf_facts(df.body())[0] == 2
    save_pngs(df.body(), artifacts_dir, "df-blank-sheet")
    saga = page.request.get("/leagues/sheets/dragsaga/pdf/", headers=ENGLISH)
    save_pngs(saga.body(), artifacts_dir, "dragsaga-blank-sheet")
    pages, text, _sizes = pdf_facts(saga.body())
    assert pages == 1 and "R8" in text and "VP" in text
