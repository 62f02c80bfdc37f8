from django.core.management import call_command
from django.utils import timezone

from games.leagues.models import League
from games.tables.actions import seating, starting
from games.tables.models import Game, Player, Table


def test_the_demo_opens_a_table_of_each_game_and_one_the_bots_play_once(db, capsys):
    call_command("load_demo")
    call_command("load_demo")
    open_tables = Table.objects.filter(status=Table.Status.OPEN)
    assert sorted(open_tables.values_list("game_name", flat=True)) == ["dragonformula", "dragsaga"]
    assert all(
        t.seats.filter(player__isnull=True, bot_level="").count() == t.players for t in open_tables
    )
    show = Game.objects.get()
    assert show.table.status == Table.Status.PLAYING
    assert set(show.table.seats.values_list("bot_level", flat=True)) == {"heuristic"}
    assert capsys.readouterr().out.count("Admin account created") == 1


def test_make_run_twice_leaves_one_demo_after_the_bots_game_ended(db):
    """``make run`` runs load_demo at every start; the bots finish their game in between."""
    call_command("load_demo")
    first = Game.objects.get()
    Table.objects.filter(pk=first.table_id).update(status=Table.Status.FINISHED)
    Game.objects.filter(pk=first.pk).update(finished=timezone.now())
    call_command("load_demo")
    call_command("load_demo")
    assert Table.objects.filter(status=Table.Status.OPEN).count() == 2  # one per game
    show = Table.objects.exclude(status=Table.Status.OPEN).get()  # the finished one replaced
    assert show.status == Table.Status.PLAYING and show.pk != first.table_id
    assert Game.objects.count() == 1
    assert League.objects.count() == len(set(League.objects.values_list("name", flat=True)))


def test_a_demo_table_people_played_at_is_kept(db):
    call_command("load_demo")
    table = Table.objects.filter(status=Table.Status.OPEN, game_name="dragsaga").get()
    ann, ben = (Player.objects.create(display_name=name) for name in ("Ann", "Ben"))
    seating.sit(table, ann)
    seating.sit(table, ben)
    starting.start(table, ann)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    call_command("load_demo")
    assert Table.objects.filter(pk=table.pk).exists()
