"""The admin's read-only pages, for records that are the table's evidence."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin.numbers import DigitsOnly


class ReadOnlyAdmin(DigitsOnly, admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
