"""The default card set (seeds/dragsaga_cards.json, as the rules page /rules/dragsaga/ lists it) as the first set."""

from django.db import migrations


def create_default_set(apps, schema_editor):
    from dragsaga.models import ensure_default_set

    ensure_default_set(apps.get_model("dragsaga", "CardSet"), apps.get_model("dragsaga", "Card"))


def remove_default_set(apps, schema_editor):
    from dragsaga.models import DEFAULT_SET_NAME

    apps.get_model("dragsaga", "CardSet").objects.filter(name=DEFAULT_SET_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [("dragsaga", "0001_card_sets")]

    operations = [migrations.RunPython(create_default_set, remove_default_set)]
