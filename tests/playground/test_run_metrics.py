"""A run's /metrics over HTTP: /api/runs/<id>/metrics/ (?seq= for a step) and /k8s/runs/<id>/metrics,
in the Prometheus text format (the names and buckets are checked in tests/scheduler_core/test_metrics_exposition.py)."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

from playground.accounts import services as accounts
from tests.playground.test_runs_api import client_for, run_of, store_simulation

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def values(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_the_run_page_and_kubectl_read_the_same_metrics(alice: User) -> None:
    run = run_of(alice, "private")
    sim = store_simulation(run)
    response = client_for(alice).get(f"/api/runs/{run.pk}/metrics/", HTTP_ACCEPT="text/plain")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain; version=0.0.4")
    now = values(response.content.decode())
    assert now[("scheduler_schedule_attempts_total", (("profile", "default-scheduler"), ("result", "scheduled")))] == 1
    assert now[("scheduler_pending_pods", (("queue", "active"),))] == 0

    _, key = accounts.create_token(alice, "kubectl")
    k8s = Client().get(f"/k8s/runs/{run.pk}/metrics", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert k8s.status_code == 200 and values(k8s.content.decode()) == now
    assert Client().get(f"/k8s/runs/{run.pk}/metrics").status_code == 404  # a private run, anonymous caller

    at_start = values(client_for(alice).get(f"/api/runs/{run.pk}/metrics/?seq=1").content.decode())
    assert at_start[("scheduler_pending_pods", (("queue", "active"),))] == 1
    assert ("scheduler_schedule_attempts_total", (("profile", "default-scheduler"), ("result", "scheduled"))) not in at_start
    assert client_for(alice).get(f"/api/runs/{run.pk}/metrics/?seq={len(sim.events) + 1}").status_code == 400
