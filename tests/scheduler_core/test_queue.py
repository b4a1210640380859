"""Scheduling queue (backend/queue): ordering, backoff, flushes, gating, event-driven requeue."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core.framework.cluster_events import (
    NODE_ADD,
    QUEUE,
    SKIP,
    UNSCHEDULABLE_TIMEOUT,
    ClusterEventWithHint,
)
from scheduler_core.framework.interface import Status
from scheduler_core.objects import Pod
from scheduler_core.queue import PriorityQueue
from scheduler_core.queue.queued_pod_info import (
    QueuedPodInfo,
    backoff_duration,
    backoff_release_time,
)
from tests.scheduler_core.builders import make_pod


def _pre_enqueue(pod: Pod) -> tuple[Status, str]:
    if pod.scheduling_gates:
        return Status.unresolvable(f"waiting for scheduling gates: [{' '.join(pod.scheduling_gates)}]"), "SchedulingGates"
    return Status.success(), ""


def make_queue(hint: Any = None, **kwargs: Any) -> tuple[PriorityQueue, list[tuple[Any, ...]]]:
    moves: list[tuple[Any, ...]] = []
    events = {"NodeResourcesFit": [ClusterEventWithHint(NODE_ADD, hint)]}
    q = PriorityQueue(pre_enqueue=_pre_enqueue, plugin_events=events,
                      on_move=lambda *a, **k: moves.append(a), **kwargs)
    return q, moves


def fail(q: PriorityQueue, now: float, plugins: tuple[str, ...] = ("NodeResourcesFit",)) -> QueuedPodInfo:
    qpi = q.pop()
    assert qpi is not None
    q.add_unschedulable_if_not_present(qpi, now, plugins, (), "msg", q.scheduling_cycle, 0)
    return qpi


@pytest.mark.parametrize(("attempts", "seconds"), [
    pytest.param(0, 0, id="a pod never attempted has no backoff"),
    pytest.param(1, 1, id="first attempt backs off 1s"),
    pytest.param(2, 2, id="second attempt backs off 2s"),
    pytest.param(3, 4, id="third attempt backs off 4s"),
    pytest.param(4, 8, id="fourth attempt backs off 8s"),
    pytest.param(5, 10, id="fifth attempt is capped at 10s"),
    pytest.param(6, 10, id="sixth attempt stays at 10s"),
])
def test_backoff_duration_doubles_per_attempt_up_to_the_max(attempts: int, seconds: int) -> None:
    assert backoff_duration(attempts, 1, 10) == seconds


@pytest.mark.parametrize(("timestamp", "attempts", "whole_seconds", "release"), [
    pytest.param(0.0, 1, True, 2.0, id="v1.33+ a failure at 0.0 with 1s backoff is flushed at the 2s tick"),
    pytest.param(0.4, 1, True, 2.0, id="v1.33+ expiry 1.4 truncates to window 1 and is flushed at 2s"),
    pytest.param(3.9, 2, True, 6.0, id="v1.33+ expiry 5.9 truncates to window 5 and is flushed at 6s"),
    pytest.param(0.4, 1, False, 2.0, id="before v1.33 expiry 1.4 is flushed at the next 1s tick"),
    pytest.param(1.0, 1, False, 2.0, id="before v1.33 an expiry on a tick is flushed on that tick"),
])
def test_backoff_release_follows_whole_second_windows(timestamp: float, attempts: int, whole_seconds: bool,
                                                      release: float) -> None:
    qpi = QueuedPodInfo(pod=make_pod(), timestamp=timestamp, attempts=attempts)
    assert backoff_release_time(qpi, 1, 10, whole_seconds) == release


def test_active_q_pops_higher_priority_first_then_earlier_timestamp() -> None:
    q, _ = make_queue()
    q.add(make_pod("low", 1), 0.0)
    q.add(make_pod("high-late", 10), 2.0)
    q.add(make_pod("high-early", 10), 1.0)
    order = [q.pop().key for _ in range(3)]  # type: ignore[union-attr]
    assert order == ["default/high-early", "default/high-late", "default/low"]


def test_a_pod_that_failed_goes_behind_equal_priority_pods_already_waiting() -> None:
    q, _ = make_queue(pop_from_backoff_q=False)
    q.add(make_pod("a", 5), 0.0)
    q.add(make_pod("b", 5), 1.0)
    fail(q, 2.0)  # a fails at t=2; its Timestamp becomes 2
    q.move_all(UNSCHEDULABLE_TIMEOUT, None, None, 100.0)
    assert q.active_keys() == ["default/b", "default/a"]


def test_a_rejected_pod_waits_in_unschedulable_until_an_event_its_plugin_cares_about() -> None:
    q, _ = make_queue()
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    assert q.location("default/p") == "unschedulable"
    q.move_all(NODE_ADD, None, None, 5.0)
    assert q.location("default/p") == "active"


def test_a_skip_hint_keeps_the_pod_in_unschedulable() -> None:
    q, _ = make_queue(hint=lambda pod, old, new: SKIP)
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    q.move_all(NODE_ADD, None, None, 5.0)
    assert q.location("default/p") == "unschedulable"


def test_a_pod_moved_while_backing_off_goes_to_backoff_q_so_a_lower_priority_pod_pops_first() -> None:
    # TestHighPriorityBackoff
    q, _ = make_queue(hint=lambda pod, old, new: QUEUE, pop_from_backoff_q=False)
    q.add(make_pod("high", 100), 0.0)
    fail(q, 0.0)
    q.add(make_pod("low", 1), 0.0)
    q.move_all(NODE_ADD, None, None, 0.5)
    assert q.location("default/high") == "backoff"
    assert q.pop().key == "default/low"  # type: ignore[union-attr]


def test_with_pop_from_backoff_q_an_idle_scheduler_pops_a_backing_off_pod() -> None:
    q, _ = make_queue(hint=lambda pod, old, new: QUEUE)
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    q.move_all(NODE_ADD, None, None, 0.5)
    assert q.location("default/p") == "backoff"
    assert q.pop().key == "default/p"  # type: ignore[union-attr]


def test_an_event_recorded_while_the_pod_was_in_flight_requeues_it_at_failure() -> None:
    q, _ = make_queue(hint=lambda pod, old, new: QUEUE, pop_from_backoff_q=False)
    q.add(make_pod("p"), 0.0)
    qpi = q.pop()
    assert qpi is not None
    q.move_all(NODE_ADD, None, None, 0.0)
    q.add_unschedulable_if_not_present(qpi, 0.0, ("NodeResourcesFit",), (), "m", q.scheduling_cycle, 0)
    assert q.location("default/p") == "backoff"


def test_a_pod_without_rejector_plugins_always_backs_off() -> None:
    q, _ = make_queue(pop_from_backoff_q=False)
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0, plugins=())
    assert q.location("default/p") == "backoff"
    q.flush_backoff_completed(0.5)
    assert q.location("default/p") == "backoff"
    q.flush_backoff_completed(1.0)
    assert q.location("default/p") == "active"


@pytest.mark.parametrize(("now", "moved"), [
    pytest.param(300.0, False, id="exactly 5 minutes after the failure is not enough (strict >)"),
    pytest.param(300.5, True, id="just over 5 minutes after the failure the pod is flushed"),
])
def test_leftover_flush_moves_pods_unschedulable_for_more_than_five_minutes(now: float, moved: bool) -> None:
    q, _ = make_queue(pop_from_backoff_q=False)
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    q.flush_unschedulable_leftover(now)
    assert (q.location("default/p") == "active") is moved


def test_leftover_flush_releases_pods_in_priority_order() -> None:
    q, _ = make_queue(pop_from_backoff_q=False)
    q.add(make_pod("low", 1), 0.0)
    q.add(make_pod("high", 9), 0.0)
    fail(q, 0.0)
    fail(q, 0.0)
    q.flush_unschedulable_leftover(301.0)
    assert q.active_keys() == ["default/high", "default/low"]


def test_gated_pods_count_as_gated_not_unschedulable() -> None:
    q, _ = make_queue()
    q.add(make_pod("g", scheduling_gates=["example.com/wait"]), 0.0)
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    assert q.pending_counts() == {"active": 0, "backoff": 0, "unschedulable": 1, "gated": 1}


def test_gated_pods_are_not_released_by_the_leftover_flush() -> None:
    q, _ = make_queue()
    q.add(make_pod("g", scheduling_gates=["example.com/wait"]), 0.0)
    q.flush_unschedulable_leftover(1000.0)
    assert q.location("default/g") == "gated"


def test_activate_moves_an_unschedulable_pod_straight_to_active() -> None:
    q, moves = make_queue()
    q.add(make_pod("p"), 0.0)
    fail(q, 0.0)
    q.activate("default/p", 1.0)
    assert q.location("default/p") == "active"
    assert moves[-1][3] == "ForceActivate"
