"""apps/v1 Deployment, ReplicaSet, StatefulSet, DaemonSet and batch/v1 Job objects, their autoscaling/v1 Scale,
and their Table rows: the manifest as written with the apiserver's defaults, the status as the model's
controllers last wrote it (the WorkloadView in the run's state), in the fields each upstream controller sets."""
from __future__ import annotations

import copy
from typing import Any

from playground.k8sapi import objects, tables, templates
from playground.k8sapi.world import World
from scheduler_core.controllers.base import template_hash
from scheduler_core.manifests.kinds import API_VERSIONS
from scheduler_core.manifests.workloads import JOB_CONTROLLER_UID_LABEL, JOB_NAME_LABEL

SCALABLE = ("Deployment", "ReplicaSet", "StatefulSet")


def render(world: World, view: dict[str, Any]) -> dict[str, Any]:
    written = templates.written(world, view)
    spec = _spec(view, written, view["uid"])
    return {"kind": view["kind"], "apiVersion": API_VERSIONS[view["kind"]],
            "metadata": _metadata(world, view, written), "spec": spec, "status": STATUS[view["kind"]](world, view, spec)}


def _metadata(world: World, view: dict[str, Any], written: dict[str, Any]) -> dict[str, Any]:
    given = written.get("metadata") or {}
    meta: dict[str, Any] = {"name": view["name"], "namespace": view["namespace"], "uid": view["uid"],
                            "resourceVersion": str(world.seq), "generation": view.get("generation", 1),
                            "creationTimestamp": objects.timestamp(world, world.workload_created.get(view["key"], 0.0))}
    labels = dict(given.get("labels") or {})
    if view["kind"] == "Job":  # the apiserver's generated labels (batch/job/strategy.go)
        labels |= {JOB_CONTROLLER_UID_LABEL: view["uid"], JOB_NAME_LABEL: view["name"]}
    if labels:
        meta["labels"] = labels
    annotations = dict(given.get("annotations") or {})
    annotations |= world.workload_annotations.get(view["key"], {})
    if view["kind"] == "Deployment":
        annotations[templates.REVISION] = "1"
    if annotations:
        meta["annotations"] = annotations
    if given.get("ownerReferences"):
        meta["ownerReferences"] = given["ownerReferences"]
    return meta


# ---- spec: as written, with the defaults of pkg/apis/apps/v1 and batch/v1 defaults.go ----------------------

def _spec(view: dict[str, Any], written: dict[str, Any], uid: str) -> dict[str, Any]:
    kind = view["kind"]
    spec = copy.deepcopy(written.get("spec") or {})
    template = spec.setdefault("template", {})
    template.setdefault("metadata", {})
    template["spec"] = objects.defaulted_pod_spec(template.get("spec") or {})
    if kind in SCALABLE:
        spec["replicas"] = view["replicas"]
    if kind == "Job":
        _job_defaults(spec, view, uid)
    if kind in ("Deployment", "StatefulSet", "DaemonSet"):
        spec.setdefault("revisionHistoryLimit", 10)
    if kind == "Deployment":
        spec.setdefault("strategy", {"type": "RollingUpdate",
                                     "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}})
        spec.setdefault("progressDeadlineSeconds", 600)
    elif kind == "StatefulSet":
        spec.setdefault("podManagementPolicy", "OrderedReady")
        spec.setdefault("updateStrategy", {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}})
        spec.setdefault("persistentVolumeClaimRetentionPolicy", {"whenDeleted": "Retain", "whenScaled": "Retain"})
    elif kind == "DaemonSet":
        spec.setdefault("updateStrategy", {"type": "RollingUpdate",
                                           "rollingUpdate": {"maxUnavailable": 1, "maxSurge": 0}})
    return spec


def _job_defaults(spec: dict[str, Any], view: dict[str, Any], uid: str) -> None:
    if spec.get("completions") is None and spec.get("parallelism") is None:
        spec["completions"] = 1
    spec.setdefault("parallelism", 1)
    spec.setdefault("backoffLimit", 6)
    spec.setdefault("completionMode", "NonIndexed")
    spec.setdefault("suspend", False)
    spec.setdefault("podReplacementPolicy", "TerminatingOrFailed")
    if not spec.get("manualSelector"):
        generated = {JOB_CONTROLLER_UID_LABEL: uid, JOB_NAME_LABEL: view["name"], "controller-uid": uid,
                     "job-name": view["name"]}
        spec["selector"] = {"matchLabels": {JOB_CONTROLLER_UID_LABEL: uid}}
        spec["template"]["metadata"]["labels"] = {**(spec["template"]["metadata"].get("labels") or {}), **generated}


# ---- status: what each controller writes ----------------------------------------------------------------

def _counts(view: dict[str, Any]) -> tuple[int, int, int]:
    """(active pods, ready = available pods (minReadySeconds 0), observedGeneration)."""
    return int(view.get("currentPods") or 0), int(view.get("readyPods") or 0), int(view.get("observedGeneration", 1))


def _nonzero(**fields: Any) -> dict[str, Any]:
    """Go's omitempty on int32 fields."""
    return {k: v for k, v in fields.items() if v}


def _deployment_status(world: World, view: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """deployment sync.go calculateStatus, and the conditions syncRolloutStatus writes."""
    current, ready, observed = _counts(view)
    replica_set = next((w for w in world.workloads("ReplicaSet") if w.get("owner") == {"kind": "Deployment",
                        "name": view["name"]} and w["namespace"] == view["namespace"]), None)
    rs_replicas = int(replica_set["replicas"]) if replica_set else 0
    status = _nonzero(observedGeneration=observed, replicas=current, updatedReplicas=current, readyReplicas=ready,
                      availableReplicas=ready, unavailableReplicas=max(0, rs_replicas - ready))
    if replica_set is None:
        return status
    when = objects.timestamp(world, world.workload_changed.get(view["key"], 0.0))
    desired = int(spec["replicas"])
    available = ready >= desired - desired * 25 // 100  # maxUnavailable 25%, rounded down
    complete = current == desired and ready == desired and observed >= view.get("generation", 1)
    status["conditions"] = [
        _condition("Available", available, when, "MinimumReplicasAvailable" if available else
                   "MinimumReplicasUnavailable", "Deployment has minimum availability." if available else
                   "Deployment does not have minimum availability."),
        _condition("Progressing", True, when, "NewReplicaSetAvailable" if complete else "ReplicaSetUpdated",
                   f'ReplicaSet "{replica_set["name"]}" ' + ("has successfully progressed." if complete
                                                             else "is progressing.")),
    ]
    return status


def _condition(type_: str, status: bool, when: str, reason: str, message: str) -> dict[str, Any]:
    return {"type": type_, "status": "True" if status else "False", "lastUpdateTime": when,
            "lastTransitionTime": when, "reason": reason, "message": message}


def _replica_set_status(world: World, view: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """replica_set_utils.go calculateStatus: replicas is not omitempty."""
    current, ready, observed = _counts(view)
    return {"replicas": current, **_nonzero(fullyLabeledReplicas=current, readyReplicas=ready,
                                             availableReplicas=ready, observedGeneration=observed)}


def _stateful_set_status(world: World, view: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """stateful_set_control.go: one revision (templates never change in a run), all pods at it."""
    current, ready, observed = _counts(view)
    revision = f"{view['name']}-{template_hash(spec['template'])}"
    return {"replicas": current, **_nonzero(observedGeneration=observed, readyReplicas=ready, currentReplicas=current,
                                             updatedReplicas=current), "currentRevision": revision,
            "updateRevision": revision, "collisionCount": 0, "availableReplicas": ready}


def _daemon_set_status(world: World, view: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """daemon_controller.go updateDaemonSetStatus."""
    current, ready, observed = _counts(view)
    desired = int(view.get("replicas") or 0)
    return {"currentNumberScheduled": current, "numberMisscheduled": 0, "desiredNumberScheduled": desired,
            "numberReady": ready, **_nonzero(observedGeneration=observed, updatedNumberScheduled=current,
                                             numberAvailable=ready, numberUnavailable=max(0, desired - ready))}


def _job_status(world: World, view: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """job_controller.go: counts, and the terminal conditions (SuccessCriteriaMet/FailureTarget first, v1.33+)."""
    current, ready, _ = _counts(view)
    status: dict[str, Any] = {}
    started = world.workload_created.get(view["key"], 0.0)
    if view.get("observedGeneration", 1):
        status["startTime"] = objects.timestamp(world, started)
    status |= _nonzero(active=current, succeeded=view.get("succeeded"), failed=view.get("failed"))
    status["terminating"] = 0
    status["uncountedTerminatedPods"] = {}
    status["ready"] = ready
    finished = view.get("finished")
    if finished:
        when = objects.timestamp(world, world.workload_changed.get(view["key"], started))
        if finished == "Complete":
            reason, message, types = "CompletionsReached", "Reached expected number of succeeded pods", (
                "SuccessCriteriaMet", "Complete")
            status["completionTime"] = when
        else:
            reason, message, types = "BackoffLimitExceeded", "Job has reached the specified backoff limit", (
                "FailureTarget", "Failed")
        status["conditions"] = [{"type": t, "status": "True", "lastProbeTime": when, "lastTransitionTime": when,
                                 "reason": reason, "message": message} for t in types]
    return status


STATUS = {"Deployment": _deployment_status, "ReplicaSet": _replica_set_status, "StatefulSet": _stateful_set_status,
          "DaemonSet": _daemon_set_status, "Job": _job_status}


# ---- the scale subresource ------------------------------------------------------------------------------

def scale(world: World, view: dict[str, Any]) -> dict[str, Any]:
    """autoscaling/v1 Scale (the registries' scaleFromDeployment & co.)."""
    obj = render(world, view)
    meta = {k: obj["metadata"][k] for k in ("name", "namespace", "uid", "resourceVersion", "creationTimestamp")}
    return {"kind": "Scale", "apiVersion": "autoscaling/v1", "metadata": meta,
            "spec": {"replicas": obj["spec"]["replicas"]},
            "status": {"replicas": obj["status"].get("replicas", 0),
                       "selector": format_selector(obj["spec"].get("selector"))}}


def format_selector(selector: dict[str, Any] | None) -> str:
    """metav1.FormatLabelSelector: requirements sorted by key; empty or none: <none>."""
    parts: list[tuple[str, str]] = [(k, f"{k}={v}") for k, v in ((selector or {}).get("matchLabels") or {}).items()]
    for req in (selector or {}).get("matchExpressions") or []:
        key, op, values = req["key"], req["operator"], ",".join(sorted(req.get("values") or []))
        text = {"In": f"{key} in ({values})", "NotIn": f"{key} notin ({values})", "Exists": key,
                "DoesNotExist": f"!{key}"}[op]
        parts.append((key, text))
    return ",".join(text for _, text in sorted(parts)) or "<none>"


# ---- Table rows (printers.go) ---------------------------------------------------------------------------

def _wide(obj: dict[str, Any], selector: bool = True) -> list[Any]:
    containers = obj["spec"]["template"]["spec"]["containers"]
    cells = [",".join(c["name"] for c in containers), ",".join(c.get("image", "") for c in containers)]
    return cells + ([format_selector(obj["spec"].get("selector"))] if selector else [])


def _age(world: World, view: dict[str, Any]) -> str:
    return tables.age(world, world.workload_created.get(view["key"], 0.0))


def deployment_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    status = obj["status"]
    return [view["name"], f"{status.get('readyReplicas', 0)}/{obj['spec']['replicas']}",
            status.get("updatedReplicas", 0), status.get("availableReplicas", 0), _age(world, view), *_wide(obj)]


def replica_set_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    status = obj["status"]
    return [view["name"], obj["spec"]["replicas"], status["replicas"], status.get("readyReplicas", 0),
            _age(world, view), *_wide(obj)]


def stateful_set_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    return [view["name"], f"{obj['status'].get('readyReplicas', 0)}/{obj['spec']['replicas']}", _age(world, view),
            *_wide(obj, selector=False)]


def daemon_set_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    status = obj["status"]
    node_selector = obj["spec"]["template"]["spec"].get("nodeSelector") or {}
    shown = ",".join(f"{k}={v}" for k, v in sorted(node_selector.items())) or "<none>"
    return [view["name"], status["desiredNumberScheduled"], status["currentNumberScheduled"], status["numberReady"],
            status.get("updatedNumberScheduled", 0), status.get("numberAvailable", 0), shown, _age(world, view),
            *_wide(obj)]


def job_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    spec, status = obj["spec"], obj["status"]
    succeeded = status.get("succeeded", 0)
    if spec.get("completions") is not None:
        completions = f"{succeeded}/{spec['completions']}"
    else:
        completions = f"{succeeded}/1 of {spec['parallelism']}" if spec["parallelism"] > 1 else f"{succeeded}/1"
    started = world.workload_created.get(view["key"], 0.0)
    end = world.workload_changed.get(view["key"], world.now) if "completionTime" in status else world.now
    duration = tables.human_duration(end - started) if "startTime" in status else ""
    types = {c["type"] for c in status.get("conditions") or []}
    state = next((s for s in ("Complete", "Failed", "FailureTarget", "SuccessCriteriaMet") if s in types), "Running")
    return [view["name"], state, completions, duration, _age(world, view), *_wide(obj)]


_DESCRIPTIONS = {
    "containers": "Names of each container in the template.",
    "images": "Images referenced by each container in the template.",
    "selector": "A label query over pods that should match the replicas count. It must match the pod template's "
                "labels.",
}


def _template_columns(selector: bool = True) -> list[tables.Column]:
    cols = [tables.col("Containers", _DESCRIPTIONS["containers"], priority=1),
            tables.col("Images", _DESCRIPTIONS["images"], priority=1)]
    return cols + ([tables.col("Selector", _DESCRIPTIONS["selector"], priority=1)] if selector else [])


READY = "Number of the pod with ready state"
DEPLOYMENT_COLUMNS = [tables.NAME, tables.col("Ready", READY),
                      tables.col("Up-to-date", "Total number of non-terminated pods targeted by this deployment that "
                                 "have the desired template spec."),
                      tables.col("Available", "Total number of available pods (ready for at least minReadySeconds) "
                                 "targeted by this deployment."), tables.AGE, *_template_columns()]
REPLICA_SET_COLUMNS = [tables.NAME,
                       tables.col("Desired", "Replicas is the number of desired pods.", "integer"),
                       tables.col("Current", "Replicas is the most recently observed number of non-terminating pods.",
                                  "integer"),
                       tables.col("Ready", "The number of non-terminating pods targeted by this ReplicaSet with a "
                                  "Ready Condition.", "integer"), tables.AGE, *_template_columns()]
STATEFUL_SET_COLUMNS = [tables.NAME, tables.col("Ready", READY), tables.AGE, *_template_columns(selector=False)]
DAEMON_SET_COLUMNS = [tables.NAME,
                      tables.col("Desired", "The total number of nodes that should be running the daemon pod.",
                                 "integer"),
                      tables.col("Current", "The number of nodes that are running at least 1 daemon pod and are "
                                 "supposed to run the daemon pod.", "integer"),
                      tables.col("Ready", "The number of nodes that should be running the daemon pod and have one or "
                                 "more of the daemon pod running with a Ready Condition.", "integer"),
                      tables.col("Up-to-date", "The total number of nodes that are running updated daemon pod",
                                 "integer"),
                      tables.col("Available", "The number of nodes that should be running the daemon pod and have one "
                                 "or more of the daemon pod running and available.", "integer"),
                      tables.col("Node Selector", "NodeSelector is a selector which must be true for the pod to fit "
                                 "on a node."), tables.AGE, *_template_columns()]
JOB_COLUMNS = [tables.NAME, tables.col("Status", "Status of the job."),
               tables.col("Completions", "The number of pods which reached phase Succeeded."),
               tables.col("Duration", "Time required to complete the job."), tables.AGE, *_template_columns()]
