"""How many failed logins django-axes allows (``AXES_FAILURE_LIMIT`` names :func:`failure_limit`).

Axes counts failures per username and address, and per address alone
(``AXES_LOCKOUT_PARAMETERS``), and locks at one limit for the larger count, which is the
address's. This limit depends on who is asking: :data:`settings.LOGIN_FAILURES_PER_ACCOUNT`
once this username has failed that often from this address (someone guessing one member's
password), else the generous :data:`settings.LOGIN_FAILURES_PER_ADDRESS` (one password tried
on many usernames from one address is locked there; a club behind one address making a few
typos is not).
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


def failure_limit(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    per_account = settings.LOGIN_FAILURES_PER_ACCOUNT
    # The first of AXES_LOCKOUT_PARAMETERS: this username from this address.
    this_pair = AxesDatabaseHandler().get_user_attempts(request, credentials)[0]
    failed = this_pair.aggregate(total=Sum("failures_since_start"))["total"] or 0
    return per_account if failed >= per_account else settings.LOGIN_FAILURES_PER_ADDRESS
