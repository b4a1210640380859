"""Timed commands are input of the simulation: applied at their exact virtual time, the way the
lesson checker used to apply them by hand, carried by snapshots and replayed by restore."""
from __future__ import annotations

from typing import Any

import pytest

from playground.lessons.tooling import load_lessons, timed_commands
from scheduler_core import CommandError, Simulation

NODE = {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-a"},
        "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}


def pod_manifest(name: str, cpu: str = "1") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}}


def add_pod(at: float, name: str, cpu: str = "1") -> dict[str, Any]:
    return {"at": at, "command": {"type": "add_pod", "manifest": pod_manifest(name, cpu)}}


def sim_with(*timed: dict[str, Any], pods: tuple[str, ...] = ("web",)) -> Simulation:
    return Simulation.from_documents([NODE, *(pod_manifest(p) for p in pods)], timed_commands=list(timed))


def by_hand(docs_sim: Simulation, timed: list[dict[str, Any]], until: float | None) -> list[dict[str, Any]]:
    """What the lesson checker did before: run(until=at), then apply, same-time commands together."""
    applied_until = None
    for entry in timed:
        if entry["at"] != applied_until:
            docs_sim.run(until=entry["at"])
            applied_until = entry["at"]
        docs_sim.apply(entry["command"])
    docs_sim.run(until=until)
    return docs_sim.events


def without_source(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "source"} for e in events]


LESSONS_WITH_COMMANDS = [
    pytest.param(variant, id=lesson.folder)
    for lesson in load_lessons() for variant in lesson.variants if variant.commands
]


@pytest.mark.parametrize("variant", LESSONS_WITH_COMMANDS)
def test_the_simulation_applies_a_lessons_commands_exactly_as_running_until_then_applying(variant: Any) -> None:
    config = dict(variant.config) or None
    timed = timed_commands(variant)
    itself = Simulation.from_yaml(variant.scenario_text, seed=variant.seed, config=config, timed_commands=timed)
    itself.run(until=variant.until)
    manual = by_hand(Simulation.from_yaml(variant.scenario_text, seed=variant.seed, config=config), timed, variant.until)
    assert without_source(itself.events) == without_source(manual)


def test_next_time_includes_the_next_timed_command_so_an_idle_cluster_is_not_quiescent() -> None:
    sim = sim_with(add_pod(42, "late"))
    sim.run(until=1)
    assert (sim.next_time(), sim.quiescent) == (42.0, False)
    applied = sim.advance()
    assert (sim.now, applied[0]["kind"], applied[0]["source"]) == (42.0, "command.applied", "lesson")
    sim.run()
    assert sim.quiescent and sim.state()["pods"][-1]["nodeName"] == "node-a"


def test_commands_sharing_a_time_are_applied_together_before_the_next_pop() -> None:
    sim = sim_with(add_pod(5, "one"), add_pod(5, "two"))
    sim.run(until=4)
    kinds = [e["kind"] for e in sim.advance()]
    assert kinds.count("command.applied") == 2 and "cycle.started" not in kinds


def test_everything_else_due_at_the_commands_time_happens_first() -> None:
    sim = sim_with(add_pod(0, "later"), pods=("web",))
    events = sim.run(until=0)
    kinds = [e["kind"] for e in events]
    assert kinds.index("pod.bound") < kinds.index("command.applied")


def test_user_commands_are_logged_and_marked_user_while_timed_ones_are_not_logged() -> None:
    sim = sim_with(add_pod(10, "lesson-pod"))
    sim.run(until=3)
    sim.apply({"type": "add_pod", "manifest": pod_manifest("mine")})
    sim.run()
    applied = [(e["command"]["manifest"]["metadata"]["name"], e["source"], e["t"])
               for e in sim.events if e["kind"] == "command.applied"]
    assert applied == [("mine", "user", 3.0), ("lesson-pod", "lesson", 10.0)]
    assert [entry["command"]["manifest"]["metadata"]["name"] for entry in sim.command_log] == ["mine"]


def test_a_timed_command_that_no_longer_fits_is_reported_and_the_run_goes_on() -> None:
    sim = sim_with(add_pod(10, "taken"), add_pod(20, "after"))
    sim.apply({"type": "add_pod", "manifest": pod_manifest("taken")})
    sim.run()
    rejected = [e for e in sim.events if e["kind"] == "command.rejected"]
    assert [(e["t"], e["source"], e["error"]["path"]) for e in rejected] == [(10.0, "lesson", "command.manifest.metadata.name")]
    assert "default/after" in [p["key"] for p in sim.state()["pods"]]


@pytest.mark.parametrize("stop_at", [
    pytest.param(5.0, id="a snapshot taken before the timed command"),
    pytest.param(10.0, id="a snapshot taken at the timed command's time"),
    pytest.param(15.0, id="a snapshot taken after the timed command and a user command"),
])
def test_restoring_a_snapshot_continues_exactly_with_the_timed_commands(stop_at: float) -> None:
    def drive(sim: Simulation, until: float) -> None:
        while (nt := sim.next_time()) is not None and nt <= until:
            sim.advance()
            if sim.now >= 12 and not sim.command_log:
                sim.apply({"type": "add_pod", "manifest": pod_manifest("mine", cpu="2")})

    original = sim_with(add_pod(10, "lesson-pod", cpu="3"), add_pod(30, "second"))
    drive(original, stop_at)
    restored = Simulation.restore(original.snapshot())
    assert restored.events == original.events
    drive(original, 1000)
    drive(restored, 1000)
    assert restored.events == original.events


@pytest.mark.parametrize(("timed", "path"), [
    pytest.param([{"at": -1, "command": {"type": "cordon", "node": "n"}}], "timedCommands[0].at", id="a negative time"),
    pytest.param([{"at": True, "command": {"type": "cordon", "node": "n"}}], "timedCommands[0].at", id="a boolean time"),
    pytest.param([{"at": 1, "command": {"type": "explode"}}], "timedCommands[0].command.type", id="an unknown command"),
    pytest.param(["cordon"], "timedCommands[0]", id="an entry that is not an object"),
])
def test_malformed_timed_commands_are_refused_naming_the_field(timed: list[Any], path: str) -> None:
    with pytest.raises(CommandError) as err:
        Simulation.from_documents([NODE], timed_commands=timed)
    assert err.value.path == path
