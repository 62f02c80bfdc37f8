"""Dragon Formula's league results (sets, their lines, games and penalties, and the games' and
penalties' correction history) are this app's models now, no longer the platform's. Their
tables keep their names and rows: only Django's idea of which app owns them changes."""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0021_results_belong_to_their_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SetGame',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='game')),
                        ('win', models.CharField(choices=[('dan', 'Dan'), ('pick_and_dan', 'Pick-and-Dan'), ('none', 'no winner (pile ran out)')], default='dan', max_length=12, verbose_name='how')),
                        ('multipliers', models.JSONField(blank=True, default=list, verbose_name='multipliers')),
                        ('cards', models.CharField(blank=True, max_length=80, verbose_name='cards')),
                        ('hand', models.CharField(blank=True, max_length=40, verbose_name='hand')),
                        ('bonuses', models.JSONField(blank=True, default=list, verbose_name='bonuses')),
                        ('base', models.IntegerField(default=0, verbose_name='base')),
                        ('points', models.IntegerField(default=0, verbose_name='game points')),
                        ('reading', models.JSONField(blank=True, default=dict, verbose_name='reading')),
                        ('counts', models.BooleanField(default=True, help_text='Off for a game ended by a false Dan: it is replayed.', verbose_name='counts for the starter rotation')),
                        ('winner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='won_games', to='games.member', verbose_name='winner')),
                    ],
                    options={
                        'verbose_name': 'game of a set',
                        'verbose_name_plural': 'games of sets',
                        'db_table': 'games_setgame',
                        'ordering': ['set', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='Penalty',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('offence', models.CharField(choices=[('false_dan', 'false Dan'), ('wrong_order', 'drawing out of turn'), ('too_few_cards', 'too few cards in hand'), ('too_many_cards', 'too many cards in hand'), ('cheating', 'cheating')], max_length=20, verbose_name='offence')),
                        ('intentional', models.BooleanField(default=False, verbose_name='intentional (×10)')),
                        ('points', models.IntegerField(help_text='Negative: what the penalty costs.', verbose_name='points')),
                        ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='penalties', to='games.member', verbose_name='player')),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='penalties', to='dragonformula.setgame', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'penalty',
                        'verbose_name_plural': 'penalties',
                        'db_table': 'games_penalty',
                        'ordering': ['game', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='HistoricalPenalty',
                    fields=[
                        ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                        ('offence', models.CharField(choices=[('false_dan', 'false Dan'), ('wrong_order', 'drawing out of turn'), ('too_few_cards', 'too few cards in hand'), ('too_many_cards', 'too many cards in hand'), ('cheating', 'cheating')], max_length=20, verbose_name='offence')),
                        ('intentional', models.BooleanField(default=False, verbose_name='intentional (×10)')),
                        ('points', models.IntegerField(help_text='Negative: what the penalty costs.', verbose_name='points')),
                        ('history_id', models.AutoField(primary_key=True, serialize=False)),
                        ('history_date', models.DateTimeField(db_index=True)),
                        ('history_change_reason', models.CharField(max_length=100, null=True)),
                        ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                        ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('member', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='games.member', verbose_name='player')),
                        ('game', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='dragonformula.setgame', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'historical penalty',
                        'verbose_name_plural': 'historical penalties',
                        'db_table': 'games_historicalpenalty',
                        'ordering': ('-history_date', '-history_id'),
                        'get_latest_by': ('history_date', 'history_id'),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.CreateModel(
                    name='SetResult',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(default=1, verbose_name='set')),
                        ('complete', models.BooleanField(default=False, verbose_name='complete')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('completed_at', models.DateTimeField(blank=True, null=True, verbose_name='completed at')),
                        ('voided_at', models.DateTimeField(blank=True, null=True, verbose_name='voided at')),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sets', to='games.match', verbose_name='match')),
                        ('voided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='voided by')),
                    ],
                    options={
                        'verbose_name': 'set result',
                        'verbose_name_plural': 'set results',
                        'db_table': 'games_setresult',
                        'ordering': ['match', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='SetLine',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                        ('rank', models.PositiveSmallIntegerField(default=1, verbose_name='rank')),
                        ('victory_points', models.DecimalField(decimal_places=2, default=0, max_digits=4, verbose_name='victory points')),
                        ('by_bot', models.BooleanField(default=False, help_text='A bot played this seat for the player drawn to it, who never sat down.', verbose_name='played by a bot')),
                        ('element', models.CharField(choices=[('fire', 'Fire'), ('water', 'Water'), ('air', 'Air'), ('earth', 'Earth')], max_length=5, verbose_name='element')),
                        ('points', models.IntegerField(default=0, verbose_name='set points')),
                        ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='set_lines', to='games.member', verbose_name='player')),
                        ('set', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lines', to='dragonformula.setresult', verbose_name='set')),
                    ],
                    options={
                        'verbose_name': 'set line',
                        'verbose_name_plural': 'set lines',
                        'db_table': 'games_setline',
                        'ordering': ['seat'],
                        'abstract': False,
                    },
                ),
                migrations.AddField(
                    model_name='setgame',
                    name='set',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='dragonformula.setresult', verbose_name='set'),
                ),
                migrations.CreateModel(
                    name='HistoricalSetGame',
                    fields=[
                        ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='game')),
                        ('win', models.CharField(choices=[('dan', 'Dan'), ('pick_and_dan', 'Pick-and-Dan'), ('none', 'no winner (pile ran out)')], default='dan', max_length=12, verbose_name='how')),
                        ('multipliers', models.JSONField(blank=True, default=list, verbose_name='multipliers')),
                        ('cards', models.CharField(blank=True, max_length=80, verbose_name='cards')),
                        ('hand', models.CharField(blank=True, max_length=40, verbose_name='hand')),
                        ('bonuses', models.JSONField(blank=True, default=list, verbose_name='bonuses')),
                        ('base', models.IntegerField(default=0, verbose_name='base')),
                        ('points', models.IntegerField(default=0, verbose_name='game points')),
                        ('counts', models.BooleanField(default=True, help_text='Off for a game ended by a false Dan: it is replayed.', verbose_name='counts for the starter rotation')),
                        ('history_id', models.AutoField(primary_key=True, serialize=False)),
                        ('history_date', models.DateTimeField(db_index=True)),
                        ('history_change_reason', models.CharField(max_length=100, null=True)),
                        ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                        ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('winner', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='games.member', verbose_name='winner')),
                        ('set', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='dragonformula.setresult', verbose_name='set')),
                    ],
                    options={
                        'verbose_name': 'historical game of a set',
                        'verbose_name_plural': 'historical games of sets',
                        'db_table': 'games_historicalsetgame',
                        'ordering': ('-history_date', '-history_id'),
                        'get_latest_by': ('history_date', 'history_id'),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.AddConstraint(
                    model_name='setresult',
                    constraint=models.UniqueConstraint(fields=('match', 'number'), name='one_set_number_per_match'),
                ),
                migrations.AddConstraint(
                    model_name='setline',
                    constraint=models.UniqueConstraint(fields=('set', 'seat'), name='one_line_per_seat'),
                ),
                migrations.AddConstraint(
                    model_name='setline',
                    constraint=models.UniqueConstraint(fields=('set', 'member'), name='one_line_per_player'),
                ),
                migrations.AddConstraint(
                    model_name='setgame',
                    constraint=models.UniqueConstraint(fields=('set', 'number'), name='one_game_number_per_set'),
                ),
            ],
            database_operations=[],
        ),
    ]
