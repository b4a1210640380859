"""Protobuf request bodies (application/vnd.kubernetes.protobuf): what kubectl's typed commands send
(`kubectl create namespace`), decoded to the JSON object the same request would carry.

The envelope is apimachinery/pkg/runtime/serializer/protobuf's: the magic "k8s\\0", then a runtime.Unknown
whose `raw` is the object's message. Messages are decoded by the field numbers of the upstream
generated.proto files, for the kinds this server creates from such bodies; Go's generated marshallers write
every non-pointer field, so zero values (empty strings, 0, an empty Time) are dropped as JSON's omitempty
does. A field this table does not know is refused, naming it, rather than silently dropped.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from playground.k8sapi import status as st

MEDIA_TYPE = "application/vnd.kubernetes.protobuf"
MAGIC = b"k8s\x00"

Field = tuple[str, str]  # (JSON name, type): a scalar type, "map" (of strings), "map:Quantity", "[]<type>", or a
# message name
SCHEMAS: dict[str, dict[int, Field]] = {
    # apimachinery/pkg/runtime/generated.proto
    "Unknown": {1: ("typeMeta", "TypeMeta"), 2: ("raw", "bytes"), 3: ("contentEncoding", "string"),
                4: ("contentType", "string")},
    "TypeMeta": {1: ("apiVersion", "string"), 2: ("kind", "string")},
    # apimachinery/pkg/apis/meta/v1/generated.proto
    "ObjectMeta": {1: ("name", "string"), 2: ("generateName", "string"), 3: ("namespace", "string"),
                   4: ("selfLink", "string"), 5: ("uid", "string"), 6: ("resourceVersion", "string"),
                   7: ("generation", "int64"), 8: ("creationTimestamp", "Time"),
                   9: ("deletionTimestamp", "Time"), 10: ("deletionGracePeriodSeconds", "int64"),
                   11: ("labels", "map"), 12: ("annotations", "map"), 14: ("finalizers", "[]string")},
    "Time": {1: ("seconds", "int64"), 2: ("nanos", "int32")},
    # api/core/v1/generated.proto
    "Namespace": {1: ("metadata", "ObjectMeta"), 2: ("spec", "NamespaceSpec"), 3: ("status", "NamespaceStatus")},
    "NamespaceSpec": {1: ("finalizers", "[]string")},
    "NamespaceStatus": {1: ("phase", "string")},
    "LabelSelector": {1: ("matchLabels", "map"), 2: ("matchExpressions", "[]LabelSelectorRequirement")},
    "LabelSelectorRequirement": {1: ("key", "string"), 2: ("operator", "string"), 3: ("values", "[]string")},
    # apimachinery/pkg/api/resource/generated.proto: a quantity is its canonical string
    "Quantity": {1: ("string", "string")},
    # apimachinery/pkg/util/intstr/generated.proto: an int or a string ("25%"), by its type
    "IntOrString": {1: ("type", "int64"), 2: ("intVal", "int32"), 3: ("strVal", "string")},
    # api/apps/v1/generated.proto (kubectl create deployment; "!" on the pointer fields, written only when set)
    "Deployment": {1: ("metadata", "ObjectMeta"), 2: ("spec", "DeploymentSpec"), 3: ("status", "DeploymentStatus")},
    "DeploymentSpec": {1: ("replicas", "int32!"), 2: ("selector", "LabelSelector"), 3: ("template", "PodTemplateSpec"),
                       4: ("strategy", "DeploymentStrategy"), 5: ("minReadySeconds", "int32"),
                       6: ("revisionHistoryLimit", "int32!"), 7: ("paused", "bool"),
                       9: ("progressDeadlineSeconds", "int32!")},
    "DeploymentStrategy": {1: ("type", "string"), 2: ("rollingUpdate", "RollingUpdateDeployment")},
    "RollingUpdateDeployment": {1: ("maxUnavailable", "IntOrString"), 2: ("maxSurge", "IntOrString")},
    "DeploymentStatus": {1: ("observedGeneration", "int64"), 2: ("replicas", "int32"), 3: ("updatedReplicas", "int32"),
                         4: ("availableReplicas", "int32"), 5: ("unavailableReplicas", "int32"),
                         7: ("readyReplicas", "int32"), 8: ("collisionCount", "int32!"),
                         9: ("terminatingReplicas", "int32!")},
    # api/batch/v1/generated.proto (kubectl create job)
    "Job": {1: ("metadata", "ObjectMeta"), 2: ("spec", "JobSpec"), 3: ("status", "JobStatus")},
    "JobSpec": {1: ("parallelism", "int32!"), 2: ("completions", "int32!"), 3: ("activeDeadlineSeconds", "int64!"),
                4: ("selector", "LabelSelector"), 5: ("manualSelector", "bool!"), 6: ("template", "PodTemplateSpec"),
                7: ("backoffLimit", "int32!"), 8: ("ttlSecondsAfterFinished", "int32!"),
                9: ("completionMode", "string!"), 10: ("suspend", "bool!"), 12: ("backoffLimitPerIndex", "int32!"),
                13: ("maxFailedIndexes", "int32!"), 14: ("podReplacementPolicy", "string!"),
                15: ("managedBy", "string!")},
    "JobStatus": {4: ("active", "int32"), 5: ("succeeded", "int32"), 6: ("failed", "int32"),
                  7: ("completedIndexes", "string"), 9: ("ready", "int32!"), 10: ("failedIndexes", "string!"),
                  11: ("terminating", "int32!")},
    # api/core/v1/generated.proto: the pod template as kubectl's generators write it
    "PodTemplateSpec": {1: ("metadata", "ObjectMeta"), 2: ("spec", "PodSpec")},
    "PodSpec": {2: ("containers", "[]Container"), 3: ("restartPolicy", "string"),
                4: ("terminationGracePeriodSeconds", "int64!"), 5: ("activeDeadlineSeconds", "int64!"),
                6: ("dnsPolicy", "string"), 7: ("nodeSelector", "map"), 8: ("serviceAccountName", "string"),
                9: ("serviceAccount", "string"), 10: ("nodeName", "string"), 11: ("hostNetwork", "bool"),
                12: ("hostPID", "bool"), 13: ("hostIPC", "bool"), 16: ("hostname", "string"),
                17: ("subdomain", "string"), 19: ("schedulerName", "string"), 20: ("initContainers", "[]Container"),
                21: ("automountServiceAccountToken", "bool!"), 24: ("priorityClassName", "string"),
                25: ("priority", "int32!"), 27: ("shareProcessNamespace", "bool!"), 29: ("runtimeClassName", "string!"),
                30: ("enableServiceLinks", "bool!"), 31: ("preemptionPolicy", "string!"),
                35: ("setHostnameAsFQDN", "bool!"), 37: ("hostUsers", "bool!")},
    "Container": {1: ("name", "string"), 2: ("image", "string"), 3: ("command", "[]string"), 4: ("args", "[]string"),
                  5: ("workingDir", "string"), 6: ("ports", "[]ContainerPort"), 7: ("env", "[]EnvVar"),
                  8: ("resources", "ResourceRequirements"), 13: ("terminationMessagePath", "string"),
                  14: ("imagePullPolicy", "string"), 16: ("stdin", "bool"), 17: ("stdinOnce", "bool"),
                  18: ("tty", "bool"), 20: ("terminationMessagePolicy", "string"), 24: ("restartPolicy", "string!")},
    "ContainerPort": {1: ("name", "string"), 2: ("hostPort", "int32"), 3: ("containerPort", "int32"),
                      4: ("protocol", "string"), 5: ("hostIP", "string")},
    "EnvVar": {1: ("name", "string"), 2: ("value", "string")},
    "ResourceRequirements": {1: ("limits", "map:Quantity"), 2: ("requests", "map:Quantity")},
    # api/policy/v1/generated.proto (status: what kubectl create pdb sends, all zero)
    "PodDisruptionBudget": {1: ("metadata", "ObjectMeta"), 2: ("spec", "PodDisruptionBudgetSpec"),
                            3: ("status", "PodDisruptionBudgetStatus")},
    "PodDisruptionBudgetSpec": {1: ("minAvailable", "IntOrString"), 2: ("selector", "LabelSelector"),
                                3: ("maxUnavailable", "IntOrString"), 4: ("unhealthyPodEvictionPolicy", "string")},
    "PodDisruptionBudgetStatus": {1: ("observedGeneration", "int64"), 3: ("disruptionsAllowed", "int32"),
                                  4: ("currentHealthy", "int32"), 5: ("desiredHealthy", "int32"),
                                  6: ("expectedPods", "int32")},
    # api/scheduling/v1/generated.proto ("!": no omitempty, a zero value is the value)
    "PriorityClass": {1: ("metadata", "ObjectMeta"), 2: ("value", "int32!"), 3: ("globalDefault", "bool"),
                      4: ("description", "string"), 5: ("preemptionPolicy", "string")},
    # api/authorization/v1/generated.proto (kubectl auth can-i)
    "SelfSubjectAccessReview": {1: ("metadata", "ObjectMeta"), 2: ("spec", "SelfSubjectAccessReviewSpec"),
                                3: ("status", "SubjectAccessReviewStatus")},
    "SelfSubjectAccessReviewSpec": {1: ("resourceAttributes", "ResourceAttributes"),
                                    2: ("nonResourceAttributes", "NonResourceAttributes")},
    "ResourceAttributes": {1: ("namespace", "string"), 2: ("verb", "string"), 3: ("group", "string"),
                           4: ("version", "string"), 5: ("resource", "string"), 6: ("subresource", "string"),
                           7: ("name", "string")},
    "NonResourceAttributes": {1: ("path", "string"), 2: ("verb", "string")},
    "SubjectAccessReviewStatus": {1: ("allowed", "bool"), 2: ("reason", "string"), 3: ("evaluationError", "string"),
                                  4: ("denied", "bool")},
    "SelfSubjectRulesReview": {1: ("metadata", "ObjectMeta"), 2: ("spec", "SelfSubjectRulesReviewSpec"),
                               3: ("status", "SubjectRulesReviewStatus")},
    "SelfSubjectRulesReviewSpec": {1: ("namespace", "string")},
    "SubjectRulesReviewStatus": {1: ("resourceRules", "[]ResourceRule"), 2: ("nonResourceRules", "[]NonResourceRule"),
                                 3: ("incomplete", "bool"), 4: ("evaluationError", "string")},
    "ResourceRule": {1: ("verbs", "[]string"), 2: ("apiGroups", "[]string"), 3: ("resources", "[]string"),
                     4: ("resourceNames", "[]string")},
    "NonResourceRule": {1: ("verbs", "[]string"), 2: ("nonResourceURLs", "[]string")},
    # api/authentication/v1/generated.proto (kubectl auth whoami: all but the metadata is the answer's)
    "SelfSubjectReview": {1: ("metadata", "ObjectMeta"), 2: ("status", "SelfSubjectReviewStatus")},
    "SelfSubjectReviewStatus": {1: ("userInfo", "UserInfo")},
    "UserInfo": {1: ("username", "string"), 2: ("uid", "string"), 3: ("groups", "[]string")},
}
KINDS = ("Namespace", "PriorityClass", "PodDisruptionBudget", "Deployment", "Job", "SelfSubjectAccessReview",
         "SelfSubjectRulesReview", "SelfSubjectReview")  # the kinds whose messages SCHEMAS describes whole


def _invalid(why: str) -> st.ApiError:
    return st.bad_request(f"the body of the request could not be decoded as {MEDIA_TYPE}: {why}")


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data):
            raise _invalid("a varint runs past the end")
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if not byte & 0x80:
            return value, at


def _records(data: bytes) -> list[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) of one message: varints and length-delimited values only (the
    kinds above use no fixed-width fields)."""
    records: list[tuple[int, int, int | bytes]] = []
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
            records.append((number, wire, value))
        elif wire == 2:
            size, at = _varint(data, at)
            if at + size > len(data):
                raise _invalid(f"field {number} runs past the end")
            records.append((number, wire, data[at:at + size]))
            at += size
        else:
            raise _invalid(f"field {number} has wire type {wire}, which none of the kinds decoded here uses")
    return records


def _signed(value: int) -> int:
    """A varint's two's complement: negative int32 and int64 values are both sign-extended to 64 bits."""
    return value - (1 << 64) if value >= 1 << 63 else value


def _scalar(kind: str, value: int | bytes, where: str) -> Any:
    if kind == "bytes" and isinstance(value, bytes):
        return value
    if kind == "string" and isinstance(value, bytes):
        return value.decode("utf-8")
    if kind in ("int64", "int32") and isinstance(value, int):
        return _signed(value)
    if kind == "bool" and isinstance(value, int):
        return bool(value)
    raise _invalid(f"{where} is not a {kind}")


def _map_entry(value: int | bytes, where: str, value_kind: str) -> tuple[str, str]:
    """A map's key and value: a string, or a Quantity's canonical string."""
    if not isinstance(value, bytes):
        raise _invalid(f"{where} is not a map entry")
    entry = dict[int, Any]()
    for number, _, raw in _records(value):
        if number not in (1, 2):
            raise _invalid(f"field {number} of a {where} entry is not one the playground decodes")
        entry[number] = _scalar("string", raw, where) if number == 1 or value_kind == "string" \
            else _decoded(value_kind, raw, where)
    quantity = entry.get(2)
    return entry.get(1, ""), quantity.get("string", "") if isinstance(quantity, dict) else (quantity or "")


def message(name: str, data: bytes) -> dict[str, Any]:
    """One message as its JSON object, zero values left out."""
    schema, out = SCHEMAS[name], dict[str, Any]()
    for number, _, value in _records(data):
        if number not in schema:
            raise _invalid(f"field {number} of {name} is not one the playground decodes")
        key, kind = schema[number]
        kind = kind.removesuffix("!")
        where = f"{name}.{key}"
        if kind == "map" or kind.startswith("map:"):
            entry_key, entry_value = _map_entry(value, where, kind.removeprefix("map").removeprefix(":") or "string")
            out.setdefault(key, {})[entry_key] = entry_value
        elif kind.startswith("[]"):
            out.setdefault(key, []).append(_decoded(kind[2:], value, where))
        else:
            out[key] = _decoded(kind, value, where)
    kept = {key for key, kind in schema.values() if kind.endswith("!") or kind == "IntOrString"}
    return {k: v for k, v in out.items() if k in kept or v not in ("", 0, None, False)}


def _decoded(kind: str, value: int | bytes, where: str) -> Any:
    if kind == "Time":
        return _time(value, where)
    if kind == "IntOrString":
        number = message(kind, value) if isinstance(value, bytes) else None
        if number is None:
            raise _invalid(f"{where} is not an IntOrString")
        return number.get("strVal", "") if number.get("type") == 1 else number.get("intVal", 0)
    if kind in SCHEMAS:
        if not isinstance(value, bytes):
            raise _invalid(f"{where} is not a message")
        return message(kind, value)
    return _scalar(kind, value, where)


def _time(value: int | bytes, where: str) -> str | None:
    if not isinstance(value, bytes):
        raise _invalid(f"{where} is not a Time")
    seconds = message("Time", value).get("seconds", 0)
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if seconds else None


def decode(body: bytes) -> dict[str, Any]:
    """The object a protobuf request body carries, with its apiVersion and kind."""
    if not body.startswith(MAGIC):
        raise _invalid("it does not start with the k8s\\0 envelope")
    unknown = message("Unknown", body[len(MAGIC):])
    type_meta = unknown.get("typeMeta") or {}
    kind = type_meta.get("kind", "")
    if kind not in KINDS:
        raise st.ApiError(415, "UnsupportedMediaType", f"the playground decodes {MEDIA_TYPE} bodies of "
                          f"{', '.join(KINDS)} only, not {kind or 'this one'}: send application/json "
                          "(kubectl apply -f, kubectl create -f)")
    return {"apiVersion": type_meta.get("apiVersion", ""), "kind": kind,
            **message(kind, unknown.get("raw") or b"")}
