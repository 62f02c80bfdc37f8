"""``{% cheat_sheet kind where %}``: a game's cheat sheet (its ``cheat_sheet.html`` with
its ``learn`` hook's context), rendered once per game, place and language;
``{% real_game kind %}``: the one-tap way from a guided game to a real table."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString

from games.registry import game_kind
from games.tables.forms import NewTableForm

register = template.Library()


@register.simple_tag
def cheat_sheet(kind: Any, where: str = "page") -> SafeString:
    """``where`` tells its headings' ids apart (a table, the printable page)."""
    return _rendered(kind.name, kind.template_dir, where, translation.get_language() or "")


@register.filter
def has_guided_game(kind: Any) -> bool:
    """Whether the game has a guided first game (its ``learn`` hook's ``GUIDED``)."""
    return kind.learn_path is not None and hasattr(kind.learn, "GUIDED")


@register.inclusion_tag("learn/_real_game.html", takes_context=True)
def real_game(context: template.Context, kind: Any) -> dict[str, Any]:
    """A button that opens a real table of ``kind`` with bots in every other seat (the
    lobby form's defaults), ready to start."""
    return {"kind": kind, "form": NewTableForm(kind), "csrf_token": context.get("csrf_token")}


@lru_cache(maxsize=16)
def _rendered(name: str, template_dir: str, where: str, language: str) -> SafeString:
    context = {**game_kind(name).learn.cheat_sheet_context(), "cs_id": where}
    return render_to_string(f"{template_dir}/cheat_sheet.html", context)
