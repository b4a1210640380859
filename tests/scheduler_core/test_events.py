"""The event fold: pure, total over EVENT_KINDS, and in step with the simulation."""
from __future__ import annotations

import copy

from scheduler_core.events import EVENT_KINDS, apply_event, fold
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import simulate


def test_every_kind_the_simulation_emits_is_declared() -> None:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("low", 1, cpu="1", node_name="n1"), make_pod("hi", 9, cpu="1")])
    sim.run()
    assert {e["kind"] for e in sim.events} <= set(EVENT_KINDS)


def test_folding_a_whole_preemption_run_gives_the_final_state() -> None:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("low", 1, cpu="1", node_name="n1"), make_pod("hi", 9, cpu="1")])
    sim.run()
    assert fold(sim.events) == sim.state()


def test_worker_only_kinds_do_not_change_state_except_time() -> None:
    sim = simulate([make_node("n1")], [make_pod("p")])
    state = sim.events[0]["state"]
    after = apply_event(state, {"seq": 2, "t": 0.0, "kind": "run.status", "status": "paused", "reason": ""})
    assert after == state


def test_apply_event_leaves_the_previous_state_untouched() -> None:
    sim = simulate([make_node("n1")], [make_pod("p")])
    sim.run()
    state = sim.events[0]["state"]
    before = copy.deepcopy(state)
    for event in sim.events[1:]:
        apply_event(state, event)
    assert state == before
