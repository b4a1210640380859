"""NodeResourcesFit and NodeResourcesBalancedAllocation, cases after upstream fit_test.go,
least_allocated_test.go, most_allocated_test.go, requested_to_capacity_ratio_test.go and
balanced_allocation_test.go (resource amounts in canonical units: millicores and bytes)."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState
from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.noderesources import (
    NodeResourcesBalancedAllocation,
    NodeResourcesFit,
    ResourceSpec,
    ScoringStrategy,
    UtilizationShapePoint,
)
from scheduler_core.plugins.noderesources.requests import non_zero_pod_requests
from scheduler_core.plugins.noderesources.resource_allocation import (
    broken_linear_function,
)
from tests.scheduler_core.builders import (
    make_container,
    make_node,
    make_node_info,
    make_pod,
)

GPU = "example.com/gpu"


def run_filter(plugin: NodeResourcesFit, pod: Pod, node: Node, *existing: Pod) -> tuple[str, tuple[str, ...]]:
    state = CycleState()
    info = make_node_info(node, *existing)
    _, pre = plugin.pre_filter(state, pod, [info])
    assert pre.is_success
    status = plugin.filter(state, pod, info)
    return status.code, status.reasons


# fit_test.go TestEnoughRequests: node with 10 cpu, 20 bytes memory, 32 pods.
SMALL = make_node("n1", cpu="10", memory="20", pods=32, extra={GPU: 4})


@pytest.mark.parametrize(
    ("pod", "existing", "expected"),
    [
        pytest.param(make_pod(), [make_pod("e", cpu="10", memory="20")], (Code.SUCCESS, ()),
                     id="no resources requested always fits"),
        pytest.param(make_pod(cpu="1", memory="1"), [make_pod("e", cpu="5", memory="5")], (Code.SUCCESS, ()),
                     id="a request within what is left fits"),
        pytest.param(make_pod(cpu="1", memory="1"), [make_pod("e", cpu="10", memory="20")],
                     (Code.UNSCHEDULABLE, ("Insufficient cpu", "Insufficient memory")),
                     id="too many resources fails with every shortage listed"),
        pytest.param(make_pod(cpu="1", memory="1"), [make_pod("e", cpu="9", memory="20")],
                     (Code.UNSCHEDULABLE, ("Insufficient memory",)), id="only the short resource is reported"),
        pytest.param(
            make_pod(init_containers=[make_container("i", cpu="3", memory="1")], cpu="1", memory="1"),
            [make_pod("e", cpu="8", memory="19")], (Code.UNSCHEDULABLE, ("Insufficient cpu",)),
            id="too many resources fails due to init container cpu"),
        pytest.param(
            make_pod(init_containers=[make_container("s", cpu="2", restart_policy="Always")], cpu="1"),
            [make_pod("e", cpu="8")], (Code.UNSCHEDULABLE, ("Insufficient cpu",)),
            id="a sidecar adds to the regular containers"),
        pytest.param(make_pod(cpu="1", overhead={"cpu": "2"}), [make_pod("e", cpu="8")],
                     (Code.UNSCHEDULABLE, ("Insufficient cpu",)), id="pod overhead counts"),
        pytest.param(make_pod(cpu="11"), [], (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("Insufficient cpu",)),
                     id="a request above the whole allocatable is unresolvable"),
        pytest.param(make_pod(cpu="11", memory="1"), [make_pod("e", memory="20")],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("Insufficient cpu", "Insufficient memory")),
                     id="one unresolvable shortage makes the whole status unresolvable"),
        pytest.param(make_pod(requests={GPU: 2}), [make_pod("e", requests={GPU: 3})],
                     (Code.UNSCHEDULABLE, (f"Insufficient {GPU}",)), id="extended resources are checked"),
        pytest.param(make_pod(requests={"example.com/fpga": 1}), [],
                     (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("Insufficient example.com/fpga",)),
                     id="an extended resource the node does not have is unresolvable"),
    ],
)
def test_fit_filter(pod: Pod, existing: list[Pod], expected: tuple[str, tuple[str, ...]]) -> None:
    assert run_filter(NodeResourcesFit(), pod, SMALL, *existing) == expected


def test_too_many_pods_is_reported_before_resources_and_stays_resolvable() -> None:
    node = make_node("n1", cpu="1", pods=1)
    result = run_filter(NodeResourcesFit(), make_pod(cpu="2"), node, make_pod("e"))
    assert result == (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("Too many pods", "Insufficient cpu"))
    assert run_filter(NodeResourcesFit(), make_pod(), node, make_pod("e")) == (Code.UNSCHEDULABLE, ("Too many pods",))


def test_before_v1_34_a_request_above_allocatable_is_only_unschedulable() -> None:
    plugin = NodeResourcesFit(unresolvable_when_exceeds_allocatable=False)
    assert run_filter(plugin, make_pod(cpu="11"), SMALL) == (Code.UNSCHEDULABLE, ("Insufficient cpu",))


def test_registry_spelling_of_the_unresolvable_switch_is_honoured() -> None:
    plugin = NodeResourcesFit(unresolvable_when_exceeding_allocatable=False)
    assert run_filter(plugin, make_pod(cpu="11"), SMALL)[0] == Code.UNSCHEDULABLE


# -- scoring -----------------------------------------------------------------------------------
def scores(plugin: Any, pod: Pod, *infos: Any) -> dict[str, int]:
    state = CycleState()
    status = plugin.pre_score(state, pod, list(infos))
    assert status.is_success
    return {info.name: plugin.score(state, pod, info)[0] for info in infos}


N4 = make_node("n1", cpu="4", memory="10000")
N6 = make_node("n2", cpu="6", memory="10000")
BIG = make_node("n1", cpu="10", memory="20000")
SIZED_POD = make_pod(cpu="3", memory="5000")


@pytest.mark.parametrize(
    ("strategy", "pod", "infos", "expected"),
    [
        pytest.param("LeastAllocated", SIZED_POD, [make_node_info(N4), make_node_info(N6)], {"n1": 37, "n2": 50},
                     id="least allocated: nothing scheduled, differently sized nodes"),
        pytest.param("LeastAllocated", SIZED_POD,
                     [make_node_info(BIG, make_pod("e", cpu="3", memory="5000")),
                      make_node_info(make_node("n2", cpu="10", memory="20000"))],
                     {"n1": 45, "n2": 72}, id="least allocated: pods already scheduled count"),
        pytest.param("LeastAllocated", make_pod(), [make_node_info(make_node("n1", cpu="1", memory="1Gi"))],
                     {"n1": 85}, id="least allocated: a best-effort pod counts as 100m and 200Mi"),
        pytest.param("LeastAllocated", make_pod(containers=[make_container("a"), make_container("b")]),
                     [make_node_info(make_node("n1", cpu="1", memory="1Gi"))], {"n1": 70},
                     id="least allocated: the defaults apply per container"),
        pytest.param("LeastAllocated", make_pod(cpu="0", memory="0"),
                     [make_node_info(make_node("n1", cpu="1", memory="1Gi"))], {"n1": 100},
                     id="least allocated: an explicit zero request is not replaced by the default"),
        pytest.param("LeastAllocated", make_pod(cpu="5", memory="5000"), [make_node_info(N4)], {"n1": 25},
                     id="least allocated: a resource over capacity scores zero"),
        pytest.param("MostAllocated", SIZED_POD, [make_node_info(N4), make_node_info(N6)], {"n1": 62, "n2": 50},
                     id="most allocated: nothing scheduled, differently sized nodes"),
        pytest.param("MostAllocated", make_pod(cpu="5", memory="5000"), [make_node_info(N4)], {"n1": 75},
                     id="most allocated: requested above capacity is capped at capacity"),
    ],
)
def test_fit_score(strategy: str, pod: Pod, infos: list[Any], expected: dict[str, int]) -> None:
    assert scores(NodeResourcesFit(scoring_strategy=strategy), pod, *infos) == expected


def test_resource_weights_make_a_weighted_average() -> None:
    strategy = ScoringStrategy("LeastAllocated", (ResourceSpec("cpu", 2), ResourceSpec("memory", 1)))
    assert scores(NodeResourcesFit(strategy), SIZED_POD, make_node_info(N4)) == {"n1": 33}


def test_an_extended_resource_the_pod_does_not_request_is_left_out() -> None:
    strategy = ScoringStrategy("LeastAllocated", (ResourceSpec("cpu"), ResourceSpec("memory"), ResourceSpec(GPU)))
    node = make_node("n1", cpu="4", memory="10000", extra={GPU: 4})
    assert scores(NodeResourcesFit(strategy), SIZED_POD, make_node_info(node)) == {"n1": 37}
    with_gpu = make_pod(cpu="3", memory="5000", requests={GPU: 1})
    assert scores(NodeResourcesFit(strategy), with_gpu, make_node_info(node)) == {"n1": (25 + 50 + 75) // 3}


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        pytest.param(((0, 0), (100, 10)), {"n1": 63, "n2": 50}, id="rising shape rounds the average half up"),
        pytest.param(((0, 10), (100, 0)), {"n1": 38, "n2": 50}, id="falling shape favours emptier nodes"),
        pytest.param(((0, 0), (50, 0), (100, 10)), {"n1": 50, "n2": 0},
                     id="resources scoring zero are left out of the average"),
    ],
)
def test_requested_to_capacity_ratio(shape: tuple[tuple[int, int], ...], expected: dict[str, int]) -> None:
    strategy = ScoringStrategy("RequestedToCapacityRatio", shape=tuple(UtilizationShapePoint(u, s) for u, s in shape))
    assert scores(NodeResourcesFit(strategy), SIZED_POD, make_node_info(N4), make_node_info(N6)) == expected


@pytest.mark.parametrize(
    ("shape", "points"),
    [
        pytest.param(((10, 1), (90, 9)), {0: 1, 10: 1, 15: 1, 40: 4, 90: 9, 100: 9},
                     id="flat outside the points and linear between them"),
        pytest.param(((0, 10), (100, 0)), {15: 9, 50: 5, 99: 1},
                     id="a falling segment truncates toward zero like Go"),
    ],
)
def test_broken_linear_function(shape: tuple[tuple[int, int], ...], points: dict[int, int]) -> None:
    f = broken_linear_function(shape)
    assert {p: f(p) for p in points} == points


def test_non_zero_requests_fill_each_missing_container_request() -> None:
    pod = make_pod(containers=[make_container("a", cpu="1"), make_container("b", memory="1Gi")])
    assert non_zero_pod_requests(pod) == {"cpu": 1100, "memory": 2**30 + 200 * 2**20}


# -- balanced allocation -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pod", "infos", "expected"),
    [
        pytest.param(SIZED_POD, [make_node_info(N4), make_node_info(N6)], {"n1": 87, "n2": 100},
                     id="nothing scheduled, differently sized nodes"),
        pytest.param(SIZED_POD, [make_node_info(N4, make_pod("be"))], {"n1": 87},
                     id="a best-effort pod on the node adds nothing (actual requests, not defaults)"),
        pytest.param(make_pod(cpu="5", memory="5000"), [make_node_info(N4)], {"n1": 75},
                     id="a fraction above one is capped at one"),
    ],
)
def test_balanced_allocation_score(pod: Pod, infos: list[Any], expected: dict[str, int]) -> None:
    assert scores(NodeResourcesBalancedAllocation(), pod, *infos) == expected


def test_balanced_allocation_uses_the_standard_deviation_for_three_resources() -> None:
    plugin = NodeResourcesBalancedAllocation([ResourceSpec("cpu"), ResourceSpec("memory"), ResourceSpec(GPU)])
    node = make_node("n1", cpu="4", memory="10000", extra={GPU: 4})
    pod = make_pod(cpu="3", memory="5000", requests={GPU: 1})
    assert scores(plugin, pod, make_node_info(node)) == {"n1": 79}


def test_balanced_allocation_skips_best_effort_pods() -> None:
    assert NodeResourcesBalancedAllocation().pre_score(CycleState(), make_pod(), [make_node_info(N4)]).is_skip


# -- queueing hints -------------------------------------------------------------------------------
FIT = NodeResourcesFit()
WANTS_CPU = make_pod("w", cpu="2")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(make_pod("x", cpu="1", node_name="n1"), None, ev.QUEUE, id="deleting an assigned pod queues"),
        pytest.param(make_pod("x", cpu="1", nominated_node_name="n1"), None, ev.QUEUE,
                     id="deleting a nominated pod queues"),
        pytest.param(make_pod("x", cpu="1"), None, ev.SKIP, id="deleting a plain pending pod is skipped"),
        pytest.param(make_pod("x", cpu="2", node_name="n1"), make_pod("x", cpu="1", node_name="n1"), ev.QUEUE,
                     id="an assigned pod scaling down cpu queues"),
        pytest.param(make_pod("x", memory="2", node_name="n1"), make_pod("x", memory="1", node_name="n1"), ev.SKIP,
                     id="scaling down a resource the pod does not request is skipped"),
        pytest.param(make_pod("x", cpu="2"), make_pod("x", cpu="1"), ev.SKIP,
                     id="an unassigned other pod scaling down is skipped"),
        pytest.param(make_pod("w", memory="2"), make_pod("w", memory="1"), ev.QUEUE,
                     id="the pod itself scaling down queues whatever shrank"),
    ],
)
def test_fit_pod_event_hints(old: Pod, new: Pod | None, expected: str) -> None:
    assert FIT.is_schedulable_after_pod_event(WANTS_CPU, old, new) == expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(None, make_node("n", cpu="4"), ev.QUEUE, id="a new node the pod fits queues"),
        pytest.param(None, make_node("n", cpu="1"), ev.SKIP, id="a new node too small for the pod is skipped"),
        pytest.param(make_node("n", cpu="1"), make_node("n", cpu="4"), ev.QUEUE, id="growing cpu queues"),
        pytest.param(make_node("n", cpu="4", memory="1Gi"), make_node("n", cpu="4", memory="2Gi"), ev.SKIP,
                     id="growing a resource the pod does not request is skipped"),
        pytest.param(make_node("n", cpu="4", pods=1), make_node("n", cpu="4", pods=2), ev.QUEUE,
                     id="more allowed pods queues"),
    ],
)
def test_fit_node_event_hints(old: Node | None, new: Node, expected: str) -> None:
    assert FIT.is_schedulable_after_node_change(WANTS_CPU, old, new) == expected


def test_fit_registers_pod_delete_scale_down_node_add_and_allocatable_change() -> None:
    labels = [e.event.label for e in FIT.events_to_register()]
    assert labels == ["PodDelete", "UpdatePodScaleDown", "NodeAdd", "NodeAllocatableChange"]
