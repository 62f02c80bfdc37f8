"""The language a websocket's pushes are rendered in, chosen as LocaleMiddleware chooses a page's.

A socket has no request to run through ``LocaleMiddleware``: its frames would all
come out in the default language. The same order applies here: the language cookie
set by the language switcher, then the browser's Accept-Language, then
``LANGUAGE_CODE`` (Japanese).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header


def _supported(code: str) -> str | None:
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def scope_language(scope: dict[str, Any]) -> str:
    """The supported language code for the socket connection described by ``scope``."""
    chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    if chosen and (code := _supported(chosen)):
        return code
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for language, _quality in parse_accept_lang_header(accept):
        if language == "*":
            break
        if code := _supported(language):
            return code
    return settings.LANGUAGE_CODE
