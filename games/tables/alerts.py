"""A player's phone-in-the-pocket alerts at a table: a short vibration, and a browser
notification while the tab is hidden, on their turn, a Pick on their discard and a result.

Both are off until the player turns them on; the choice is kept in their browser's
session (server-side), so every table they open in it reads the same. The page's own
script (``static/js/table_a11y.js``) vibrates or notifies; nothing leaves the club's server."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

ALERTS = ("vibrate", "notify")
SESSION_KEY = "table_alerts"


def chosen(session: Any) -> dict[str, bool]:
    """Which alerts this session turned on (none by default)."""
    kept = session.get(SESSION_KEY) if session is not None else None
    kept = kept if isinstance(kept, dict) else {}
    return {name: kept.get(name) is True for name in ALERTS}


@require_POST
def set_alert(request: HttpRequest) -> HttpResponse:
    """Turn one alert on or off for this browser's session (``alert``: vibrate or notify;
    ``on``: "1" or "0"). Anyone with a session may change their own; nothing else."""
    name, on = request.POST.get("alert"), request.POST.get("on")
    if name not in ALERTS or on not in ("0", "1"):
        return HttpResponseBadRequest(_("There is no such alert setting."))
    request.session[SESSION_KEY] = {**chosen(request.session), name: on == "1"}
    return HttpResponse(status=204)
