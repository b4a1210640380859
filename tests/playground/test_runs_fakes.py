"""A small deterministic stand-in for scheduler_core.Simulation (same contract), for fast tests
of the run machinery: timers at chosen virtual times, one cycle per pending pod, seeded choice
of node, and a pod with no node to go to retried every RETRY_SECONDS (like the leftover flush:
the simulation is quiescent while only such retries are due). No tests in here."""
from __future__ import annotations

import heapq
import random
from typing import Any

from scheduler_core import CommandError

Event = dict[str, Any]
RETRY_SECONDS = 300.0


class FakeSimulation:
    def __init__(self) -> None:
        self.now = 0.0
        self.events: list[Event] = []
        self.heap: list[list[Any]] = []
        self.counter = 0
        self.cycle = 0
        self.nodes: list[str] = []
        self.pods: dict[str, dict[str, Any]] = {}
        self.rng = random.Random(0)
        self.command_log: list[dict[str, Any]] = []

    # ---- the contract ----

    @classmethod
    def from_documents(cls, docs: list[dict[str, Any]], *, seed: int = 0, config: Any = None) -> FakeSimulation:
        sim = cls()
        sim.rng = random.Random(seed)
        for doc in docs:
            if doc["kind"] == "Node":
                sim.nodes.append(doc["metadata"]["name"])
            elif doc["kind"] == "Pod":
                sim._add(doc)
        sim._emit("cluster.snapshot", state=sim.state())
        return sim

    def next_time(self) -> float | None:
        return self.heap[0][0] if self.heap else None

    @property
    def quiescent(self) -> bool:
        return all(action == "retry" for _, _, action, _ in self.heap)

    def advance(self) -> list[Event]:
        start = len(self.events)
        t, _, action, key = heapq.heappop(self.heap)
        self.now = max(self.now, t)
        if action in ("cycle", "retry"):
            self._cycle(key)
        elif action == "expire" and key in self.pods:
            del self.pods[key]
            self._emit("pod.deleted", pod=key, node=None, reason="Deleted")
        return self.events[start:]

    def step(self) -> list[Event]:
        out: list[Event] = []
        while self.heap:
            out += self.advance()
            if any(e["kind"] == "cycle.finished" for e in out):
                break
        return out

    def run(self, until: float | None = None) -> list[Event]:
        out: list[Event] = []
        while self.heap and (until is None or self.heap[0][0] <= until):
            out += self.advance()
        if until is not None:
            self.now = max(self.now, until)
        return out

    def apply(self, command: dict[str, Any]) -> list[Event]:
        start = len(self.events)
        if command["type"] == "add_pod":
            key = _key(command["manifest"])
            if key in self.pods:
                raise reject("manifest.metadata.name", key, f"pod {key} already exists")
            self._emit("command.applied", command=command)
            self._add(command["manifest"])
            self._emit("pod.added", pod={"key": key})
        elif command["type"] == "add_node":
            self._emit("command.applied", command=command)
            self.nodes.append(command["manifest"]["metadata"]["name"])
            for entry in self.heap:  # a new node: pods waiting for one are retried now
                if entry[2] == "retry":
                    entry[0], entry[2] = self.now, "cycle"
            heapq.heapify(self.heap)
        elif command["type"] == "delete_pod":
            if command["pod"] not in self.pods:
                raise reject("pod", command["pod"], f"no pod {command['pod']}")
            self._emit("command.applied", command=command)
            del self.pods[command["pod"]]
            self._emit("pod.deleted", pod=command["pod"], node=None, reason="Deleted")
        else:
            raise reject("type", command["type"], "not supported by the fake")
        self.command_log.append({"t": self.now, "command": command})
        return self.events[start:]

    def state(self) -> dict[str, Any]:
        return {"time": self.now, "nodes": list(self.nodes), "pods": {k: dict(v) for k, v in self.pods.items()}}

    # ---- inside ----

    def _add(self, manifest: dict[str, Any]) -> None:
        key = _key(manifest)
        self.pods[key] = {"node": None, "lifetime": (manifest.get("spec") or {}).get("activeDeadlineSeconds")}
        self._push(self.now, "cycle", key)

    def _cycle(self, key: str) -> None:
        if key not in self.pods:
            return
        self.cycle += 1
        node = self.nodes[self.rng.randrange(len(self.nodes))] if self.nodes else None
        self._emit("cycle.started", cycle=self.cycle, pod=key, attempts=1)
        if node is not None:
            self.pods[key]["node"] = node
            self._emit("pod.bound", pod=key, node=node, cycle=self.cycle)
            if self.pods[key]["lifetime"]:
                self._push(self.now + self.pods[key]["lifetime"], "expire", key)
        else:
            self._push(self.now + RETRY_SECONDS, "retry", key)
        self._emit("cycle.finished", cycle=self.cycle, pod=key,
                   result="scheduled" if node else "unschedulable", node=node)

    def _push(self, t: float, action: str, key: str) -> None:
        self.counter += 1
        heapq.heappush(self.heap, [t, self.counter, action, key])

    def _emit(self, kind: str, **payload: Any) -> None:
        self.events.append({"seq": len(self.events) + 1, "t": round(self.now, 3), "kind": kind, **payload})


def reject(path: str, value: Any, message: str) -> CommandError:
    return CommandError(f"command.{path}", value, message)


def _key(manifest: dict[str, Any]) -> str:
    meta = manifest["metadata"]
    return f"{meta.get('namespace', 'default')}/{meta['name']}"


# Valid manifests, as the API checks a command's manifest for its shape before the run sees it (the fake
# core reads only names and a pod's lifetime).
def node(name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name},
            "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}


def pod(name: str, lifetime: float | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c"}]}
    if lifetime:
        spec["activeDeadlineSeconds"] = lifetime
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"}, "spec": spec}


def test_the_fake_has_the_real_simulation_s_surface_with_the_same_signatures() -> None:
    """The engine tests drive FakeSimulation where production drives scheduler_core's Simulation:
    every public method of the fake must exist on the real one and take the same arguments."""
    import inspect

    from scheduler_core import Simulation

    public = [name for name, value in vars(FakeSimulation).items()
              if not name.startswith("_") and (callable(value) or isinstance(value, (property, classmethod)))]
    assert public
    for name in public:
        real, fake = inspect.getattr_static(Simulation, name, None), inspect.getattr_static(FakeSimulation, name)
        assert real is not None, f"Simulation has no {name}"
        assert isinstance(real, property) == isinstance(fake, property), name
        if isinstance(fake, property):
            continue
        real_params = list(inspect.signature(getattr(Simulation, name)).parameters)
        fake_params = list(inspect.signature(getattr(FakeSimulation, name)).parameters)
        assert fake_params == real_params[:len(fake_params)], (name, fake_params, real_params)
