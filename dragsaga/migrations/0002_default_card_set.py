"""The default card set of RULES.md §2.1 (seeds/dragsaga_cards.json) as the first set."""

from django.db import migrations

DEFAULT_NAME = "Default set (RULES 2.1)"


def create_default_set(apps, schema_editor):
    from dragsaga.models import row_fields
    from dragsaga.rules.cards import default_card_set

    CardSet = apps.get_model("dragsaga", "CardSet")
    Card = apps.get_model("dragsaga", "Card")
    if CardSet.objects.filter(name=DEFAULT_NAME).exists():
        return
    card_set = CardSet.objects.create(name=DEFAULT_NAME)
    for card in default_card_set():
        Card.objects.create(card_set=card_set, **row_fields(card))


def remove_default_set(apps, schema_editor):
    apps.get_model("dragsaga", "CardSet").objects.filter(name=DEFAULT_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [("dragsaga", "0001_card_sets")]

    operations = [migrations.RunPython(create_default_set, remove_default_set)]
