"""Cluster events and queueing hints (pkg/scheduler/framework/events.go, types.go).

Plugins return ``events_to_register() -> list[ClusterEventWithHint]``; the scheduling queue asks the
hints of a pod's rejector plugins whether an event may make the pod schedulable.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scheduler_core.objects import Pod

# framework.QueueingHint
QUEUE = "Queue"
SKIP = "Skip"

# EventResource
POD = "Pod"
ASSIGNED_POD = "AssignedPod"
NODE = "Node"
WILDCARD = "*"

# ActionType
ADD = "Add"
DELETE = "Delete"
UPDATE = "Update"
UPDATE_NODE_LABEL = "UpdateNodeLabel"
UPDATE_NODE_TAINT = "UpdateNodeTaint"
UPDATE_NODE_ALLOCATABLE = "UpdateNodeAllocatable"
UPDATE_POD_LABEL = "UpdatePodLabel"
UPDATE_POD_TOLERATION = "UpdatePodToleration"
UPDATE_POD_SCHEDULING_GATES_ELIMINATED = "UpdatePodSchedulingGatesEliminated"
UPDATE_POD_SCALE_DOWN = "UpdatePodScaleDown"
ALL = "All"

RESOURCES = (POD, ASSIGNED_POD, NODE, WILDCARD)
ACTIONS = (
    ADD, DELETE, UPDATE, UPDATE_NODE_LABEL, UPDATE_NODE_TAINT, UPDATE_NODE_ALLOCATABLE,
    UPDATE_POD_LABEL, UPDATE_POD_TOLERATION, UPDATE_POD_SCHEDULING_GATES_ELIMINATED,
    UPDATE_POD_SCALE_DOWN, ALL,
)
_UPDATE_ACTIONS = frozenset(a for a in ACTIONS if a.startswith("Update"))

QueueingHintFn = Callable[[Pod, Any, Any], str]


@dataclass(frozen=True)
class ClusterEvent:
    """framework.ClusterEvent. ``label`` is the upstream metric label, e.g. "NodeAdd"."""

    resource: str
    action: str
    label: str

    def __post_init__(self) -> None:
        if self.resource not in RESOURCES:
            raise ValueError(f"unknown ClusterEvent resource {self.resource!r}")
        if self.action not in ACTIONS:
            raise ValueError(f"unknown ClusterEvent action {self.action!r}")

    @property
    def is_wildcard(self) -> bool:
        return self.resource == WILDCARD and self.action == ALL

    def match(self, incoming: ClusterEvent) -> bool:
        """ClusterEvent.Match: does this *registered* event cover the incoming one?

        "Pod" registrations also receive "AssignedPod" events (upstream: Pod covers both
        unscheduled and assigned pods). A registered generic ``Update`` covers every Update* action.
        """
        if self.is_wildcard or incoming.is_wildcard:
            return True
        pod_covers_assigned = self.resource == POD and incoming.resource == ASSIGNED_POD
        if self.resource not in (WILDCARD, incoming.resource) and not pod_covers_assigned:
            return False
        if self.action == ALL or self.action == incoming.action:
            return True
        return self.action == UPDATE and incoming.action in _UPDATE_ACTIONS


@dataclass(frozen=True)
class ClusterEventWithHint:
    event: ClusterEvent
    hint: QueueingHintFn | None = None  # None: always Queue


# Events the scheduler itself generates (framework/events.go).
POD_ADD = ClusterEvent(POD, ADD, "PodAdd")
POD_DELETE = ClusterEvent(POD, DELETE, "PodDelete")
POD_LABEL_CHANGE = ClusterEvent(POD, UPDATE_POD_LABEL, "UpdatePodLabel")
POD_TOLERATION_CHANGE = ClusterEvent(POD, UPDATE_POD_TOLERATION, "UpdatePodToleration")
POD_SCALE_DOWN = ClusterEvent(POD, UPDATE_POD_SCALE_DOWN, "UpdatePodScaleDown")
POD_SCHEDULING_GATES_ELIMINATED = ClusterEvent(
    POD, UPDATE_POD_SCHEDULING_GATES_ELIMINATED, "UpdatePodSchedulingGatesEliminated"
)
ASSIGNED_POD_ADD = ClusterEvent(ASSIGNED_POD, ADD, "AssignedPodAdd")
ASSIGNED_POD_UPDATE = ClusterEvent(ASSIGNED_POD, UPDATE, "AssignedPodUpdate")
ASSIGNED_POD_DELETE = ClusterEvent(ASSIGNED_POD, DELETE, "AssignedPodDelete")
# PodSchedulingPropertiesChange for a bound pod whose labels changed: {AssignedPod, UpdatePodLabel}
# (Label(): resource + action). Before v1.32 the queue got one generic AssignedPodUpdate instead,
# which matched registrations bitwise (Update & UpdatePodLabel != 0): modelled with this action.
ASSIGNED_POD_LABEL_CHANGE = ClusterEvent(ASSIGNED_POD, UPDATE_POD_LABEL, "AssignedPodUpdatePodLabel")
ASSIGNED_POD_UPDATE_LEGACY = ClusterEvent(ASSIGNED_POD, UPDATE_POD_LABEL, "AssignedPodUpdate")
NODE_ADD = ClusterEvent(NODE, ADD, "NodeAdd")
NODE_DELETE = ClusterEvent(NODE, DELETE, "NodeDelete")
NODE_LABEL_CHANGE = ClusterEvent(NODE, UPDATE_NODE_LABEL, "NodeLabelChange")
NODE_TAINT_CHANGE = ClusterEvent(NODE, UPDATE_NODE_TAINT, "NodeTaintChange")
NODE_ALLOCATABLE_CHANGE = ClusterEvent(NODE, UPDATE_NODE_ALLOCATABLE, "NodeAllocatableChange")
UNSCHEDULABLE_TIMEOUT = ClusterEvent(WILDCARD, ALL, "UnschedulableTimeout")
FORCE_ACTIVATE = ClusterEvent(WILDCARD, ALL, "ForceActivate")
