"""docker-compose.yml and the Dockerfile refer only to things that exist.

Docker does not run on the development machines, so these tests keep the deployment files
honest instead: every command names a real module, app, manage.py command or file, and every
variable the services set is one playground/settings.py reads.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import get_commands
from django.urls import resolve

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, dict[str, Any]] = COMPOSE["services"]
APP_SERVICES = sorted(name for name, service in SERVICES.items() if "build" in service)
DOCKERFILE = (ROOT / "Dockerfile").read_text()
SETTINGS_SOURCE = (ROOT / "playground" / "settings.py").read_text()


def settings_env_vars() -> set[str]:
    return set(re.findall(r"""(?:os\.environ\.get|os\.environ\.setdefault|env_bool)\(\s*["']([A-Z0-9_]+)["']""",
                          SETTINGS_SOURCE)) | set(re.findall(r"""os\.environ\[["']([A-Z0-9_]+)["']\]""", SETTINGS_SOURCE))


def module_defines(module: str, name: str) -> bool:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return False
    tree = ast.parse(Path(spec.origin).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return True
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
            return True
    return False


def problems_with(command: list[str]) -> list[str]:
    """What in `command` does not exist in the project; empty when everything does."""
    program, args = command[0], command[1:]
    if program == "uvicorn":
        module, _, attribute = args[0].partition(":")
        return [] if module_defines(module, attribute) else [f"uvicorn target {args[0]} does not exist"]
    if program == "celery":
        app = args[args.index("-A") + 1]
        ok = module_defines(app, "celery_app") and args[args.index("-A") + 2] in {"worker", "beat"}
        return [] if ok else [f"celery -A {app} does not name a Celery app and a worker"]
    if program == "python" and args[0] == "-m":
        return [] if importlib.util.find_spec(args[1]) else [f"no module {args[1]}"]
    if program == "python" and args[0] == "manage.py":
        return [] if args[1] in get_commands() else [f"no manage.py command {args[1]}"]
    if program == "python" and args[0] == "-c":
        return []
    return [f"unknown program {program!r}"]


def dockerfile_cmd() -> list[str]:
    line = next(line for line in DOCKERFILE.splitlines() if line.startswith("CMD "))
    command: list[str] = json.loads(line.removeprefix("CMD "))
    return command


def test_compose_has_the_four_parts_of_a_deployment() -> None:
    assert {"postgres", "redis", "web", "worker"} <= set(SERVICES)
    assert {"web", "worker"} <= set(APP_SERVICES)


@pytest.mark.parametrize("service", APP_SERVICES)
def test_every_app_service_command_refers_to_something_that_exists(service: str) -> None:
    assert problems_with(SERVICES[service]["command"]) == []


def test_the_dockerfile_default_command_refers_to_something_that_exists() -> None:
    assert problems_with(dockerfile_cmd()) == []


def test_the_web_service_serves_the_asgi_application_with_websockets() -> None:
    assert SERVICES["web"]["command"][:2] == ["uvicorn", "playground.asgi:application"]


def test_the_web_healthcheck_asks_an_endpoint_that_exists() -> None:
    probe = " ".join(SERVICES["web"]["healthcheck"]["test"])
    path = re.search(r"http://127\.0\.0\.1:8000(/[^'\"]*)", probe)
    assert path is not None
    assert resolve(path.group(1)).url_name == "healthz"


@pytest.mark.parametrize("service", APP_SERVICES)
def test_every_variable_an_app_service_sets_is_read_by_settings(service: str) -> None:
    assert set(SERVICES[service]["environment"]) - settings_env_vars() == set()


def test_the_app_services_set_what_production_needs() -> None:
    for service in APP_SERVICES:
        assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "PUBLIC_URL"} <= set(SERVICES[service]["environment"])
        assert SERVICES[service]["environment"]["DATABASE_URL"].startswith("postgresql://")


CADDYFILE = (ROOT / "deploy" / "Caddyfile").read_text()


def test_only_caddy_is_published_and_it_serves_public_url_in_front_of_web() -> None:
    """The proxy settings derived from PUBLIC_URL trust X-Forwarded-Proto: web must be reachable
    only through Caddy, which sets it (docs/deploy.md)."""
    published = {name for name, service in SERVICES.items() if "ports" in service}
    assert published == {"caddy"}
    assert {"80:80", "443:443"} <= set(SERVICES["caddy"]["ports"])
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in SERVICES["caddy"]["volumes"]
    assert re.search(r"^\{\$PUBLIC_URL\} \{$", CADDYFILE, re.MULTILINE)
    assert re.search(r"^\s+reverse_proxy web:8000$", CADDYFILE, re.MULTILINE)
    assert SERVICES["web"]["expose"] == ["8000"]
    assert "--forwarded-allow-ips" in SERVICES["web"]["command"]


def test_the_worker_can_be_scaled() -> None:
    # `docker compose up --scale worker=N` fails on a fixed container name or a published port.
    for service in ("worker", "worker-bulk"):
        assert "container_name" not in SERVICES[service]
        assert "ports" not in SERVICES[service]


def test_both_lanes_of_runs_have_a_worker() -> None:
    """Big scenarios ring the bulk lane's queue: without a worker on it they would stay queued."""
    assert SERVICES["worker"]["environment"]["RUNS_WORKER_LANES"] == "interactive"
    assert SERVICES["worker-bulk"]["environment"]["RUNS_WORKER_LANES"] == "bulk"
    assert SERVICES["worker-bulk"]["cpu_shares"] < 1024  # yields the CPU to the other containers
    assert SERVICES["worker"]["environment"]["SECRET_KEY"] == SERVICES["web"]["environment"]["SECRET_KEY"]


def test_every_dependency_is_a_service() -> None:
    for name, service in SERVICES.items():
        assert set(service.get("depends_on", {})) <= set(SERVICES), name


def test_web_and_worker_wait_for_migrations() -> None:
    assert SERVICES["migrate"]["command"] == ["python", "-m", "scripts.prepare"]
    for service in ("web", "worker", "worker-bulk"):
        assert SERVICES[service]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"


def test_the_dockerfile_builds_on_python_311_slim_with_a_node_stage_and_collectstatic() -> None:
    assert re.search(r"^FROM python:3\.11-slim$", DOCKERFILE, re.MULTILINE)
    assert re.search(r"^FROM node:\d+[\w.-]* AS frontend$", DOCKERFILE, re.MULTILINE)
    assert "npm run build" in DOCKERFILE
    assert "manage.py collectstatic --noinput" in DOCKERFILE
    assert "SECRET_KEY=collectstatic-only python manage.py collectstatic" in DOCKERFILE  # no key baked into the image


def test_every_file_the_dockerfile_copies_exists() -> None:
    for line in DOCKERFILE.splitlines():
        if line.startswith("COPY ") and "--from=" not in line:
            sources = line.split()[1:-1]
            for source in sources:
                assert (ROOT / source).exists(), f"{line!r}: {source} does not exist"


DOCKER_IGNORED = set((ROOT / ".dockerignore").read_text().split())


def test_the_image_leaves_out_local_state() -> None:
    assert {".git", ".venv", ".run", "frontend/node_modules", "frontend/dist"} <= DOCKER_IGNORED


@pytest.mark.parametrize("needed", ["manage.py", "playground", "scheduler_core", "scripts", "lessons", "frontend"])
def test_the_image_keeps_what_the_app_and_its_build_read(needed: str) -> None:
    # `load_lessons` reads lessons/ at run time; the node stage builds from frontend/.
    assert "COPY . ./" in DOCKERFILE
    assert needed not in DOCKER_IGNORED
    assert (ROOT / needed).exists()


def test_a_beat_sends_the_retention_schedule_to_a_worker_that_consumes_its_queue() -> None:
    """Nothing else starts Celery beat in a deployment: without it nothing is ever pruned."""
    from django.conf import settings

    assert SERVICES["beat"]["command"][:4] == ["celery", "-A", "playground", "beat"]
    assert "replicas" not in SERVICES["beat"].get("deploy", {})
    queue = settings.CELERY_TASK_ROUTES["playground.prune"]["queue"]
    lanes = {lane for lane, name in settings.RUNS_LANE_QUEUES.items() if name == queue}
    assert lanes == {SERVICES["worker-bulk"]["environment"]["RUNS_WORKER_LANES"]}
