"""Job controller (pkg/controller/job/job_controller.go: syncJob, manageJob), NonIndexed.

active = pods not finished and not terminating; a pod that is deleted or preempted before it
succeeds counts as failed (podReplacementPolicy TerminatingOrFailed: replaced at once). The
wanted number of active pods is min(parallelism, completions − succeeded) — for a work-queue Job
(no completions) parallelism until the first success. A pod runs ``run_seconds`` once bound, then
Succeeds. More than backoffLimit failures fail the Job.
"""
from __future__ import annotations

from scheduler_core.cluster_state import SUCCEEDED
from scheduler_core.controllers.base import Context, WorkloadState, is_active


def count_finished(state: WorkloadState, ctx: Context) -> None:
    """Pods that finished since the last sync, each counted once (the uncounted-terminated-pods ledger)."""
    for record in ctx.owned(state.workload):
        uid = record.pod.uid
        if uid in state.counted:
            continue
        if record.phase == SUCCEEDED:
            state.succeeded += 1
            state.counted.add(uid)
        elif record.deletion_timestamp is not None:
            state.failed += 1
            state.counted.add(uid)


def pod_gone(state: WorkloadState, uid: str) -> None:
    """A pod deleted before the controller saw it terminating still counts as failed."""
    if uid not in state.counted:
        state.failed += 1
        state.counted.add(uid)


def wanted_active(state: WorkloadState) -> int:
    job = state.workload
    parallelism = job.parallelism or 0
    if job.completions is None:
        return parallelism if state.succeeded == 0 else 0
    return max(0, min(parallelism, job.completions - state.succeeded))


def sync(ctx: Context, state: WorkloadState) -> None:
    job = state.workload
    count_finished(state, ctx)
    active = [r for r in ctx.owned(job) if is_active(r)]
    if state.finished is not None:
        return
    if state.failed > job.backoff_limit:
        state.finished = "Failed"
        for record in active:
            ctx.delete_pod(job, record, f"Deleted pod: {record.pod.name}")
        ctx.event(job, "Warning", "BackoffLimitExceeded", "Job has reached the specified backoff limit")
        return
    done = (state.succeeded >= job.completions if job.completions is not None
            else state.succeeded > 0 and not active)
    if done:
        state.finished = "Complete"
        ctx.event(job, "Normal", "Completed", "Job completed")
        return
    wanted = wanted_active(state)
    for _ in range(wanted - len(active)):
        name = ctx.generate_name(f"{job.name}-")
        ctx.create_pod(job, name, f"Created pod: {name}")
    if job.completions is None:
        return  # a work queue: after the first success the other pods finish on their own
    surplus = max(0, len(active) - wanted)
    for record in sorted(active, key=lambda r: (bool(r.pod.node_name), r.phase == "Running"))[:surplus]:
        ctx.delete_pod(job, record, f"Deleted pod: {record.pod.name}")
