"""Upstream scheduling-queue test cases, ported as black-box tests.

Sources (kubernetes/kubernetes): pkg/scheduler/backend/queue/scheduling_queue_test.go
(TestBackOffFlow, TestHighPriorityBackoff, TestHighPriorityFlushUnschedulablePodsLeftover,
TestPodTimestamp, TestPriorityQueue_FlushUnschedulablePodsLeftover...), backoff_queue.go
(calculateBackoffDuration, isPodBackingoff, alignToWindow) and the Pop path of active_queue.go
(SchedulerPopFromBackoffQ). Queue-level cases drive scheduler_core.queue.PriorityQueue the way the
upstream tests drive PriorityQueue (Add, Pop, AddUnschedulableIfNotPresent, MoveAll, flush);
the rest run whole Simulations.
"""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Status
from scheduler_core.queue import PriorityQueue
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import of_kind, simulate


def new_queue(pop_from_backoff_q: bool = True) -> tuple[PriorityQueue, list[tuple[Any, ...]]]:
    moves: list[tuple[Any, ...]] = []
    q = PriorityQueue(pre_enqueue=lambda pod: (Status.success(), ""), plugin_events={},
                      on_move=lambda *a, **k: moves.append(a), pop_from_backoff_q=pop_from_backoff_q)
    return q, moves


def fail(q: PriorityQueue, qpi: Any, now: float, plugins: tuple[str, ...] = ("fakePlugin",)) -> None:
    q.add_unschedulable_if_not_present(qpi, now, plugins, (), "unschedulable", q.scheduling_cycle, 0)


# ---- TestBackOffFlow: 1, 2, 4, 8, 10, 10, 10 s keyed on Attempts ---------------------------------

BACKOFF_FLOW = [
    # scheduling_queue_test.go TestBackOffFlow (SchedulerPopFromBackoffQ on: whole-second windows, v1.34)
    pytest.param(True, [1, 2, 4, 8, 10, 10, 10], 1.0,
                 id="TestBackOffFlow — backoff doubles per attempt up to 10 s and the pod leaves in the next whole second"),
    # TestBackOffFlow with SchedulerPopFromBackoffQ off (≤v1.32): released exactly at expiry
    pytest.param(False, [1, 2, 4, 8, 10, 10, 10], 0.0,
                 id="TestBackOffFlow — without PopFromBackoffQ the pod leaves the backoff queue exactly at expiry"),
]


@pytest.mark.parametrize(("popq", "durations", "extra"), BACKOFF_FLOW)
def test_backoff_flow(popq: bool, durations: list[int], extra: float) -> None:
    q, _ = new_queue(popq)
    q.add(make_pod("test-pod"), 0.0)
    now = 100.0
    for i, want in enumerate(durations):
        qpi = q.pop()
        assert qpi is not None and qpi.attempts == i + 1
        fail(q, qpi, now)
        q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, now)  # "an event happens"
        assert q.location("default/test-pod") == "backoff"
        [(_key, until)] = q.backoff_entries()
        assert until - now == want + extra
        q.flush_backoff_completed(now + want - 0.001)  # an early flush keeps it
        assert q.location("default/test-pod") == "backoff"
        q.flush_backoff_completed(until)
        assert q.location("default/test-pod") == "active"
        now = until + 7.0


def test_backoff_window_truncates_a_fractional_failure_time() -> None:
    # backoff_queue.go getBackoffTime/alignToWindow: expiry truncated to the second; isPodBackingoff
    # is !expiry.Before(truncate(now)) → failure at 10.6 with 1 s backoff (expiry 11.6 → 11) leaves at 12
    q, _ = new_queue()
    q.add(make_pod("p"), 10.0)
    fail(q, q.pop(), 10.6)
    q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, 10.7)
    assert q.backoff_entries() == [("default/p", 12.0)]
    q.flush_backoff_completed(11.99)
    assert q.location("default/p") == "backoff"
    q.flush_backoff_completed(12.0)
    assert q.location("default/p") == "active"


# ---- priority ordering across sub-queues ---------------------------------------------------------

def test_high_priority_backoff() -> None:
    # scheduling_queue_test.go TestHighPriorityBackoff: the failed high-priority pod is moved while it
    # is still backing off → backoffQ, so the mid-priority pod in activeQ is popped first
    q, _ = new_queue()
    q.add(make_pod("mid", 50), 0.0)
    q.add(make_pod("high", 100), 0.0)
    high = q.pop()
    assert high is not None and high.key == "default/high"
    fail(q, high, 0.0)
    q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, 0.0)
    assert q.location("default/high") == "backoff"
    nxt = q.pop()
    assert nxt is not None and nxt.key == "default/mid"
    nxt = q.pop()  # activeQ empty: PopFromBackoffQ takes the backing-off pod at once (v1.33+)
    assert nxt is not None and nxt.key == "default/high" and nxt.attempts == 2


def test_error_backoff_queue_is_never_popped_early() -> None:
    # backoff_queue.go popBackoff only pops podBackoffQ; pods that failed with an error (no rejector
    # plugins) wait in podErrorBackoffQ for their backoff
    q, _ = new_queue()
    q.add(make_pod("err"), 0.0)
    fail(q, q.pop(), 0.0, plugins=())
    assert q.location("default/err") == "backoff"
    assert q.pop() is None


def test_high_priority_flush_unschedulable_pods_leftover() -> None:
    # scheduling_queue_test.go TestHighPriorityFlushUnschedulablePodsLeftover: flushed pods come out in
    # priority order even though the mid pod failed first
    q, _ = new_queue()
    q.add(make_pod("mid", 50), 0.0)
    q.add(make_pod("high", 100), 0.0)
    high, mid = q.pop(), q.pop()
    fail(q, mid, 0.0)
    fail(q, high, 1.0)
    q.flush_unschedulable_leftover(301.0)  # high: 300 s exactly — strict ">" keeps it
    assert q.location("default/mid") == "active" and q.location("default/high") == "unschedulable"
    q.flush_unschedulable_leftover(302.0)
    assert [q.pop().key, q.pop().key] == ["default/high", "default/mid"]


def test_pod_timestamp_orders_equal_priority_and_a_failure_goes_to_the_back() -> None:
    # scheduling_queue_test.go TestPodTimestamp / priority_sort.go Less: equal priority → queue
    # Timestamp; the Timestamp is reset on failure, so the retried pod goes behind
    q, _ = new_queue()
    q.add(make_pod("p1"), 0.0)
    q.add(make_pod("p2"), 1.0)
    q.add(make_pod("p3"), 2.0)
    p1 = q.pop()
    fail(q, p1, 5.0)
    q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, 20.0)  # backoff over → activeQ
    assert q.active_keys() == ["default/p2", "default/p3", "default/p1"]


# ---- leftover flush in a simulation: every 30 s, strict > 5 min ------------------------------------

def _stuck_pod_sim(fail_at: float) -> Any:
    sim = simulate([make_node("n1", cpu="1")],
                   [make_pod("busy", 100, "1", node_name="n1"), make_pod("waiter", 0, "1")])
    if fail_at:
        sim.run(until=fail_at)
    return sim


FLUSH = [
    # scheduling_queue_test.go TestPriorityQueue_FlushUnschedulablePodsLeftover + Run: the flush runs
    # every 30 s and moves pods with now − Timestamp > 5 min
    pytest.param(0.0, 330.0, id="flushUnschedulablePodsLeftover — a pod that failed at 0 s is retried at the 330 s tick, not at 300 s"),
    pytest.param(29.0, 330.0, id="flushUnschedulablePodsLeftover — a pod that failed at 29 s is retried at the 330 s tick"),
    pytest.param(30.0, 360.0, id="flushUnschedulablePodsLeftover — a pod that failed at 30 s is not flushed at 330 s (strict >) but at 360 s"),
]


@pytest.mark.parametrize(("fail_at", "retry_at"), FLUSH)
def test_leftover_flush_in_simulation(fail_at: float, retry_at: float) -> None:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("busy", 100, "1", node_name="n1")])
    sim.run(until=fail_at)
    sim.apply({"type": "add_pod", "manifest": {"metadata": {"name": "waiter"}, "spec": {
        "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}})
    sim.step()
    sim.run(until=fail_at + 10)
    sim.apply({"type": "set_node_labels", "node": "n1", "labels": {"x": "y"}})  # irrelevant to NodeResourcesFit
    sim.run(until=400)
    starts = [e["t"] for e in of_kind(sim.events, "cycle.started", pod="default/waiter")]
    assert starts == [fail_at, retry_at]
    moved = [e for e in of_kind(sim.events, "queue.moved", pod="default/waiter") if e["from"] == "unschedulable"]
    assert moved[0]["event"] == "UnschedulableTimeout" and moved[0]["t"] == retry_at


# ---- requeue by QueueingHints --------------------------------------------------------------------

def _requeue_case(rejection: dict[str, Any], command: dict[str, Any]) -> Any:
    nodes = [make_node("n1", cpu="1", labels={"zone": "a"}, taints=rejection.get("taints", ()),
                       unschedulable=rejection.get("cordoned", False))]
    pods = [make_pod("busy", 100, "1", node_name="n1", termination_grace_period_seconds=0),
            make_pod("waiter", 0, rejection.get("cpu", "500m"), node_selector=rejection.get("selector"))]
    sim = simulate(nodes, pods)
    sim.step()
    assert sim.state()["queues"]["unschedulable"][0]["plugins"] == [rejection["plugin"]]
    sim.run(until=5)
    sim.apply(command)
    sim.run(until=20)
    return sim


REQUEUE = [
    # noderesources/fit.go isSchedulableAfterPodEvent: an assigned pod deleted → Queue
    pytest.param({"plugin": "NodeResourcesFit"}, {"type": "delete_pod", "pod": "default/busy"}, True,
                 id="NodeResourcesFit hint — deleting an assigned pod requeues a pod rejected for cpu"),
    # fit.go registers no node-label event: stays in unschedulablePods
    pytest.param({"plugin": "NodeResourcesFit"}, {"type": "set_node_labels", "node": "n1", "labels": {"zone": "b"}}, False,
                 id="NodeResourcesFit hint — a node label change does not requeue a pod rejected for cpu"),
    # nodeaffinity isSchedulableAfterNodeChange: the node now matches → Queue
    pytest.param({"plugin": "NodeAffinity", "selector": {"zone": "b"}, "cpu": "0"},
                 {"type": "set_node_labels", "node": "n1", "labels": {"zone": "b"}}, True,
                 id="NodeAffinity hint — a node label change that makes the node match requeues the pod"),
    # NodeAffinity does not register assigned-pod deletes
    pytest.param({"plugin": "NodeAffinity", "selector": {"zone": "b"}, "cpu": "0"},
                 {"type": "delete_pod", "pod": "default/busy"}, False,
                 id="NodeAffinity hint — deleting an assigned pod does not requeue a pod rejected by node affinity"),
]


REQUEUE += [
    # tainttoleration isSchedulableAfterNodeChange: Queue only when the node became tolerated
    pytest.param({"plugin": "TaintToleration", "cpu": "0", "taints": (taint("a"),)},
                 {"type": "set_node_taints", "node": "n1", "taints": [{"key": "b", "effect": "NoSchedule"}]}, False,
                 id="TaintToleration hint — replacing one untolerated taint by another does not requeue"),
    pytest.param({"plugin": "TaintToleration", "cpu": "0", "taints": (taint("a"),)},
                 {"type": "set_node_taints", "node": "n1", "taints": []}, True,
                 id="TaintToleration hint — removing the untolerated taint requeues the pod"),
    # nodeunschedulable isSchedulableAfterNodeChange: the node turning schedulable (uncordon) → Queue
    pytest.param({"plugin": "NodeUnschedulable", "cpu": "0", "cordoned": True},
                 {"type": "uncordon", "node": "n1"}, True,
                 id="NodeUnschedulable hint — uncordoning the node requeues the pod"),
    pytest.param({"plugin": "NodeUnschedulable", "cpu": "0", "cordoned": True},
                 {"type": "set_node_labels", "node": "n1", "labels": {"zone": "b"}}, False,
                 id="NodeUnschedulable hint — a label change on the cordoned node does not requeue the pod"),
]


@pytest.mark.parametrize(("rejection", "command", "requeued"), REQUEUE)
def test_requeue_by_queueing_hints(rejection: dict[str, Any], command: dict[str, Any], requeued: bool) -> None:
    if rejection.get("cpu") == "0":
        rejection = {**rejection, "cpu": None}
    sim = _requeue_case(rejection, command)
    attempts = of_kind(sim.events, "cycle.started", pod="default/waiter")
    assert len(attempts) == (2 if requeued else 1)
    if requeued:
        assert of_kind(sim.events, "pod.bound", pod="default/waiter")[0]["node"] == "n1"


# ---- PopFromBackoffQ: an idle scheduler does not wait for the backoff ------------------------------

POP_FROM_BACKOFF = [
    # active_queue.go unlockedPop (SchedulerPopFromBackoffQ, v1.33+): activeQ empty → pop backoffQ head
    pytest.param("v1.34", 0.2, "PopFromBackoffQ", id="PopFromBackoffQ — an idle v1.34 scheduler retries a backing-off pod at once"),
    # ≤v1.32: the pod waits for flushBackoffQCompleted (expiry = failure at 0 s + 1 s)
    pytest.param("v1.32", 1.0, "BackoffComplete", id="PopFromBackoffQ — a v1.32 scheduler waits for the 1 s backoff to complete"),
]


@pytest.mark.parametrize(("version", "bound_at", "label"), POP_FROM_BACKOFF)
def test_pop_from_backoff_q_when_idle(version: str, bound_at: float, label: str) -> None:
    from scheduler_core import SchedulerConfig
    sim = simulate([make_node("n1", cpu="1")],
                   [make_pod("busy", 100, "1", node_name="n1", termination_grace_period_seconds=0),
                    make_pod("waiter", 0, "1")], config=SchedulerConfig.for_version(version))
    sim.step()
    sim.run(until=0.2)
    sim.apply({"type": "delete_pod", "pod": "default/busy"})
    sim.run(until=5)
    bound = of_kind(sim.events, "pod.bound", pod="default/waiter")
    assert [e["t"] for e in bound] == [bound_at]
    pop = [e for e in of_kind(sim.events, "queue.moved", pod="default/waiter") if e["to"] in ("inFlight", "active")]
    assert label in [e["event"] for e in pop]


def test_move_all_sends_expired_pods_to_active_and_backing_off_pods_to_backoff() -> None:
    # scheduling_queue_test.go TestPriorityQueue_MoveAllToActiveOrBackoffQueue: pods whose backoff has
    # expired go to activeQ, the others to backoffQ
    q, _ = new_queue()
    q.add(make_pod("old"), 0.0)
    q.add(make_pod("recent"), 0.0)
    old, recent = q.pop(), q.pop()
    fail(q, old, 0.0)      # backoff 1 s: window 1 → expired from t=2
    fail(q, recent, 5.0)   # backoff 1 s: window 6 → still backing off at 6.5
    q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, 6.5)
    assert q.location("default/old") == "active"
    assert q.location("default/recent") == "backoff"


POP_BACKOFF_ORDER = [
    # backoff_queue.go: podBackoffQ is ordered by (window-aligned) expiry, ties broken by the activeQ less-function
    pytest.param(2.5, 3.6, "default/low", id="PopFromBackoffQ — the pod whose backoff ends first is popped first, whatever its priority"),
    pytest.param(3.2, 3.7, "default/high", id="PopFromBackoffQ — expiries in the same whole-second window are ordered by priority"),
]


@pytest.mark.parametrize(("low_fail", "high_fail", "first"), POP_BACKOFF_ORDER)
def test_pop_from_backoff_order(low_fail: float, high_fail: float, first: str) -> None:
    q, _ = new_queue()
    q.add(make_pod("low", 0), 0.0)
    q.add(make_pod("high", 100), 0.0)
    high, low = q.pop(), q.pop()
    fail(q, low, low_fail)
    fail(q, high, high_fail)
    q.move_all(ev.UNSCHEDULABLE_TIMEOUT, None, None, 3.8)
    assert q.location("default/low") == q.location("default/high") == "backoff"
    popped = q.pop()
    assert popped is not None and popped.key == first
