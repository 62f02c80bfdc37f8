"""Who a failed login holds back, and what a successful one clears (django-axes' settings
name the functions here).

Axes counts failures per username and address, and per address alone
(:func:`lockout_parameters`), and locks at one limit for the larger count
(:func:`failure_limit`):

- an account tried from one address: :data:`settings.LOGIN_FAILURES_PER_ACCOUNT` failures
  lock that pair (someone guessing one member's password);
- an address whatever the usernames: :data:`settings.LOGIN_FAILURES_PER_ADDRESS`, far above
  what a club behind one address mistypes (one password sprayed over many usernames). An
  account that has signed in from that address before is not held back by it: a member at
  the club's address is not locked out by someone else's failures there, only by their own.

A successful login clears that account's failures from that address and nothing else
(:func:`clear_own_failures`, on ``user_logged_in``): not the address's failures for other
usernames (clearing them let anyone guess a member's password four times, sign in to their
own account, and guess again, without end), and a staff member signing in clears no one's.
Axes' own ``AXES_RESET_ON_SUCCESS`` clears every count the lockout parameters match, the
address's included, so it stays off.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_ip_address, get_client_username
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

THIS_ACCOUNT_HERE = ["username", "ip_address"]
THIS_ADDRESS = "ip_address"
_KNOWN = "clubtable_signed_in_here"  # per request: username -> signed in from here before


def lockout_parameters(request_or_attempt: Any, credentials: dict[str, Any] | None = None) -> list:
    """What a failure counts against (``AXES_LOCKOUT_PARAMETERS``): always this username
    from this address; the address as a whole too, unless this account has signed in from
    it before."""
    if not isinstance(request_or_attempt, HttpRequest):  # an attempt row (admin, signals)
        return [THIS_ACCOUNT_HERE, THIS_ADDRESS]
    if signed_in_here_before(request_or_attempt, credentials):
        return [THIS_ACCOUNT_HERE]
    return [THIS_ACCOUNT_HERE, THIS_ADDRESS]


def signed_in_here_before(request: HttpRequest, credentials: dict[str, Any] | None) -> bool:
    """Whether the username asked for has signed in successfully from this request's address
    (axes' access log; read once per request and username)."""
    username = get_client_username(request, credentials)
    if not username:
        return False
    known = getattr(request, _KNOWN, None)
    if known is None:
        known = {}
        setattr(request, _KNOWN, known)
    if username not in known:
        address = getattr(request, "axes_ip_address", None) or get_client_ip_address(request)
        known[username] = AccessLog.objects.filter(username=username, ip_address=address).exists()
    return known[username]


def failure_limit(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """``AXES_FAILURE_LIMIT``: axes compares the largest count with one limit, which is the
    account's once this username has failed that often from this address, else the
    address's."""
    per_account = settings.LOGIN_FAILURES_PER_ACCOUNT
    # The first of the lockout parameters: this username from this address.
    this_pair = AxesDatabaseHandler().get_user_attempts(request, credentials)[0]
    failed = this_pair.aggregate(total=Sum("failures_since_start"))["total"] or 0
    return per_account if failed >= per_account else settings.LOGIN_FAILURES_PER_ADDRESS


def clear_own_failures(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A successful login (``user_logged_in``) clears the failures of this username from
    this address, nobody else's."""
    if request is None or not getattr(settings, "AXES_ENABLED", True):
        return
    address = getattr(request, "axes_ip_address", None) or get_client_ip_address(request)
    AccessAttempt.objects.filter(username=user.get_username(), ip_address=address).delete()
