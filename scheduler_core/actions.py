"""What happens to the cluster: bind, failure handling, nominations, preemption's API calls,
graceful termination, and the user commands. Mixed into Simulation, which owns clock and events."""
from __future__ import annotations

import heapq
from dataclasses import replace
from typing import Any

from scheduler_core import disruption
from scheduler_core.cluster_state import SUCCEEDED, ClusterState, PdbRecord
from scheduler_core.commands import CommandError
from scheduler_core.config import SchedulerConfig
from scheduler_core.controllers import ControllerManager
from scheduler_core.diagnosis import Diagnosis, truncate_message
from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.runtime import Framework
from scheduler_core.object_views import namespace_view, node_view, pod_view, t
from scheduler_core.objects import DEFAULT_SCHEDULER_NAME, Namespace, Node, Pod, Taint
from scheduler_core.preemption.evaluator import Candidate
from scheduler_core.queue import PriorityQueue, QueuedPodInfo

TERMINATE, PREEMPTION, DISRUPTION = "terminate", "preemption", "disruption"


class ClusterActions:
    cluster: ClusterState
    config: SchedulerConfig
    framework: Framework
    queue: PriorityQueue
    preempting: dict[str, tuple[str, str, list[str]]]  # preemptor uid -> (key, node, victim keys)
    _timers: list[tuple[float, int, str, str]]
    _counter: Any
    generation: int
    controllers: ControllerManager
    _pdbs_queued: set[str]
    _pdb_problems: dict[str, list[tuple[str, str, str]]]

    @property
    def now(self) -> float:
        raise NotImplementedError

    def emit(self, kind: str, **fields: Any) -> None:
        raise NotImplementedError

    def _changed(self) -> None:
        self.generation += 1

    def _view(self, key: str) -> dict[str, Any]:
        return pod_view(self.cluster.pods[key], self.queue.location(key))

    # ---- the disruption controller ------------------------------------------------------

    def _sync_pdbs(self, pod: Pod | None = None) -> None:
        """A pod changed: the disruption controller syncs the PDBs selecting it — at once, or after
        disruption_controller_delay_seconds (meanwhile preemption reads the old status)."""
        delay = self.config.disruption_controller_delay_seconds
        for key, record in self.cluster.pdbs.items():
            if pod is not None and not _selects(record, pod):
                continue
            if delay <= 0 or pod is None:
                self.sync_pdb(key)
            elif key not in self._pdbs_queued:
                self._pdbs_queued.add(key)
                heapq.heappush(self._timers, (self.now + delay, next(self._counter), DISRUPTION, key))

    def sync_pdb(self, key: str) -> None:
        self._pdbs_queued.discard(key)
        record = self.cluster.pdbs[key]
        if not disruption.has_spec(record.pdb):
            return
        changed, problems = disruption.sync(self.cluster, record, self.controllers.scale_of)
        if problems != self._pdb_problems.get(key, []):  # the event recorder aggregates repeats
            for type_, reason, message in problems:
                self.emit("k8s.event", type=type_, reason=reason, object=key, objectKind="PodDisruptionBudget",
                          action=None, message=message, related=None)
            self._pdb_problems[key] = problems
        if changed:
            self.emit("pdb.updated", pdb=key, disruptionsAllowed=record.disruptions_allowed,
                      currentHealthy=record.current_healthy, desiredHealthy=record.desired_healthy,
                      expectedPods=record.expected_pods)

    # ---- scheduling outcomes ------------------------------------------------------------

    # upstream: schedule_one.go assume + bindingCycle + finishBinding ("Scheduled" event); ForgetPod on a failure
    def bind(self, key: str, node: str, cycle: int) -> None:
        """assume → Reserve → Permit → DefaultBinder; binding completes right after the cycle."""
        pod = self.cluster.pods[key].pod
        if pod.nominated_node_name:
            self.cluster.set_pod(key, replace(pod, nominated_node_name=""))
        for binder in self.framework.bind_plugins:
            binder.bind(self.cluster.pods[key].pod, node)
            break
        self.queue.nominator.delete(key)
        self.queue.done(key)
        bound = self.cluster.pods[key].pod
        self.emit("pod.bound", pod=key, node=node, cycle=cycle)
        self.emit("k8s.event", type="Normal", reason="Scheduled", object=key, action="Binding",
                  message=f"Successfully assigned {key} to {node}", related=None)
        self.emit("cycle.finished", cycle=cycle, pod=key, result="scheduled", node=node)
        self._changed()
        self.queue.move_all(ev.ASSIGNED_POD_ADD, None, bound, self.now)
        self._sync_pdbs(bound)
        self.controllers.pod_bound(bound)

    def record_failure(self, qpi: QueuedPodInfo, cycle: int, message: str, rejected: bool,
                       diagnosis: Diagnosis | None, nominating: str | None) -> None:
        """handleSchedulingFailure: requeue, nominator, FailedScheduling event, status NNN."""
        key = qpi.key
        unschedulable = diagnosis.unschedulable_plugins if diagnosis else set()
        pending = diagnosis.pending_plugins if diagnosis else set()
        self.queue.add_unschedulable_if_not_present(
            qpi, self.now, unschedulable, pending, message, cycle, self.generation, gate=True)
        old = self.cluster.pods[key].pod.nominated_node_name
        self.queue.nominator.add(key, old if nominating is None else nominating)
        self.emit("k8s.event", type="Warning", reason="FailedScheduling", object=key, action="Scheduling",
                  message=truncate_message(message), related=None)
        if nominating is not None and nominating != old:
            reason = "no preemption candidates" if diagnosis is not None else "scheduling failed"
            self.set_nomination(key, nominating, reason)
        self.emit("cycle.finished", cycle=cycle, pod=key, result="unschedulable" if rejected else "error", node=None)

    def set_nomination(self, key: str, node: str, reason: str) -> None:
        """Patch status.nominatedNodeName (and the in-memory nominator, as the update event would)."""
        record = self.cluster.pods[key]
        old_pod = record.pod
        new_pod = replace(old_pod, nominated_node_name=node)
        self.cluster.set_pod(key, new_pod)
        qpi = self.queue.get(key)
        if qpi is not None:
            qpi.pod = new_pod
        self.queue.nominator.add(key, node)
        if node:
            self.emit("pod.nominated", pod=key, node=node)
        else:
            self.emit("pod.nominationCleared", pod=key, node=old_pod.nominated_node_name, reason=reason)
        self._changed()
        if old_pod.nominated_node_name and self.config.queueing_hints:
            # v1.33+ (PR #129058): the released nomination may let ≤-priority pods fit.
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, old_pod, None, self.now,
                                lambda q: q.key != key and q.pod.priority <= old_pod.priority)

    # ---- preemption's API calls ---------------------------------------------------------

    def is_pod_running_preemption(self, uid: str) -> bool:
        return uid in self.preempting

    def prepare_candidate(self, preemptor: Pod, candidate: Candidate, asynchronous: bool) -> None:
        victims = [v.key for v in candidate.victims]
        if asynchronous:  # prepareCandidateAsync: the calls run right after this cycle
            victims = [key for key in victims if self.cluster.pods[key].deletion_timestamp is None]
            if not victims:
                return  # every victim is already terminating: no goroutine, no gate, nominations kept
            self.preempting[preemptor.uid] = (preemptor.key, candidate.node, victims)
            heapq.heappush(self._timers, (self.now, next(self._counter), PREEMPTION, preemptor.uid))
            return
        self._delete_victims(preemptor, candidate.node, victims)
        self._clear_lower_nominations(preemptor, candidate.node)

    def _run_async_preemption(self, uid: str) -> None:
        key, node, victims = self.preempting[uid]
        record = self.cluster.pods.get(key)
        preemptor = record.pod if record is not None else None
        if preemptor is not None:
            self._clear_lower_nominations(preemptor, node)
            self._delete_victims(preemptor, node, victims)
        del self.preempting[uid]
        self.queue.reevaluate_gate(key, self.now, ev.ASSIGNED_POD_UPDATE.label)

    def _delete_victims(self, preemptor: Pod, node: str, victims: list[str]) -> None:
        for key in victims:
            record = self.cluster.pods.get(key)
            if record is None or record.deletion_timestamp is not None:
                continue  # already being deleted: no second API call
            self.emit("k8s.event", type="Normal", reason="Preempted", object=key, action="Preempting",
                      message=f"Preempted by pod {preemptor.uid} on node {node}", related=preemptor.key)
            self.terminate(key, preempted_by=preemptor.key)

    def _clear_lower_nominations(self, preemptor: Pod, node: str) -> None:
        """getLowerPriorityNominatedPods + clearNominatedNodeName."""
        for key in self.queue.nominator.pods_for_node(node):
            record = self.cluster.pods.get(key)
            if record is not None and key != preemptor.key and record.pod.priority < preemptor.priority:
                self.set_nomination(key, "", f"preempted by higher priority pod {preemptor.key}")

    # ---- pod lifecycle ------------------------------------------------------------------

    def terminate(self, key: str, preempted_by: str | None, grace: int | None = None) -> None:
        """DELETE with the pod's grace period (or the caller's): deletionTimestamp now, gone at now + grace."""
        record = self.cluster.pods[key]
        grace = record.pod.termination_grace_period_seconds if grace is None else grace
        record.deletion_timestamp = self.now
        record.delete_at = self.now + grace
        record.preempted_by = preempted_by
        record.disruption_target = preempted_by is not None
        record.phase = "Terminating"
        self.emit("pod.terminating", pod=key, node=record.pod.node_name or None, gracePeriodSeconds=grace,
                  deletionTimestamp=t(self.now), deleteAt=t(record.delete_at), preemptedBy=preempted_by)
        heapq.heappush(self._timers, (record.delete_at, next(self._counter), TERMINATE, key))
        self._changed()
        self._sync_pdbs(record.pod)
        self.controllers.pod_changed(record.pod)

    def delete_pod_now(self, key: str, reason: str) -> None:
        record = self.cluster.remove_pod(key)
        pod = record.pod
        self.queue.delete(key)
        self.emit("pod.deleted", pod=key, node=pod.node_name or None, reason=reason)
        self._changed()
        if pod.node_name and record.phase != SUCCEEDED:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now)
        elif pod.nominated_node_name and self.config.queueing_hints:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now,
                                lambda q: q.pod.priority <= pod.priority)
        self._sync_pdbs(pod)
        self.controllers.pod_deleted(pod)

    def _finish_termination(self, key: str) -> None:
        record = self.cluster.pods.get(key)
        if record is None or record.delete_at is None or record.delete_at > self.now:
            return  # deleted earlier (force delete) or re-created
        self.delete_pod_now(key, "Preempted" if record.preempted_by else "Deleted")

    def add_pod(self, pod: Pod) -> None:
        pod = self.cluster.with_uid(self.controllers.adopt(pod))
        self.cluster.add_pod(pod, self.now)
        self.emit("pod.added", pod=self._view(pod.key))
        self._changed()
        if pod.node_name:
            # upstream: eventhandlers.go addPodToCache → MoveAllToActiveOrBackoffQueue(AssignedPodAdd)
            # with queueing hints; without (v1.29–v1.31) AssignedPodAdded, which asks only the pods
            # with a cross-topology term (getUnschedulablePodsWithCrossTopologyTerm).
            added = self.cluster.pods[pod.key].pod
            only = None if self.config.queueing_hints else (lambda qpi: _cross_topology_term(qpi, added, self.cluster))
            self.queue.move_all(ev.ASSIGNED_POD_ADD, None, added, self.now, only)
        elif pod.scheduler_name == DEFAULT_SCHEDULER_NAME:
            # upstream: eventhandlers.go responsibleForPod — a pod that names another scheduler
            # (spec.schedulerName) is never queued by this one: it stays Pending.
            if pod.nominated_node_name:
                self.queue.nominator.add(pod.key, pod.nominated_node_name)
            self.queue.add(pod, self.now)
        self._sync_pdbs(pod)
        self.controllers.pod_changed(pod)

    def pod_succeeded(self, key: str) -> None:
        """The pod's containers exited 0 (a Job's pod after its run time): phase Succeeded, and it
        leaves the scheduler's cache like a deleted pod, freeing its node's resources."""
        record = self.cluster.finish_pod(key)
        pod = record.pod
        self.emit("pod.succeeded", pod=key, node=pod.node_name or None)
        self._changed()
        self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now)
        self._sync_pdbs(pod)
        self.controllers.pod_changed(pod)

    def controller_delete_pod(self, key: str) -> None:
        """A controller's DELETE: graceful for a running pod, immediate for one never bound."""
        record = self.cluster.pods[key]
        if record.pod.node_name and record.deletion_timestamp is None and record.phase != SUCCEEDED:
            self.terminate(key, preempted_by=None)
        elif record.deletion_timestamp is None:
            self.delete_pod_now(key, "Deleted")

    # ---- commands -----------------------------------------------------------------------

    def _pod_record_for(self, command: dict[str, Any]) -> Any:
        record = self.cluster.pods.get(command["pod"])
        if record is None:
            raise CommandError("command.pod", command["pod"], "no such pod (expected namespace/name)")
        return record

    def _node_for(self, command: dict[str, Any]) -> Node:
        info = self.cluster.node_infos.get(command["node"])
        if info is None:
            raise CommandError("command.node", command["node"], "no such node")
        return info.node

    def _update_node(self, new: Node, change: str, event: ev.ClusterEvent | None) -> None:
        old = self.cluster.update_node(new)
        self.emit("node.updated", node=node_view(new), change=change)
        self._changed()
        if event is not None:
            self.queue.move_all(event, old, new, self.now)
        self.controllers.nodes_changed()

    def _cmd_delete_pod(self, command: dict[str, Any]) -> None:
        record = self._pod_record_for(command)
        grace = command.get("gracePeriodSeconds")
        if record.pod.node_name and record.deletion_timestamp is None and record.phase != SUCCEEDED and grace != 0:
            self.terminate(record.pod.key, preempted_by=None, grace=grace)
        else:
            self.delete_pod_now(record.pod.key, "Deleted")

    def check_eviction(self, command: dict[str, Any]) -> None:
        """The Eviction subresource's PDB check (pkg/registry/core/pod/storage/eviction.go), before any change."""
        record = self._pod_record_for(command)
        if not record.pod.node_name or record.deletion_timestamp is not None:
            return  # canIgnorePDB: a pending or terminating pod is deleted without asking its budgets
        pdbs = [r for r in self.cluster.pdbs.values() if r.pdb.namespace == record.pod.namespace
                and r.pdb.selector is not None and r.pdb.selector.matches(record.pod.labels)]
        if len(pdbs) > 1:
            raise CommandError("command.pod", command["pod"], "This pod has more than one PodDisruptionBudget, "
                               "which the eviction subresource does not support.")
        if pdbs and pdbs[0].disruptions_allowed <= 0:
            raise CommandError("command.pod", command["pod"],
                               "Cannot evict pod as it would violate the pod's disruption budget.")

    def _cmd_evict_pod(self, command: dict[str, Any]) -> None:
        """A permitted eviction deletes the pod; the disruption controller then lowers disruptionsAllowed."""
        self._cmd_delete_pod(command)

    def _cmd_add_node(self, node: Node) -> None:
        if node.name in self.cluster.node_infos:
            raise CommandError("command.manifest.metadata.name", node.name, "a node with this name already exists")
        self.cluster.add_node(node)
        self.emit("node.added", node=node_view(node))
        self._changed()
        self.queue.move_all(ev.NODE_ADD, None, node, self.now)
        self.controllers.nodes_changed()

    def _cmd_delete_node(self, command: dict[str, Any]) -> None:
        node = self._node_for(command)
        for key in list(self.cluster.node_infos[node.name].pods):
            if key in self.cluster.pods:  # pod GC deletes pods bound to a deleted node
                self.delete_pod_now(key, "Deleted")
        self.cluster.delete_node(node.name)
        self.emit("node.deleted", node=node.name)
        self._changed()
        self.queue.move_all(ev.NODE_DELETE, node, None, self.now)
        self.controllers.nodes_changed()

    def _cmd_node_update(self, command: dict[str, Any]) -> None:
        node = self._node_for(command)
        kind = command["type"]
        if kind in ("cordon", "uncordon"):
            schedulable = kind == "uncordon"
            # Only a node becoming schedulable is an event (mapped to UpdateNodeTaint upstream).
            event = ev.NODE_TAINT_CHANGE if schedulable and node.unschedulable else None
            self._update_node(replace(node, unschedulable=not schedulable), kind, event)
        elif kind == "set_node_labels":
            self._update_node(replace(node, labels=dict(command["labels"])), "labels", ev.NODE_LABEL_CHANGE)
        else:
            taints = tuple(Taint(key=x["key"], value=x.get("value", ""), effect=x["effect"])
                           for x in command["taints"])
            self._update_node(replace(node, taints=taints), "taints", ev.NODE_TAINT_CHANGE)

    def _namespace_for(self, command: dict[str, Any]) -> str:
        """A Namespace object, or an implicit namespace (one some pod lives in)."""
        name = command["namespace"]
        if name not in self.cluster.namespaces and not any(
                record.pod.namespace == name for record in self.cluster.pods.values()):
            raise CommandError("command.namespace", name, "no such namespace")
        return str(name)

    def _cmd_set_namespace(self, namespace: Namespace, change: str) -> None:
        """Create a Namespace or replace its labels (an implicit namespace becomes an object).

        No pod moves: the scheduler registers no Namespace event (InterPodAffinity reads namespace
        labels at PreFilter/PreScore only), so a pod this would now admit waits for another event or
        the 5-minute flush. The cluster changed, so that flush is scheduled again.
        """
        self.cluster.set_namespace(namespace)
        self.emit("namespace.updated", namespace=namespace_view(namespace), change=change)
        self._changed()

    def _cmd_remove_scheduling_gates(self, command: dict[str, Any]) -> None:
        old = self._pod_record_for(command).pod
        new = replace(old, scheduling_gates=())
        self.cluster.set_pod(old.key, new)
        self._changed()
        if old.scheduling_gates:
            self.queue.update(old, new, ev.POD_SCHEDULING_GATES_ELIMINATED, self.now)

    def _cmd_set_pod_labels(self, command: dict[str, Any]) -> None:
        """A pod's labels replaced (`kubectl label pod`), as the scheduler's informers see it.

        Unscheduled pod: PriorityQueue.Update with the derived UpdatePodLabel event (its own
        queueing hints decide; before v1.32, without hints, any real change requeues it).
        Bound pod: the cache update, then per derived event — with queueing hints,
        MoveAllToActiveOrBackoffQueue(AssignedPod/UpdatePodLabel); without (v1.29–v1.31),
        AssignedPodUpdated: only pods whose required affinity terms match the pod, or that
        PodTopologySpread rejected in its namespace (getUnschedulablePodsWithCrossTopologyTerm).
        pkg/scheduler/eventhandlers.go: updatePodInSchedulingQueue, updatePodInCache.
        """
        record = self._pod_record_for(command)
        old = record.pod
        new = replace(old, labels=dict(command["labels"]))
        if new.labels == old.labels:
            return  # no informer event: the API server does not bump an unchanged object
        self.cluster.set_pod(old.key, new)
        self._changed()
        if not old.node_name:
            self.queue.update(old, new, ev.POD_LABEL_CHANGE, self.now)
        elif self.config.queueing_hints:
            self.queue.move_all(ev.ASSIGNED_POD_LABEL_CHANGE, old, new, self.now)
        else:
            self.queue.move_all(ev.ASSIGNED_POD_UPDATE_LEGACY, old, new, self.now,
                                lambda qpi: _cross_topology_term(qpi, new, self.cluster))
        self._sync_pdbs(new)
        self.controllers.pod_changed(new)

    def _cmd_scale(self, command: dict[str, Any]) -> None:
        self.controllers.scale(command["kind"], command.get("namespace", "default"), command["name"],
                               command["replicas"])


def _cross_topology_term(qpi: Any, pod: Pod, cluster: Any) -> bool:
    """getUnschedulablePodsWithCrossTopologyTerm: rejected by PodTopologySpread in the pod's
    namespace, or a required pod-affinity term of the waiting pod matches the changed pod."""
    from scheduler_core.plugins.interpodaffinity.terms import PodAffinityInfo

    if "PodTopologySpread" in qpi.rejectors and qpi.pod.namespace == pod.namespace:
        return True
    ns_labels = cluster.namespace_labels(pod.namespace)
    return any(term.matches(pod, ns_labels) for term in PodAffinityInfo.of(qpi.pod).required_affinity_terms)


def _selects(record: PdbRecord, pod: Pod) -> bool:
    """getPdbForPod: a PDB in the pod's namespace whose selector matches the pod's labels."""
    selector = record.pdb.selector
    return record.pdb.namespace == pod.namespace and selector is not None and selector.matches(pod.labels)
