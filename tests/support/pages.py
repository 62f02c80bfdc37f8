"""Reading what a page shows, for the tests: a table's cells, a PDF's text."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def cells(html: str, table_id: str) -> list[list[str]]:
    """The text of each body row's cells of the table ``table_id``."""
    table = html[html.index(f'id="{table_id}"') :]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def pdftotext(data: bytes, tmp_path: Path) -> str:
    """A PDF's text as poppler's pdftotext lays it out."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
