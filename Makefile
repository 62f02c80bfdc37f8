# Two commands do everything on a fresh clone:
#   make run   - the club's app with demo data (SQLite, in-memory channel layer), served to the club's
#                network on port 8000: it prints the address phones open (HOST=127.0.0.1 make run
#                keeps it to this machine)
#   make test  - every test: ruff, import-linter, pytest (browser tests in Debian's headless Chromium),
#                then the integration stage (`make test-integration`: PostgreSQL + Redis on loopback)

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
# The suite runs on parallel workers (pytest-xdist), each with its own database, Daphne and
# Chromium; browser tests spend most of their time waiting, so more workers than cores.
PYTEST_WORKERS ?= -n 4

# The local server speaks plain HTTP on loopback; production sets these through its environment.
# glibc's allocator (its own settings; docs/deploy.md): two malloc heaps for all the request
# threads, and every block of 32 kB or more mapped on its own, so it goes back when freed.
RUN_ENV := SECRET_KEY="$$(cat .local-secret-key)" SECURE_SSL_REDIRECT=0 SECURE_COOKIES=0 \
	MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768

.PHONY: run test test-integration venv system-deps clean i18n lock

# Every package, the app's and the tests', at the version and with the hashes of requirements.lock,
# from PyPI alone (no configured mirror, find-links or constraints: what a fresh machine gets).
# After changing pyproject.toml's dependencies: `make lock` writes the lock again. The lock
# names every package, so pip installs it as it is (--no-deps) and resolves nothing itself:
# pip 23.2 refuses a locked package that another asks for with extras (fonttools[woff])
# whenever PyPI has a newer release of it.
PIP_FROM_LOCK := PIP_CONFIG_FILE=/dev/null PIP_FIND_LINKS= PIP_EXTRA_INDEX_URL= PIP_CONSTRAINT= \
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps
LOCK := $(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
	--python-version 3.11 --no-header --quiet -o requirements.lock

$(BIN)/.installed: requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP_FROM_LOCK) -r requirements.lock
	touch $@

venv: $(BIN)/.installed

lock: venv
	$(BIN)/python -m pip install --quiet uv
	$(LOCK)

.local-secret-key:
	$(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

system-deps:
	@bash scripts/system-deps.sh

run: venv .local-secret-key
	$(RUN_ENV) $(BIN)/python manage.py compilemessages --ignore '.venv' -v 0 2>/dev/null || true
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py load_demo
	@$(BIN)/python -m config.lan --host $(HOST) --port $(PORT)
	@echo "(Ctrl-C stops)"
	LAN_ADDRESSES="$$($(BIN)/python -m config.lan --host $(HOST) --list)" SERVE_PORT=$(PORT) \
	$(RUN_ENV) $(BIN)/daphne -b $(HOST) -p $(PORT) config.asgi:application

test: venv system-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python manage.py compilemessages --ignore '.venv' -v 0 --settings=config.settings_test
	npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/pytest -m "not integration" $(PYTEST_WORKERS) --durations=25 $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory test-integration

# Catalogues: update ja/en from the code, fill English, compile, list what still needs Japanese.
i18n: venv
	$(BIN)/python scripts/i18n_check.py --update

# Starts throwaway PostgreSQL and Redis servers (installed from Debian's packages when missing),
# runs the tests marked integration against them, then stops them whatever the outcome.
# pytest's exit 5 ("no tests collected") fails the stage: it must never pass by running nothing.
# Each run has its own folder (INTEGRATION_DIR names one) and free ports, so two runs
# on one machine never meet.
test-integration: venv
	@export INTEGRATION_DIR="$${INTEGRATION_DIR:-$$(mktemp -d /tmp/clubtable-integration.XXXXXX)}"; \
	trap 'bash scripts/integration-services.sh stop' EXIT; \
	bash scripts/integration-services.sh start && \
	. "$$INTEGRATION_DIR/env" && \
	status=0 && $(BIN)/pytest -m integration $(PYTEST_ARGS) || status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test-integration: no test is marked integration." >&2; fi; \
	exit $$status

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 tests/browser/artifacts
