"""Lesson 19 tells learners what to type and what they will see: the real kubectl against the
lesson's own scenario, run to its end (uvicorn, a Celery worker, PostgreSQL, Redis)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api

pytestmark = pytest.mark.integration

LESSON = next((Path(__file__).resolve().parents[2] / "lessons").glob("*-debugging-with-kubectl"))


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    docs = [d for d in yaml.safe_load_all((LESSON / "scenario.yaml").read_text()) if d]
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-home"), docs=docs)


def test_the_lessons_kubectl_commands_print_what_it_says(run_api: RunApi) -> None:
    priority = {name: run_api.kubectl("get", "pod", name, "-o", "jsonpath={.spec.priority}").stdout
                for name in ("api-cache", "checkout")}
    assert priority == {"api-cache": "500", "checkout": "1000"}
    classes = [line.split()[:2] for line in run_api.kubectl("get", "priorityclass", "critical-batch").stdout.splitlines()]
    assert classes == [["NAME", "VALUE"], ["critical-batch", "100"]]
    assert run_api.kubectl("get", "pod", "checkout", "-o", "jsonpath={.status.nominatedNodeName}").stdout == "node-1"
    describe = run_api.kubectl("describe", "pod", "checkout").stdout
    events = describe[describe.index("Events:"):]
    assert "FailedScheduling" in events and "0/1 nodes are available: 1 Insufficient cpu." in events
    assert "Successfully assigned default/checkout to node-1" in events
    listed = run_api.kubectl("get", "events").stdout
    assert any("Preempted" in line and "pod/nightly-report" in line and "on node node-1" in line
               for line in listed.splitlines()), listed
    rows = {line.split()[0]: line.split() for line in run_api.kubectl("get", "pods", "-o", "wide").stdout.splitlines()[1:]}
    assert rows["checkout"][2] == "Running" and rows["checkout"][6:8] == ["node-1", "node-1"]
    assert "nightly-report" not in rows
