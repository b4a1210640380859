"""What the OpenAPI schema says beyond what the views' serializers tell drf-spectacular.

- The four manifest kinds with the fields the model reads (docs/scheduler_core.md), as components
  (settings.SPECTACULAR_SETTINGS["APPEND_COMPONENTS"]). They stay open (additionalProperties):
  fields the model does not read are accepted, kept and listed in `ignored`, as in Kubernetes.
- The run command union, generated from the one list of commands: scheduler_core.commands
  (cluster commands and their fields) plus the run's control commands.
- Responses every operation can give (postprocessing hook): 401 for an unknown or revoked token
  or an unsupported Authorization scheme, 400/413/415 for any request body.
- OpenAPI links from each operation that creates something to the operations on what it created
  (postprocessing hook), so a client generator or schemathesis' stateful phase can follow them.
"""
from __future__ import annotations

from typing import Any

from playground import ranges
from scheduler_core.commands import (
    COMMAND_FIELDS,
    MAX_REPLICAS,
    OPTIONAL_FIELDS,
    SCALE_KINDS,
    TAINT_EFFECTS,
    WORKLOAD_KINDS,
)
from scheduler_core.manifests.kinds import KIND_BY_NAME

ERROR_REF = {"$ref": "#/components/schemas/Error"}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


STRING_MAP = {"type": "object", "additionalProperties": {"type": "string"}}
QUANTITY = {"oneOf": [{"type": "string"}, {"type": "number"}],
            "description": 'a Kubernetes quantity, e.g. "500m", "2", "4Gi"'}
QUANTITIES = {"type": "object", "additionalProperties": QUANTITY}
INT_OR_PERCENT = {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "pattern": r"^[0-9]+%$"}]}
LABEL_SELECTOR = {
    "type": "object",
    "properties": {
        "matchLabels": STRING_MAP,
        "matchExpressions": {"type": "array", "items": {
            "type": "object", "required": ["key", "operator"],
            "properties": {"key": {"type": "string"}, "operator": {"type": "string",
                                                                    "enum": ["In", "NotIn", "Exists", "DoesNotExist"]},
                           "values": {"type": "array", "items": {"type": "string"}}}}},
    },
}
TAINT = {"type": "object", "required": ["key", "effect"],
         "properties": {"key": {"type": "string"}, "value": {"type": "string"},
                        "effect": {"type": "string", "enum": list(TAINT_EFFECTS)}}}


def metadata(namespaced: bool) -> dict[str, Any]:
    props: dict[str, Any] = {"name": {"type": "string", "minLength": 1}, "labels": STRING_MAP,
                             "annotations": STRING_MAP}
    if namespaced:
        props["namespace"] = {"type": "string", "description": 'default "default"'}
    return {"type": "object", "required": ["name"], "properties": props}


def manifest(kind: str, **fields: Any) -> dict[str, Any]:
    """A modelled kind's manifest; its apiVersion and scope from scheduler_core.manifests.kinds."""
    api_version, namespaced = KIND_BY_NAME[kind].api_version, KIND_BY_NAME[kind].namespaced
    return {
        "type": "object",
        "description": f"a {kind} manifest; fields the model does not read are kept and listed in `ignored`",
        "required": ["metadata"],
        "properties": {"apiVersion": {"type": "string", "enum": [api_version]},
                       "kind": {"type": "string", "enum": [kind]},
                       "metadata": metadata(namespaced), **fields},
        "additionalProperties": True,
    }


CONTAINER = {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string"}, "image": {"type": "string"},
    "resources": {"type": "object", "properties": {"requests": QUANTITIES, "limits": QUANTITIES}},
    "ports": {"type": "array", "items": {"type": "object", "properties": {
        "containerPort": {"type": "integer"}, "hostPort": {"type": "integer"}, "protocol": {"type": "string"}}}},
}}
TOLERATION = {"type": "object", "properties": {
    "key": {"type": "string"}, "operator": {"type": "string", "enum": ["Exists", "Equal"]},
    "value": {"type": "string"}, "effect": {"type": "string", "enum": list(TAINT_EFFECTS)},
    "tolerationSeconds": {"type": "integer"}}}

MANIFESTS: dict[str, dict[str, Any]] = {
    "Node": manifest("Node",
                     spec={"type": "object", "properties": {"unschedulable": {"type": "boolean"},
                                                            "taints": {"type": "array", "items": TAINT}}},
                     status={"type": "object", "properties": {"allocatable": QUANTITIES, "capacity": QUANTITIES}}),
    "PriorityClass": {**manifest("PriorityClass",
                                 value={"type": "integer", "maximum": 1_000_000_000,
                                        "description": "higher schedules first (required, as in Kubernetes)"},
                                 globalDefault={"type": "boolean"}, description={"type": "string"},
                                 preemptionPolicy={"type": "string", "enum": ["PreemptLowerPriority", "Never"]}),
                      "required": ["metadata", "value"]},
    "Pod": manifest("Pod", spec={"type": "object", "required": ["containers"], "properties": {
        "containers": {"type": "array", "items": CONTAINER},
        "initContainers": {"type": "array", "items": CONTAINER},
        "overhead": QUANTITIES,
        "nodeName": {"type": "string"}, "nodeSelector": STRING_MAP,
        "affinity": {"type": "object", "description": "nodeAffinity, podAffinity, podAntiAffinity as in Kubernetes"},
        "tolerations": {"type": "array", "items": TOLERATION},
        "topologySpreadConstraints": {"type": "array", "items": {"type": "object", "properties": {
            "maxSkew": {"type": "integer"}, "topologyKey": {"type": "string"},
            "whenUnsatisfiable": {"type": "string", "enum": ["DoNotSchedule", "ScheduleAnyway"]},
            "labelSelector": LABEL_SELECTOR}}},
        "priorityClassName": {"type": "string"}, "priority": {"type": "integer"},
        "preemptionPolicy": {"type": "string", "enum": ["PreemptLowerPriority", "Never"]},
        "schedulingGates": {"type": "array", "items": {"type": "object", "required": ["name"],
                                                       "properties": {"name": {"type": "string"}}}},
        "schedulerName": {"type": "string"},
        "terminationGracePeriodSeconds": {"type": "integer"},
    }}),
    "PodDisruptionBudget": manifest("PodDisruptionBudget", spec={
        "type": "object", "properties": {"minAvailable": INT_OR_PERCENT, "maxUnavailable": INT_OR_PERCENT,
                                         "selector": LABEL_SELECTOR}}),
    "Namespace": manifest("Namespace"),
}
POD_TEMPLATE = {"type": "object", "required": ["spec"], "description": "the pod template, read like a Pod",
                "properties": {"metadata": {"type": "object", "properties": {
                                   "labels": STRING_MAP, "annotations": STRING_MAP}},
                               "spec": MANIFESTS["Pod"]["properties"]["spec"]}}


def workload(kind: str, **spec_fields: Any) -> dict[str, Any]:
    """apps/v1 and batch/v1 workloads (scheduler_core.controllers): selector, template, and their own fields.
    apps/v1 requires the selector; a Job makes its own."""
    required = ["template"] if KIND_BY_NAME[kind].group == "batch" else ["selector", "template"]
    return {**manifest(kind, spec={
        "type": "object", "required": required,
        "properties": {"selector": LABEL_SELECTOR, "template": POD_TEMPLATE, **spec_fields}}),
        "required": ["metadata", "spec"]}


REPLICAS = {"type": "integer", "minimum": 0}
MANIFESTS["Pod"]["required"] = ["metadata", "spec"]  # spec.containers: Required value, as in Kubernetes
# A node without status (allocatable or capacity) could run no pod: the model refuses it.
MANIFESTS["Node"]["required"] = ["metadata", "status"]
MANIFESTS.update({
    "Deployment": workload("Deployment", replicas=REPLICAS),
    "ReplicaSet": workload("ReplicaSet", replicas=REPLICAS),
    "StatefulSet": workload("StatefulSet", replicas=REPLICAS, podManagementPolicy={
        "type": "string", "enum": ["OrderedReady", "Parallel"]}),
    "DaemonSet": workload("DaemonSet"),
    "Job": workload("Job", parallelism={"type": "integer", "minimum": 0},
                    completions={"type": "integer", "minimum": 0}, backoffLimit={"type": "integer", "minimum": 0}),
})
ANY_MANIFEST = {
    "description": f"a Kubernetes manifest of a modelled kind ({', '.join(KIND_BY_NAME)}) or a `kind: List` of them",
    "type": "object", "required": ["kind"],
    "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}},
    "additionalProperties": True,
}

# A placeholder in a view's schema, replaced by the manifest of the URL's kind (one view serves all four).
KIND_MANIFEST = {"x-kind-manifest": True}
KIND_MANIFESTS = {"type": "array", "items": KIND_MANIFEST}


def with_kind(node: Any, kind: str) -> Any:
    if node == KIND_MANIFEST:
        return ref(kind)
    if isinstance(node, dict):
        return {k: with_kind(v, kind) for k, v in node.items()}
    if isinstance(node, list):
        return [with_kind(v, kind) for v in node]
    return node


def versioned(key: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": ["version", key],
            "properties": {"version": {"type": "integer", "description": "the scenario's version after this"},
                           key: schema}}


# --- run commands -----------------------------------------------------------------------------

COMMAND_FIELD_SCHEMAS: dict[str, dict[str, Any]] = {
    "pod": {"type": "string", "minLength": 1, "description": 'a pod key "<namespace>/<name>" (or a name in "default")'},
    "node": {"type": "string", "minLength": 1, "description": "a node name"},
    "pdb": {"type": "string", "minLength": 1,
            "description": 'a PodDisruptionBudget key "<namespace>/<name>" (or a name in "default")'},
    "labels": {**STRING_MAP, "description": "the node's, pod's or namespace's new labels (all of them)"},
    "annotations": {**STRING_MAP, "description": "the object's new annotations (all of them)"},
    "namespace": {"type": "string", "minLength": 1, "description": "a namespace name"},
    "kind": {"type": "string", "enum": list(SCALE_KINDS)},
    "workloadKind": {"type": "string", "enum": list(WORKLOAD_KINDS)},
    "name": {"type": "string", "minLength": 1, "description": "the workload's or the PriorityClass's name"},
    "replicas": {"type": "integer", "minimum": 0, "maximum": MAX_REPLICAS},
    "gracePeriodSeconds": {"type": "integer", "nullable": True, "minimum": 0,
                           "description": "DeleteOptions.gracePeriodSeconds; left out: the pod's own"},
    "taints": {"type": "array", "items": TAINT, "description": "the node's new taints (all of them)"},
    "speed": ranges.SPEED_SCHEMA,
    "message": {"type": "string", "minLength": 1,
                "description": "the rejection message (WaitingPod.Reject); left out: rejected by the reject_waiting_pod command"},
}
MANIFEST_OF_COMMAND = {"add_pod": "Pod", "add_node": "Node", "add_namespace": "Namespace",
                       "add_priorityclass": "PriorityClass", "add_pdb": "PodDisruptionBudget",
                       "update_pdb": "PodDisruptionBudget", "update_priorityclass": "PriorityClass"}


def command_variant(kind: str, fields: tuple[str, ...]) -> dict[str, Any]:
    props: dict[str, Any] = {"type": {"type": "string", "enum": [kind]}}
    required = ["type"]
    for name in fields:
        if name == "manifest":
            props["manifest"] = (ref(MANIFEST_OF_COMMAND[kind]) if kind in MANIFEST_OF_COMMAND
                                 else {"oneOf": [ref(k) for k in WORKLOAD_KINDS]})
            props["yaml"] = {"type": "string", "description": "the manifest as one YAML document, instead of `manifest`"}
        else:
            props[name] = COMMAND_FIELD_SCHEMAS["workloadKind" if name == "kind" and kind != "scale" else name]
            required.append(name)
    for name in OPTIONAL_FIELDS.get(kind, ()):
        props[name] = COMMAND_FIELD_SCHEMAS[name]
    # "<type> command": a title that names no other schema's model (a client generator's class name).
    return {"type": "object", "title": f"{kind} command", "required": required, "properties": props}


def command_variants() -> list[dict[str, Any]]:
    """Every command a run takes: the run's control commands, then scheduler_core.commands.COMMAND_FIELDS."""
    from playground.runs.models import RunCommand

    variants = [command_variant(kind, ("speed",) if kind == "speed" else ()) for kind in RunCommand.CONTROL]
    return variants + [command_variant(kind, fields) for kind, fields in COMMAND_FIELDS.items()]


def command_type(variant: dict[str, Any]) -> str:
    return str(variant["properties"]["type"]["enum"][0])


def command_union() -> dict[str, Any]:
    types = [command_type(v) for v in command_variants()]
    return {"oneOf": [ref(f"Command_{t}") for t in types],
            "discriminator": {"propertyName": "type", "mapping": {t: f"#/components/schemas/Command_{t}" for t in types}}}


NAMED: dict[str, Any] = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "minLength": 1}}}
KUBECONFIG: dict[str, Any] = {
    "type": "object", "description": "a kubeconfig (clientcmd v1 Config) for one run's Kubernetes API",
    "required": ["apiVersion", "kind", "clusters", "users", "contexts", "current-context"],
    "properties": {
        "apiVersion": {"type": "string", "enum": ["v1"]}, "kind": {"type": "string", "enum": ["Config"]},
        "clusters": {"type": "array", "items": {**NAMED, "required": ["name", "cluster"], "properties": {
            **NAMED["properties"], "cluster": {"type": "object", "required": ["server"], "properties": {
                "server": {"type": "string", "format": "uri"}}}}}},
        "users": {"type": "array", "items": {**NAMED, "required": ["name", "user"], "properties": {
            **NAMED["properties"], "user": {"type": "object", "properties": {"token": {
                "type": "string", "description": "over https only; over http the server URL carries it"}}}}}},
        "contexts": {"type": "array", "items": {**NAMED, "required": ["name", "context"], "properties": {
            **NAMED["properties"], "context": {"type": "object", "required": ["cluster", "user"], "properties": {
                "cluster": {"type": "string"}, "user": {"type": "string"}, "namespace": {"type": "string"}}}}}},
        "current-context": {"type": "string"},
        "preferences": {"type": "object"},
    },
}


def components() -> dict[str, Any]:
    variants = command_variants()
    return {"schemas": {**MANIFESTS, "Manifest": ANY_MANIFEST, "Kubeconfig": KUBECONFIG,
                        **{f"Command_{command_type(v)}": v for v in variants}, "Command": command_union()}}


# --- responses every operation can give -------------------------------------------------------

BODY_METHODS = ("post", "put", "patch")


def add_common_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Postprocessing hook (settings.SPECTACULAR_SETTINGS): the components above, the common responses, links."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(components()["schemas"])
    add_links(result.get("paths", {}))
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            errors_also_in_yaml(operation)
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and parameter["name"] in PAGING:
                    parameter["schema"] = PAGING[parameter["name"]]
            responses = operation.setdefault("responses", {})
            codes = ["401"] + (["404"] if "{" in path else [])
            if method in BODY_METHODS and "requestBody" in operation:
                codes += ["400", "413", "415"]
                if operation["requestBody"]["content"].get("application/json", {}).get("schema") == ref("Command"):
                    operation["requestBody"]["required"] = True  # a command is its body
            for code in codes:
                responses.setdefault(code, {"content": {"application/json": {"schema": ERROR_REF}},
                                            "description": COMMON[code]})
    return result


def errors_also_in_yaml(operation: dict[str, Any]) -> None:
    """An operation that answers YAML (an export, a kubeconfig) renders its errors in YAML too when the
    client asked for YAML (Accept or ?format=yaml)."""
    responses = operation.get("responses", {})
    if "application/yaml" not in responses.get("200", {}).get("content", {}):
        return
    for code, response in responses.items():
        content = response.get("content", {})
        if code.startswith("4") and content.get("application/json", {}).get("schema") == ERROR_REF:
            content["application/yaml"] = {"schema": ERROR_REF}


# playground.strict.StrictPagination: a whole number from 1 (a page past the last is a 404), or "last".
PAGING = {"page": {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["last"]}]},
          "page_size": {"type": "integer", "minimum": 1}}
COMMON = {
    "400": "the body is not valid JSON/YAML, or a field is wrong (the error names it)",
    "401": "the Authorization header names an unknown or revoked token, or a scheme other than Token/Bearer",
    "404": "the path names nothing (or nothing you may see)",
    "413": "the body is above the size limit, or what it stores would take the owner beyond their storage quota",
    "415": "the body's Content-Type is not one this operation takes",
}


# --- links from what creates a thing to what reads, changes and deletes it ---------------------

# The path parameters a 201 names, by the path under which the created thing's operations live.
CREATED = {"/api/scenarios/{slug}/": {"slug": "$response.body#/slug"},
           "/api/runs/{run_id}/": {"run_id": "$response.body#/id"},
           "/api/workshops/{code}/": {"code": "$response.body#/code"},
           "/api/tokens/{token_id}/": {"token_id": "$response.body#/id"}}
OBJECT = {"slug": "$request.path.slug", "name": "$response.body#/object/metadata/name",
          "namespace": "$response.body#/object/metadata/namespace"}


def path_parameters(path: str) -> set[str]:
    return {part[1:-1] for part in path.split("/") if part.startswith("{")}


def created_by(path: str, operation: dict[str, Any]) -> tuple[str, dict[str, str]] | None:
    """(prefix of the created thing's paths, how each of their parameters is read) for a 201, else None."""
    body = operation.get("responses", {}).get("201", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    if "object" in schema.get("properties", {}):  # POST /api/scenarios/{slug}/<plural>/: one object
        kind = schema["properties"]["object"]["$ref"].rsplit("/", 1)[1]
        prefix = path + ("{namespace}/{name}/" if "namespace" in MANIFESTS[kind]["properties"]["metadata"]["properties"]
                         else "{name}/")
        return prefix, OBJECT
    name = schema.get("$ref", "").rsplit("/", 1)[-1]
    for prefix, parameters in CREATED.items():
        if name in LINKED_COMPONENTS[prefix]:
            return prefix, parameters
    return None


LINKED_COMPONENTS = {"/api/scenarios/{slug}/": {"ScenarioDetail"}, "/api/runs/{run_id}/": {"RunView"},
                     "/api/workshops/{code}/": {"WorkshopView"}, "/api/tokens/{token_id}/": {"NewToken"}}


def add_links(paths: dict[str, Any]) -> None:
    """Each 201 links to every operation under the created thing's path that needs no other parameter."""
    for path, operations in paths.items():
        for operation in operations.values():
            created = created_by(path, operation) if isinstance(operation, dict) else None
            if created is None:
                continue
            prefix, parameters = created
            links = {target["operationId"]: {"operationId": target["operationId"], "parameters": {
                         name: parameters[name] for name in sorted(path_parameters(target_path))}}
                     for target_path, target_operations in paths.items() if target_path.startswith(prefix)
                     and path_parameters(target_path) <= parameters.keys()
                     for target in target_operations.values() if isinstance(target, dict)}
            if links:
                operation["responses"]["201"]["links"] = links
