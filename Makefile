# Two commands do everything on a fresh clone:
#   make run   - the club's app with demo data on http://127.0.0.1:8000 (SQLite, in-memory channel layer)
#   make test  - every test: ruff, import-linter, pytest (browser tests in Debian's headless Chromium)

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

# The local server speaks plain HTTP on loopback; production sets these through its environment.
RUN_ENV := SECRET_KEY="$$(cat .local-secret-key)" SECURE_SSL_REDIRECT=0 SECURE_COOKIES=0

.PHONY: run test venv system-deps clean i18n

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '.[dev]'
	touch $@

venv: $(BIN)/.installed

.local-secret-key:
	$(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

system-deps:
	@bash scripts/system-deps.sh

run: venv .local-secret-key
	$(RUN_ENV) $(BIN)/python manage.py compilemessages --ignore '.venv' -v 0 2>/dev/null || true
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py load_demo
	@echo "Serving on http://$(HOST):$(PORT)/ (Ctrl-C stops)"
	$(RUN_ENV) $(BIN)/daphne -b $(HOST) -p $(PORT) config.asgi:application

test: venv system-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python manage.py compilemessages --ignore '.venv' -v 0 --settings=config.settings_test 2>/dev/null || true
	npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/pytest -m "not integration" $(PYTEST_ARGS)

# Catalogues: update ja/en from the code, fill English, compile, list what still needs Japanese.
i18n: venv
	$(BIN)/python scripts/i18n_check.py --update

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 tests/browser/artifacts
