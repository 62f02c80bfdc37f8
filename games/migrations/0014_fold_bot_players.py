"""Fold away the "Bot N (level)" league players that online tables used to make.

A bot used to be filed under a league player of its own, found by its name, so bots stood
in the standings. Each such row's results now go where they belong:

* a seat of a club night's online table that the night drew to a member: the result is the
  drawn member's, marked "played by a bot" (the member never sat down; the bot played for
  them), and so are the games the bot won and the penalties it took in that set;
* any other bot seat (a league table no night drew): the line stays, marked "played by a
  bot", under a row that no standings, rating or export lists (``guest``).

A bot row left with no result is deleted. Ratings are not replayed here (a migration runs
on the models of its day): run ``manage.py rate --rebuild`` once after migrating.
"""

import re

from django.db import migrations

BOT_NAME = re.compile(r"^Bot (\d+) \(.*\)$")


def _bot_rows(Member):
    for member in Member.objects.filter(guest=False, user=None, name__startswith="Bot "):
        found = BOT_NAME.match(member.name)
        if found:
            yield member, int(found.group(1)) - 1


def _drawn_member(NightSeat, match_id, seat):
    night_seat = (
        NightSeat.objects.filter(table__match_id=match_id, number=seat)
        .select_related("entrant")
        .first()
    )
    return night_seat.entrant.member_id if night_seat is not None else None


def fold_bots(apps, schema_editor):
    Member = apps.get_model("games", "Member")
    NightSeat = apps.get_model("games", "NightSeat")
    SetLine = apps.get_model("games", "SetLine")
    SetGame = apps.get_model("games", "SetGame")
    Penalty = apps.get_model("games", "Penalty")
    DragSagaLine = apps.get_model("games", "DragSagaLine")
    for bot, seat in _bot_rows(Member):
        lines = list(SetLine.objects.filter(member=bot).select_related("set"))
        saga = list(DragSagaLine.objects.filter(member=bot).select_related("game"))
        if any(line.seat != seat for line in [*lines, *saga]):
            continue  # a person who happens to be called so: not a bot's row
        for line in lines:
            drawn = _drawn_member(NightSeat, line.set.match_id, line.seat)
            line.by_bot = True
            if drawn and not SetLine.objects.filter(set=line.set, member_id=drawn).exists():
                SetGame.objects.filter(set=line.set, winner=bot).update(winner_id=drawn)
                Penalty.objects.filter(game__set=line.set, member=bot).update(member_id=drawn)
                line.member_id = drawn
            line.save(update_fields=["by_bot", "member"])
        for line in saga:
            drawn = _drawn_member(NightSeat, line.game.match_id, line.seat)
            line.by_bot = True
            if drawn and not DragSagaLine.objects.filter(game=line.game, member_id=drawn).exists():
                line.member_id = drawn
            line.save(update_fields=["by_bot", "member"])
        bot.leagues.clear()
        still_used = (
            SetLine.objects.filter(member=bot).exists()
            or DragSagaLine.objects.filter(member=bot).exists()
            or SetGame.objects.filter(winner=bot).exists()
            or Penalty.objects.filter(member=bot).exists()
        )
        if still_used:
            bot.guest = True
            bot.save(update_fields=["guest"])
        else:
            bot.delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0013_organisers_kept_seats_bot_lines_seat_links")]

    operations = [migrations.RunPython(fold_bots, migrations.RunPython.noop)]
