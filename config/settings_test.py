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

# Serve static files straight from the app and project folders (no collectstatic before tests),
# so browser tests see the real CSS and JS.
WHITENOISE_USE_FINDERS = True
