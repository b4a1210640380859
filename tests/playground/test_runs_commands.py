"""Command bodies are checked at the edge: a bad one names its field and value."""
from __future__ import annotations

from typing import Any

import pytest

from playground.api_errors import InvalidDocuments
from playground.runs import command_bodies


@pytest.mark.parametrize(("body", "payload"), [
    pytest.param({"type": "pause"}, {"type": "pause"}, id="a control command needs only its type"),
    pytest.param({"type": "speed", "speed": 0}, {"type": "speed", "speed": 0.0}, id="speed 0 means as fast as possible"),
    pytest.param({"type": "delete_pod", "pod": "web"}, {"type": "delete_pod", "pod": "default/web"},
                 id="a pod name without namespace is in default"),
    pytest.param({"type": "cordon", "node": " n1 "}, {"type": "cordon", "node": "n1"}, id="node names are trimmed"),
    pytest.param({"type": "add_pod", "yaml": "metadata:\n  name: web\nspec:\n  containers: [{name: c}]\n"},
                 {"type": "add_pod", "manifest": {"metadata": {"name": "web"}, "spec": {"containers": [{"name": "c"}]},
                                                  "kind": "Pod", "apiVersion": "v1"}},
                 id="add_pod from YAML fills in kind and apiVersion"),
    pytest.param({"type": "set_node_labels", "node": "n1", "labels": {"zone": "a"}, "extra": 1},
                 {"type": "set_node_labels", "node": "n1", "labels": {"zone": "a"}},
                 id="other cluster commands keep only the fields scheduler_core knows"),
    pytest.param({"type": "add_namespace", "yaml": "metadata:\n  name: team-a\n  labels: {team: a}\n"},
                 {"type": "add_namespace", "manifest": {"metadata": {"name": "team-a", "labels": {"team": "a"}},
                                                        "kind": "Namespace", "apiVersion": "v1"}},
                 id="add_namespace from YAML fills in kind and apiVersion"),
    pytest.param({"type": "set_namespace_labels", "namespace": "team-a", "labels": {"team": "b"}},
                 {"type": "set_namespace_labels", "namespace": "team-a", "labels": {"team": "b"}},
                 id="set_namespace_labels keeps the namespace and its new labels"),
    pytest.param({"type": "add_workload", "yaml": "kind: Job\nmetadata:\n  name: report\n"
                                                  "spec: {template: {spec: {restartPolicy: Never, containers: [{name: c}]}}}\n"},
                 {"type": "add_workload", "manifest": {"kind": "Job", "metadata": {"name": "report"},
                                                       "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c"}]}}},
                                                       "apiVersion": "batch/v1"}},
                 id="add_workload from YAML fills in its kind's apiVersion"),
    pytest.param({"type": "reject_waiting_pod", "pod": "train-1", "message": "gang incomplete"},
                 {"type": "reject_waiting_pod", "pod": "default/train-1", "message": "gang incomplete"},
                 id="reject_waiting_pod keeps its optional message"),
])
def test_valid_commands_are_normalised(body: dict[str, Any], payload: dict[str, Any]) -> None:
    assert command_bodies.normalise(body) == payload


@pytest.mark.parametrize(("body", "field", "value"), [
    pytest.param({"type": "explode"}, "type", "explode", id="an unknown type"),
    pytest.param({"type": "speed", "speed": -1}, "speed", -1, id="a negative speed"),
    pytest.param({"type": "speed", "speed": "fast"}, "speed", "fast", id="a speed that is not a number"),
    pytest.param({"type": "delete_pod"}, "pod", None, id="delete_pod without a pod"),
    pytest.param({"type": "add_node", "manifest": {"kind": "Pod", "metadata": {"name": "x"}}}, "manifest.kind", "Pod",
                 id="add_node with a Pod manifest"),
    pytest.param({"type": "add_pod", "yaml": "a: [1"}, "yaml", "a: [1", id="YAML that does not parse"),
    pytest.param({"type": "add_pod", "manifest": {"kind": "Pod"}}, "manifest.metadata.name", None,
                 id="a manifest without a name"),
    pytest.param({"type": "set_node_taints", "node": "n1", "taints": [{"key": "k", "effect": "Sometimes"}]},
                 "taints[0].effect", "Sometimes", id="scheduler_core's own shape checks name the field"),
    pytest.param({"type": "add_namespace", "manifest": {"kind": "Node", "metadata": {"name": "x"}}}, "manifest.kind",
                 "Node", id="add_namespace with a Node manifest"),
    pytest.param({"type": "set_namespace_labels", "namespace": "team-a", "labels": "team=a"}, "labels", "team=a",
                 id="set_namespace_labels with labels that are not an object"),
    pytest.param({"type": "set_namespace_labels", "labels": {}}, "namespace", None,
                 id="set_namespace_labels without a namespace"),
    pytest.param({"type": "add_workload", "manifest": {"kind": "Pod", "metadata": {"name": "x"}}}, "manifest.kind",
                 "Pod", id="add_workload of a kind that is no workload"),
    pytest.param({"type": "delete_workload", "kind": "Deployment"}, "name", None, id="delete_workload without a name"),
    pytest.param({"type": "reject_waiting_pod", "pod": "train-1", "message": ""}, "message", "",
                 id="reject_waiting_pod with an empty message"),
])
def test_invalid_commands_name_the_field_and_the_value(body: dict[str, Any], field: str, value: Any) -> None:
    with pytest.raises(InvalidDocuments) as raised:
        command_bodies.normalise(body)
    error = raised.value.errors[0]
    assert (error["field"], error["value"]) == (field, value)
