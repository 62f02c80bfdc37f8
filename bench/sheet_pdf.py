"""A fresh score sheet's PDF: what a member waits for when the sheet was never printed
before (prints figures; never fails).

The blank Dragon Formula set sheet, as ``/leagues/sheets/dragonformula/pdf/`` makes it
(its HTML with the print CSS inlined), printed by a warm WeasyPrint worker
(``games.printing.pdf``) with a different comment each time, so the cache never answers.
The first two printings (fonts, WeasyPrint's code) are not counted. Printed per language:
p50/p95 of the wall time (what the member waits for; the worker runs at a lower priority,
so a busy machine lengthens it) and of the worker's own CPU (a printing's cost, whatever
else the machine runs), and the machine's load average.

    .venv/bin/python bench/sheet_pdf.py              # 30 printings a language, ~30 s
    .venv/bin/python bench/sheet_pdf.py --count 60 --languages ja
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=30, help="printings timed, per language")
    parser.add_argument("--languages", default="ja,en", help="comma-separated")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    import django

    django.setup()
    from abuse import load, pdf_times  # the abuse bench's own measure of a fresh sheet

    print(f"bench/sheet_pdf.py: {os.cpu_count()} cores, load average {load()}", flush=True)
    for language in args.languages.split(","):
        times = pdf_times(args.count, language)
        print(
            f"fresh PDF ({language}, blank Dragon Formula sheet, warm worker): wall p50 "
            f"{times['p50']:.0f} ms p95 {times['p95']:.0f} ms over {times['count']} "
            f"(goal p95 <= 300); the worker's CPU p50 {times['cpu_p50']:.0f} ms p95 "
            f"{times['cpu_p95']:.0f} ms; load average {load()}",
            flush=True,
        )


if __name__ == "__main__":
    main()
