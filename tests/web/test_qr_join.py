"""The join QR code: an inline SVG that encodes exactly the table's join URL."""

import re

import pytest
import segno

from games.tables.qr import join_qr_svg


def modules_drawn(svg: str) -> set[tuple[int, int]]:
    """The dark modules of a segno inline SVG, read back from its path."""
    path = re.search(r'class="join-qr-modules"[^>]*\sd="([^"]+)"', svg).group(1)
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for index, (op, a, b) in enumerate(re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path)):
        if op == "M" or index == 0:  # a path's first move is absolute, "m" or "M"
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for step in range(int(float(a))):
                dark.add((int(x) + step, int(y)))
            x += float(a)
    return dark


def modules_of(url: str) -> set[tuple[int, int]]:
    code = segno.make(url, error="m", micro=False)
    return {
        (col + 4, row + 4)
        for row, line in enumerate(code.matrix)
        for col, bit in enumerate(line)
        if bit
    }


def test_the_svg_draws_the_qr_code_of_the_join_url():
    url = "http://club.example/join/K7QX/"
    svg = join_qr_svg(url)
    assert svg.startswith("<svg") and "<title>" + url + "</title>" in svg
    assert modules_drawn(svg) == modules_of(url)


def test_two_tables_get_different_codes():
    assert modules_drawn(join_qr_svg("http://club.example/join/AAAA/")) != modules_drawn(
        join_qr_svg("http://club.example/join/AAAB/")
    )


def test_no_url_no_code():
    with pytest.raises(ValueError):
        join_qr_svg("")


@pytest.mark.django_db
def test_the_table_page_shows_the_qr_code_of_its_own_join_url(client):
    from games.tables.actions import opening

    table = opening.create_table(game_name="dragonformula", players=4)
    page = client.get(f"/dragonformula/{table.code}/").content.decode()
    url = f"http://testserver/dragonformula/{table.code}/"
    svg = re.search(r'<svg[^>]*class="join-qr".*?</svg>', page, re.S).group(0)
    assert modules_drawn(svg) == modules_of(url)
    assert table.code in page
