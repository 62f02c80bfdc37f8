"""The app on PostgreSQL: migrations from scratch, and row locks that serialise writers."""

from __future__ import annotations

import os
import subprocess
import threading

import psycopg
from django.contrib.auth.models import User
from django.db import DatabaseError, connection, transaction

from tests.support.commands import manage


def manage_on(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    return manage(env, *args)


def test_migrate_builds_an_empty_postgres_database_and_leaves_nothing_pending(fresh_database):
    migrated = manage_on(fresh_database, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    pending = manage_on(fresh_database, "migrate", "--check")
    assert pending.returncode == 0, pending.stdout + pending.stderr
    with psycopg.connect(fresh_database) as conn:
        tables = {row[0] for row in conn.execute("SELECT tablename FROM pg_tables")}
    assert {"django_migrations", "auth_user", "django_session"} <= tables


def test_the_test_run_itself_is_on_postgres(db):
    assert connection.vendor == "postgresql"
    assert connection.pg_version >= 130000


def test_a_locked_row_refuses_a_second_locker_until_the_first_commits(transactional_db):
    player = User.objects.create_user("locked")
    locked = threading.Event()
    release = threading.Event()
    outcome: dict[str, object] = {}

    def first_writer() -> None:
        try:
            with transaction.atomic():
                User.objects.select_for_update().get(pk=player.pk)
                locked.set()
                release.wait(30)
                User.objects.filter(pk=player.pk).update(first_name="first")
        finally:
            connection.close()

    def second_writer() -> None:
        try:
            with transaction.atomic():
                User.objects.select_for_update(nowait=True).get(pk=player.pk)
        except DatabaseError as error:
            outcome["refused"] = error
        finally:
            connection.close()

    holder = threading.Thread(target=first_writer)
    holder.start()
    assert locked.wait(30)
    contender = threading.Thread(target=second_writer)
    contender.start()
    contender.join(30)
    release.set()
    holder.join(30)

    assert "could not obtain lock" in str(outcome["refused"])
    with transaction.atomic():
        after = User.objects.select_for_update(nowait=True).get(pk=player.pk)
    assert after.first_name == "first"


def test_concurrent_read_modify_write_under_select_for_update_loses_nothing(transactional_db):
    player = User.objects.create_user("counter", first_name="")
    writers = 12
    start = threading.Barrier(writers)

    def append(letter: str) -> None:
        try:
            start.wait(30)
            with transaction.atomic():
                row = User.objects.select_for_update().get(pk=player.pk)
                row.first_name += letter
                row.save(update_fields=["first_name"])
        finally:
            connection.close()

    letters = "abcdefghijkl"[:writers]
    threads = [threading.Thread(target=append, args=(letter,)) for letter in letters]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    player.refresh_from_db()
    assert sorted(player.first_name) == sorted(letters)


def test_the_moves_written_out_lock_holds_its_game_and_table_and_reads_them_whole(
    transactional_db,
):
    """``games.tables.statements`` on PostgreSQL: a move's insert and update store it; the lock
    reads what the ORM's select_related would (JSON and moments converted, the relations
    filled), and the game's and the table's rows stay locked until the move commits."""
    from dragonformula.rules.engine import ENGINE
    from games.tables import statements
    from games.tables.actions import playing
    from games.tables.models import ActionLog, Game, Table
    from tests.web.tables import seated_table
    from tests.web.test_written_out_statements_read_what_the_orm_reads import (
        assert_same_game,
        orm_locked,
    )

    table, game, players = seated_table("dragonformula", ["Ann", "Bo"])
    seat = ENGINE.waiting_for(game.state)[0]
    moved = playing.apply_action(game, players[seat], {"type": "draw"}, game.version)
    stored = Game.objects.get(pk=game.pk)  # the move's written-out insert and update
    assert (stored.version, stored.state) == (moved.version, moved.state)
    assert ActionLog.objects.get(game=game, version=moved.version).action == {"type": "draw"}
    with transaction.atomic():
        assert_same_game(statements.locked_game(pk=game.pk), orm_locked(pk=game.pk))
        by_code = statements.locked_game(code=table.code, game_name="dragonformula")
        assert by_code.pk == game.pk
    locked = threading.Event()
    release = threading.Event()
    refused: dict[str, object] = {}

    def mover() -> None:
        try:
            with transaction.atomic():
                statements.locked_game(code=table.code, game_name="dragonformula")
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    def contender(model, pk) -> None:
        try:
            with transaction.atomic():
                model.objects.select_for_update(nowait=True).get(pk=pk)
        except DatabaseError as error:
            refused[model.__name__] = error
        finally:
            connection.close()

    holder = threading.Thread(target=mover)
    holder.start()
    assert locked.wait(30)
    for model, pk in ((Game, game.pk), (Table, table.pk)):
        other = threading.Thread(target=contender, args=(model, pk))
        other.start()
        other.join(30)
    release.set()
    holder.join(30)
    assert "could not obtain lock" in str(refused["Game"])
    assert "could not obtain lock" in str(refused["Table"])
