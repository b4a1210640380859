"""Server-side printing: meta.k8s.io/v1 Table with the columns kubectl shows (pkg/printers/internalversion)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playground.k8sapi.recorders import Recorded
from playground.k8sapi.world import World

NAME = ("Name", "string", "name", ("Name must be unique within a namespace. Is required when creating resources, "
        "although some resources may allow a client to request the generation of an appropriate name automatically. "
        "Name is primarily intended for creation idempotence and configuration definition. Cannot be updated."))
AGE = ("Age", "string", "", ("CreationTimestamp is a timestamp representing the server time when this object was "
       "created. It is not guaranteed to be set in happens-before order across separate operations. Clients may "
       "not set this value. It is represented in RFC3339 form and is in UTC."))

Column = tuple[str, str, str, str] | tuple[str, str, str, str, int]


def col(name: str, description: str = "", type_: str = "string", priority: int = 0) -> Column:
    return (name, type_, "", description, priority)


POD_COLUMNS: list[Column] = [
    NAME,
    col("Ready", "The aggregate readiness state of this pod for accepting traffic."),
    col("Status", "The aggregate status of the containers in this pod."),
    col("Restarts", "The number of times the containers in this pod have been restarted and when the last "
         "container in this pod has restarted."),
    AGE,
    col("IP", "podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet "
         "allocated.", priority=1),
    col("Node", "NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for "
         "scheduling by the scheduler defined in schedulerName.", priority=1),
    col("Nominated Node", "nominatedNodeName is set only when this pod preempts other pods on the node, but it "
         "cannot be scheduled right away as preemption victims receive their graceful termination periods.",
         priority=1),
    col("Readiness Gates", "If specified, all readiness gates will be evaluated for pod readiness.", priority=1),
]
NODE_COLUMNS: list[Column] = [
    NAME, col("Status", "The status of the node"), col("Roles", "The roles of the node"), AGE,
    col("Version", "Kubelet Version reported by the node."),
    col("Internal-IP", "List of addresses reachable to the node. Queried from cloud provider, if available.",
         priority=1),
    col("External-IP", "List of addresses reachable to the node. Queried from cloud provider, if available.",
         priority=1),
    col("OS-Image", "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).",
         priority=1),
    col("Kernel-Version", "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
         priority=1),
    col("Container-Runtime", "ContainerRuntime Version reported by the node through runtime remote API "
         "(e.g. containerd://1.4.2).", priority=1),
]
EVENT_COLUMNS: list[Column] = [
    col("Last Seen"), col("Type"), col("Reason"), col("Object"), col("Subobject", priority=1),
    col("Source", priority=1), col("Message"), col("First Seen", priority=1), col("Count", priority=1),
    col("Name", priority=1),
]
NAMESPACE_COLUMNS: list[Column] = [NAME, col("Status", "The status of the namespace"), AGE]
SERVICE_COLUMNS: list[Column] = [  # printers.go serviceColumnDefinitions
    NAME, col("Type", "type determines how the Service is exposed."),
    col("Cluster-IP", "clusterIP is the IP address of the service."),
    col("External-IP", "externalIPs is a list of IP addresses for which nodes in the cluster will also accept "
         "traffic for this service."),
    col("Port(s)", "The list of ports that are exposed by this service."), AGE,
    col("Selector", "Route service traffic to pods with label keys and values matching this selector.", priority=1),
]
PRIORITY_CLASS_COLUMNS: list[Column] = [
    NAME, col("Value", "The value of this priority class. This is the actual priority that pods receive when they "
               "have the name of this class in their pod spec.", "integer"),
    col("Global-Default", "globalDefault specifies whether this PriorityClass should be considered as the default "
         "priority for pods that do not have any priority class.", "boolean"),
    AGE,
    col("PreemptionPolicy", "PreemptionPolicy is the Policy for preempting pods with lower priority."),
]
PDB_COLUMNS: list[Column] = [
    NAME, col("Min Available", "The minimum number of pods that must be available simultaneously. This can be "
               "either an integer or a string specifying a percentage, e.g. \"28%\"."),
    col("Max Unavailable", "The maximum number of pods that may be unavailable simultaneously. This can be either "
         "an integer or a string specifying a percentage, e.g. \"28%\"."),
    col("Allowed Disruptions", "Calculated number of pods that may be disrupted at this time.", "integer"),
    AGE,
]


def human_duration(seconds: float) -> str:
    """k8s.io/apimachinery/pkg/util/duration.HumanDuration."""
    s = int(seconds)
    if s < -1:
        return "<invalid>"
    if s < 0:
        return "0s"
    if s < 120:
        return f"{s}s"
    minutes = s // 60
    if minutes < 10:
        return f"{minutes}m" if s % 60 == 0 else f"{minutes}m{s % 60}s"
    if minutes < 180:
        return f"{minutes}m"
    hours = s // 3600
    if hours < 8:
        return f"{hours}h" if minutes % 60 == 0 else f"{hours}h{minutes % 60}m"
    if hours < 48:
        return f"{hours}h"
    if hours < 24 * 8:
        return f"{hours // 24}d" if hours % 24 == 0 else f"{hours // 24}d{hours % 24}h"
    if hours < 24 * 365 * 2:
        return f"{hours // 24}d"
    if hours < 24 * 365 * 8:
        days = (hours // 24) % 365
        return f"{hours // 24 // 365}y" if days == 0 else f"{hours // 24 // 365}y{days}d"
    return f"{hours // 24 // 365}y"


def age(world: World, created: float) -> str:
    """AGE from the object's date, as a client would compute it (World.age: one clock for both)."""
    return human_duration(world.age(created))


def _none(value: Any) -> str:
    return str(value) if value not in (None, "") else "<none>"


def pod_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    containers = obj["spec"]["containers"]
    ready = sum(1 for c in obj["status"].get("containerStatuses") or [] if c["ready"])
    gates = obj["spec"].get("readinessGates") or []
    return [view["name"], f"{ready}/{len(containers)}", pod_status(view, obj), "0",
            age(world, world.pod_created.get(view["key"], 0.0)), "<none>", _none(view.get("nodeName")),
            _none(view.get("nominatedNodeName")), f"0/{len(gates)}" if gates else "<none>"]


def pod_status(view: dict[str, Any], obj: dict[str, Any]) -> str:
    """printPod's reason: Terminating, SchedulingGated, a terminated container's reason (Completed), else the
    phase."""
    if view.get("deletionTimestamp") is not None:
        return "Terminating"
    for container in obj["status"].get("containerStatuses") or []:
        if "terminated" in container["state"]:
            return str(container["state"]["terminated"]["reason"])
    for condition in obj["status"].get("conditions") or []:
        if condition["type"] == "PodScheduled" and condition.get("reason") == "SchedulingGated":
            return "SchedulingGated"
    return str(obj["status"]["phase"])


def node_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    status = "Ready" + (",SchedulingDisabled" if view.get("unschedulable") else "")
    roles = sorted(k.split("/", 1)[1] for k in view.get("labels") or {}
                   if k.startswith("node-role.kubernetes.io/") and k.split("/", 1)[1])
    roles += [v for k, v in (view.get("labels") or {}).items() if k == "kubernetes.io/role" and v]
    addresses = obj["status"].get("addresses") or []
    info = obj["status"]["nodeInfo"]
    return [view["name"], status, ",".join(roles) or "<none>", age(world, world.node_created.get(view["name"], 0.0)),
            info.get("kubeletVersion", ""), _address(addresses, "InternalIP"), _address(addresses, "ExternalIP"),
            info.get("osImage") or "<unknown>", info.get("kernelVersion") or "<unknown>",
            info.get("containerRuntimeVersion") or "<unknown>"]


def _address(addresses: list[dict[str, str]], type_: str) -> str:
    return next((a["address"] for a in addresses if a.get("type") == type_), "<none>")


def event_cells(world: World, record: Recorded, obj: dict[str, Any]) -> list[Any]:
    """printEvent: LAST SEEN from the series or lastTimestamp, COUNT from the series or count."""
    first = age(world, record.first if record.first is not None else record.event_time or 0.0)
    last = age(world, record.last) if record.last is not None else first
    count = record.count or 1  # singleton events have no count in the new API
    if record.series is not None:
        count, seen = record.series
        last = age(world, seen)
    regarding = record.regarding
    target = f"{regarding['kind'].lower()}/{regarding['name']}" if regarding.get("name") else regarding["kind"].lower()
    component = record.source.get("component") or record.controller
    instance = record.source.get("host") or record.instance
    source = f"{component}, {instance}" if instance else component  # formatEventSource
    return [last, record.type, record.reason, target, regarding.get("fieldPath", ""), source,
            record.message.strip(), first, count, record.name]


def namespace_cells(world: World, name: str, obj: dict[str, Any]) -> list[Any]:
    return [name, obj["status"]["phase"], age(world, world.namespace_created.get(name, 0.0))]


def priority_class_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    return [view["name"], view["value"], bool(view.get("globalDefault")),
            age(world, world.priority_class_created.get(view["name"], 0.0)), obj["preemptionPolicy"]]


def pdb_cells(world: World, view: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    def shown(name: str) -> str:
        return "N/A" if view.get(name) is None else str(view[name])

    return [view["name"], shown("minAvailable"), shown("maxUnavailable"), view.get("disruptionsAllowed", 0),
            age(world, world.pdb_created.get(view["key"], 0.0))]


def service_cells(world: World, service: dict[str, Any], obj: dict[str, Any]) -> list[Any]:
    """printService, for a Service object as stored (the playground holds none: no item reaches this yet)."""
    spec = service.get("spec") or {}
    ports = ",".join(f"{p['port']}/{p.get('protocol', 'TCP')}" for p in spec.get("ports") or []) or "<none>"
    selector = ",".join(f"{k}={v}" for k, v in sorted((spec.get("selector") or {}).items())) or "<none>"
    return [service["metadata"]["name"], spec.get("type", "ClusterIP"), spec.get("clusterIP") or "<none>",
            ",".join(spec.get("externalIPs") or []) or "<none>", ports, "<unknown>", selector]


Cells = Callable[[World, Any, dict[str, Any]], list[Any]]


def column_definitions(columns: list[Column]) -> list[dict[str, Any]]:
    out = []
    for col in columns:
        name, type_, format_, description = col[:4]
        priority = col[4] if len(col) > 4 else 0  # type: ignore[misc]
        out.append({"name": name, "type": type_, "format": format_, "description": description,
                    "priority": priority})
    return out


def row_object(obj: dict[str, Any], include: str) -> dict[str, Any] | None:
    """includeObject: None, Object, or Metadata (the default: PartialObjectMetadata)."""
    if include == "None":
        return None
    if include == "Object":
        return obj
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": obj["metadata"]}


def table(columns: list[Column] | None, rows: list[tuple[list[Any], dict[str, Any]]], resource_version: str,
          include: str = "Metadata") -> dict[str, Any]:
    body: dict[str, Any] = {"kind": "Table", "apiVersion": "meta.k8s.io/v1",
                            "metadata": {"resourceVersion": resource_version}}
    if columns is not None:
        body["columnDefinitions"] = column_definitions(columns)
    body["rows"] = []
    for cells, obj in rows:
        row: dict[str, Any] = {"cells": cells}
        shown = row_object(obj, include)
        if shown is not None:
            row["object"] = shown
        body["rows"].append(row)
    return body
