"""The controller manager: every workload controller behind one work queue on the virtual clock.

A change to a pod (or a node, for DaemonSets) enqueues the pod's controller; the sync runs
``controller_delay_seconds`` later (a key already waiting is not queued twice, as in client-go's
workqueue). A sync may create or delete pods; its status goes out as ``workload.updated``.
The registry ``SYNCS`` is the one place a kind is wired to its controller.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from scheduler_core.cluster_state import PodRecord
from scheduler_core.controllers import daemonset, deployment, job, replicaset, statefulset
from scheduler_core.controllers.base import Context, ControllerHost, WorkloadState, is_active, is_ready
from scheduler_core.objects import OwnerReference, Pod, Workload

CONTROLLER = "controller"  # timer kind; payload "sync:<workload key>" or "complete:<pod key>@<uid>"
SCALABLE = ("Deployment", "ReplicaSet", "StatefulSet")


class ControllerManager:
    def __init__(self, host: ControllerHost, workloads: tuple[Workload, ...], *, seed: int, delay: float,
                 push_timer: Callable[[float, str], None]) -> None:
        self.host = host
        self.delay = delay
        self.ctx = Context(host, random.Random(f"scheduler-playground/names/{seed}"))
        self._push_timer = push_timer
        self.workloads: dict[str, WorkloadState] = {}
        self.by_uid: dict[str, str] = {}
        self._queued: set[str] = set()
        self._syncing: str | None = None
        self._views: dict[str, dict[str, Any]] = {}
        self._had_workloads = False
        for w in workloads:
            self._register(w).observed_generation = 1  # the scenario's workloads are there, observed, at t=0

    @property
    def active(self) -> bool:
        """Whether the run has had workloads (the State then has `workloads`, empty after the last is deleted)."""
        return bool(self.workloads) or self._had_workloads

    # ---- the registry ------------------------------------------------------------------

    def _sync(self, state: WorkloadState) -> None:
        kind = state.workload.kind
        if kind == "Deployment":
            scaled = deployment.sync(self.ctx, state, self.workloads.get, self.add_workload)
            if scaled is not None:
                self.enqueue(scaled.key)
                self._publish(scaled)
        else:
            SYNCS[kind](self.ctx, state)

    # ---- workloads ---------------------------------------------------------------------

    def _register(self, workload: Workload) -> WorkloadState:
        state = WorkloadState(workload)
        self._had_workloads = True
        self.workloads[workload.key] = state
        self.by_uid[workload.uid] = workload.key
        self.enqueue(workload.key)
        return state

    def add_workload(self, workload: Workload) -> WorkloadState:
        """A workload created by another controller (a Deployment's ReplicaSet)."""
        state = self._register(workload)
        self._publish(state)
        return state

    def delete_workload(self, key: str) -> None:
        """DELETE with propagationPolicy Background: the object goes at once; the garbage collector then
        deletes its dependents (a Deployment's ReplicaSet, the pods), each in turn with the same policy."""
        state = self.workloads.pop(key)
        del self.by_uid[state.workload.uid]
        self._queued.discard(key)
        self._views.pop(key, None)
        self.host.emit("workload.deleted", workload=key)
        owner = state.workload.owner
        if owner is not None and owner.uid in self.by_uid:
            self.enqueue(self.by_uid[owner.uid])  # a Deployment makes its ReplicaSet again
        for dependent in [s.key for s in self.workloads.values()
                          if s.workload.owner is not None and s.workload.owner.uid == state.workload.uid]:
            self.delete_workload(dependent)
        for record in self.ctx.owned(state.workload):
            self.host.controller_delete_pod(record.pod.key)

    def adopt(self, pod: Pod) -> Pod:
        """ClaimPods: an orphan whose labels a workload selects is adopted by it (first match wins)."""
        if pod.controller_ref is not None:
            return pod
        for state in self.workloads.values():
            w = state.workload
            if w.kind == "Deployment" or w.namespace != pod.namespace or not w.selector.matches(pod.labels):
                continue
            if w.kind == "StatefulSet" and statefulset.ordinal(w.name, pod.name) is None:
                continue  # not one of the set's identities
            return replace(pod, owner_references=(*pod.owner_references, w.owner_reference()))
        return pod

    def scale(self, kind: str, namespace: str, name: str, replicas: int) -> WorkloadState | None:
        """PUT .../scale: change spec.replicas; the controller reacts after its delay."""
        state = self.workloads.get(f"{kind}/{namespace}/{name}")
        if state is None:
            return None
        if state.workload.replicas != replicas:
            state.generation += 1
        state.workload = replace(state.workload, replicas=replicas)
        self.enqueue(state.key)
        owner = state.workload.owner
        if owner is not None and owner.uid in self.by_uid:
            self.enqueue(self.by_uid[owner.uid])  # a Deployment puts its ReplicaSet's scale back
        self._publish(state)
        return state

    def scale_of(self, ref: OwnerReference, namespace: str) -> tuple[str, int] | None:
        """The disruption controller's finders: a ReplicaSet counts its Deployment's scale."""
        key = self.by_uid.get(ref.uid)
        state = self.workloads.get(key) if key else None
        if state is None or state.workload.kind not in SCALABLE:
            return None
        owner = state.workload.owner
        if state.workload.kind == "ReplicaSet" and owner is not None and owner.kind == "Deployment":
            return self.scale_of(owner, namespace)
        return state.workload.uid, state.workload.replicas or 0

    # ---- the work queue ----------------------------------------------------------------

    def enqueue(self, key: str) -> None:
        if key in self._queued or key == self._syncing:
            return
        self._queued.add(key)
        self._push_timer(self.host.now + self.delay, f"sync:{key}")

    def run_timer(self, payload: str) -> None:
        action, _, rest = payload.partition(":")
        if action == "sync":
            self._queued.discard(rest)
            self.sync(rest)
        else:
            key, _, uid = rest.rpartition("@")
            self._complete(key, uid)

    def sync(self, key: str) -> None:
        state = self.workloads.get(key)
        if state is None:
            return
        self._syncing = key
        try:
            self._sync(state)
            state.observed_generation = state.generation
        finally:
            self._syncing = None
        self._publish(state)
        owner = state.workload.owner
        if owner is not None and owner.uid in self.by_uid:  # a Deployment's status follows its ReplicaSet
            self._publish(self.workloads[self.by_uid[owner.uid]])

    # ---- informer events ---------------------------------------------------------------

    def pod_changed(self, pod: Pod) -> None:
        ref = pod.controller_ref
        key = self.by_uid.get(ref.uid) if ref is not None else None
        if key is None:
            return
        self.enqueue(key)

    def pod_deleted(self, pod: Pod) -> None:
        ref = pod.controller_ref
        key = self.by_uid.get(ref.uid) if ref is not None else None
        if key is not None and self.workloads[key].workload.kind == "Job":
            record = self.host.cluster.pods.get(pod.key)
            if record is None or record.pod.uid != pod.uid:
                job.pod_gone(self.workloads[key], pod.uid)
        self.pod_changed(pod)

    def pod_bound(self, pod: Pod) -> None:
        """A Job's pod starts running: it will succeed after the Job's run_seconds."""
        key = self.by_uid.get(ref.uid) if (ref := pod.controller_ref) is not None else None
        if key is not None:
            w = self.workloads[key].workload
            if w.kind == "Job" and w.run_seconds is not None:
                self._push_timer(self.host.now + w.run_seconds, f"complete:{pod.key}@{pod.uid}")
        self.pod_changed(pod)

    def nodes_changed(self) -> None:
        for key, state in self.workloads.items():
            if state.workload.kind == "DaemonSet":
                self.enqueue(key)

    def _complete(self, key: str, uid: str) -> None:
        record = self.host.cluster.pods.get(key)
        if record is None or record.pod.uid != uid or not is_active(record):
            return
        self.host.pod_succeeded(key)  # type: ignore[attr-defined]

    # ---- status ------------------------------------------------------------------------

    def view(self, state: WorkloadState) -> dict[str, Any]:
        w = state.workload
        pods = self._pods_of(state)
        view: dict[str, Any] = {
            "key": w.key, "kind": w.kind, "name": w.name, "namespace": w.namespace, "uid": w.uid,
            "replicas": self._desired(state), "currentPods": sum(1 for r in pods if is_active(r)),
            "readyPods": sum(1 for r in pods if is_ready(r)),
            "owner": {"kind": w.owner.kind, "name": w.owner.name} if w.owner else None,
            "generation": state.generation, "observedGeneration": state.observed_generation,
        }
        if w.kind == "Job":
            view.update(succeeded=state.succeeded, failed=state.failed, completions=w.completions,
                        finished=state.finished)
        if w.kind == "StatefulSet":
            view["podManagementPolicy"] = w.pod_management_policy
        return view

    def views(self) -> list[dict[str, Any]]:
        """The statuses as last written (a controller writes status when it syncs)."""
        return [self._views[key] for key in self.workloads if key in self._views]

    def _pods_of(self, state: WorkloadState) -> list[PodRecord]:
        if state.workload.kind == "Deployment":
            rs = self.workloads.get(state.replica_set) if state.replica_set else None
            return self.ctx.owned(rs.workload) if rs else []
        return self.ctx.owned(state.workload)

    def _desired(self, state: WorkloadState) -> int:
        w = state.workload
        if w.kind == "Job":
            return job.wanted_active(state) if state.finished is None else 0
        if w.kind == "DaemonSet":
            template = daemonset.daemon_pod_template(w.template)
            return sum(1 for info in self.host.cluster.node_list if daemonset.should_run(template, info.node))
        return w.replicas or 0

    def _publish(self, state: WorkloadState) -> None:
        view = self.view(state)
        if self._views.get(state.key) != view:
            self._views[state.key] = view
            self.host.emit("workload.updated", workload=view)

    def mark_published(self) -> None:
        """The snapshot carries the current views: later events report changes only."""
        self._views = {state.key: self.view(state) for state in self.workloads.values()}


SYNCS: dict[str, Callable[[Context, WorkloadState], None]] = {
    "ReplicaSet": replicaset.sync,
    "StatefulSet": statefulset.sync,
    "Job": job.sync,
    "DaemonSet": daemonset.sync,
}

