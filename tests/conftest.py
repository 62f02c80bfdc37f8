import pytest


@pytest.fixture(autouse=True)
def _english_by_default(settings):
    """Tests read messages in English unless they ask for Japanese (the site's default)."""
    settings.LANGUAGE_CODE = "en"
