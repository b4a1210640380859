"""The official Python client (`kubernetes` on PyPI) against a run: list, watch from a resourceVersion, create."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kubernetes import client, config, watch

from tests.integration.kubectl_support import RunApi, start_run_api

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    return start_run_api(live_server_url, tmp_path_factory.mktemp("python-client"))


@pytest.fixture
def core(run_api: RunApi) -> client.CoreV1Api:
    return client.CoreV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))


def pod_manifest(name: str, cpu: str, node_selector: dict[str, str] | None = None) -> client.V1Pod:
    return client.V1Pod(
        metadata=client.V1ObjectMeta(name=name, labels={"made-by": "python"}),
        spec=client.V1PodSpec(priority_class_name="high", node_selector=node_selector, containers=[
            client.V1Container(name="app", image="nginx", resources=client.V1ResourceRequirements(
                requests={"cpu": cpu}))]))


def test_the_client_lists_pods_nodes_and_typed_objects(core: client.CoreV1Api) -> None:
    pods = core.list_namespaced_pod("default")
    by_name = {p.metadata.name: p for p in pods.items}
    assert by_name["victim"].spec.node_name == "node-a"
    assert by_name["victim"].status.phase == "Running"
    assert int(pods.metadata.resource_version) > 0
    assert [n.metadata.name for n in core.list_node().items] == ["node-a", "node-b", "node-c"]
    budgets = client.PolicyV1Api(core.api_client).list_namespaced_pod_disruption_budget("default").items
    assert [(b.metadata.name, b.status.disruptions_allowed) for b in budgets] == [("guarded-pdb", 0)]


def test_a_watch_from_a_resource_version_streams_exactly_the_changes_after_it(core: client.CoreV1Api) -> None:
    since = core.list_namespaced_pod("default").metadata.resource_version
    created = core.create_namespaced_pod("default", pod_manifest("urgent", "1", {"kubernetes.io/hostname": "node-a"}))
    assert (created.metadata.name, created.metadata.labels) == ("urgent", {"made-by": "python"})
    seen: list[tuple[str, str, str | None, str]] = []
    stream = watch.Watch()
    for event in stream.stream(core.list_namespaced_pod, "default", resource_version=since, timeout_seconds=60):
        pod = event["object"]
        seen.append((event["type"], pod.metadata.name, pod.spec.node_name, pod.metadata.resource_version))
        if (event["type"], pod.metadata.name) == ("DELETED", "victim") or len(seen) > 50:
            stream.stop()
    kinds = [(kind, name) for kind, name, _, _ in seen]
    assert kinds[0] == ("ADDED", "urgent")
    assert ("MODIFIED", "victim") in kinds and kinds[-1] == ("DELETED", "victim")
    versions = [int(rv) for _, _, _, rv in seen]
    assert versions == sorted(versions) and versions[0] > int(since)


def test_the_victim_carries_the_disruption_target_condition_while_it_terminates(run_api: RunApi,
                                                                                core: client.CoreV1Api) -> None:
    events = client.EventsV1Api(core.api_client).list_namespaced_event("default", field_selector="reason=Preempted")
    assert [(e.regarding.name, e.reporting_controller) for e in events.items] == [("victim", "default-scheduler")]
    assert events.items[0].note.startswith("Preempted by pod ")


def test_a_refused_create_is_an_api_exception_with_the_status(core: client.CoreV1Api, tmp_path: Path) -> None:
    with pytest.raises(client.ApiException) as refused:
        core.create_namespaced_pod("default", pod_manifest("urgent", "1"))
    assert refused.value.status == 409
    assert '"reason":"AlreadyExists"' in refused.value.body.replace(" ", "")


def test_an_eviction_the_budget_forbids_is_429_with_the_disruption_budget_cause(core: client.CoreV1Api) -> None:
    eviction = client.V1Eviction(metadata=client.V1ObjectMeta(name="guarded", namespace="default"))
    with pytest.raises(client.ApiException) as refused:
        core.create_namespaced_pod_eviction("guarded", "default", eviction)
    status = json.loads(refused.value.body)
    assert (refused.value.status, status["reason"], status["message"]) == (
        429, "TooManyRequests", "Cannot evict pod as it would violate the pod's disruption budget.")
    assert status["details"]["causes"] == [{"reason": "DisruptionBudget", "message":
                                            "The disruption budget guarded-pdb needs 1 healthy pods and has 1 currently"}]
    assert core.read_namespaced_pod("guarded", "default").metadata.deletion_timestamp is None


def test_a_graceful_delete_answers_with_the_terminating_pod(core: client.CoreV1Api) -> None:
    watcher = watch.Watch()
    for event in watcher.stream(core.list_namespaced_pod, "default", field_selector="metadata.name=urgent",
                                timeout_seconds=60):
        if event["object"].spec.node_name:  # bound: a pending pod would be deleted at once
            watcher.stop()
    deleted = core.delete_namespaced_pod("urgent", "default", grace_period_seconds=3600)
    assert deleted.metadata.deletion_timestamp is not None
    assert deleted.metadata.deletion_grace_period_seconds == 3600
