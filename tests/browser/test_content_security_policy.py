"""The pages run under a strict Content-Security-Policy (no inline script or style) and
break none of it; the browser fixture catches a violation when there is one."""

from __future__ import annotations

from tests.browser.conftest import csp_violations


def test_the_policy_blocks_an_inline_script_and_the_fixture_sees_it(new_page):
    page = new_page()
    page.expect_csp_violations = True  # this page's violation is the point
    response = page.goto("/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = true'; document.body.append(s); }"
    )
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.ran === true") is False
    assert csp_violations(page.console_errors)


def test_pages_a_member_visits_break_nothing_of_the_policy(new_page, artifacts_dir):
    from tests.support.leagues import make_league

    league = make_league()
    page = new_page()
    for path in (
        "/",
        "/rules/",
        "/leagues/",
        f"/leagues/{league.pk}/",
        "/leagues/sheets/dragonformula/",
        "/dragonformula/calculator/",
        "/verify/",
        "/accounts/login/",
        "/admin/login/",
    ):
        page.goto(path)
        page.wait_for_load_state("load")
    page.screenshot(path=artifacts_dir / "csp-admin-login.png")
    assert not csp_violations(page.console_errors)
