import urllib.request

from django.db import connection

from tests.support.servers import daphne


def test_landing_page_is_served_by_daphne_through_asgi(transactional_db):
    env = {}
    if connection.vendor == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    with daphne(env=env) as url, urllib.request.urlopen(url + "/") as response:
        body = response.read().decode()
    assert response.status == 200
    assert "<html" in body
    assert "Dragon Formula" in body or "ドラゴン" in body
