"""API objects (v1 Pod, Node, Namespace, Event; events.k8s.io/v1 Event; policy/v1 PodDisruptionBudget;
scheduling.k8s.io/v1 PriorityClass) from a World: the manifests as written, overlaid with the run's state.

Virtual time maps to dates from the run's creation: virtual t seconds = created_at + t.
"""
from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

from playground.k8sapi import templates
from playground.k8sapi.recorders import Recorded
from playground.k8sapi.world import World, object_uid
from scheduler_core.quantity import format_quantity
from scheduler_core.version import KUBERNETES_VERSION

SCHEDULER = "default-scheduler"
KUBELET_VERSION = KUBERNETES_VERSION
# What the scheduler and the eviction subresource write (pkg/scheduler, pkg/registry/core/pod/storage/eviction.go).
PREEMPTION_TARGET = ("PreemptionByScheduler", f"{SCHEDULER}: preempting to accommodate a higher priority pod")
EVICTION_TARGET = ("EvictionByEvictionAPI", "Eviction API: evicting")
GATED_MESSAGE = "Scheduling is blocked due to non-empty scheduling gates"


def date(world: World, t: float | None) -> datetime:
    return world.anchor.astimezone(UTC) + timedelta(seconds=float(t or 0.0))


def timestamp(world: World, t: float | None) -> str:
    return date(world, t).strftime("%Y-%m-%dT%H:%M:%SZ")


def micro_timestamp(world: World, t: float | None) -> str:
    return date(world, t).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


_uid = object_uid


def _metadata(world: World, manifest: dict[str, Any], name: str, created: float, uid: str,
              namespace: str | None = None, labels: dict[str, str] | None = None,
              annotations: dict[str, str] | None = None) -> dict[str, Any]:
    given = manifest.get("metadata") or {}
    meta: dict[str, Any] = {"name": name}
    if namespace is not None:
        meta["namespace"] = namespace
    meta |= {"uid": uid, "resourceVersion": str(world.seq), "creationTimestamp": timestamp(world, created)}
    if labels if labels is not None else given.get("labels"):
        meta["labels"] = dict(labels if labels is not None else given["labels"])
    annotations = given.get("annotations") if annotations is None else annotations
    if annotations:
        meta["annotations"] = dict(annotations)
    return meta


# ---- pods ---------------------------------------------------------------------------------

def pod(world: World, view: dict[str, Any]) -> dict[str, Any]:
    manifest = templates.pod_manifest(world, view)
    meta = _metadata(world, manifest, view["name"], world.pod_created.get(view["key"], 0.0), view["uid"],
                     view["namespace"], view.get("labels") or {}, world.pod_annotations.get(view["key"]))
    if view.get("owner"):
        meta["ownerReferences"] = [templates.owner_reference(world, view["namespace"], view["owner"])]
    if view.get("deletionTimestamp") is not None:
        grace = world.deletion_grace.get(view["key"], _spec(manifest, view)["terminationGracePeriodSeconds"])
        # when the pod will be gone: the DELETE's time plus its grace period (rest.BeforeDelete)
        meta["deletionTimestamp"] = timestamp(world, float(view["deletionTimestamp"]) + grace)
        meta["deletionGracePeriodSeconds"] = grace
    return {"kind": "Pod", "apiVersion": "v1", "metadata": meta, "spec": _spec(manifest, view),
            "status": _pod_status(world, view, manifest)}


def defaulted_pod_spec(given: dict[str, Any]) -> dict[str, Any]:
    """A PodSpec with the apiserver's defaults (pkg/apis/core/v1/defaults.go), of a pod or a pod template."""
    spec = copy.deepcopy(given)
    spec.setdefault("containers", [{"name": "main"}])
    for container in spec["containers"]:
        container.setdefault("resources", {})
        container.setdefault("terminationMessagePath", "/dev/termination-log")
        container.setdefault("terminationMessagePolicy", "File")
        container.setdefault("imagePullPolicy", "IfNotPresent")
    spec.setdefault("restartPolicy", "Always")
    spec.setdefault("terminationGracePeriodSeconds", 30)
    spec.setdefault("dnsPolicy", "ClusterFirst")
    spec.setdefault("securityContext", {})
    spec.setdefault("schedulerName", SCHEDULER)
    spec.setdefault("enableServiceLinks", True)
    return spec


def _spec(manifest: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    spec = defaulted_pod_spec(manifest.get("spec") or {})
    # Priority admission's.
    spec["priority"] = view["priority"]
    if view.get("priorityClassName"):
        spec["priorityClassName"] = view["priorityClassName"]
    spec["preemptionPolicy"] = view.get("preemptionPolicy") or "PreemptLowerPriority"
    spec.pop("nodeName", None)
    if view.get("nodeName"):
        spec["nodeName"] = view["nodeName"]
    gates = view.get("schedulingGates") or []
    spec.pop("schedulingGates", None)
    if gates:
        spec["schedulingGates"] = [{"name": g} for g in gates]
    return spec


def _condition(type_: str, status: str, when: str, reason: str = "", message: str = "") -> dict[str, Any]:
    condition: dict[str, Any] = {"type": type_, "status": status, "lastProbeTime": None, "lastTransitionTime": when}
    if reason:
        condition["reason"] = reason
    if message:
        condition["message"] = message
    return condition


def pod_conditions(world: World, view: dict[str, Any]) -> list[dict[str, Any]]:
    key = view["key"]
    conditions: list[dict[str, Any]] = []
    if view.get("deletionTimestamp") is not None and (view.get("preemptedBy") or key in world.evicted):
        reason, message = PREEMPTION_TARGET if view.get("preemptedBy") else EVICTION_TARGET
        conditions.append(_condition("DisruptionTarget", "True", timestamp(world, view["deletionTimestamp"]),
                                     reason, message))
    if view.get("phase") == "Succeeded":  # a Job's pod whose containers exited 0: no longer ready (PodCompleted)
        started, finished = timestamp(world, view.get("startTime")), timestamp(world, world.pod_finished.get(key))
        conditions += [_condition("PodReadyToStartContainers", "False", finished),
                       _condition("Initialized", "True", started, "PodCompleted"),
                       _condition("Ready", "False", finished, "PodCompleted"),
                       _condition("ContainersReady", "False", finished, "PodCompleted"),
                       _condition("PodScheduled", "True", started)]
    elif view.get("nodeName"):
        started = timestamp(world, view.get("startTime"))
        conditions += [_condition(t, "True", started) for t in
                       ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled")]
    elif view.get("schedulingGates"):
        conditions.append(_condition("PodScheduled", "False", timestamp(world, world.pod_created.get(key, 0.0)),
                                     "SchedulingGated", GATED_MESSAGE))
    elif key in world.last_failure:
        failure = world.last_failure[key]
        conditions.append(_condition("PodScheduled", "False", timestamp(world, failure["t"]),
                                     "Unschedulable", failure["message"]))
    return conditions


def _pod_status(world: World, view: dict[str, Any], manifest: dict[str, Any]) -> dict[str, Any]:
    succeeded = view.get("phase") == "Succeeded"
    phase = "Succeeded" if succeeded else "Running" if view.get("nodeName") else "Pending"
    status: dict[str, Any] = {"phase": phase, "conditions": pod_conditions(world, view)}
    if view.get("nominatedNodeName"):
        status["nominatedNodeName"] = view["nominatedNodeName"]
    if view.get("nodeName"):
        started = timestamp(world, view.get("startTime"))
        status["startTime"] = started
        state: dict[str, Any] = {"running": {"startedAt": started}}
        if succeeded:
            state = {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": started,
                                    "finishedAt": timestamp(world, world.pod_finished.get(view["key"]))}}
        status["containerStatuses"] = [
            {"name": c["name"], "image": c.get("image", ""), "imageID": "", "ready": not succeeded,
             "started": not succeeded, "restartCount": 0, "state": state}
            for c in _spec(manifest, view)["containers"]]
    status["qosClass"] = qos_class(_spec(manifest, view))
    return status


def qos_class(spec: dict[str, Any]) -> str:
    """GetPodQOS, simplified to requests/limits of cpu and memory."""
    containers = spec.get("containers", []) + spec.get("initContainers", [])
    requests = [c.get("resources", {}).get("requests") or {} for c in containers]
    limits = [c.get("resources", {}).get("limits") or {} for c in containers]
    if not any(r.get(n) for r in requests + limits for n in ("cpu", "memory")):
        return "BestEffort"
    guaranteed = all(lim.get(n) and str(lim.get(n)) == str(req.get(n, lim.get(n)))
                     for req, lim in zip(requests, limits, strict=True) for n in ("cpu", "memory"))
    return "Guaranteed" if guaranteed else "Burstable"


# ---- nodes --------------------------------------------------------------------------------

def quantities(resources: dict[str, int]) -> dict[str, str]:
    return {name: format_quantity(name, int(amount)) for name, amount in sorted(resources.items())}


def node(world: World, view: dict[str, Any]) -> dict[str, Any]:
    manifest = world.node_manifests.get(view["name"], {})
    meta = _metadata(world, manifest, view["name"], world.node_created.get(view["name"], 0.0),
                     _uid(world.run_id, "node", view["name"]), labels=view.get("labels") or {},
                     annotations=world.node_annotations.get(view["name"]))
    spec: dict[str, Any] = {}
    if view.get("taints"):
        spec["taints"] = [{k: v for k, v in t.items() if v != "" or k != "value"} for t in view["taints"]]
    if view.get("unschedulable"):
        spec["unschedulable"] = True
    given = manifest.get("status") or {}
    allocatable = quantities(view.get("allocatable") or {})
    created = timestamp(world, world.node_created.get(view["name"], 0.0))
    status = {
        "capacity": dict(given.get("capacity") or allocatable), "allocatable": allocatable,
        "conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": created,
                        "lastTransitionTime": created, "reason": "KubeletReady",
                        "message": "kubelet is posting ready status"}],
        "addresses": copy.deepcopy(given.get("addresses") or [{"type": "Hostname", "address": view["name"]}]),
        "nodeInfo": {"machineID": "", "systemUUID": meta["uid"], "bootID": "", "kernelVersion": "", "osImage": "",
                     "containerRuntimeVersion": "", "kubeletVersion": KUBELET_VERSION, "kubeProxyVersion": "",
                     "operatingSystem": "linux", "architecture": "amd64", **(given.get("nodeInfo") or {})},
    }
    return {"kind": "Node", "apiVersion": "v1", "metadata": meta, "spec": spec, "status": status}


def namespace(world: World, name: str) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": name, "uid": _uid(world.run_id, "namespace", name),
                            "resourceVersion": str(world.seq),
                            "creationTimestamp": timestamp(world, world.namespace_created.get(name, 0.0))}
    deleted = world.namespace_deletion(name)
    if deleted is not None:  # the namespace registry's Delete: Terminating until the controller has emptied it
        meta["deletionTimestamp"] = timestamp(world, deleted)
    meta["labels"] = world.namespace_labels(name)
    return {"kind": "Namespace", "apiVersion": "v1", "metadata": meta, "spec": {"finalizers": ["kubernetes"]},
            "status": {"phase": "Active" if deleted is None else "Terminating"}}


# ---- scheduling and policy ------------------------------------------------------------------

def priority_class(world: World, view: dict[str, Any]) -> dict[str, Any]:
    meta = {"name": view["name"], "uid": _uid(world.run_id, "priorityclass", view["name"]),
            "resourceVersion": str(world.seq),
            "creationTimestamp": timestamp(world, world.priority_class_created.get(view["name"], 0.0))}
    meta |= _labels_and_annotations(world.priority_class_manifests.get(view["name"]))
    obj: dict[str, Any] = {"kind": "PriorityClass", "apiVersion": "scheduling.k8s.io/v1", "metadata": meta,
                           "value": view["value"]}
    if view.get("globalDefault"):
        obj["globalDefault"] = True
    if view.get("description"):
        obj["description"] = view["description"]
    obj["preemptionPolicy"] = view.get("preemptionPolicy") or "PreemptLowerPriority"
    return obj


def _labels_and_annotations(manifest: dict[str, Any] | None) -> dict[str, Any]:
    """What the object was last written with (objects the model keeps no metadata of)."""
    given = (manifest or {}).get("metadata") or {}
    return {k: dict(given[k]) for k in ("labels", "annotations") if given.get(k)}


def _selector(selector: dict[str, Any] | None) -> dict[str, Any]:
    if not selector:
        return {}
    out: dict[str, Any] = {}
    if selector.get("matchLabels"):
        out["matchLabels"] = selector["matchLabels"]
    if selector.get("matchExpressions"):
        out["matchExpressions"] = selector["matchExpressions"]
    return out


def pdb(world: World, view: dict[str, Any]) -> dict[str, Any]:
    meta = {"name": view["name"], "namespace": view["namespace"], "uid": _uid(world.run_id, "pdb", view["key"]),
            "resourceVersion": str(world.seq), "generation": 1,
            "creationTimestamp": timestamp(world, world.pdb_created.get(view["key"], 0.0))}
    meta |= _labels_and_annotations(world.pdb_manifests.get(view["key"]))
    spec: dict[str, Any] = {"selector": _selector(view.get("selector"))}
    for name in ("minAvailable", "maxUnavailable"):
        if view.get(name) is not None:
            spec[name] = view[name]
    healthy, expected, desired = pdb_health(world, view)
    status = {"observedGeneration": 1, "disruptionsAllowed": view.get("disruptionsAllowed", 0),
              "currentHealthy": healthy, "desiredHealthy": desired, "expectedPods": expected,
              "disruptedPods": {p: timestamp(world, world.now) for p in view.get("disruptedPods") or []}}
    return {"kind": "PodDisruptionBudget", "apiVersion": "policy/v1", "metadata": meta, "spec": spec,
            "status": status}


def pdb_health(world: World, view: dict[str, Any]) -> tuple[int, int, int]:
    """(currentHealthy, expectedPods, desiredHealthy): the disruption controller's status in the run's
    state (scheduler_core.disruption computes it; this only reads it)."""
    return (int(view.get("currentHealthy") or 0), int(view.get("expectedPods") or 0),
            int(view.get("desiredHealthy") or 0))


def selector_matches(selector: dict[str, Any] | None, labels: dict[str, str]) -> bool:
    """metav1.LabelSelector semantics: null matches nothing, {} matches everything."""
    if selector is None:
        return False
    for key, value in (selector.get("matchLabels") or {}).items():
        if labels.get(key) != value:
            return False
    for req in selector.get("matchExpressions") or []:
        key, op, values = req["key"], req["operator"], req.get("values") or []
        present = key in labels
        if (op == "In" and not (present and labels[key] in values)) or \
           (op == "NotIn" and present and labels[key] in values) or \
           (op == "Exists" and not present) or (op == "DoesNotExist" and present):
            return False
    return True


# ---- events -------------------------------------------------------------------------------
# One stored Event (recorders.Recorded), served through both groups as the API server converts it
# (pkg/apis/events/v1/conversion.go): note/message, regarding/involvedObject, reportingController/
# reportingComponent, deprecatedSource/source, deprecated{First,Last}Timestamp/{first,last}Timestamp,
# deprecatedCount/count.

def _micro(world: World, t: float | None) -> str | None:
    return None if t is None else micro_timestamp(world, t)


def _time(world: World, t: float | None) -> str | None:
    return None if t is None else timestamp(world, t)


def _event_meta(world: World, record: Recorded) -> dict[str, Any]:
    return {"name": record.name, "namespace": record.namespace, "uid": _uid(world.run_id, "event", record.key),
            "resourceVersion": str(record.written), "creationTimestamp": timestamp(world, record.created)}


def _series(world: World, record: Recorded) -> dict[str, Any]:
    if record.series is None:
        return {}
    count, last = record.series
    return {"series": {"count": count, "lastObservedTime": micro_timestamp(world, last)}}


def core_event(world: World, record: Recorded) -> dict[str, Any]:
    """What `kubectl get events`, `kubectl events` and `describe` read."""
    obj: dict[str, Any] = {
        "kind": "Event", "apiVersion": "v1", "metadata": _event_meta(world, record),
        "involvedObject": dict(record.regarding), "reason": record.reason, "message": record.message,
        "source": dict(record.source), "firstTimestamp": _time(world, record.first),
        "lastTimestamp": _time(world, record.last),
    }
    if record.count:
        obj["count"] = record.count
    obj |= {"type": record.type, "eventTime": _micro(world, record.event_time), **_series(world, record)}
    if record.action:
        obj["action"] = record.action
    if record.related:
        obj["related"] = dict(record.related)
    return obj | {"reportingComponent": record.controller, "reportingInstance": record.instance}


def events_event(world: World, record: Recorded) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "kind": "Event", "apiVersion": "events.k8s.io/v1", "metadata": _event_meta(world, record),
        "eventTime": _micro(world, record.event_time), **_series(world, record),
        "reportingController": record.controller, "reportingInstance": record.instance,
    }
    if record.action:
        obj["action"] = record.action
    obj |= {"reason": record.reason, "regarding": dict(record.regarding)}
    if record.related:
        obj["related"] = dict(record.related)
    obj |= {"note": record.message, "type": record.type, "deprecatedSource": dict(record.source),
            "deprecatedFirstTimestamp": _time(world, record.first),
            "deprecatedLastTimestamp": _time(world, record.last)}
    if record.count:
        obj["deprecatedCount"] = record.count
    return obj
