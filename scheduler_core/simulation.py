"""Simulation: the deterministic discrete-event engine around the scheduler.

A heap of ``(time, counter, kind, payload)`` timers plus the scheduling queue's own clocks
(backoff flush each whole second, leftover flush every 30 s). ``now`` is virtual; randomness
comes only from ``self.rng = random.Random(seed)``. Every state change is an event (docs/events.md).
"""
from __future__ import annotations

import copy
import math
import random
from typing import Any

import yaml

from scheduler_core.actions import DISRUPTION, PERMIT, PREEMPTION, TERMINATE, ClusterActions
from scheduler_core.cluster_state import ClusterState
from scheduler_core.command_handler import CommandHandler
from scheduler_core.commands import CommandError
from scheduler_core.config import SchedulerConfig
from scheduler_core.controllers import CONTROLLER, ControllerManager
from scheduler_core.framework.registry import build_default_plugins
from scheduler_core.framework.runtime import Framework
from scheduler_core.manifests import cluster_to_documents, load_documents
from scheduler_core.object_views import cluster_views, pod_view, t
from scheduler_core.objects import Cluster, Pod
from scheduler_core.preemption.evaluator import Candidate
from scheduler_core.queue import PriorityQueue
from scheduler_core.schedule_one import Scheduler
from scheduler_core.timed_commands import TimedCommands
from scheduler_core.timeline import Timeline

LEFTOVER_FLUSH_PERIOD = 30.0
SNAPSHOT_FORMAT = "scheduler_core.replay/1"


def _copy_tree(value: Any) -> Any:
    """copy.deepcopy for decoded documents (dicts, lists, scalars), several times faster on big
    scenarios; anything else is deep-copied as usual."""
    kind = type(value)
    if kind is dict:
        return {k: _copy_tree(v) for k, v in value.items()}
    if kind is list:
        return [_copy_tree(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


def _config(config: SchedulerConfig | dict[str, Any] | None) -> SchedulerConfig:
    if isinstance(config, SchedulerConfig):
        return config
    return SchedulerConfig.from_json(config)


class Simulation:
    """The loop (what happens next, and when), the state views and snapshots; the rest is split by
    concern: ``timeline`` (clock, timers, events), ``actions`` (what happens to the cluster),
    ``commands`` (user commands), ``scheduler`` (one scheduling cycle), ``queue``, ``framework``
    and ``controllers``. It is also the plugins' Handle and the controllers' host."""

    def __init__(self, cluster: Cluster, *, seed: int = 0,
                 config: SchedulerConfig | dict[str, Any] | None = None,
                 _documents: list[dict[str, Any]] | None = None,
                 timed_commands: list[dict[str, Any]] | None = None) -> None:
        self.seed = seed
        self.timed_commands = TimedCommands(timed_commands)
        self.config = _config(config)
        self.rng = random.Random(seed)
        self._documents = _documents if _documents is not None else cluster_to_documents(cluster)
        self.timeline = Timeline()
        self.emit = self.timeline.emit  # the plugins' Handle.EventRecorder, bound once
        self._advances = 0
        self._last_leftover_flush = 0.0
        self._leftovers_memo: tuple[tuple[int, int] | None, tuple[float | None, float | None]] = (None, (None, None))
        self.cycles = 0
        self.command_log: list[dict[str, Any]] = []
        self.cluster = ClusterState(cluster)
        self.controllers = ControllerManager(self, cluster.workloads, seed=seed,
                                             delay=self.config.controller_delay_seconds,
                                             push_timer=self._push_controller_timer)
        plugins = build_default_plugins(self.config, self)
        self.framework = Framework(plugins, self.config.plugin_weights)
        self.queue = PriorityQueue(
            pre_enqueue=self.framework.run_pre_enqueue_plugins, plugin_events=self.framework.events_to_register(),
            on_move=self._on_move, queueing_hints=self.config.queueing_hints,
            pop_from_backoff_q=self.config.pop_from_backoff_q,
            initial_backoff=self.config.pod_initial_backoff_seconds, max_backoff=self.config.pod_max_backoff_seconds,
            max_in_unschedulable=self.config.pod_max_in_unschedulable_pods_duration_seconds,
        )
        self.framework.nominated_pods_for_node = self._nominated_pods_for_node
        self.actions = ClusterActions(self.timeline, self.cluster, self.config, self.framework, self.queue,
                                      self.controllers)
        self.commands = CommandHandler(self.actions)
        self.scheduler = Scheduler(self.actions, self.cluster, self.config, self.framework, self.queue, self.rng)
        for pod in cluster.pods:
            self.actions.add_pod(pod)
        self.actions.sync_pdbs()  # the PDB status the snapshot shows
        self.controllers.mark_published()
        self.timeline.silent = False
        self.emit("cluster.snapshot", state=self.state(), profile=self.framework.profile())
        # Upstream's first trySync runs when the PDB is added, and records its events then: the same
        # sync again, now that the log is on (the status is already written, so no pdb.updated).
        self.actions.sync_pdbs()

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def from_yaml(cls, text: str, *, seed: int = 0,
                  config: SchedulerConfig | dict[str, Any] | None = None,
                  timed_commands: list[dict[str, Any]] | None = None) -> Simulation:
        try:
            docs = [d for d in yaml.safe_load_all(text) if d is not None]
        except yaml.YAMLError:
            from scheduler_core.manifests import load_yaml
            load_yaml(text)  # raises the ManifestError with the position
            raise
        return cls.from_documents(docs, seed=seed, config=config, timed_commands=timed_commands)

    @classmethod
    def from_documents(cls, docs: list[dict[str, Any]], *, seed: int = 0,
                       config: SchedulerConfig | dict[str, Any] | None = None,
                       timed_commands: list[dict[str, Any]] | None = None,
                       copy_documents: bool = True) -> Simulation:
        """``timed_commands``: ``[{at, command}]`` applied by the simulation at virtual time ``at``
        (scheduler_core.timed_commands), e.g. a lesson's commands. ``copy_documents=False``: the
        caller will not change ``docs`` (decoded for this call), so the snapshot keeps them as they
        are instead of a copy (a 5,000-node cluster's copy is a tenth of its build)."""
        kept = _copy_tree(list(docs)) if copy_documents else list(docs)
        return cls(load_documents(docs), seed=seed, config=config, _documents=kept, timed_commands=timed_commands)

    def _push_controller_timer(self, when: float, payload: str) -> None:
        self.timeline.push(when, CONTROLLER, payload)

    # ---- the timeline, and the Handle and ControllerHost surface ------------------------

    @property
    def now(self) -> float:
        return self.timeline.now

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.timeline.events

    @property
    def metrics(self) -> dict[str, Any]:
        return self.timeline.metrics

    def add_pod(self, pod: Pod) -> None:
        self.actions.add_pod(pod)

    def controller_delete_pod(self, key: str) -> None:
        self.actions.controller_delete_pod(key)

    def pod_succeeded(self, key: str) -> None:
        self.actions.pod_succeeded(key)

    def prepare_candidate(self, preemptor: Pod, candidate: Candidate, asynchronous: bool) -> None:
        self.actions.prepare_candidate(preemptor, candidate, asynchronous)

    def is_pod_running_preemption(self, uid: str) -> bool:
        return self.actions.is_pod_running_preemption(uid)

    def _on_move(self, key: str, source: str | None, target: str | None, event: str,
                 until: float | None, plugins: tuple[str, ...], index: int | None = None) -> None:
        qpi = self.queue.get(key)
        message = None
        if qpi is not None and target in ("unschedulable", "gated"):
            message = qpi.gating_message if target == "gated" else qpi.message
        self.emit("queue.moved", pod=key, **{"from": source, "to": target}, event=event, until=t(until),
                  plugins=list(plugins) if target in ("unschedulable", "gated") else None,
                  message=message, index=index)

    def _nominated_pods_for_node(self, node: str) -> list[Pod]:
        keys = self.queue.nominator.pods_for_node(node)
        if not keys:
            return []
        return [record.pod for record in map(self.cluster.pods.get, keys) if record is not None]

    # ---- commands -----------------------------------------------------------------------

    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply a command at ``now``; raises CommandError and changes nothing if it is invalid."""
        return self._apply(command, source="user")

    def _apply(self, command: dict[str, Any], *, source: str) -> list[dict[str, Any]]:
        command, parsed = self.commands.check(command)
        start = len(self.events)
        if source == "user":  # timed commands are input, replayed from timed_commands, not from the log
            self.command_log.append({"t": t(self.now), "after": self._advances, "command": copy.deepcopy(command)})
        self.commands.execute(command, parsed, source)
        return self.events[start:]

    # ---- the clock ----------------------------------------------------------------------

    def next_time(self) -> float | None:
        """Virtual time of the next happening, including leftover-flush retries; None if none."""
        return self._next_time(idle_retries=True)

    @property
    def quiescent(self) -> bool:
        """Nothing left that can change anything: at most flush retries that would fail as before."""
        return self._next_time(idle_retries=False) is None

    def _next_time(self, *, idle_retries: bool, timed: bool = True) -> float | None:
        now = self.timeline.now
        candidates = []
        timed_at = self.timed_commands.next_at() if timed else None
        if timed_at is not None:
            candidates.append(max(timed_at, now))
        timer = self.timeline.next_timer()
        if timer is not None:
            candidates.append(max(timer, now))
        if self.queue.can_pop:
            candidates.append(now)
        release = self.queue.next_backoff_release()
        if release is not None:
            candidates.append(max(release, now))
        flush = self._next_leftover_flush(idle_retries=idle_retries)
        if flush is not None:
            candidates.append(flush)
        return min(candidates) if candidates else None

    def _next_leftover_flush(self, *, idle_retries: bool = True) -> float | None:
        """flushUnschedulablePodsLeftover ticks every 30 s; only ticks that can move a pod matter.

        Upstream retries every leftover pod after 5 minutes, also when nothing changed since its
        last failure (``idle_retries``). Such a retry fails the same way, so it does not keep the
        simulation from being quiescent.
        """
        oldest = self._oldest_leftovers()[0 if idle_retries else 1]
        if oldest is None:
            return None
        due = _next_tick(oldest + self.config.pod_max_in_unschedulable_pods_duration_seconds)
        earliest = math.ceil(self.timeline.now / LEFTOVER_FLUSH_PERIOD) * LEFTOVER_FLUSH_PERIOD
        if earliest <= self._last_leftover_flush:
            earliest = self._last_leftover_flush + LEFTOVER_FLUSH_PERIOD
        return max(due, earliest)

    def _oldest_leftovers(self) -> tuple[float | None, float | None]:
        """Earliest queue Timestamp among non-gated unschedulable pods: all of them, and those the
        cluster changed for since their last failure. One scan per change: every queue change
        emits an event, so the event count and the cluster generation key the memo."""
        key = (len(self.events), self.timeline.generation)
        if self._leftovers_memo[0] != key:
            every = changed = None
            for q in self.queue.unschedulable_infos():
                if q.gated:
                    continue
                every = q.timestamp if every is None else min(every, q.timestamp)
                if q.failed_generation != self.timeline.generation:
                    changed = q.timestamp if changed is None else min(changed, q.timestamp)
            self._leftovers_memo = (key, (every, changed))
        return self._leftovers_memo[1]

    def advance(self) -> list[dict[str, Any]]:
        """Process the next happening: every timer due at next_time(), else one scheduling cycle."""
        when = self.next_time()
        if when is None:
            return []
        start = len(self.events)
        self.timeline.now = max(self.timeline.now, when)
        self._advances += 1
        if not self._apply_due_timed_commands() and not self._run_due_timers() and self.scheduler.schedule_one():
            self.cycles += 1
        return self.events[start:]

    def _run_due_timers(self) -> bool:
        now, ran = self.timeline.now, False
        for kind, payload in self.timeline.pop_due():
            if kind == PREEMPTION:
                self.actions.run_async_preemption(payload)
            elif kind == TERMINATE:
                self.actions.finish_termination(payload)
            elif kind == CONTROLLER:
                self.controllers.run_timer(payload)
            elif kind == DISRUPTION:
                self.actions.sync_pdb(payload)
            elif kind == PERMIT:
                self.actions.run_permit_timer(payload)
            ran = True
        release = self.queue.next_backoff_release()
        if release is not None and release <= now:
            self.queue.flush_backoff_completed(now)
            ran = True
        flush = self._next_leftover_flush()
        if flush is not None and flush <= now:
            self._last_leftover_flush = now
            self.queue.flush_unschedulable_leftover(now)
            ran = True
        return ran

    def _apply_due_timed_commands(self) -> bool:
        """Timed commands due now, all together, once nothing else is due at this instant: the
        lesson checker's ``run(until=at)`` then ``apply``. One that no longer fits the cluster (a
        user deleted its node, or took its pod name) is reported, not applied."""
        at = self.timed_commands.next_at()
        if at is None or at > self.timeline.now:
            return False
        others = self._next_time(idle_retries=True, timed=False)
        if others is not None and others <= self.timeline.now:
            return False
        for command in self.timed_commands.take_due(self.timeline.now):
            try:
                self._apply(command, source="lesson")
            except CommandError as err:
                self.emit("command.rejected", command=command, source="lesson", error=err.to_json())
        return True

    def step(self) -> list[dict[str, Any]]:
        """Advance until exactly one scheduling cycle has run; a quiescent simulation steps to its
        next leftover-flush retry, as the real scheduler would."""
        start, cycles = len(self.events), self.cycles
        while self.cycles == cycles and self.next_time() is not None:
            self.advance()
        return self.events[start:]

    def run(self, until: float | None = None, max_cycles: int = 100_000) -> list[dict[str, Any]]:
        """Advance until ``until`` (the clock then reads ``until``), or to quiescence when None."""
        start, first_cycle = len(self.events), self.cycles
        while self.cycles - first_cycle < max_cycles:
            if until is None and self.quiescent:
                break
            when = self.next_time()
            if when is None or (until is not None and when > until):
                break
            self.advance()
        if until is not None and until > self.timeline.now and self.cycles - first_cycle < max_cycles:
            self.timeline.now = float(until)
        return self.events[start:]

    # ---- state and snapshots ------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        q = self.queue
        return {
            "time": t(self.timeline.now),
            "cycle": q.scheduling_cycle,
            **cluster_views(self.cluster),
            "pods": [pod_view(record, self.actions.location(key)) for key, record in self.cluster.pods.items()],
            "queues": {
                "active": q.active_keys(),
                "backoff": [{"pod": key, "until": t(until)} for key, until in q.backoff_entries()],
                "unschedulable": [{"pod": i.key, "plugins": list(i.rejectors), "message": i.message}
                                  for i in q.unschedulable_infos() if not i.gated],
                "gated": [{"pod": i.key, "plugin": i.gating_plugin, "message": i.gating_message}
                          for i in q.unschedulable_infos() if i.gated],
            },
            "metrics": {**copy.deepcopy(self.metrics), "scheduler_pending_pods": q.pending_counts()},
            **({"workloads": self.controllers.views()} if self.controllers.active else {}),
            # Only with a Permit plugin in the profile (the teaching PermitGate): pods waiting at Permit.
            **({"waitingPods": [w.view() for w in self.actions.waiting.values()]}
               if self.framework.permit_plugins else {}),
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to continue exactly: the inputs plus the timed command log."""
        return {
            "format": SNAPSHOT_FORMAT, "documents": copy.deepcopy(self._documents), "seed": self.seed,
            "config": self.config.to_json(), "commandLog": copy.deepcopy(self.command_log),
            "now": self.timeline.now, "advances": self._advances, "timedCommands": self.timed_commands.to_json(),
        }

    @classmethod
    def restore(cls, snapshot: dict[str, Any]) -> Simulation:
        if snapshot.get("format") != SNAPSHOT_FORMAT:
            raise ValueError(f"not a {SNAPSHOT_FORMAT} snapshot")
        sim = cls.from_documents(snapshot["documents"], seed=snapshot["seed"], config=snapshot["config"],
                                 timed_commands=snapshot.get("timedCommands"))
        for entry in snapshot["commandLog"]:
            sim._replay_to(entry["after"])
            sim.timeline.now = float(entry["t"])
            sim.apply(entry["command"])
        sim._replay_to(snapshot["advances"])
        sim.timeline.now = float(snapshot["now"])
        return sim

    def _replay_to(self, advances: int) -> None:
        while self._advances < advances and self.next_time() is not None:
            self.advance()


def _next_tick(after: float) -> float:
    """The first leftover-flush tick strictly later than ``after``."""
    return (math.floor(after / LEFTOVER_FLUSH_PERIOD) + 1) * LEFTOVER_FLUSH_PERIOD


__all__ = ["CommandError", "Simulation"]
