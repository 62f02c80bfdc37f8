"""Admin for players, tables and games (the action log is read-only: it is the game's record)."""

from django.contrib import admin

from games.admin.numbers import DigitsOnly
from games.tables.models import ActionLog, Game, Player, Seat, Table


@admin.register(Player)
class PlayerAdmin(DigitsOnly, admin.ModelAdmin):
    list_display = ["display_name", "user", "is_guest", "created"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]

    @admin.display(boolean=True, description="guest")
    def is_guest(self, player: Player) -> bool:
        return player.is_guest


class SeatInline(DigitsOnly, admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Table)
class TableAdmin(DigitsOnly, admin.ModelAdmin):
    list_display = ["code", "game_name", "players", "bot_level", "status", "created"]
    list_filter = ["game_name", "status"]
    search_fields = ["code"]
    readonly_fields = ["code", "created"]
    inlines = [SeatInline]


class ActionLogInline(DigitsOnly, admin.TabularInline):
    model = ActionLog
    extra = 0
    can_delete = False
    fields = ["version", "seat", "action", "now", "created"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(DigitsOnly, admin.ModelAdmin):
    list_display = ["pk", "table", "game_name", "version", "created", "finished"]
    list_filter = ["game_name"]
    search_fields = ["table__code"]
    readonly_fields = [
        "table",
        "game_name",
        "players",
        "options",
        "seed",
        "state",
        "version",
        "created",
        "finished",
        "outcome",
    ]
    inlines = [ActionLogInline]

    def has_add_permission(self, request) -> bool:
        return False
