"""Without an SMTP host (``make run``) a member's reset mail waits in the outbox folder, and
staff read it at /accounts/outbox/ in Chromium, on a laptop and on a phone: its subject, to
whom, and the link, which works once."""

from __future__ import annotations

import re
import uuid

from django.contrib.auth import get_user_model

from tests.browser.test_league_identity_pages import log_in

PHONE = {"width": 390, "height": 844}


def test_a_members_reset_mail_is_read_by_staff_in_the_outbox(new_page, artifacts_dir):
    email = f"hanako-{uuid.uuid4().hex[:8]}@example.org"
    User = get_user_model()
    User.objects.create_user("hanako", email, "old-pass-2026")
    User.objects.create_superuser("keeper", "", "keeper-pass")

    member = new_page()
    member.goto("/accounts/password_reset/")
    member.get_by_label("Email").fill(email)
    member.get_by_role("button", name="Send me the link").click()
    member.wait_for_url("**/password_reset/done/")
    assert "a link to set a new password is on its way" in member.content()

    for name, viewport in (("laptop", None), ("phone", PHONE)):
        staff = new_page(viewport)
        log_in(staff, "keeper", "keeper-pass", "/accounts/outbox/")
        staff.wait_for_url("**/accounts/outbox/")
        text = staff.locator("main").inner_text()
        assert email in text and "/accounts/reset/" in text
        width = staff.evaluate("document.documentElement.scrollWidth")
        assert width <= (viewport or {"width": 1366})["width"], "the page scrolls sideways"
        staff.screenshot(path=artifacts_dir / f"outbox-{name}.png", full_page=True)

    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", text).group(1)
    member.goto(link)
    member.locator('input[name="new_password1"]').fill("tanuki-2026-x")
    member.locator('input[name="new_password2"]').fill("tanuki-2026-x")
    member.get_by_role("button", name="Set the password").click()
    member.wait_for_url("**/accounts/reset/done/")
    member.goto(link)
    assert "This link has been used or has expired" in member.content()  # once only
