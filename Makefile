# The playground's two commands: `make run` and `make test` (see README.md).
# Every target first runs `setup`, which only does work when its inputs changed
# (requirements*.txt -> .venv, frontend/package*.json -> node_modules, frontend sources -> dist).

PYTHON ?= python3
VENV_PYTHON := .venv/bin/python
PYTEST_ARGS ?=
BENCH_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help setup run test bench lint clean api-types api-client

help:
	@echo "make run    start the playground (ASGI server + Celery worker) at http://127.0.0.1:8000/"
	@echo "make test   run every test: frontend, Python unit, integration (real Redis/Celery/ASGI), e2e (Chromium)"
	@echo "           (PYTEST_ARGS='-k name -x' to narrow it)"
	@echo "make bench  run the scheduler_core benchmarks (BENCH_ARGS=--quick for a short run)"
	@echo "make lint   ruff + mypy + import-linter (.importlinter) + ESLint (frontend/eslint.config.js)"
	@echo "make api-types  regenerate frontend/src/api/schema.d.ts from the REST API's OpenAPI schema (and the close codes and event types)"
	@echo "make api-client regenerate the Python client clients/python/playground_api from the same schema"
	@echo "make clean  remove .venv, frontend/node_modules, frontend/dist, test-artifacts (keeps the .run/ database)"

setup:
	@command -v $(PYTHON) >/dev/null 2>&1 || { \
		echo ""; \
		echo "[make] Python 3.11+ is needed, but \`$(PYTHON)\` is not on PATH. Install it (apt-get install python3 python3-venv / brew install python@3.11), or name it: make PYTHON=python3.11 run"; \
		echo ""; exit 1; }
	@$(PYTHON) scripts/bootstrap.py

run: setup
	@$(VENV_PYTHON) -m scripts.run

test: setup
	@$(VENV_PYTHON) -m scripts.test $(PYTEST_ARGS)

# Benchmarks do not need the browser app; lint needs its dependencies (ESLint), not a build.
bench: export SKIP_FRONTEND := 1
lint: export SKIP_FRONTEND_BUILD := 1

bench: setup
	$(VENV_PYTHON) -m scheduler_core.bench $(BENCH_ARGS)

lint: setup
	$(VENV_PYTHON) -m ruff check .
	$(VENV_PYTHON) -m mypy scheduler_core playground scripts benchmarks
	.venv/bin/lint-imports
	cd frontend && npx eslint --max-warnings 0 src

api-types: setup
	$(VENV_PYTHON) -m scripts.api_types
	$(VENV_PYTHON) -m scripts.close_codes
	$(VENV_PYTHON) -m scripts.event_types

api-client: setup
	$(VENV_PYTHON) -m scripts.api_client

clean:
	rm -rf .venv .run/stamps frontend/node_modules frontend/dist frontend/sourcemaps test-artifacts
