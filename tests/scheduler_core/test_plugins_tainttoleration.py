"""TaintToleration, cases after upstream taint_toleration_test.go."""
from __future__ import annotations

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState
from scheduler_core.objects import Node, Pod, Taint, Toleration
from scheduler_core.plugins.tainttoleration import TaintToleration
from tests.scheduler_core.builders import (
    make_node,
    make_node_info,
    make_pod,
    taint,
    toleration,
)

PLUGIN = TaintToleration()


@pytest.mark.parametrize(
    ("tolerations", "taints", "expected"),
    [
        pytest.param([], [taint("dedicated", "user1")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) had untolerated taint {dedicated: user1}",)),
                     id="a pod having no tolerations can't be scheduled onto a node with nonempty taints"),
        pytest.param([toleration("dedicated", "user1", "NoSchedule")], [taint("dedicated", "user1")],
                     (Code.SUCCESS, ()), id="a pod which can be scheduled on a dedicated node assigned to user1"),
        pytest.param([toleration("dedicated", "user2", "NoSchedule")], [taint("dedicated", "user1")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) had untolerated taint {dedicated: user1}",)),
                     id="a pod which can't be scheduled on a dedicated node assigned to user2"),
        pytest.param([toleration("foo", effect="NoSchedule")], [taint("foo", "bar")], (Code.SUCCESS, ()),
                     id="a pod can be scheduled onto the node with a toleration using the Exists operator"),
        pytest.param([toleration("dedicated", "user2", "NoSchedule"), toleration("foo", effect="NoSchedule")],
                     [taint("dedicated", "user2"), taint("foo", "bar")], (Code.SUCCESS, ()),
                     id="a pod with multiple tolerations can be scheduled on a node with multiple taints"),
        pytest.param([toleration("foo", "bar", "PreferNoSchedule")], [taint("foo", "bar")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) had untolerated taint {foo: bar}",)),
                     id="a pod can't be scheduled onto the node if the toleration effect does not match"),
        pytest.param([toleration("foo", "bar")], [taint("foo", "bar")], (Code.SUCCESS, ()),
                     id="a toleration with an empty effect tolerates every effect"),
        pytest.param([], [taint("foo", "bar", "PreferNoSchedule")], (Code.SUCCESS, ()),
                     id="a PreferNoSchedule taint never filters"),
        pytest.param([], [taint("node-role.kubernetes.io/control-plane")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                      ("node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }",)),
                     id="a taint without a value prints an empty value"),
        pytest.param([], [taint("a", "1", "PreferNoSchedule"), taint("b", "2", "NoExecute"), taint("c", "3")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) had untolerated taint {b: 2}",)),
                     id="the first untolerated NoSchedule or NoExecute taint in node order is reported"),
        pytest.param([Toleration(operator="Exists")], [taint("a", "1"), taint("b", "2", "NoExecute")],
                     (Code.SUCCESS, ()), id="an empty-key Exists toleration tolerates everything"),
    ],
)
def test_filter(tolerations: list[Toleration], taints: list[Taint], expected: tuple[str, tuple[str, ...]]) -> None:
    status = PLUGIN.filter(CycleState(), make_pod(tolerations=tolerations), make_node_info(make_node(taints=taints)))
    assert (status.code, status.reasons) == expected


def normalized_scores(pod: Pod, *nodes: Node) -> dict[str, int]:
    state = CycleState()
    infos = [make_node_info(n) for n in nodes]
    assert PLUGIN.pre_score(state, pod, infos).is_success
    raw = {i.name: PLUGIN.score(state, pod, i)[0] for i in infos}
    PLUGIN.normalize_score(state, pod, raw)
    return raw


PREFER = "PreferNoSchedule"


@pytest.mark.parametrize(
    ("tolerations", "nodes", "expected"),
    [
        pytest.param(
            [toleration("foo", "bar", PREFER)],
            [make_node("n1", taints=[taint("foo", "bar", PREFER)]), make_node("n2", taints=[taint("foo", "blah", PREFER)])],
            {"n1": 100, "n2": 0},
            id="node with taints tolerated by the pod gets a higher score than one with intolerable taints"),
        pytest.param(
            [toleration("cpu-type", "arm64", PREFER), toleration("disk-type", "ssd", PREFER)],
            [make_node("n1"), make_node("n2", taints=[taint("cpu-type", "arm64", PREFER)]),
             make_node("n3", taints=[taint("cpu-type", "arm64", PREFER), taint("disk-type", "ssd", PREFER)])],
            {"n1": 100, "n2": 100, "n3": 100},
            id="nodes whose taints are all tolerated get the same score however many they have"),
        pytest.param(
            [toleration("foo", "bar", PREFER)],
            [make_node("n1"), make_node("n2", taints=[taint("cpu-type", "arm64", PREFER)]),
             make_node("n3", taints=[taint("cpu-type", "arm64", PREFER), taint("disk-type", "ssd", PREFER)])],
            {"n1": 100, "n2": 50, "n3": 0},
            id="the more intolerable taints a node has the lower its score"),
        pytest.param(
            [toleration("cpu-type", "arm64", "NoSchedule"), toleration("disk-type", "ssd", "NoSchedule")],
            [make_node("n1"), make_node("n2", taints=[taint("cpu-type", "arm64", "NoSchedule")]),
             make_node("n3", taints=[taint("cpu-type", "arm64", PREFER)])],
            {"n1": 100, "n2": 100, "n3": 0},
            id="only PreferNoSchedule taints and tolerations with that effect are scored"),
        pytest.param([], [make_node("n1"), make_node("n2")], {"n1": 100, "n2": 100},
                     id="without PreferNoSchedule taints every node gets 100"),
    ],
)
def test_score(tolerations: list[Toleration], nodes: list[Node], expected: dict[str, int]) -> None:
    assert normalized_scores(make_pod(tolerations=tolerations), *nodes) == expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(None, make_node("n", taints=[taint("foo", "bar")]), ev.QUEUE, id="a new node with a tolerated taint"),
        pytest.param(None, make_node("n", taints=[taint("x", "y")]), ev.SKIP, id="a new node with an untolerated taint"),
        pytest.param(make_node("n", taints=[taint("x", "y")]), make_node("n"), ev.QUEUE,
                     id="removing the untolerated taint"),
        pytest.param(make_node("n"), make_node("n", taints=[taint("foo", "bar")]), ev.SKIP,
                     id="a taint change on a node that was already tolerated"),
    ],
)
def test_node_change_hint(old: Node | None, new: Node, expected: str) -> None:
    pod = make_pod(tolerations=[toleration("foo", "bar", "NoSchedule")])
    assert PLUGIN.is_schedulable_after_node_change(pod, old, new) == expected


def test_pod_toleration_change_hint_only_for_the_pod_itself() -> None:
    pod = make_pod("p1")
    assert PLUGIN.is_schedulable_after_pod_toleration_change(pod, pod, make_pod("p1")) == ev.QUEUE
    assert PLUGIN.is_schedulable_after_pod_toleration_change(pod, make_pod("p2"), make_pod("p2")) == ev.SKIP
