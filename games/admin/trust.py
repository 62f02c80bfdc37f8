"""Admin for the shuffle commitments: read-only, they are the table's evidence."""

from django.contrib import admin

from games.admin.read_only import ReadOnlyAdmin
from games.trust.models import ShuffleCommitment


@admin.register(ShuffleCommitment)
class ShuffleCommitmentAdmin(ReadOnlyAdmin):
    list_display = ["game", "commitment", "created"]
    search_fields = ["commitment", "game__table__code"]
    # The salt stays out of the list: staff see it on the record, players only after the end.
    fields = ["game", "commitment", "salt", "created"]
    readonly_fields = fields
