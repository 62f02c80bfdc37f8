"""DragSaga's league results (games and their lines) are this app's models now, no longer the
platform's. Their tables keep their names and rows: only Django's idea of which app owns them
changes."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("dragsaga", "0002_default_card_set"),
        ("games", "0021_results_belong_to_their_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='DragSagaResult',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(default=1, verbose_name='game')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('voided_at', models.DateTimeField(blank=True, null=True, verbose_name='voided at')),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='dragsaga_games', to='games.match', verbose_name='match')),
                        ('voided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='voided by')),
                    ],
                    options={
                        'verbose_name': 'DragSaga result',
                        'verbose_name_plural': 'DragSaga results',
                        'db_table': 'games_dragsagaresult',
                        'ordering': ['match', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='DragSagaLine',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                        ('rank', models.PositiveSmallIntegerField(default=1, verbose_name='rank')),
                        ('victory_points', models.DecimalField(decimal_places=2, default=0, max_digits=4, verbose_name='victory points')),
                        ('by_bot', models.BooleanField(default=False, help_text='A bot played this seat for the player drawn to it, who never sat down.', verbose_name='played by a bot')),
                        ('damage', models.PositiveIntegerField(verbose_name='damage tokens')),
                        ('leftover_cost', models.PositiveIntegerField(verbose_name='cost of cards left in hand')),
                        ('cards_left', models.PositiveSmallIntegerField(verbose_name='cards left in hand')),
                        ('penalty', models.PositiveIntegerField(default=0, verbose_name='penalty')),
                        ('final_damage', models.PositiveIntegerField(default=0, verbose_name='final damage')),
                        ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='dragsaga_lines', to='games.member', verbose_name='player')),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lines', to='dragsaga.dragsagaresult', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'DragSaga line',
                        'verbose_name_plural': 'DragSaga lines',
                        'db_table': 'games_dragsagaline',
                        'ordering': ['seat'],
                        'abstract': False,
                    },
                ),
                migrations.AddConstraint(
                    model_name='dragsagaresult',
                    constraint=models.UniqueConstraint(fields=('match', 'number'), name='one_dragsaga_number_per_match'),
                ),
                migrations.AddConstraint(
                    model_name='dragsagaline',
                    constraint=models.UniqueConstraint(fields=('game', 'seat'), name='one_dragsaga_line_per_seat'),
                ),
                migrations.AddConstraint(
                    model_name='dragsagaline',
                    constraint=models.UniqueConstraint(fields=('game', 'member'), name='one_dragsaga_line_per_player'),
                ),
            ],
            database_operations=[],
        ),
    ]
