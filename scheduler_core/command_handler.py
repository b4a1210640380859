"""User commands (docs/runs.md, Commands): validated, parsed and checked against the cluster
before anything changes — a CommandError names the field and the value — then carried out as the
Kubernetes API call they stand for, through ClusterActions.

The command's schema is scheduler_core/commands.py; the Simulation logs user commands for replay.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from scheduler_core.actions import ClusterActions, cross_topology_term
from scheduler_core.cluster_state import SUCCEEDED, PdbRecord
from scheduler_core.commands import CommandError, validate_command
from scheduler_core.framework import cluster_events as ev
from scheduler_core.manifests import (
    SYSTEM_PRIORITY_CLASSES,
    ManifestError,
    parse_namespace,
    parse_node,
    parse_pdb,
    parse_pod,
    parse_priority_class,
    parse_workload,
)
from scheduler_core.object_views import namespace_view, node_view, pdb_view, priority_class_view
from scheduler_core.objects import Namespace, Node, PodDisruptionBudget, PriorityClass, Taint, Workload

# plugin/pkg/admission/namespace/lifecycle: the namespaces that may not be deleted
IMMORTAL_NAMESPACES = ("default", "kube-system", "kube-public")
WORKLOAD_RESOURCES = {"Deployment": "deployments.apps", "ReplicaSet": "replicasets.apps",
                      "StatefulSet": "statefulsets.apps", "DaemonSet": "daemonsets.apps", "Job": "jobs.batch"}


class CommandHandler:
    def __init__(self, actions: ClusterActions) -> None:
        self.actions = actions
        self.timeline = actions.timeline
        self.emit = actions.timeline.emit
        self.cluster = actions.cluster
        self.config = actions.config
        self.queue = actions.queue
        self.controllers = actions.controllers

    @property
    def now(self) -> float:
        return self.timeline.now

    def _changed(self) -> None:
        self.timeline.changed()

    def check(self, command: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """The validated command and its parsed manifest; raises CommandError, changing nothing."""
        command = validate_command(command)
        parsed = self._parse_manifest(command)
        self._precheck(command, parsed)
        return command, parsed

    def execute(self, command: dict[str, Any], parsed: Any, source: str) -> None:
        """Carry out a checked command at ``now``: command.applied, then what it does."""
        self.emit("command.applied", command=copy.deepcopy(command), source=source)
        _EFFECTS[command["type"]](self, command, parsed)

    def _parse_manifest(self, command: dict[str, Any]) -> Any:
        try:
            if command["type"] == "add_pod":
                return parse_pod(command["manifest"], list(self.cluster.priority_classes.values()),
                                 existing_nodes=list(self.cluster.node_infos))
            if command["type"] == "add_node":
                return parse_node(command["manifest"])
            if command["type"] == "add_namespace":
                return parse_namespace(command["manifest"])
            if command["type"] in ("add_priorityclass", "update_priorityclass"):
                return parse_priority_class(command["manifest"])
            if command["type"] in ("add_pdb", "update_pdb"):
                return parse_pdb(command["manifest"])
            if command["type"] == "add_workload":
                return parse_workload(command["manifest"], list(self.cluster.priority_classes.values()))
        except ManifestError as err:
            first = err.errors[0]
            path = "command.manifest" + (f".{first.path}" if first.path else "")
            raise CommandError(path, first.value, str(err)) from err
        if command["type"] == "set_namespace_labels":
            return _relabelled_namespace(command)
        return None

    def _precheck(self, command: dict[str, Any], parsed: Any) -> None:
        kind = command["type"]
        self._check_not_terminating(kind, parsed)  # admission comes before the registry's checks
        if kind == "add_pod" and parsed.key in self.cluster.pods:
            raise CommandError("command.manifest.metadata.name", parsed.name, f"pod {parsed.key} already exists")
        if kind == "add_node" and parsed.name in self.cluster.node_infos:
            raise CommandError("command.manifest.metadata.name", parsed.name, "a node with this name already exists")
        if kind == "evict_pod":
            self.check_eviction(command)
        if kind in ("delete_pod", "remove_scheduling_gates", "set_pod_annotations", "set_pod_labels"):
            record = self._pod_record_for(command)
            if kind == "remove_scheduling_gates" and record.pod.node_name:
                raise CommandError("command.pod", command["pod"], "pod is already bound")
        if kind in ("allow_waiting_pod", "reject_waiting_pod"):
            self._waiting_pod_for(command)
        if "node" in command and kind != "add_node":
            self._node_for(command)
        if kind == "add_namespace" and parsed.name in self.cluster.namespaces:
            raise CommandError("command.manifest.metadata.name", parsed.name, "a namespace with this name already exists")
        if kind in ("set_namespace_labels", "delete_namespace"):
            self._namespace_for(command)
        if kind == "delete_namespace" and command["namespace"] in IMMORTAL_NAMESPACES:
            raise CommandError("command.namespace", command["namespace"], f'namespaces "{command["namespace"]}" '
                               "is forbidden: this namespace may not be deleted")
        if kind == "add_priorityclass":
            self._check_new_priority_class(parsed)
        if kind == "update_priorityclass":
            self._check_priority_class_update(parsed)
        if kind == "delete_priorityclass":
            self._check_priority_class_deletion(command["name"])
        if kind == "add_pdb" and parsed.key in self.cluster.pdbs:
            raise CommandError("command.manifest.metadata.name", parsed.name,
                               f"poddisruptionbudget {parsed.key} already exists")
        if kind == "delete_pdb" and command["pdb"] not in self.cluster.pdbs:
            raise CommandError("command.pdb", command["pdb"], "no such poddisruptionbudget (expected namespace/name)")
        if kind == "update_pdb" and parsed.key not in self.cluster.pdbs:
            raise CommandError("command.manifest.metadata.name", parsed.name,
                               f"no such poddisruptionbudget {parsed.key}")
        if kind in ("scale", "delete_workload", "annotate_workload"):
            self._workload_for(command)
        if kind == "add_workload" and parsed.key in self.controllers.workloads:
            raise CommandError("command.manifest.metadata.name", parsed.name,
                               f"{parsed.kind.lower()} {parsed.namespace}/{parsed.name} already exists")

    def _check_not_terminating(self, kind: str, parsed: Any) -> None:
        """NamespaceLifecycle admission: no new content in a namespace being terminated."""
        resource = {"add_pod": "pods", "add_pdb": "poddisruptionbudgets.policy"}.get(kind)
        if kind == "add_workload":
            resource = WORKLOAD_RESOURCES[parsed.kind]
        if resource is None:
            return
        ns = self.cluster.namespaces.get(parsed.namespace)
        if ns is not None and ns.deletion_timestamp is not None:
            raise CommandError("command.manifest.metadata.namespace", parsed.namespace,
                               f'{resource} "{parsed.name}" is forbidden: unable to create new content in '
                               f"namespace {parsed.namespace} because it is being terminated")

    def _workload_for(self, command: dict[str, Any]) -> str:
        namespace = command.get("namespace", "default")
        key = f"{command['kind']}/{namespace}/{command['name']}"
        if key not in self.controllers.workloads:
            raise CommandError("command.name", command["name"],
                               f"no {command['kind']} with this name in namespace {namespace}")
        return key

    def _check_new_priority_class(self, pc: PriorityClass) -> None:
        if pc.name in self.cluster.priority_classes:
            raise CommandError("command.manifest.metadata.name", pc.name, f"priorityclass {pc.name} already exists")
        self._check_one_default(pc)

    def _check_priority_class_update(self, pc: PriorityClass) -> None:
        """ValidatePriorityClassUpdate: value and preemptionPolicy cannot change; then admission's default rule."""
        old = self.cluster.priority_classes.get(pc.name)
        if old is None:
            raise CommandError("command.manifest.metadata.name", pc.name, f"no such priorityclass {pc.name}")
        if pc.value != old.value:
            raise CommandError("command.manifest.value", pc.value, f'PriorityClass.scheduling.k8s.io "{pc.name}" is '
                               "invalid: value: Forbidden: may not be changed in an update.")
        if pc.preemption_policy != old.preemption_policy:
            raise CommandError("command.manifest.preemptionPolicy", pc.preemption_policy,
                               f'PriorityClass.scheduling.k8s.io "{pc.name}" is invalid: preemptionPolicy: Invalid '
                               f'value: "{pc.preemption_policy}": field is immutable')
        self._check_one_default(pc)

    def _check_one_default(self, pc: PriorityClass) -> None:
        default = next((c for c in self.cluster.priority_classes.values()
                        if c.global_default and c.name != pc.name), None)
        if pc.global_default and default is not None:  # plugin/pkg/admission/priority: one default at most
            raise CommandError("command.manifest.globalDefault", True,
                               f'priorityclasses.scheduling.k8s.io "{pc.name}" is forbidden: PriorityClass '
                               f"{default.name} is already marked as default. Only one default can exist")

    def _check_priority_class_deletion(self, name: str) -> None:
        if any(pc.name == name for pc in SYSTEM_PRIORITY_CLASSES):  # priorityclass/storage: REST.Delete
            raise CommandError("command.name", name, f'priorityclasses.scheduling.k8s.io "{name}" is forbidden: '
                               "this is a system priority class and cannot be deleted")
        if name not in self.cluster.priority_classes:
            raise CommandError("command.name", name, "no such priorityclass")

    def _cmd_add_priority_class(self, pc: PriorityClass) -> None:
        """Nothing the scheduler watches: admission of pods created from now on reads the new class."""
        self.cluster.priority_classes[pc.name] = pc
        self.emit("priorityclass.added", priorityClass=priority_class_view(pc))

    def _cmd_update_priority_class(self, pc: PriorityClass) -> None:
        self.cluster.priority_classes[pc.name] = pc
        self.emit("priorityclass.changed", priorityClass=priority_class_view(pc))

    def _cmd_delete_priority_class(self, command: dict[str, Any]) -> None:
        """Pods admitted with it keep their priority (it was copied into spec.priority at admission)."""
        del self.cluster.priority_classes[command["name"]]
        self.emit("priorityclass.deleted", name=command["name"])

    def _cmd_add_pdb(self, pdb: PodDisruptionBudget) -> None:
        """The disruption controller's add handler syncs the new budget at once (its status may follow)."""
        self.cluster.pdbs[pdb.key] = PdbRecord(pdb, pdb.disruptions_allowed or 0)
        self.emit("pdb.added", pdb=pdb_view(self.cluster.pdbs[pdb.key]))
        self.actions.sync_pdb(pdb.key)

    def _cmd_update_pdb(self, pdb: PodDisruptionBudget) -> None:
        """A new spec; the status is the controller's, which syncs the budget at once (its update handler)."""
        record = self.cluster.pdbs[pdb.key]
        record.pdb = replace(pdb, disruptions_allowed=record.pdb.disruptions_allowed,
                             disrupted_pods=record.pdb.disrupted_pods)
        self.emit("pdb.changed", pdb=pdb_view(record))
        self.actions.sync_pdb(pdb.key)

    def _cmd_delete_pdb(self, command: dict[str, Any]) -> None:
        """From now on evictions and preemption no longer count it."""
        del self.cluster.pdbs[command["pdb"]]
        self.emit("pdb.deleted", pdb=command["pdb"])

    def _pod_record_for(self, command: dict[str, Any]) -> Any:
        record = self.cluster.pods.get(command["pod"])
        if record is None:
            raise CommandError("command.pod", command["pod"], "no such pod (expected namespace/name)")
        return record

    def _waiting_pod_for(self, command: dict[str, Any]) -> str:
        """A pod waiting at Permit for PermitGate (the plugin these commands act for)."""
        from scheduler_core.plugins.permitgate import NAME

        self._pod_record_for(command)
        waiting = self.actions.waiting.get(command["pod"])
        if waiting is None or NAME not in waiting.pending or waiting.signal is not None:
            raise CommandError("command.pod", command["pod"], f"pod is not waiting at Permit for {NAME}")
        return str(command["pod"])

    def _cmd_allow_waiting_pod(self, command: dict[str, Any]) -> None:
        from scheduler_core.plugins.permitgate import NAME
        self.actions.allow_waiting_pod(self._waiting_pod_for(command), NAME)

    def _cmd_reject_waiting_pod(self, command: dict[str, Any]) -> None:
        from scheduler_core.plugins.permitgate import NAME
        message = command.get("message") or "rejected by the reject_waiting_pod command"
        self.actions.reject_waiting_pod(self._waiting_pod_for(command), NAME, message)

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
            self.actions.terminate(record.pod.key, preempted_by=None, grace=grace)
        else:
            self.actions.delete_pod_now(record.pod.key, "Deleted")

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
        self.cluster.add_node(node)  # _precheck refused a name already taken
        self.emit("node.added", node=node_view(node))
        self._changed()
        self.queue.move_all(ev.NODE_ADD, None, node, self.now)
        self.controllers.nodes_changed()

    def _cmd_delete_node(self, command: dict[str, Any]) -> None:
        node = self._node_for(command)
        for key in list(self.cluster.node_infos[node.name].pods):
            if key in self.cluster.pods:  # pod GC deletes pods bound to a deleted node
                self.actions.delete_pod_now(key, "Deleted")
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
        """A Namespace object, or an implicit namespace (one some pod, PDB or workload lives in)."""
        name = command["namespace"]
        if name not in self.cluster.namespaces and name not in IMMORTAL_NAMESPACES and not self._has_content(name):
            raise CommandError("command.namespace", name, "no such namespace")
        return str(name)

    def _has_content(self, name: str) -> bool:
        return (any(record.pod.namespace == name for record in self.cluster.pods.values())
                or any(record.pdb.namespace == name for record in self.cluster.pdbs.values())
                or any(key.split("/")[1] == name for key in self.controllers.workloads))

    def _cmd_delete_namespace(self, command: dict[str, Any]) -> None:
        """The namespace registry marks it Terminating (a second DELETE changes nothing); the namespace
        controller then deletes what it holds: workloads (their dependents follow, background), PDBs, and
        the pods, each gracefully as a DELETE without options; the namespace goes once no pod is left.
        pkg/registry/core/namespace/storage, pkg/controller/namespace/deletion/namespaced_resources_deleter.go"""
        name = command["namespace"]
        old = self.cluster.namespaces.get(name) or Namespace.of(name)
        if old.deletion_timestamp is not None:
            return
        self.cluster.set_namespace(replace(old, deletion_timestamp=self.now))
        self.emit("namespace.updated", namespace=namespace_view(self.cluster.namespaces[name]), change="terminating")
        self._changed()
        for key in [key for key in self.controllers.workloads if key.split("/")[1] == name]:
            if key in self.controllers.workloads:  # a Deployment's ReplicaSet went with it
                self.controllers.delete_workload(key)
        for key in [key for key, record in self.cluster.pdbs.items() if record.pdb.namespace == name]:
            self._cmd_delete_pdb({"pdb": key})
        for key in [key for key, record in self.cluster.pods.items() if record.pod.namespace == name]:
            if key in self.cluster.pods:
                self.actions.controller_delete_pod(key)
        self.actions.finish_namespace(name)

    def _cmd_set_namespace(self, namespace: Namespace, change: str) -> None:
        """Create a Namespace or replace its labels (an implicit namespace becomes an object).

        No pod moves: the scheduler registers no Namespace event (InterPodAffinity reads namespace
        labels at PreFilter/PreScore only), so a pod this would now admit waits for another event or
        the 5-minute flush. The cluster changed, so that flush is scheduled again.
        """
        old = self.cluster.namespaces.get(namespace.name)
        if old is not None:  # a relabelled namespace stays Terminating
            namespace = replace(namespace, deletion_timestamp=old.deletion_timestamp)
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
                                lambda qpi: cross_topology_term(qpi, new, self.cluster))
        self.actions.sync_pdbs(new)
        self.controllers.pod_changed(new)

    def _cmd_add_workload(self, workload: Workload) -> None:
        """The controller's add handler queues it: it syncs controller_delay_seconds later."""
        self.controllers.add_workload(workload)

    def _cmd_scale(self, command: dict[str, Any]) -> None:
        self.controllers.scale(command["kind"], command.get("namespace", "default"), command["name"],
                               command["replicas"])



def _no_effect(handler: CommandHandler, command: dict[str, Any], parsed: Any) -> None:
    """Annotations: nothing the scheduler reads; command.applied is the record."""


# What each command does once checked: one entry per COMMAND_FIELDS type (a test checks it).
_EFFECTS: dict[str, Callable[[CommandHandler, dict[str, Any], Any], None]] = {
    "add_pod": lambda h, _, parsed: h.actions.add_pod(parsed),
    "delete_pod": lambda h, command, _: h._cmd_delete_pod(command),
    "evict_pod": lambda h, command, _: h._cmd_evict_pod(command),
    "add_node": lambda h, _, parsed: h._cmd_add_node(parsed),
    "delete_node": lambda h, command, _: h._cmd_delete_node(command),
    **dict.fromkeys(("cordon", "uncordon", "set_node_labels", "set_node_taints"),
                    lambda h, command, _: h._cmd_node_update(command)),
    "set_node_annotations": _no_effect,
    "set_pod_annotations": _no_effect,
    "set_pod_labels": lambda h, command, _: h._cmd_set_pod_labels(command),
    "remove_scheduling_gates": lambda h, command, _: h._cmd_remove_scheduling_gates(command),
    "add_namespace": lambda h, _, parsed: h._cmd_set_namespace(parsed, "added"),
    "set_namespace_labels": lambda h, _, parsed: h._cmd_set_namespace(parsed, "labels"),
    "delete_namespace": lambda h, command, _: h._cmd_delete_namespace(command),
    "scale": lambda h, command, _: h._cmd_scale(command),
    "add_workload": lambda h, _, parsed: h._cmd_add_workload(parsed),
    "delete_workload": lambda h, command, _: h.controllers.delete_workload(h._workload_for(command)),
    "annotate_workload": _no_effect,
    "add_priorityclass": lambda h, _, parsed: h._cmd_add_priority_class(parsed),
    "update_priorityclass": lambda h, _, parsed: h._cmd_update_priority_class(parsed),
    "delete_priorityclass": lambda h, command, _: h._cmd_delete_priority_class(command),
    "add_pdb": lambda h, _, parsed: h._cmd_add_pdb(parsed),
    "update_pdb": lambda h, _, parsed: h._cmd_update_pdb(parsed),
    "delete_pdb": lambda h, command, _: h._cmd_delete_pdb(command),
    "allow_waiting_pod": lambda h, command, _: h._cmd_allow_waiting_pod(command),
    "reject_waiting_pod": lambda h, command, _: h._cmd_reject_waiting_pod(command),
}

def _relabelled_namespace(command: dict[str, Any]) -> Namespace:
    """The Namespace with its new labels, validated like a manifest's (label keys and values)."""
    try:
        return parse_namespace({"metadata": {"name": command["namespace"], "labels": command["labels"]}})
    except ManifestError as err:
        first = err.errors[0]
        path = "command." + first.path.removeprefix("metadata.")
        raise CommandError(path, first.value, str(err)) from err
