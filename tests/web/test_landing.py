import urllib.request

from tests.support.servers import daphne


def test_landing_page_is_served_by_daphne_through_asgi():
    with daphne() as url, urllib.request.urlopen(url + "/") as response:
        body = response.read().decode()
    assert response.status == 200
    assert "<html" in body
    assert "Dragon Formula" in body or "ドラゴン" in body
