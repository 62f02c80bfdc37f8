"""Settings for the test run: the ordinary settings with a throwaway key and plain HTTP."""

import os

os.environ.setdefault("SECRET_KEY", "insecure-test-only-key")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("STATIC_MANIFEST", "0")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
