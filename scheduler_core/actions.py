"""What happens to the cluster: bind, failure handling, nominations, preemption's API calls,
graceful termination, the disruption controller's PDB syncs. One component of the Simulation,
which owns the loop; the clock, timers and events are the shared Timeline; user commands are
parsed and checked by scheduler_core/command_handler.py, which calls these."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from scheduler_core import disruption
from scheduler_core.cluster_state import SUCCEEDED, ClusterState, PdbRecord
from scheduler_core.config import SchedulerConfig
from scheduler_core.controllers import ControllerManager
from scheduler_core.diagnosis import Diagnosis, fit_error_message, truncate_message
from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.framework.runtime import Framework
from scheduler_core.object_views import pod_view, t
from scheduler_core.objects import DEFAULT_SCHEDULER_NAME, Pod
from scheduler_core.preemption.evaluator import Candidate
from scheduler_core.queue import PriorityQueue, QueuedPodInfo
from scheduler_core.timeline import Timeline
from scheduler_core.waiting_pods import WaitingPod

TERMINATE, PREEMPTION, DISRUPTION, PERMIT = "terminate", "preemption", "disruption", "permit"


class ClusterActions:
    def __init__(self, timeline: Timeline, cluster: ClusterState, config: SchedulerConfig,
                 framework: Framework, queue: PriorityQueue, controllers: ControllerManager) -> None:
        self.timeline = timeline
        self.emit = timeline.emit  # bound once: a cycle emits several events
        self.cluster = cluster
        self.config = config
        self.framework = framework
        self.queue = queue
        self.controllers = controllers
        self.preempting: dict[str, tuple[str, str, list[str]]] = {}  # preemptor uid -> (key, node, victim keys)
        self._pdbs_queued: set[str] = set()
        self.waiting: dict[str, WaitingPod] = {}  # the framework's waitingPods, by pod key
        self._waits = 0

    @property
    def now(self) -> float:
        return self.timeline.now

    def _changed(self) -> None:
        self.timeline.changed()

    def _view(self, key: str) -> dict[str, Any]:
        return pod_view(self.cluster.pods[key], self.location(key))

    def location(self, key: str) -> str | None:
        """The pod's place in the PodView: its queue, "inFlight", or "waiting" at Permit."""
        return "waiting" if key in self.waiting else self.queue.location(key)

    # ---- the disruption controller ------------------------------------------------------

    def sync_pdbs(self, pod: Pod | None = None) -> None:
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
                self.timeline.push(self.now + delay, DISRUPTION, key)

    def sync_pdb(self, key: str) -> None:
        self._pdbs_queued.discard(key)
        record = self.cluster.pdbs.get(key)
        if record is None:  # deleted while its sync was queued
            return
        if not disruption.has_spec(record.pdb):
            return
        changed, events = disruption.sync(self.cluster, record, self.controllers.scale_of)
        for type_, reason, message in events:  # trySync records them on every sync
            self.emit("k8s.event", type=type_, reason=reason, object=key, objectKind="PodDisruptionBudget",
                      action=None, message=message, related=None)
        if changed:
            self.emit("pdb.updated", pdb=key, disruptionsAllowed=record.disruptions_allowed,
                      currentHealthy=record.current_healthy, desiredHealthy=record.desired_healthy,
                      expectedPods=record.expected_pods)

    # ---- scheduling outcomes ------------------------------------------------------------

    # upstream: schedule_one.go schedulingCycle after SchedulePod: assume, Reserve, Permit
    def finish_scheduling_cycle(self, qpi: QueuedPodInfo, node: str, cycle: int, state: CycleState) -> None:
        """Assume the pod on ``node``, run Reserve and Permit; a Wait makes it a waiting pod,
        a Success starts the binding cycle at once (it completes in the same instant)."""
        key = qpi.key
        assumed = self.cluster.assume(key, node)
        self.queue.nominator.delete(key)  # assume: DeleteNominatedPodIfExists
        fw = self.framework
        status = fw.run_reserve_plugins_reserve(state, assumed, node)
        if status.is_success:
            status, waits = fw.run_permit_plugins(state, assumed, node)
            if status.code == Code.WAIT:
                self._wait_on_permit(qpi, node, cycle, state, waits)
                return
        if not status.is_success:
            fw.run_reserve_plugins_unreserve(state, assumed, node)
            self.cluster.forget(key)
            self._changed()
            self._fail_after_assume(qpi, cycle, node, status)
            return
        self._binding_cycle(qpi, node, cycle, state)

    def _wait_on_permit(self, qpi: QueuedPodInfo, node: str, cycle: int, state: CycleState,
                        waits: dict[str, float]) -> None:
        """newWaitingPod: one timer per waiting plugin; the binding cycle blocks in WaitOnPermit."""
        self._waits += 1
        waiting = WaitingPod(qpi, node, cycle, state, self.now, waits, self._waits)
        self.waiting[qpi.key] = waiting
        self.emit("permit.waiting", pod=qpi.key, node=node, cycle=cycle, plugins=dict(waits), until=t(waiting.until))
        for plugin, wait in waits.items():
            self.timeline.push(self.now + wait, PERMIT, f"{qpi.key}|{waiting.serial}|{plugin}")

    def allow_waiting_pod(self, key: str, plugin: str) -> None:
        """WaitingPod.Allow(plugin): the binding cycle goes on once no plugin is pending."""
        waiting = self.waiting[key]
        waiting.allow(plugin)
        if waiting.signal is not None:
            self.timeline.push(self.now, PERMIT, f"{key}|{waiting.serial}|")

    def reject_waiting_pod(self, key: str, plugin: str, message: str) -> None:
        """WaitingPod.Reject(plugin, message): its binding cycle fails (handleBindingCycleError)."""
        waiting = self.waiting[key]
        first = waiting.signal is None
        waiting.reject(plugin, message)
        if first:
            self.timeline.push(self.now, PERMIT, f"{key}|{waiting.serial}|")

    def run_permit_timer(self, payload: str) -> None:
        """A waiting pod's timer: a plugin's timeout (``plugin`` set) or its binding cycle waking up."""
        key, serial, plugin = payload.split("|")
        waiting = self.waiting.get(key)
        if waiting is None or waiting.serial != int(serial):
            return  # that wait is over
        if plugin:
            if plugin not in waiting.pending or waiting.signal is not None:
                return  # allowed by that plugin meanwhile, or already decided
            waiting.reject(plugin, waiting.timeout_message(plugin))
        elif waiting.signal is None:
            return
        self._end_wait(waiting)

    def _end_wait(self, waiting: WaitingPod) -> None:
        """WaitOnPermit returns: bind on Success, else handleBindingCycleError."""
        key, signal = waiting.key, waiting.signal
        assert signal is not None
        del self.waiting[key]
        if signal.is_success:
            self.emit("permit.allowed", pod=key, node=waiting.node, cycle=waiting.cycle)
            self._binding_cycle(waiting.qpi, waiting.node, waiting.cycle, waiting.state)
            return
        self.emit("permit.rejected", pod=key, node=waiting.node, cycle=waiting.cycle, plugin=signal.plugin,
                  message=signal.message)
        self._binding_cycle_failed(waiting.qpi, waiting.node, waiting.cycle, waiting.state, signal)

    def _binding_cycle(self, qpi: QueuedPodInfo, node: str, cycle: int, state: CycleState) -> None:
        """bindingCycle after WaitOnPermit: Done, PreBind, Bind (finishBinding: Scheduled), PostBind."""
        key, fw = qpi.key, self.framework
        self.queue.done(key)
        assumed = self.cluster.assumed.get(key) or self.cluster.pods[key].pod
        status = fw.run_pre_bind_plugins(state, assumed, node)
        if not status.is_success:
            self._binding_cycle_failed(qpi, node, cycle, state, status)
            return
        self.bind(key, node, cycle)
        fw.run_post_bind_plugins(state, self.cluster.pods[key].pod, node)

    # upstream: schedule_one.go handleBindingCycleError
    def _binding_cycle_failed(self, qpi: QueuedPodInfo, node: str, cycle: int, state: CycleState,
                              status: Status) -> None:
        """Unreserve, ForgetPod (the node's resources are free again: AssignedPodDelete for the
        others, after the failure handling when the pod was rejected), then the failure handler."""
        key = qpi.key
        assumed = self.cluster.assumed.get(key) or qpi.pod
        self.framework.run_reserve_plugins_unreserve(state, assumed, node)
        forgotten = self.cluster.forget(key)
        self._changed()
        if not status.is_rejected:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, forgotten, None, self.now)
        self._fail_after_assume(qpi, cycle, node, status)
        if status.is_rejected:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, forgotten, None, self.now, lambda q: q.key != key)

    def _fail_after_assume(self, qpi: QueuedPodInfo, cycle: int, node: str, status: Status) -> None:
        """The FitError of a rejection after a node was chosen (NumAllNodes 1: only that node), the
        nomination cleared (clearNominatedNode); a pod already deleted is not queued again."""
        diagnosis = None
        message = status.message
        if status.is_rejected:
            diagnosis = Diagnosis(node_to_status={node: status})
            diagnosis.add_plugin_status(status)
            message = fit_error_message(diagnosis, 1)
        if qpi.key not in self.cluster.pods:  # handleSchedulingFailure: not in the informer cache
            self.queue.done(qpi.key)
            self.emit("k8s.event", type="Warning", reason="FailedScheduling", object=qpi.key, action="Scheduling",
                      message=truncate_message(message), related=None)
            self.emit("cycle.finished", cycle=cycle, pod=qpi.key,
                      result="unschedulable" if status.is_rejected else "error", node=None)
            return
        self.record_failure(qpi, cycle, message, status.is_rejected, diagnosis, "", clear_reason="scheduling failed")

    # upstream: schedule_one.go bind + finishBinding ("Scheduled" event)
    def bind(self, key: str, node: str, cycle: int) -> None:
        """DefaultBinder: the binding, the Scheduled event, the informers' AssignedPodAdd."""
        pod = self.cluster.pods[key].pod
        if pod.nominated_node_name and self.config.clearing_nominated_node_name_after_binding:
            # pkg/registry/core/pod/storage/storage.go setPodNodeAndMetadata, behind the feature gate
            self.cluster.set_pod(key, replace(pod, nominated_node_name=""))
        for binder in self.framework.bind_plugins:
            binder.bind(self.cluster.pods[key].pod, node)
            break
        self.queue.nominator.delete(key)  # the scheduler forgets the nomination on assume, in every version
        self.queue.done(key)
        bound = self.cluster.pods[key].pod
        self._emit_bound(bound, cycle)
        self.emit("k8s.event", type="Normal", reason="Scheduled", object=key, action="Binding",
                  message=f"Successfully assigned {key} to {node}", related=None)
        self.emit("cycle.finished", cycle=cycle, pod=key, result="scheduled", node=node)
        self._changed()
        self.queue.move_all(ev.ASSIGNED_POD_ADD, None, bound, self.now)
        self.sync_pdbs(bound)
        self.controllers.pod_bound(bound)

    def _emit_bound(self, bound: Pod, cycle: int) -> None:
        """pod.bound carries the status.nominatedNodeName the bound pod keeps (only when it keeps one)."""
        kept = {"nominatedNodeName": bound.nominated_node_name} if bound.nominated_node_name else {}
        self.emit("pod.bound", pod=bound.key, node=bound.node_name, cycle=cycle, **kept)

    def record_failure(self, qpi: QueuedPodInfo, cycle: int, message: str, rejected: bool,
                       diagnosis: Diagnosis | None, nominating: str | None, clear_reason: str | None = None) -> None:
        """handleSchedulingFailure: requeue, nominator, FailedScheduling event, status NNN."""
        key = qpi.key
        unschedulable = diagnosis.unschedulable_plugins if diagnosis else set()
        pending = diagnosis.pending_plugins if diagnosis else set()
        self.queue.add_unschedulable_if_not_present(
            qpi, self.now, unschedulable, pending, message, cycle, self.timeline.generation, gate=True)
        old = self.cluster.pods[key].pod.nominated_node_name
        self.queue.nominator.add(key, old if nominating is None else nominating)
        self.emit("k8s.event", type="Warning", reason="FailedScheduling", object=key, action="Scheduling",
                  message=truncate_message(message), related=None)
        if nominating is not None and nominating != old:
            reason = clear_reason or ("no preemption candidates" if diagnosis is not None else "scheduling failed")
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
        if old_pod.nominated_node_name and self.config.nomination_change_requeues:
            # v1.33+ (PR #129058, eventhandlers.go hasNominatedNodeNameChanged): the released
            # nomination may let ≤-priority pods fit.
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
            self.timeline.push(self.now, PREEMPTION, preemptor.uid)
            return
        self._delete_victims(preemptor, candidate.node, victims)
        self._clear_lower_nominations(preemptor, candidate.node)

    def run_async_preemption(self, uid: str) -> None:
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
            if key in self.waiting:
                # v1.34 Evaluator.PreemptPod: a victim waiting at Permit is rejected, not deleted
                # (GetWaitingPod(victim.UID).Reject(pluginName, "preempted")); the event is the same.
                self.reject_waiting_pod(key, "DefaultPreemption", "preempted")
                self.emit("k8s.event", type="Normal", reason="Preempted", object=key, action="Preempting",
                          message=f"Preempted by pod {preemptor.uid} on node {node}", related=preemptor.key)
                continue
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
        self.timeline.push(record.delete_at, TERMINATE, key)
        self._changed()
        self.sync_pdbs(record.pod)
        self.controllers.pod_changed(record.pod)

    def delete_pod_now(self, key: str, reason: str) -> None:
        record = self.cluster.remove_pod(key)
        pod = record.pod
        self.queue.delete(key)
        self.emit("pod.deleted", pod=key, node=pod.node_name or None, reason=reason)
        self._changed()
        waiting = self.waiting.get(key)
        if waiting is not None:
            # eventhandlers.go deletePodFromSchedulingQueue: RejectWaitingPod ("removed"), then
            # AssignedPodDelete with the deleted (unassigned) pod; the binding cycle's failure moves
            # the pods again with the assumed one once it has forgotten it.
            self.reject_waiting_pod(key, "", "removed")
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now)
        elif pod.node_name and record.phase != SUCCEEDED:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now)
        elif pod.nominated_node_name and self.config.nomination_change_requeues:
            self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now,
                                lambda q: q.pod.priority <= pod.priority)
        self.sync_pdbs(pod)
        self.controllers.pod_deleted(pod)
        self.finish_namespace(pod.namespace)

    def finish_namespace(self, name: str) -> None:
        """The namespace controller's last step: a Terminating namespace with no pod left is deleted."""
        namespace = self.cluster.namespaces.get(name)
        if namespace is None or namespace.deletion_timestamp is None:
            return
        if any(record.pod.namespace == name for record in self.cluster.pods.values()):
            return
        del self.cluster.namespaces[name]
        self.emit("namespace.deleted", namespace=name)
        self._changed()

    def finish_termination(self, key: str) -> None:
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
            only = None if self.config.queueing_hints else (lambda qpi: cross_topology_term(qpi, added, self.cluster))
            self.queue.move_all(ev.ASSIGNED_POD_ADD, None, added, self.now, only)
        elif pod.scheduler_name == DEFAULT_SCHEDULER_NAME:
            # upstream: eventhandlers.go responsibleForPod — a pod that names another scheduler
            # (spec.schedulerName) is never queued by this one: it stays Pending.
            if pod.nominated_node_name:
                self.queue.nominator.add(pod.key, pod.nominated_node_name)
            self.queue.add(pod, self.now)
        self.sync_pdbs(pod)
        self.controllers.pod_changed(pod)

    def pod_succeeded(self, key: str) -> None:
        """The pod's containers exited 0 (a Job's pod after its run time): phase Succeeded, and it
        leaves the scheduler's cache like a deleted pod, freeing its node's resources."""
        record = self.cluster.finish_pod(key)
        pod = record.pod
        self.emit("pod.succeeded", pod=key, node=pod.node_name or None)
        self._changed()
        self.queue.move_all(ev.ASSIGNED_POD_DELETE, pod, None, self.now)
        self.sync_pdbs(pod)
        self.controllers.pod_changed(pod)

    def controller_delete_pod(self, key: str) -> None:
        """A controller's DELETE: graceful for a running pod, immediate for one never bound."""
        record = self.cluster.pods[key]
        if record.pod.node_name and record.deletion_timestamp is None and record.phase != SUCCEEDED:
            self.terminate(key, preempted_by=None)
        elif record.deletion_timestamp is None:
            self.delete_pod_now(key, "Deleted")

def cross_topology_term(qpi: Any, pod: Pod, cluster: Any) -> bool:
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
