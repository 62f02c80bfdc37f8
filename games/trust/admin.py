"""Admin for the trust records: commitments and stand-ins are read-only (they are the
table's evidence); a table's away limit is the one thing staff may set. The serving
processes and their last heartbeats are listed for the operator (read-only)."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import AwayLimit, ServerProcess, ShuffleCommitment, StandIn


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ShuffleCommitment)
class ShuffleCommitmentAdmin(ReadOnlyAdmin):
    list_display = ["game", "commitment", "created"]
    search_fields = ["commitment", "game__table__code"]
    # The salt stays out of the list: staff see it on the record, players only after the end.
    fields = ["game", "commitment", "salt", "created"]
    readonly_fields = fields


@admin.register(StandIn)
class StandInAdmin(ReadOnlyAdmin):
    list_display = ["game", "seat_number", "player", "bot_level", "reason", "started", "ended"]
    list_filter = ["reason", "finished_game"]
    search_fields = ["player__display_name", "game__table__code"]


@admin.register(AwayLimit)
class AwayLimitAdmin(admin.ModelAdmin):
    list_display = ["table", "seconds"]
    raw_id_fields = ["table"]


@admin.register(ServerProcess)
class ServerProcessAdmin(ReadOnlyAdmin):
    list_display = ["name", "seen"]
    ordering = ["-seen"]
