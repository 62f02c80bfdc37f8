"""Every page names the site's icon, so browsers don't ask for a /favicon.ico that isn't there."""

import re

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/", "/rules/", "/leagues/"])
def test_a_page_links_the_site_icon_and_the_icon_is_served(client, url):
    page = client.get(url)
    assert page.status_code == 200
    found = re.search(
        r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page.content.decode()
    )
    assert found, "the page names no icon"
    icon = client.get(found.group(1))
    assert icon.status_code == 200
    body = b"".join(icon.streaming_content) if icon.streaming else icon.content
    assert body.lstrip().startswith(b"<svg")
