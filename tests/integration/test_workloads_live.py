"""Workloads for real: a Deployment's controller and the scale command in the Celery worker,
through the REST API and the live database."""
from __future__ import annotations

from typing import Any

from tests.integration.test_runs_live import Api, api, node  # noqa: F401 (fixture)

DEPLOYMENT: dict[str, Any] = {
    "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"},
    "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
             "template": {"metadata": {"labels": {"app": "web"}},
                          "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}},
}


def test_the_worker_runs_the_deployment_controller_and_applies_scale(api: Api) -> None:
    run = api.start([node("n1", cpu="4"), DEPLOYMENT], speed=0)
    api.wait(run["id"])
    api.command(run["id"], {"type": "scale", "kind": "Deployment", "name": "web", "replicas": 3})
    assert api.wait(run["id"])["status"] == "finished"
    events = api.stored_events(run["id"])
    scaling = [e["message"] for e in events if e["kind"] == "k8s.event" and e["reason"] == "ScalingReplicaSet"]
    rs = scaling[0].split()[4]
    assert scaling == [f"Scaled up replica set {rs} from 0 to 2", f"Scaled up replica set {rs} to 3 from 2"]
    assert len([e for e in events if e["kind"] == "pod.bound"]) == 3
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
