"""The move's lock, the seats and the asking player are written-out statements
(``games.tables.statements``): each must give what the ORM's own query gives, to the last field
and relation, or a move would act on a game, table or player other than the one stored
(a wrong clock, a lost away limit, a guest standing for a member)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Model

from games.presence.models import AwayLimit
from games.tables import statements
from games.tables.models import Game, Player
from games.trust.models import ShuffleCommitment
from tests.web.tables import seated_table

pytestmark = pytest.mark.django_db


def another_game(first: Game, later: timedelta) -> Game:
    """A second game at ``first``'s table (as the database may hold), started ``later``."""
    return Game.objects.create(
        table=first.table,
        game_name=first.game_name,
        players=first.players,
        seed=first.seed + 1,
        state={**first.state, "marker": "second"},
        created=first.created + later,
    )


def orm_locked(**lookup):
    return (
        Game.objects.select_for_update(of=("self", "table"))
        .select_related("table", "table__away_limit", "shuffle_commitment")
        .filter(**lookup)
        .order_by("-created", "-pk")
        .first()
    )


def fields(instance: Model) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def assert_same_game(read: Game, expected: Game) -> None:
    assert fields(read) == fields(expected)
    assert fields(read.table) == fields(expected.table)
    # The JSON columns come back as the values stored, the moments as aware datetimes.
    assert isinstance(read.state, dict) and read.state == expected.state
    assert read.created.tzinfo is not None


def test_the_lock_finds_the_tables_newest_game_by_its_code_with_its_relations(
    django_assert_num_queries,
):
    table, first, _players = seated_table("dragonformula", ["Ann", "Bo"])
    AwayLimit.objects.create(table=table, seconds=45)
    newer = another_game(first, timedelta(seconds=5))
    ShuffleCommitment.objects.create(game=newer, salt="s" * 32, commitment="c" * 64)
    with django_assert_num_queries(1):
        read = statements.locked_game(code=table.code, game_name="dragonformula")
        assert read.pk == newer.pk
        # Its table, the table's away limit and the game's commitment come with it.
        assert read.table.away_limit.seconds == 45
        assert read.table.away_limit.table_id == read.table.pk
        commitment = read.shuffle_commitment.commitment
    assert commitment == ShuffleCommitment.objects.get(game=newer).commitment
    assert_same_game(read, orm_locked(table__code=table.code))


def test_the_lock_by_the_games_number_reads_that_game_even_if_not_the_newest():
    _table, first, _players = seated_table("dragsaga", ["Ann", "Bo", "Cy"])
    another_game(first, timedelta(seconds=5))
    read = statements.locked_game(pk=first.pk)
    assert read.pk == first.pk
    assert_same_game(read, orm_locked(pk=first.pk))


def test_a_table_without_away_limit_or_commitment_reads_as_having_none(
    django_assert_num_queries,
):
    table, game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    ShuffleCommitment.objects.filter(game=game).delete()
    with django_assert_num_queries(1):
        read = statements.locked_game(pk=game.pk)
        with pytest.raises(AwayLimit.DoesNotExist):
            _limit = read.table.away_limit
        with pytest.raises(ShuffleCommitment.DoesNotExist):
            _commitment = read.shuffle_commitment


def test_an_unknown_code_or_the_other_games_table_finds_no_game():
    table, game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    assert statements.locked_game(code="NOPE1", game_name="dragonformula") is None
    assert statements.locked_game(code=table.code, game_name="dragsaga") is None
    assert statements.locked_game(pk=game.pk + 1000) is None


def test_a_finished_games_moments_and_outcome_read_back_as_stored():
    table, game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    Game.objects.filter(pk=game.pk).update(
        finished=game.created + timedelta(minutes=3), outcome={"winner": [1], "points": 2.5}
    )
    read = statements.locked_game(pk=game.pk)
    assert read.is_finished and read.finished == game.created + timedelta(minutes=3)
    assert read.outcome == {"winner": [1], "points": 2.5}
    assert_same_game(read, orm_locked(pk=game.pk))


def test_a_session_guest_never_stands_for_a_members_player():
    member = get_user_model().objects.create_user("kana", password="x" * 12)
    members_player = Player.objects.create(display_name="Kana", user=member)
    guest = Player.objects.create(display_name="Kana")  # the same name grants nothing
    assert statements.player(guest=members_player.pk) is None
    assert statements.player(guest=guest.pk) == guest
    assert fields(statements.player(guest=guest.pk)) == fields(guest)
    assert statements.player(member=member.pk) == members_player
    assert statements.player(guest=guest.pk + 1000) is None
    assert statements.player(member=member.pk + 1000) is None


def test_a_moves_writes_store_what_bulk_create_and_save_would(django_assert_num_queries):
    from games.tables.models import ActionLog

    _table, game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    game.state = {**game.state, "note": "ü", "deep": [{"a": None, "b": 1.5}]}
    game.version += 2
    game.outcome = {"winner": [0]}
    game.finished = game.created + timedelta(minutes=9)
    rows = [
        ActionLog(
            game=game, version=game.version - 1, seat=None, action={"type": "tick"}, now=1.25
        ),
        ActionLog(game=game, version=game.version, seat=1, action={"type": "draw"}, now=2.5),
    ]
    with django_assert_num_queries(2):  # one insert for both rows, one update
        statements.record_move(game, rows)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.state, stored.version, stored.outcome, stored.finished) == (
        game.state,
        game.version,
        game.outcome,
        game.finished,
    )
    logged = list(ActionLog.objects.filter(game=game, version__gte=game.version - 1))
    assert [(r.version, r.seat, r.action, r.now) for r in logged] == [
        (game.version - 1, None, {"type": "tick"}, 1.25),
        (game.version, 1, {"type": "draw"}, 2.5),
    ]
    assert all(r.created is not None and r.created.tzinfo is not None for r in logged)


def test_a_move_on_a_game_that_is_gone_is_not_written_silently():
    _table, game, _players = seated_table("dragonformula", ["Ann", "Bo"])
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(Game.DoesNotExist):
        statements.record_move(game, [])


def test_a_socket_reads_the_tables_newest_game_unlocked_with_its_relations():
    table, first, _players = seated_table("dragonformula", ["Ann", "Bo"])
    newer = another_game(first, timedelta(seconds=5))
    read = statements.current_game(table.pk)
    assert read.pk == newer.pk
    assert_same_game(read, orm_locked(table=table))


def test_another_process_reads_a_changed_table_in_two_statements(django_assert_num_queries):
    from games.regions import snapshots

    table, game, players = seated_table("dragonformula", ["Ann", "Bo"])
    AwayLimit.objects.create(table=table, seconds=30)
    commitment = ShuffleCommitment.objects.get(game=game)
    with django_assert_num_queries(2):  # the game with its table; the seats
        snapshot = snapshots.read(table.pk)
        assert [seat.player for seat in snapshot.seats] == players
        assert snapshot.game.pk == game.pk and snapshot.game.table is snapshot.table
        assert snapshot.away_seconds == 30
        assert snapshot.commitment == commitment
