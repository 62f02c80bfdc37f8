"""Backups as docs/deploy.md tells an operator to take them: pg_dump, pg_restore, start, play on."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import subprocess

from tests.integration.players import check_logs, connect, one_table, play_one
from tests.support.commands import manage
from tests.support.servers import ROOT, daphne


def test_a_game_in_progress_resumes_from_a_restored_dump(
    transactional_db, shared_env, fresh_database, tmp_path
):
    code, players = one_table()
    rng = random.Random(5)

    async def play(base: str, moves: int) -> set[int | None]:
        """Connect every seat, note the version each is shown, then play ``moves`` actions."""
        async with contextlib.AsyncExitStack() as stack:
            sockets = await connect(stack, code, players, lambda seat: base)
            shown = {player.version for player in players}
            for _ in range(moves):
                await play_one(code, players, sockets, base, rng)
        return shown

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
    checked = manage(env, "shell", "-c", check)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.split()[-1] == "ok"

    # Served from the restored database, the table is where the dump left it, and goes on.
    restored_env = {**shared_env, "DATABASE_URL": fresh_database}
    with daphne(env=restored_env, log=tmp_path / "restored.log") as restored:
        for player in players:  # browsers that reconnect after the restore
            player.regions, player.version = {}, None
        assert asyncio.run(play(restored, 1)) == {dumped["version"]}
        assert {p.version for p in players} == {dumped["version"] + 1}
