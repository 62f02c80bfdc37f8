"""Settings, all read from the environment.

Embedded defaults run one machine: a SQLite file beside the checkout and the
in-memory channel layer. ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL``
(channels-redis) move the same code onto shared services.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "insecure-debug-only-key"
    else:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set, and DEBUG is off: refusing to start. "
            "Set SECRET_KEY in the environment to a long random value, e.g. the output of "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))' "
            "(or set DEBUG=1 for a local development server)."
        )

# The names this site answers to (the public host behind the proxy). Loopback by default, so a
# fresh checkout serves itself; a probe that calls a process directly must send one of these.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
# Only needed when the browser's origin differs from the Host the proxy passes on (another
# port or name); each entry carries its scheme: https://club.example.org
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
for _origin in CSRF_TRUSTED_ORIGINS:
    if "://" not in _origin:
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entry {_origin!r} needs its scheme, e.g. https://{_origin}"
        )

# The club's network (config/lan.py): `make run` passes the LAN addresses it serves, and they
# are allowed hosts too (unless ALLOWED_HOSTS is set). Join links and QR codes use SITE_URL when
# set (https://club.example.org), else the first LAN address with SERVE_PORT: never loopback.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
if SITE_URL and not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL {SITE_URL!r} needs its scheme, e.g. https://{SITE_URL}")
LAN_ADDRESSES = env_list("LAN_ADDRESSES")
SERVE_PORT = os.environ.get("SERVE_PORT", "").strip()
if "ALLOWED_HOSTS" not in os.environ:
    from config.lan import lan_addresses as _lan_addresses

    if any(not _lan_addresses([address]) for address in LAN_ADDRESSES):
        raise ImproperlyConfigured(f"LAN_ADDRESSES {LAN_ADDRESSES!r} are not LAN IPv4 addresses.")
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, *LAN_ADDRESSES]
    if SITE_URL:
        from urllib.parse import urlsplit as _urlsplit

        ALLOWED_HOSTS.append(_urlsplit(SITE_URL).hostname or "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "csp",
    "axes",
    "simple_history",
    "games",
    "dragonformula",
    "dragsaga",
    *env_list("EXAMPLE_GAMES"),  # off unless named: examples.highcard
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Who made a change to a recorded game (django-simple-history), from the request's user.
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Login throttling (django-axes): after AuthenticationMiddleware, as its docs ask.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            # The trust room's template tags live in its package (games.trust), not in an
            # app's templatetags folder.
            "libraries": {"table_trust": "games.trust.templatetags"},
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests of one club night write at once: wait for the lock
    # instead of failing, and take the write lock at BEGIN. Write-ahead logging
    # lets the sockets' reads go on while an action commits, and commits without
    # an fsync each (a power cut may lose the last moves, never corrupt a game).
    # Its threads take turns at the write lock, each woken as soon as it is free
    # (config/sqlite/base.py), rather than left to SQLite's sleeping retries.
    DATABASES["default"]["ENGINE"] = "config.sqlite"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # The table sockets' pushes all run in one long-lived worker thread: keeping its
    # connection saves opening (and setting up) a new one for every push. (Django runs each
    # request in a thread of its own, whose connection goes with the thread.)
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DB_CONN_MAX_AGE", "300"))
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3. Under ASGI every request may run on a new thread, so persistent
    # per-thread connections (CONN_MAX_AGE) would pile up: a psycopg pool per
    # process hands connections out instead.
    _pg_options = DATABASES["default"].setdefault("OPTIONS", {})
    _pg_options.setdefault("connect_timeout", int(os.environ.get("DB_CONNECT_TIMEOUT", "5")))
    if env_bool("DB_POOL", True):
        # CONN_HEALTH_CHECKS (above) makes the pool check each connection it hands out.
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        _pg_options["pool"] = {
            "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "2")),
            "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", "20")),
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "10")),
        }

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Several Daphne processes: pushes and the cache must cross processes.
    CHANNEL_LAYERS = {
        "default": {
            # Redis's publish and subscribe (channels-redis's pub/sub layer): a table's
            # change is one PUBLISH, heard once by every process with a socket of that
            # table, which hands it to its own sockets; a move's thread publishes it
            # itself (config/redis_layer.py).
            "BACKEND": "config.redis_layer.RedisPubSubChannelLayer",
            "CONFIG": {
                # A connection that stops answering is given up after 30 s, not waited on.
                "hosts": [{"address": REDIS_URL, "socket_timeout": 30}],
                "prefix": os.environ.get("CHANNELS_PREFIX", "clubtable"),
            },
        }
    }
    CACHES = {
        "default": {
            # django-redis: one connection pool for the process. (Django's own Redis cache
            # makes a client, with its pool and connection, for every request's context.)
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CHANNELS_PREFIX", "clubtable"),
        }
    }
else:
    # One process's layer in its memory (config/local_layer.py: Channels' in-memory layer's
    # rules, without its walk over every socket at every message); a move's thread sends on
    # the sockets' event loop (games/live/server_loop.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "config.local_layer.LocalChannelLayer"}}
    # The one process's memory; a session is about 200 bytes, so the whole club fits.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

# Sessions are read on every request and every socket: from the cache above first (this
# process's memory on one machine, Redis when scaled out), the database still the truth
# (a session not in the cache is read from it, and every change is written to both).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Seconds a bot waits before its move, so people can follow it (tests and load runs shorten it).
TABLE_BOT_DELAY = float(os.environ.get("TABLE_BOT_DELAY", "0.8"))
# Minutes a table opened from the lobby plays on with no human at it (no table socket open,
# no move by a player) before its bots stop; a player opening it again starts them.
TABLE_UNATTENDED_MINUTES = float(os.environ.get("TABLE_UNATTENDED_MINUTES", "10"))
# Worker processes in which strong bots think (games.coach.bot_thinking), off the serving process.
BOT_THINKING_WORKERS = int(os.environ.get("BOT_THINKING_WORKERS", "1"))
# Deals the coach plays out per decision it reviews (None: each game's own count).
REVIEW_SAMPLES = None
# Whether each player's review is queued as soon as a game ends (else at its first look).
REVIEWS_AFTER_THE_GAME = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the language a player chose outlasts the browser session
TIME_ZONE = os.environ.get("TIME_ZONE", "Asia/Tokyo")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("STATIC_MANIFEST", not DEBUG)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Content-Security-Policy (django-csp): scripts, styles, sockets and fetches from this site
# only; no inline script or style anywhere (tests/browser fails on any violation).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],  # the table's websocket: same origin (CSP Level 3)
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Login throttling (django-axes), on the login page and the admin's
# (games/trust/login_throttle.py): LOGIN_FAILURES_PER_ACCOUNT failed tries for one username
# from one address lock that pair for AXES_COOLOFF_TIME hours; LOGIN_FAILURES_PER_ADDRESS
# failed tries from one address whatever the usernames lock the address, except for accounts
# that have signed in from it before. A successful login clears only that account's
# failures from that address (AXES_RESET_ON_SUCCESS would clear the address's too).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "100"))
AXES_FAILURE_LIMIT = "games.trust.login_throttle.failure_limit"
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = "games.trust.login_throttle.lockout_parameters"
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

LOGIN_URL = "login"

# E-mail (a member's "forgot your password" link): sent by SMTP when a host is given in the
# environment, else written to a folder (EMAIL_FILE_PATH, one file per mail; staff read it
# at /accounts/outbox/), never to the server's log: a reset link there would let anyone who
# reads the log take the account.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
EMAIL_FILE_PATH = Path(os.environ.get("EMAIL_FILE_PATH", BASE_DIR / "outbox"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "clubtable@localhost")
# Web Push (games/turns/push.py): a device's subscription is kept only if its endpoint is on
# one of these push services' hosts ("*.x" is any host under x), so the server never posts
# to an address a member made up (its own loopback, a private network). The defaults are
# the browsers' own services: Chrome/Edge/Android (FCM), Firefox, Windows, Safari/Apple.
PUSH_SERVICE_HOSTS = env_list(
    "PUSH_SERVICE_HOSTS",
    "fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com",
)
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # The reverse proxy terminates TLS and must set (overwrite) X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # A load balancer probes each process over plain HTTP: answer it, do not redirect it.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"}
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"level": "WARNING"},
        # A refused action is normal play; games.tables.oplog says why in one line.
        "django.request": {"level": "ERROR"},
        "daphne": {"level": "WARNING"},
        "weasyprint": {"level": "ERROR"},  # a line per layout step otherwise
        "fontTools": {"level": "ERROR"},
    },
}
