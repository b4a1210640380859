"""SchedulingGates, PrioritySort, NodeUnschedulable and NodeName (small upstream plugins)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState
from scheduler_core.objects import Pod, Toleration
from scheduler_core.plugins.nodename import NodeName
from scheduler_core.plugins.nodeunschedulable import NodeUnschedulable
from scheduler_core.plugins.queuesort import PrioritySort
from scheduler_core.plugins.schedulinggates import SchedulingGates
from tests.scheduler_core.builders import make_node, make_node_info, make_pod


# -- SchedulingGates (scheduling_gates_test.go) --------------------------------------------------
@pytest.mark.parametrize(
    ("gates", "expected"),
    [
        pytest.param((), (Code.SUCCESS, ()), id="pod does not carry scheduling gates"),
        pytest.param(("foo", "bar"), (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("waiting for scheduling gates: [foo bar]",)),
                     id="pod carries scheduling gates, in their order"),
    ],
)
def test_scheduling_gates_pre_enqueue(gates: tuple[str, ...], expected: tuple[str, tuple[str, ...]]) -> None:
    status = SchedulingGates().pre_enqueue(make_pod(scheduling_gates=gates))
    assert (status.code, status.reasons) == expected


def test_scheduling_gates_hint_queues_only_the_pod_itself() -> None:
    plugin, pod = SchedulingGates(), make_pod("p1", scheduling_gates=("g",))
    assert plugin.is_schedulable_after_gates_eliminated(pod, pod, make_pod("p1")) == ev.QUEUE
    assert plugin.is_schedulable_after_gates_eliminated(pod, make_pod("p2"), make_pod("p2")) == ev.SKIP
    assert [e.event.action for e in plugin.events_to_register()] == [ev.UPDATE_POD_SCHEDULING_GATES_ELIMINATED]


# -- PrioritySort (priority_sort_test.go) ------------------------------------------------------
@dataclass
class QueuedPodInfo:
    pod: Pod
    timestamp: float


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        pytest.param(QueuedPodInfo(make_pod("a", priority=100), 2), QueuedPodInfo(make_pod("b", priority=10), 1), True,
                     id="p1.priority greater than p2.priority"),
        pytest.param(QueuedPodInfo(make_pod("a", priority=10), 1), QueuedPodInfo(make_pod("b", priority=100), 2), False,
                     id="p1.priority less than p2.priority"),
        pytest.param(QueuedPodInfo(make_pod("a", priority=10), 1), QueuedPodInfo(make_pod("b", priority=10), 2), True,
                     id="equal priority. p1 is added to schedulingQ earlier than p2"),
        pytest.param(QueuedPodInfo(make_pod("a", priority=10), 2), QueuedPodInfo(make_pod("b", priority=10), 1), False,
                     id="equal priority. p2 is added to schedulingQ earlier than p1"),
        pytest.param(QueuedPodInfo(make_pod("a", priority=10), 1), QueuedPodInfo(make_pod("b", priority=10), 1), False,
                     id="equal priority and timestamp is not less"),
    ],
)
def test_priority_sort_less(a: QueuedPodInfo, b: QueuedPodInfo, expected: bool) -> None:
    assert PrioritySort().less(a, b) is expected


# -- NodeUnschedulable (node_unschedulable_test.go) ----------------------------------------------
UNSCHEDULABLE_TAINT_KEY = "node.kubernetes.io/unschedulable"


@pytest.mark.parametrize(
    ("unschedulable", "tolerations", "expected"),
    [
        pytest.param(False, (), (Code.SUCCESS, ()), id="a schedulable node passes"),
        pytest.param(True, (), (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) were unschedulable",)),
                     id="an unschedulable node rejects a pod without tolerations"),
        pytest.param(True, (Toleration(key=UNSCHEDULABLE_TAINT_KEY, operator="Exists", effect="NoSchedule"),),
                     (Code.SUCCESS, ()), id="a pod tolerating the unschedulable taint passes"),
        pytest.param(True, (Toleration(key=UNSCHEDULABLE_TAINT_KEY, operator="Exists", effect="NoExecute"),),
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) were unschedulable",)),
                     id="a toleration for another effect does not help"),
    ],
)
def test_node_unschedulable_filter(
    unschedulable: bool, tolerations: tuple[Toleration, ...], expected: tuple[str, tuple[str, ...]]
) -> None:
    node = make_node(unschedulable=unschedulable)
    status = NodeUnschedulable().filter(CycleState(), make_pod(tolerations=tolerations), make_node_info(node))
    assert (status.code, status.reasons) == expected


@pytest.mark.parametrize(
    ("old_unschedulable", "new_unschedulable", "expected"),
    [
        pytest.param(None, False, ev.QUEUE, id="a new schedulable node queues"),
        pytest.param(None, True, ev.SKIP, id="a new cordoned node is skipped"),
        pytest.param(True, False, ev.QUEUE, id="uncordoning queues"),
        pytest.param(False, False, ev.SKIP, id="an update to an already schedulable node is skipped"),
    ],
)
def test_node_unschedulable_node_hint(old_unschedulable: bool | None, new_unschedulable: bool, expected: str) -> None:
    old = None if old_unschedulable is None else make_node(unschedulable=old_unschedulable)
    new = make_node(unschedulable=new_unschedulable)
    assert NodeUnschedulable().is_schedulable_after_node_change(make_pod(), old, new) == expected


# -- NodeName (node_name_test.go) ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("node_name", "expected"),
    [
        pytest.param("", (Code.SUCCESS, ()), id="no host specified"),
        pytest.param("n1", (Code.SUCCESS, ()), id="host matches"),
        pytest.param("n2", (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) didn't match the requested node name",)),
                     id="host doesn't match"),
    ],
)
def test_node_name_filter(node_name: str, expected: tuple[str, tuple[str, ...]]) -> None:
    status = NodeName().filter(CycleState(), make_pod(node_name=node_name), make_node_info(make_node("n1")))
    assert (status.code, status.reasons) == expected


def test_node_name_hint_queues_only_for_the_named_node() -> None:
    pod = make_pod(node_name="n1")
    assert NodeName().is_schedulable_after_node_add(pod, None, make_node("n1")) == ev.QUEUE
    assert NodeName().is_schedulable_after_node_add(pod, None, make_node("n2")) == ev.SKIP
