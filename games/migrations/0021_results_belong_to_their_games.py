"""The league results move to their games' apps (``dragonformula``, ``dragsaga``): the
platform forgets their models (their tables and rows stay, now owned by the games' apps,
whose migrations take them over), their content types follow them (so admin history and
permissions keep pointing at them), and a rating change names the rated result by its pk
alone (one column for every game, filled from the two keys it had)."""

from django.db import migrations, models
from django.db.models.functions import Coalesce

MOVED = {
    "dragonformula": [
        "setresult",
        "setline",
        "setgame",
        "penalty",
        "historicalsetgame",
        "historicalpenalty",
    ],
    "dragsaga": ["dragsagaresult", "dragsagaline"],
}


def rated_result(apps, schema_editor):
    RatingChange = apps.get_model("games", "RatingChange")
    RatingChange.objects.update(result_id=Coalesce("set_result_id", "dragsaga_result_id"))


def content_types_follow(apps, schema_editor, back=False):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for app, models_ in MOVED.items():
        old, new = ("games", app) if not back else (app, "games")
        for model in models_:
            if not ContentType.objects.filter(app_label=new, model=model).exists():
                ContentType.objects.filter(app_label=old, model=model).update(app_label=new)


def content_types_go_back(apps, schema_editor):
    content_types_follow(apps, schema_editor, back=True)


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0020_merge_presence"),
    ]

    operations = [
        migrations.AddField(
            model_name="ratingchange",
            name="result_id",
            field=models.PositiveBigIntegerField(null=True, verbose_name="result"),
        ),
        migrations.RunPython(rated_result, migrations.RunPython.noop),
        migrations.RemoveField(model_name="ratingchange", name="set_result"),
        migrations.RemoveField(model_name="ratingchange", name="dragsaga_result"),
        migrations.AlterField(
            model_name="ratingchange",
            name="result_id",
            field=models.PositiveBigIntegerField(verbose_name="result"),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="HistoricalPenalty"),
                migrations.DeleteModel(name="HistoricalSetGame"),
                migrations.DeleteModel(name="Penalty"),
                migrations.DeleteModel(name="SetGame"),
                migrations.DeleteModel(name="SetLine"),
                migrations.DeleteModel(name="SetResult"),
                migrations.DeleteModel(name="DragSagaLine"),
                migrations.DeleteModel(name="DragSagaResult"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, content_types_go_back),
    ]
