"""Settings for the test run: the ordinary settings with a throwaway key and plain HTTP."""

import os

os.environ.setdefault("SECRET_KEY", "insecure-test-only-key")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("STATIC_MANIFEST", "0")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not memory: browser and restart tests serve this database from a Daphne process.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}  # noqa: F405

# The served test site (Daphne, browser tests) finds static files where they are, without
# a collectstatic step: htmx and the CSS must load for the pages to behave.
WHITENOISE_USE_FINDERS = True
