def test_lobby_renders_in_headless_chromium(new_page, artifacts_dir):
    page = new_page()
    page.goto("/")
    assert page.locator("h1").inner_text().strip()
    page.screenshot(path=artifacts_dir / "lobby.png")
