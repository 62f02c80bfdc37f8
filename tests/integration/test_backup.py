"""Backups as docs/deploy.md tells an operator to take them: pg_dump, pg_restore, start, play on."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys

from tests.integration.players import Player, catch_up, check_logs, open_tables, play_one
from tests.support.servers import ROOT, daphne


def test_a_game_in_progress_resumes_from_a_restored_dump(
    transactional_db, shared_env, fresh_database, tmp_path
):
    [table] = open_tables(1)
    code, players = table["code"], [Player(session) for session in table["sessions"]]
    rng = random.Random(5)

    async def play(base: str, moves: int) -> None:
        sockets = {seat: await player.socket(base, code) for seat, player in enumerate(players)}
        try:
            for seat, ws in sockets.items():
                players[seat].absorb(await asyncio.wait_for(ws.recv(), 20))
            for _ in range(moves):
                await play_one(code, players, sockets, base, rng)
        finally:
            for ws in sockets.values():
                await ws.close()

    with daphne(env=shared_env, log=tmp_path / "live.log") as live:
        asyncio.run(play(live, 5))
    dumped = check_logs([code])[code]
    dump = tmp_path / "clubtable.dump"
    subprocess.run(
        ["pg_dump", "-Fc", "-d", shared_env["DATABASE_URL"], "-f", str(dump)], check=True
    )
    subprocess.run(["pg_restore", "--no-owner", "-d", fresh_database, str(dump)], check=True)

    # The documented check: every running game's log is gapless and replays to its snapshot.
    check = (
        (ROOT / "docs" / "deploy.md")
        .read_text()
        .split('manage.py shell -c "')[1]
        .split('"\n```')[0]
    )
    env = {
        **os.environ,
        "DATABASE_URL": fresh_database,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
    }
    checked = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", check],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.split()[-1] == "ok"

    # Served from the restored database, the table is where the dump left it, and goes on.
    restored_env = {**shared_env, "DATABASE_URL": fresh_database}
    with daphne(env=restored_env, log=tmp_path / "restored.log") as restored:
        for player in players:
            player.regions, player.version = {}, None

        async def reconnect_and_play() -> int:
            sockets = {seat: await p.socket(restored, code) for seat, p in enumerate(players)}
            try:
                for seat, ws in sockets.items():
                    await catch_up(ws, players[seat], 1)
                seen = {p.version for p in players}
                await play_one(code, players, sockets, restored, rng)
                return seen.pop() if len(seen) == 1 else -1
            finally:
                for ws in sockets.values():
                    await ws.close()

        assert asyncio.run(reconnect_and_play()) == dumped["version"]
        assert {p.version for p in players} == {dumped["version"] + 1}
