"""Events as each component records them, read by the real kubectl and the Python client: the scheduler's
repeated FailedScheduling as one Event with a series, the controllers' events on their own objects, ages on
the run's clock, lists in the API server's order and in chunks."""
from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from kubernetes import client, config

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api
from tests.integration.test_runs_live import node, pod, priority_class
from tests.playground.test_k8sapi_events import deployment, pdb

pytestmark = pytest.mark.integration


def small(name: str) -> dict[str, Any]:
    return pod(name, "100m", "low", "node-a", grace=0)


def docs() -> list[dict[str, Any]]:
    """huge never fits; deleting the small pods on node-a makes the scheduler try it again, failing alike."""
    return [priority_class("low", 100), node("node-a", "2"), small("s3"), small("s1"), small("s2"),
            pod("huge", "64", "low"), deployment("web", 1, "100m"), pdb("nobody-pdb", "nobody")]


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    api = start_run_api(live_server_url, tmp_path_factory.mktemp("kube-events"), docs=docs())
    for name in ("s1", "s2", "s3"):  # each removal requeues huge: a retry with the same message
        api.kubectl("delete", "pod", name, "--grace-period=0", "--force")
        api.api.wait(api.run_id)
    return api


def rows(text: str) -> list[list[str]]:
    return [re.split(r"\s{2,}", line.strip()) for line in text.strip().splitlines()[1:]]


def test_kubectl_events_shows_the_repeated_failure_as_one_event_with_its_series(run_api: RunApi) -> None:
    out = run_api.kubectl("events", "--for", "pod/huge").stdout
    failed = [r for r in rows(out) if r[2] == "FailedScheduling"]
    assert len(failed) == 2, out  # the first failure changed the pod (its condition): the next ones are a series
    assert re.fullmatch(r"\S+ \(x2 over \S+\)", failed[-1][0]), out
    assert failed[-1][3] == "Pod/huge" and failed[-1][4].startswith("0/1 nodes are available: 1 Insufficient cpu.")
    described = run_api.kubectl("describe", "pod", "huge").stdout  # events by involvedObject.uid, as kubectl asks
    assert re.search(r"Warning\s+FailedScheduling\s+\S+ \(x2 over \S+\)\s+default-scheduler\s+0/1 nodes", described), \
        described


def test_get_events_names_each_controller_s_own_object_and_component(run_api: RunApi) -> None:
    out = run_api.kubectl("get", "events", "-o", "wide").stdout
    header = out.splitlines()[0].split()
    assert header[:5] == ["LAST", "SEEN", "TYPE", "REASON", "OBJECT"]
    table = rows(out)
    by_reason = {r[2]: r for r in table}
    assert by_reason["ScalingReplicaSet"][3:5] == ["deployment/web", "deployment-controller"]
    assert by_reason["SuccessfulCreate"][3].startswith("replicaset/web-")
    assert by_reason["SuccessfulCreate"][4] == "replicaset-controller"
    assert by_reason["NoPods"][3:5] == ["poddisruptionbudget/nobody-pdb", "controllermanager"]
    series = [r for r in table if r[2] == "FailedScheduling" and r[3] == "pod/huge"]
    assert sorted(r[-2] for r in series) == ["1", "2"]  # COUNT: the singleton and the series


def test_events_and_pods_agree_on_ages_on_the_run_s_clock(run_api: RunApi) -> None:
    time.sleep(2)  # the settled run's clock stands still; the reader's does not, on the server as in kubectl
    pods = {r[0]: r for r in rows(run_api.kubectl("get", "pods").stdout)}
    created = run_api.kubectl("get", "pod", "huge", "-o", "jsonpath={.metadata.creationTimestamp}").stdout
    client_age = time.time() - datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    assert _seconds(pods["huge"][4]) - 1 <= client_age <= _seconds(pods["huge"][4]) + 3  # kubectl calls take time
    first = next(r for r in rows(run_api.kubectl("events", "--for", "pod/huge").stdout) if r[2] == "FailedScheduling")
    assert abs(_seconds(first[0]) - _seconds(pods["huge"][4])) <= 2  # failed at once, as it was created


def test_get_events_sort_by_creation_and_lists_in_name_order(run_api: RunApi) -> None:
    names = run_api.kubectl("get", "events", "--sort-by=.metadata.creationTimestamp", "-o",
                            "jsonpath={range .items[*]}{.metadata.creationTimestamp}{'\\n'}{end}").stdout.split()
    assert names == sorted(names) and len(names) >= 6
    listed = run_api.kubectl("get", "pods", "-o", "name").stdout.split()
    assert listed == sorted(listed)


def test_chunked_lists_follow_limit_and_continue(run_api: RunApi) -> None:
    whole = run_api.kubectl("get", "events", "-o", "name").stdout.split()
    chunked = run_api.kubectl("get", "events", "-o", "name", "--chunk-size=2", "-v=6")
    assert chunked.stdout.split() == whole and len(whole) > 2
    requests = re.findall(r"GET \S+/events\?\S+", chunked.stderr)
    assert len([r for r in requests if "limit=2" in r]) >= 2 and any("continue=" in r for r in requests)


def test_the_python_client_reads_the_series_through_events_v1(run_api: RunApi) -> None:
    events = client.EventsV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))
    listed = events.list_namespaced_event("default", field_selector="regarding.name=huge")
    series = [e for e in listed.items if e.series is not None]
    assert len(series) == 1 and series[0].series.count == 2 and series[0].reporting_controller == "default-scheduler"
    assert series[0].regarding.kind == "Pod" and series[0].event_time is not None


def _seconds(age: str) -> int:
    """HumanDuration back to seconds, for the short ages these tests see (`45s`, `3m10s`)."""
    match = re.fullmatch(r"(?:(\d+)m)?(?:(\d+)s)?", age)
    assert match, age
    return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)
