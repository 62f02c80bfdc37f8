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


EXAMPLE_GAME = "examples.highcard"


@pytest.fixture
def highcard(settings):
    """The reference game (``examples/highcard/``) turned on for one test, as the
    ``EXAMPLE_GAMES`` setting turns it on for a site: its app installed (its ``ready()``
    registers it, with its templates, static files and translations), and gone again after."""
    from django.template.utils import get_app_template_dirs

    from games import registry

    # Its registration checks its templates (games.contract) while the app is being
    # installed, before Django's own setting_changed receivers look again for the apps'
    # template folders: they are looked for afresh, in fresh template engines.
    settings.TEMPLATES = [dict(engine) for engine in settings.TEMPLATES]
    get_app_template_dirs.cache_clear()
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, EXAMPLE_GAME]
    yield registry.game_kind("highcard")
    registry.GAMES.pop("highcard", None)
