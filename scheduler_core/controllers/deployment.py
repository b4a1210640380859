"""Deployment controller (pkg/controller/deployment): one ReplicaSet per template, scaled to the
Deployment's replicas. Rollouts are not modelled: the template never changes during a run.

The ReplicaSet is ``<deployment>-<pod-template-hash>`` with the hash label added to its selector
and template (sync.go: getNewReplicaSet), owned by the Deployment.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scheduler_core.controllers.base import POD_TEMPLATE_HASH_LABEL, Context, WorkloadState, template_hash
from scheduler_core.manifests.export import pod_document
from scheduler_core.objects import LabelSelector, Workload


def sync(ctx: Context, state: WorkloadState, replica_set: Callable[[str], WorkloadState | None],
         add_workload: Callable[[Workload], WorkloadState]) -> WorkloadState | None:
    """Returns the ReplicaSet whose replicas it changed, for its controller to act on."""
    d = state.workload
    desired = d.replicas or 0
    rs_state = replica_set(state.replica_set) if state.replica_set else None
    if rs_state is None:
        rs = new_replica_set(d)
        state.replica_set = add_workload(rs).key
        if desired > 0:
            ctx.event(d, "Normal", "ScalingReplicaSet", f"Scaled up replica set {rs.name} from 0 to {desired}")
        return None
    old = rs_state.workload.replicas or 0
    if old != desired:  # scaleReplicaSetAndRecordEvent
        rs_state.workload = replace(rs_state.workload, replicas=desired)
        direction = "up" if desired > old else "down"
        ctx.event(d, "Normal", "ScalingReplicaSet",
                  f"Scaled {direction} replica set {rs_state.workload.name} to {desired} from {old}")
        return rs_state
    return None


def new_replica_set(d: Workload) -> Workload:
    """getNewReplicaSet: name, selector and template labels carry the pod-template-hash."""
    digest = template_hash(pod_document(d.template))
    labels = {**d.template.labels, POD_TEMPLATE_HASH_LABEL: digest}
    selector = LabelSelector(
        match_labels=(*d.selector.match_labels, (POD_TEMPLATE_HASH_LABEL, digest)),
        match_expressions=d.selector.match_expressions,
    )
    from scheduler_core.manifests.workloads import workload_uid

    name = f"{d.name}-{digest}"
    return Workload(
        kind="ReplicaSet", name=name, namespace=d.namespace, uid=workload_uid("ReplicaSet", d.uid, name),  # a new uid for each Deployment object
        selector=selector, template=replace(d.template, labels=labels), labels=labels, replicas=d.replicas,
        owner=d.owner_reference(),
    )
