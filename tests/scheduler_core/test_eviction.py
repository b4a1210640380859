"""The evict_pod command (the Eviction subresource) and delete_pod's gracePeriodSeconds."""
from __future__ import annotations

import pytest

from scheduler_core import CommandError, Simulation
from scheduler_core.objects import LabelSelector, PodDisruptionBudget
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import of_kind, pod_view, simulate


def guarded_cluster(min_available: int, replicas: int = 1) -> Simulation:
    pods = [make_pod(f"web-{i}", cpu="100m", labels={"app": "web"}, node_name="n1",
                     termination_grace_period_seconds=30) for i in range(replicas)]
    pdb = PodDisruptionBudget("web-pdb", selector=LabelSelector(match_labels=(("app", "web"),)),
                              min_available=min_available)
    sim = simulate([make_node("n1", cpu="4")], pods, pdbs=[pdb])
    sim.run(until=1)
    return sim


def test_an_eviction_that_would_violate_the_budget_is_refused_and_changes_nothing() -> None:
    sim = guarded_cluster(min_available=1)
    before = len(sim.events)
    with pytest.raises(CommandError) as refused:
        sim.apply({"type": "evict_pod", "pod": "default/web-0"})
    assert refused.value.message == "Cannot evict pod as it would violate the pod's disruption budget."
    assert len(sim.events) == before


def test_an_allowed_eviction_terminates_the_pod_and_lowers_disruptions_allowed() -> None:
    sim = guarded_cluster(min_available=1, replicas=2)
    events = sim.apply({"type": "evict_pod", "pod": "default/web-0", "gracePeriodSeconds": 5})
    terminating = of_kind(events, "pod.terminating")
    assert [(e["pod"], e["gracePeriodSeconds"]) for e in terminating] == [("default/web-0", 5)]
    assert of_kind(events, "pdb.updated") == [{**of_kind(events, "pdb.updated")[0], "disruptionsAllowed": 0}]
    with pytest.raises(CommandError):
        sim.apply({"type": "evict_pod", "pod": "default/web-1"})


def test_a_pending_pod_is_evicted_without_asking_its_budget() -> None:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("big", cpu="2", labels={"app": "web"})],
                   pdbs=[PodDisruptionBudget("b", selector=LabelSelector(match_labels=(("app", "web"),)),
                                             min_available=5)])
    sim.run(until=1)
    events = sim.apply({"type": "evict_pod", "pod": "default/big"})
    assert [e["pod"] for e in of_kind(events, "pod.deleted")] == ["default/big"]


@pytest.mark.parametrize(("grace", "deleted_now"), [
    pytest.param(None, False, id="no grace period: the pod's own 30 s"),
    pytest.param(0, True, id="grace period 0 deletes at once"),
])
def test_delete_pod_honours_the_grace_period(grace: int | None, deleted_now: bool) -> None:
    sim = simulate([make_node("n1", cpu="4")], [make_pod("web", cpu="1", node_name="n1")])
    sim.run(until=1)
    events = sim.apply({"type": "delete_pod", "pod": "default/web", "gracePeriodSeconds": grace})
    assert bool(of_kind(events, "pod.deleted")) is deleted_now
    if not deleted_now:
        assert pod_view(sim, "default/web")["phase"] == "Terminating"


def test_a_negative_grace_period_is_refused_naming_the_field() -> None:
    sim = simulate([make_node("n1", cpu="4")], [make_pod("web", cpu="1", node_name="n1")])
    with pytest.raises(CommandError) as refused:
        sim.apply({"type": "delete_pod", "pod": "default/web", "gracePeriodSeconds": -1})
    assert refused.value.path == "command.gracePeriodSeconds"
