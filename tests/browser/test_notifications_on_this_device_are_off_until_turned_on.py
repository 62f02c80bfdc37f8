"""The "your move" page's notifications on this device (issue 53), in Chromium on a laptop
and a phone, in both languages: off by default, the page's own script (no inline script:
the Content-Security-Policy holds) registers the push worker and says this device gets no
notifications, with the button that turns them on; nothing is subscribed by loading it."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.turns.models import PushKeys, PushSubscription
from tests.browser.tables import off_the_browser_loop
from tests.browser.test_a_whole_club_night import log_in, no_sideways_scroll

PASSWORD = "pw-push-24680"


def _member() -> None:
    get_user_model().objects.create_user("emi", password=PASSWORD)


def _kept() -> tuple[int, int]:
    return PushKeys.objects.count(), PushSubscription.objects.count()


def test_notifications_are_off_until_the_member_turns_them_on(new_page, artifacts_dir):
    off_the_browser_loop(_member)
    for viewport, name in (
        ({"width": 1366, "height": 768}, "laptop"),
        ({"width": 390, "height": 844}, "phone"),
    ):
        page = new_page(viewport=viewport)
        log_in(page, "emi", PASSWORD, "/your-move/")
        section = page.locator("#push")
        state = section.locator(".push-state")
        expect(state).to_have_text("This device gets no notifications.")
        assert section.get_by_role(
            "button", name="Turn on notifications on this device"
        ).is_visible()
        assert not section.get_by_role("button", name="Turn them off on this device").is_visible()
        registered = page.evaluate(
            "navigator.serviceWorker.getRegistrations().then((r) => r.length)"
        )
        assert registered == 1
        no_sideways_scroll(page)
        section.scroll_into_view_if_needed()
        page.screenshot(path=artifacts_dir / f"push-off-{name}.png")
        page.get_by_role("button", name="日本語").click()
        expect(page.locator("#push .push-state")).to_have_text("この端末は通知を受け取りません。")
        page.locator("#push").scroll_into_view_if_needed()
        page.screenshot(path=artifacts_dir / f"push-off-{name}-ja.png")
    # The keys were made on first use; no device was subscribed by loading the page.
    assert off_the_browser_loop(_kept) == (1, 0)
