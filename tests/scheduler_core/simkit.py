"""Small helpers for simulation tests: build a Simulation from builder objects, pick events."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scheduler_core import SchedulerConfig, Simulation
from scheduler_core.objects import Cluster, Node, Pod, PodDisruptionBudget


def simulate(nodes: Iterable[Node], pods: Iterable[Pod] = (), *, pdbs: Iterable[PodDisruptionBudget] = (),
             seed: int = 0, config: SchedulerConfig | dict[str, Any] | None = None) -> Simulation:
    return Simulation(Cluster(nodes=tuple(nodes), pods=tuple(pods), pdbs=tuple(pdbs)), seed=seed, config=config)


def of_kind(events: list[dict[str, Any]], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]


def k8s_messages(sim: Simulation, reason: str, pod: str | None = None) -> list[str]:
    return [e["message"] for e in of_kind(sim.events, "k8s.event", reason=reason)
            if pod is None or e["object"] == pod]


def pod_view(sim: Simulation, key: str) -> dict[str, Any]:
    return next(p for p in sim.state()["pods"] if p["key"] == key)
