"""Admin for who is at each seat: stand-ins are read-only (they are the table's evidence);
a table's away limit is the one thing staff may set. The serving processes and their last
heartbeats are listed for the operator (read-only)."""

from django.contrib import admin

from games.admin.numbers import DigitsOnly
from games.admin.read_only import ReadOnlyAdmin
from games.presence.models import AwayLimit, ServerProcess, StandIn


@admin.register(StandIn)
class StandInAdmin(ReadOnlyAdmin):
    list_display = ["game", "seat_number", "player", "bot_level", "reason", "started", "ended"]
    list_filter = ["reason", "finished_game"]
    search_fields = ["player__display_name", "game__table__code"]


@admin.register(AwayLimit)
class AwayLimitAdmin(DigitsOnly, admin.ModelAdmin):
    list_display = ["table", "seconds"]
    raw_id_fields = ["table"]


@admin.register(ServerProcess)
class ServerProcessAdmin(ReadOnlyAdmin):
    list_display = ["name", "seen"]
    ordering = ["-seen"]
