"""python -m scheduler_core run: table and JSON output, exit codes."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scheduler_core.cli import main

SCENARIO = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low}
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: vip}
spec:
  priorityClassName: high
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
"""


def run_cli(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    code = main(["run", str(path), *args], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_json_output_is_one_object_with_evicted_pods_kept_as_deleted(tmp_path: Path) -> None:
    code, out, _ = run_cli(tmp_path, SCENARIO, "--output", "json", "--seed", "3")
    report = json.loads(out)
    assert code == 0
    assert (report["seed"], report["time"]) == (3, 30.0)
    assert report["pods"] == [
        {"namespace": "default", "name": "low", "phase": "Deleted", "nodeName": "n1", "nominatedNodeName": None,
         "priority": 0, "preemptedBy": "default/vip"},
        # v1.34 (ClearingNominatedNodeNameAfterBinding off): the bound preemptor keeps its nomination
        {"namespace": "default", "name": "vip", "phase": "Running", "nodeName": "n1", "nominatedNodeName": "n1",
         "priority": 1000, "preemptedBy": None},
    ]
    assert [e["reason"] for e in report["events"]] == ["FailedScheduling", "Preempted", "Scheduled"]


def test_until_stops_the_clock_with_the_victim_still_terminating(tmp_path: Path) -> None:
    code, out, _ = run_cli(tmp_path, SCENARIO, "--until", "10")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["NAME", "PRIORITY", "STATUS", "NODE", "NOMINATED", "NODE"]
    assert lines[1].split() == ["low", "0", "Terminating", "n1", "<none>"]
    assert lines[2].split() == ["vip", "1000", "Pending", "<none>", "n1"]


def test_table_lists_events_like_kubectl_get_events(tmp_path: Path) -> None:
    _, out, _ = run_cli(tmp_path, SCENARIO)
    events = out.split("\n\n")[1].splitlines()
    assert events[0].split() == ["LAST", "SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"]
    assert events[1].split()[:5] == ["30s", "Warning", "FailedScheduling", "pod/vip", "0/1"]
    assert events[3].split()[:4] == ["0s", "Normal", "Scheduled", "pod/vip"]


@pytest.mark.parametrize("text", [
    pytest.param("kind: [", id="YAML that does not parse"),
    pytest.param("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containers: [{name: c, resources: "
                 "{requests: {cpu: lots}}}]}\n", id="a manifest with an invalid quantity"),
])
def test_bad_input_exits_2_with_the_error_and_no_traceback(tmp_path: Path, text: str) -> None:
    code, out, err = run_cli(tmp_path, text)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and "Traceback" not in err


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main(["run", str(tmp_path / "nope.yaml")], out=io.StringIO(), err=err) == 2


def test_hitting_the_safety_cap_is_reported_as_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scheduler_core.cli.MAX_CYCLES", 1)
    code, out, err = run_cli(tmp_path, SCENARIO)
    assert (code, out) == (2, "")
    assert "no quiescence after 1 scheduling cycles" in err
