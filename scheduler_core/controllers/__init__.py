"""Workload controllers of kube-controller-manager, on the simulation's virtual clock:
Deployment → ReplicaSet, ReplicaSet, StatefulSet, Job and DaemonSet (docs/scheduler_core.md, Workloads)."""
from __future__ import annotations

from scheduler_core.controllers.manager import CONTROLLER, SCALABLE, ControllerManager

__all__ = ["CONTROLLER", "SCALABLE", "ControllerManager"]
