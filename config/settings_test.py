"""Settings for the test run: the ordinary settings with a throwaway key and plain HTTP."""

import os

os.environ.setdefault("SECRET_KEY", "insecure-test-only-key")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("STATIC_MANIFEST", "0")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "config.sqlite":  # noqa: F405
    # A file, not memory: browser and restart tests serve this database from a Daphne process.
    # One file per test run, so two runs in one checkout never delete each other's database.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}  # noqa: F405

# Daphne under test serves the static files (htmx, the table's CSS/JS) straight from the apps,
# without a collectstatic step.
WHITENOISE_USE_FINDERS = True

# The coach plays few deals out per decision: a review's figures are coarse, but a test waits
# seconds for them rather than minutes.
REVIEW_SAMPLES = 4
# Only the tests of reviews have them queued when a game ends (no other test waits on the pool).
REVIEWS_AFTER_THE_GAME = False
