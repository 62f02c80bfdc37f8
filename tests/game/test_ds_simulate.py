"""The ds_simulate command: bot games with win rates, damage, rounds and speed."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def simulate(**options) -> str:
    out = StringIO()
    call_command("ds_simulate", stdout=out, **options)
    return out.getvalue()


def test_it_prints_win_rates_by_seat_and_bot_damage_rounds_and_speed():
    text = simulate(games=6, players=3, seed=4, bots="heuristic,random,random")
    assert "6 games, 3 players, bots: heuristic, random, random" in text
    rates = [float(rate) for rate in re.findall(r"^\s+\d\s+\w+\s+([\d.]+)%", text, re.M)]
    assert len(rates) == 3 and sum(rates) == pytest.approx(100, abs=0.2)
    assert re.search(r"bot heuristic: win rate per seat [\d.]+%", text)
    assert re.search(r"rounds per game: \d+\.\d\d", text)
    assert re.search(r"games per second: \d+\.\d", text)


def test_the_same_seed_gives_the_same_games():
    first = simulate(games=3, players=4, seed=9, bot="random", log=True)
    second = simulate(games=3, players=4, seed=9, bot="random", log=True)
    strip = re.compile(r"games per second.*")
    assert strip.sub("", first) == strip.sub("", second)
    assert "--- game 3 (seed 11)" in first and "Final ranking:" in first
    assert re.search(r"^1\. Seat \d \(\w+\): final damage \d+", first, re.M)


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"games": 0}, {"bot": "genius"}, {"players": 2, "bots": "random"}],
)
def test_bad_arguments_are_refused(options):
    with pytest.raises(CommandError):
        simulate(**options)
