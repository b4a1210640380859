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


def test_folding_in_place_gives_the_pure_fold_s_states_and_leaves_the_events_alone() -> None:
    """GET …/state/?seq= and the Kubernetes API's watch fold in place; the result must be what
    the pure fold gives after every event, and the event log must not change."""
    import copy as _copy

    from scheduler_core.events import StateFolder
    from tests.scheduler_core.builders import make_node, make_pod
    from tests.scheduler_core.simkit import simulate

    sim = simulate([make_node("n1", cpu="2"), make_node("n2", cpu="1")],
                   [make_pod("a", 1, cpu="1"), make_pod("b", 5, cpu="1"), make_pod("c", 10, cpu="2")])
    sim.run(until=120)
    events = sim.events
    before = _copy.deepcopy(events)
    pure = apply_event({}, events[0])
    folder = StateFolder()
    owned = folder.apply(events[0])
    for event in events[1:]:
        pure = apply_event(pure, event)
        owned = folder.apply(event)
        assert owned == pure, event["kind"]
    assert events == before
