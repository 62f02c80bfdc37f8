"""The bots' benchmark pools several seeds into one figure, so a strength quoted over many
seeds is one command's printout, not a sum worked out by hand."""

from __future__ import annotations

import os
import re

from tests.support.commands import python

WON = re.compile(r"^(Dragon Formula[^:]*): (\d+) games, the strong seat won (\d+) ", re.M)
SMART = re.compile(r"^(Dragon Formula[^:]*): a weaker seat won ([\d.]+) on average", re.M)


def test_each_seed_is_printed_then_all_of_them_pooled():
    args = ["bench/bots.py", "--games", "4", "--ds-games", "0", "--seeds", "7,8", "--workers", "2"]
    result = python({**os.environ}, *args, timeout=300)
    assert result.returncode == 0, result.stderr
    games = {name: (int(n), int(won)) for name, n, won in WON.findall(result.stdout)}
    weaker = {name: float(won) for name, won in SMART.findall(result.stdout)}
    seven, eight = "Dragon Formula (seed 7)", "Dragon Formula (seed 8)"
    pool = "Dragon Formula (2 seeds pooled)"
    assert list(games) == [seven, eight, pool]
    assert games[pool] == (8, games[seven][1] + games[eight][1])
    assert abs(weaker[pool] - weaker[seven] - weaker[eight]) < 0.11  # each printed to 0.1
    assert result.stdout.count("strong decision CPU ms p50") == 3


def test_one_seed_and_several_at_once_are_refused():
    args = ["bench/bots.py", "--games", "4", "--ds-games", "0", "--seed", "3", "--seeds", "7,90"]
    result = python({**os.environ}, *args, timeout=60)
    assert result.returncode == 2
    assert "not allowed with argument --seed" in result.stderr


def test_seeds_given_twice_not_numbers_or_sharing_deals_are_refused():
    # Table k of a run is dealt from its seed + k: 8 games are two tables, 7 and 8 share one.
    for games, seeds in (("4", "7,7"), ("4", "7,x"), ("8", "7,8")):
        args = ["bench/bots.py", "--games", games, "--ds-games", "0", "--seeds", seeds]
        result = python({**os.environ}, *args, timeout=60)
        assert result.returncode == 2
        assert "--seeds" in result.stderr and "Traceback" not in result.stderr
