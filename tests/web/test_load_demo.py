from django.core.management import call_command

from games.models import Game, Table


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
