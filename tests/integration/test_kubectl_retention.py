"""Real clients against a run whose old event log was dropped (playground/runs/logs.py), and watches that
reach their timeout: the Python client's watch from a dropped version raises ApiException 410 Expired (as
from an API server whose watch cache no longer holds it) and a relist recovers; a watch ends cleanly at
timeoutSeconds, in the Python client and in kubectl. (`kubectl get -w` always lists first and watches
from the list's version, so it never asks for a dropped one.)"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    return start_run_api(live_server_url, tmp_path_factory.mktemp("retention-client"))


@pytest.fixture
def core(run_api: RunApi) -> client.CoreV1Api:
    return client.CoreV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))


def drop_log(live_manage: Callable[..., str], run_id: int) -> int:
    """The run's log dropped as the schedule drops an old one; its last seq."""
    code = (f"from playground.runs import logs; from playground.runs.models import Run; "
            f"assert logs.drop({run_id}); print(Run.objects.get(pk={run_id}).log_dropped_upto)")
    return int(live_manage("shell", "-c", code).splitlines()[-1])


def test_the_python_client_s_watch_from_a_dropped_version_raises_410_and_a_relist_recovers(
        run_api: RunApi, core: client.CoreV1Api, live_manage: Callable[..., str]) -> None:
    core.create_namespaced_pod("default", client.V1Pod(
        metadata=client.V1ObjectMeta(name="late"), spec=client.V1PodSpec(containers=[client.V1Container(
            name="app", image="nginx", resources=client.V1ResourceRequirements(requests={"cpu": "100m"}))])))
    last = drop_log(live_manage, run_api.run_id)
    assert last > 1
    with pytest.raises(ApiException) as raised:  # the client retries a 410 once, then raises it
        for _ in watch.Watch().stream(core.list_namespaced_pod, "default", resource_version="1", timeout_seconds=5):
            pass
    assert raised.value.status == 410
    assert raised.value.reason == f"Expired: too old resource version: 1 ({last})"
    listed = core.list_namespaced_pod("default")  # the relist an informer makes: the log is regenerated
    assert listed.metadata.resource_version == str(last)
    assert {p.metadata.name for p in listed.items} >= {"victim", "guarded", "late"}


def test_a_watch_ends_cleanly_at_its_timeout_seconds(run_api: RunApi, core: client.CoreV1Api) -> None:
    since = core.list_namespaced_pod("default").metadata.resource_version
    started = time.monotonic()
    events = list(watch.Watch().stream(core.list_namespaced_pod, "default", resource_version=since,
                                       timeout_seconds=2))
    assert events == [] and 1.8 <= time.monotonic() - started < 8


def test_kubectl_get_watch_with_a_request_timeout_ends_without_an_error(run_api: RunApi) -> None:
    needs_kubectl()
    started = time.monotonic()
    result = run_api.kubectl("get", "pods", "--watch", "--request-timeout=2s", check=False)
    assert "victim" in result.stdout and time.monotonic() - started < 15
    assert result.returncode == 0, result.stderr
