"""A memory trace (``CLUB_MEMORY_TRACE``, debugging only) lists every remembered-calls cache
of the project with how full it is and how often it answered: what an operator sizes the
caches by (docs/performance.md, "Under abuse")."""

import re

from config import memory
from dragonformula.templatetags import tarot


def test_a_trace_lists_each_cache_with_its_fill_and_hits(tmp_path):
    tarot.element_symbol.cache_clear()
    for element in ["fire", "fire", "fire", "water"]:
        tarot.element_symbol(element)

    memory.write_traces(tmp_path)

    (listing,) = tmp_path.glob("caches-*.txt")
    lines = listing.read_text().splitlines()
    line = next(line for line in lines if line.endswith(".tarot.element_symbol"))
    assert line == "2/8 hits 50.0% (2 of 4) dragonformula.templatetags.tarot.element_symbol"
    assert all(
        re.fullmatch(r"\d+/(\d+|None) hits \d+\.\d% \([\d,]+ of [\d,]+\) [\w.]+", line)
        for line in lines
    )
    assert not any(" django." in line or line.split()[-1].startswith("django") for line in lines)
