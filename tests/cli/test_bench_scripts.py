"""The benchmarks an operator runs still run (they print figures; these only check they do)."""

import os

import pytest

from tests.support.commands import python


@pytest.mark.parametrize(
    ("script", "args", "figure"),
    [
        ("bench/df_games.py", ["--games", "2"], "games per CPU second"),
        ("bench/ds_games.py", ["2"], "games/s"),
        (
            "bench/advice.py",
            ["--windows", "12", "--samples", "20"],
            "hint agrees with the strong bot",
        ),
        ("bench/ratings.py", ["200"], "rebuild s (median of 3)"),
        ("bench/seating.py", ["12", "--rounds", "2"], "slowest round"),
        ("bench/table_pace.py", ["1", "quick"], "discard -> next draw median"),
        ("bench/table_actions.py", ["8"], "queries/move"),
        ("bench/socket_opening.py", ["3"], "seated, back with its page's socket"),
        ("bench/sqlite_writers.py", ["--seconds", "1", "--threads", "3"], "config.sqlite "),
        ("bench/sheet_pdf.py", ["--count", "2", "--languages", "en"], "fresh PDF (en"),
        (
            "bench/turn_based.py",
            ["--waiting", "50", "--idle", "2", "--due", "20", "--moves", "4"],
            "a move, dragonformula: live",
        ),
        (
            "bench/bots.py",
            ["--games", "4", "--ds-games", "2", "--workers", "2"],
            "strong decision CPU ms p50",
        ),
        (
            "bench/load.py",
            ["--config", "single", "--tables", "1", "--duration", "3", "--beside-tables", "2"]
            + ["--beside", "strong,none", "--beside-game", "dragonformula", "--hints", "off"],
            "the median without bot tables beside",
        ),
        (
            "bench/abuse.py",
            ["--phase", "2", "--settle", "0.5", "--pdfs", "1", "--rounds", "2"]
            + ["--only", "tick flood,oversize refusals"],
            "memory each round added",
        ),
    ],
)
def test_a_benchmark_runs_and_prints_its_figures(script, args, figure):
    result = python({**os.environ}, script, *args, timeout=300)
    assert result.returncode == 0, result.stderr
    assert figure in result.stdout
