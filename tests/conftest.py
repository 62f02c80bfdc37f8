import pytest


@pytest.fixture(autouse=True)
def _english_by_default(settings):
    """Tests read messages in English unless they ask for Japanese (the site's default)."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def _fresh_client_limits():
    """Each test starts with no count of guests, tables or tries (games.tables.client_limits): the
    whole run comes from one address. Only this process's own cache is cleared."""
    from django.conf import settings
    from django.core.cache import cache

    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        cache.clear()
