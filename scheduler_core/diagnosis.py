"""Diagnosis, NodeToStatus and FitError.Error() (framework/types.go) — the FailedScheduling text."""
from __future__ import annotations

from dataclasses import dataclass, field

from scheduler_core.framework.interface import Code, Status

NO_NODES_AVAILABLE = "no nodes available to schedule pods"


@dataclass
class Diagnosis:
    node_to_status: dict[str, Status] = field(default_factory=dict)
    absent_status: Status = field(default_factory=lambda: Status(Code.UNSCHEDULABLE_AND_UNRESOLVABLE))
    unschedulable_plugins: set[str] = field(default_factory=set)
    pending_plugins: set[str] = field(default_factory=set)
    pre_filter_msg: str = ""
    post_filter_msg: str = ""

    def status_of(self, node: str) -> Status:
        """NodeToStatus.Get: explicit status, else the absent-nodes status."""
        return self.node_to_status.get(node, self.absent_status)

    def add_plugin_status(self, status: Status) -> None:
        """Diagnosis.AddPluginStatus."""
        if not status.plugin or not status.is_rejected:
            return
        if status.code == Code.PENDING:
            self.pending_plugins.add(status.plugin)
        else:
            self.unschedulable_plugins.add(status.plugin)


def reasons_histogram(diagnosis: Diagnosis, num_all_nodes: int) -> dict[str, int]:
    reasons: dict[str, int] = {}
    for status in diagnosis.node_to_status.values():
        for reason in status.reasons:
            reasons[reason] = reasons.get(reason, 0) + 1
    absent = num_all_nodes - len(diagnosis.node_to_status)
    if absent > 0:
        for reason in diagnosis.absent_status.reasons:
            reasons[reason] = reasons.get(reason, 0) + absent
    return reasons


def fit_error_message(diagnosis: Diagnosis, num_all_nodes: int) -> str:
    """FitError.Error: "0/N nodes are available: <PreFilter msg | string-sorted histogram>. [PostFilter msg]"."""
    msg = f"0/{num_all_nodes} nodes are available:"
    if diagnosis.pre_filter_msg:
        msg += f" {diagnosis.pre_filter_msg}."
    else:
        histogram = reasons_histogram(diagnosis, num_all_nodes)
        msg += " " + ", ".join(sorted(f"{count} {reason}" for reason, count in histogram.items())) + "."
    if diagnosis.post_filter_msg:
        msg += f" {diagnosis.post_filter_msg}"
    return msg


def truncate_message(message: str, limit: int = 1024) -> str:
    """truncateMessage for event notes."""
    if len(message) <= limit:
        return message
    suffix = " ..."
    return message[: limit - len(suffix)] + suffix
