"""The df_simulate command an operator runs to try the bots."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from dragonformula.rules.engine import ENGINE
from dragonformula.rules.simulation import play_match
from games.engine import dumps, replay


def test_df_simulate_prints_rates_points_hands_and_speed():
    out = io.StringIO()
    call_command(
        "df_simulate", "--games", "8", "--players", "4", "--bot", "smart", "--seed", "3", stdout=out
    )
    text = out.getvalue()
    assert "2 matches, 8 games, 4 players" in text
    assert "games per second" in text
    assert "seat, bot, win rate, average points per game:" in text
    assert "Hands (share of wins):" in text and "Sephirot hand: " in text
    assert text.count("  smart  ") == 4


def test_df_simulate_is_reproducible_from_its_seed():
    runs = []
    for _ in range(2):
        out = io.StringIO()
        call_command(
            "df_simulate",
            "--games",
            "3",
            "--players",
            "3",
            "--bot",
            "random,smart,smart",
            stdout=out,
        )
        runs.append([line for line in out.getvalue().splitlines() if "second" not in line])
    assert runs[0] == runs[1]


def test_df_simulate_refuses_unknown_bots():
    with pytest.raises(CommandError, match="random, smart"):
        call_command("df_simulate", "--games", "1", "--bot", "genius", stdout=io.StringIO())


def test_smart_bots_win_games_that_replay_from_seed_and_log():
    state, log = play_match(4, ["smart"] * 4, seed=11)
    assert state["finished"]
    assert any(record["result"] == "win" for record in state["games"])
    assert dumps(replay(ENGINE, 4, {}, 11, log)) == dumps(state)
