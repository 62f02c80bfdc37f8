"""Every stored DragSaga game gets the platform's generic result and one line per player
(member, seat, rank, victory points, final damage as points, played by a bot), which the
standings count from now on."""

from django.db import migrations

from games.leagues.result_lines import carried_over


class Migration(migrations.Migration):
    dependencies = [
        ("dragsaga", "0003_league_results"),
        ("games", "0022_results_of_a_game_without_its_own"),
    ]

    operations = [carried_over("dragsaga", "DragSagaResult", "DragSagaLine", "final_damage")]
