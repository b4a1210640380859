"""apps/v1 Deployment, ReplicaSet, StatefulSet, DaemonSet and batch/v1 Job → objects.Workload.

The pod template is read by the Pod reader (``parse_pod_draft``) and admitted like a pod, so a
template accepts exactly what a Pod accepts; its errors carry the ``spec.template.`` prefix.
Validation follows pkg/apis/apps/validation and pkg/apis/batch/validation for the modelled fields.
"""
from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scheduler_core.manifests.context import Doc, child
from scheduler_core.manifests.label_selectors import label_selector
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import check_labels, check_name
from scheduler_core.manifests.pods import PodDraft, parse_pod_draft
from scheduler_core.manifests.priority import admit_pod
from scheduler_core.objects import LabelSelector, Pod, PriorityClass, Workload

# How long a Job's pod runs once bound (virtual seconds), as a pod-template annotation.
RUN_SECONDS_ANNOTATION = "scheduler-playground/run-seconds"
DEFAULT_RUN_SECONDS = 60.0

POD_MANAGEMENT_POLICIES = ("OrderedReady", "Parallel")
# Labels the API server adds to a Job's template (pkg/registry/batch/job/strategy.go generateSelector).
JOB_CONTROLLER_UID_LABEL = "batch.kubernetes.io/controller-uid"
JOB_NAME_LABEL = "batch.kubernetes.io/job-name"

_SPEC_MODELLED = {
    "Deployment": ("replicas", "selector", "template"),
    "ReplicaSet": ("replicas", "selector", "template"),
    "StatefulSet": ("replicas", "selector", "template", "podManagementPolicy"),
    "DaemonSet": ("selector", "template"),
    "Job": ("parallelism", "completions", "backoffLimit", "selector", "manualSelector", "template",
            "completionMode"),
}
_SPEC_UNMODELLED = {
    "Deployment": ("strategy", "minReadySeconds", "revisionHistoryLimit", "progressDeadlineSeconds", "paused"),
    "ReplicaSet": ("minReadySeconds",),
    "StatefulSet": ("serviceName", "updateStrategy", "volumeClaimTemplates", "revisionHistoryLimit",
                    "minReadySeconds", "persistentVolumeClaimRetentionPolicy", "ordinals"),
    "DaemonSet": ("updateStrategy", "minReadySeconds", "revisionHistoryLimit"),
    "Job": ("activeDeadlineSeconds", "ttlSecondsAfterFinished", "suspend", "podFailurePolicy",
            "backoffLimitPerIndex", "maxFailedIndexes", "podReplacementPolicy", "successPolicy", "managedBy"),
}
_TEMPLATE_META_UNMODELLED = ("name", "namespace", "generateName", "finalizers", "ownerReferences", "uid")


@dataclass(frozen=True)
class WorkloadDraft:
    """A workload as written, its template not yet admitted (priority unresolved)."""

    workload: Workload
    template: PodDraft


def workload_uid(kind: str, namespace: str, name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"scheduler-playground:{kind}/{namespace}/{name}"))


def parse_workload_doc(doc: Doc, manifest: dict[str, Any]) -> WorkloadDraft:
    meta, labels = read_metadata(doc, manifest, ("name", "namespace", "labels", "uid"))
    check_name(doc, doc.name, "metadata.name")
    uid = doc.get_str(meta, "uid", "metadata") or workload_uid(doc.kind, doc.namespace, doc.name)
    spec = doc.get_map(manifest, "spec", "")
    if "status" in manifest:
        doc.ignore("status")
    doc.check_keys(spec, "spec", _SPEC_MODELLED[doc.kind], _SPEC_UNMODELLED[doc.kind])
    raw_template = doc.get_map(spec, "template", "spec")
    template_labels = _template_labels(doc, raw_template)
    selector: LabelSelector | None
    if doc.kind == "Job":
        selector = _job_selector(doc, spec, uid, template_labels)
    else:
        selector = _required_selector(doc, spec, template_labels)
    draft, run_seconds = _template(doc, raw_template, template_labels)
    workload = Workload(
        kind=doc.kind, name=doc.name, namespace=doc.namespace, uid=uid, labels=labels,
        selector=selector or LabelSelector(), template=draft.pod,
        replicas=_count(doc, spec, "replicas", 1) if doc.kind not in ("Job", "DaemonSet") else None,
        pod_management_policy=_pod_management_policy(doc, spec),
        parallelism=_count(doc, spec, "parallelism", 1) if doc.kind == "Job" else None,
        completions=_completions(doc, spec),
        backoff_limit=_count(doc, spec, "backoffLimit", 6) if doc.kind == "Job" else 6,
        run_seconds=run_seconds if doc.kind == "Job" else None,
    )
    return WorkloadDraft(workload, draft)


def admit_workload(doc: Doc, draft: WorkloadDraft, classes: Sequence[PriorityClass]) -> Workload:
    """Priority admission of the template, as each created pod will be admitted."""
    template_doc = _child_doc(doc)
    template = admit_pod(template_doc, draft.template, classes)
    _adopt_child(doc, template_doc)
    return dataclasses.replace(draft.workload, template=template)


def _count(doc: Doc, spec: dict[str, Any], key: str, default: int) -> int:
    value = doc.get_int(spec, key, "spec", default)
    assert value is not None
    if value < 0:
        doc.invalid(child("spec", key), value, "must be greater than or equal to 0")
        return default
    return value


def _completions(doc: Doc, spec: dict[str, Any]) -> int | None:
    if doc.kind != "Job":
        return None
    if spec.get("completions") is None:
        # Defaulting (pkg/apis/batch/v1/defaults.go): both unset → both 1; only parallelism set → work queue.
        return 1 if spec.get("parallelism") is None else None
    return _count(doc, spec, "completions", 1)


def _pod_management_policy(doc: Doc, spec: dict[str, Any]) -> str:
    if doc.kind != "StatefulSet" or "podManagementPolicy" not in spec:
        return "OrderedReady"
    policy = doc.get_str(spec, "podManagementPolicy", "spec")
    if policy not in POD_MANAGEMENT_POLICIES:
        doc.not_supported("spec.podManagementPolicy", policy, POD_MANAGEMENT_POLICIES)
        return "OrderedReady"
    return policy


def _template_labels(doc: Doc, raw_template: dict[str, Any]) -> dict[str, str]:
    if not raw_template:
        doc.required("spec.template")
        return {}
    doc.check_keys(raw_template, "spec.template", ("metadata", "spec"))
    meta = doc.get_map(raw_template, "metadata", "spec.template")
    doc.check_keys(meta, "spec.template.metadata", ("labels", "annotations"), _TEMPLATE_META_UNMODELLED)
    labels = doc.get_string_map(meta, "labels", "spec.template.metadata")
    check_labels(doc, labels, "spec.template.metadata.labels")
    return labels


def _required_selector(doc: Doc, spec: dict[str, Any], template_labels: dict[str, str]) -> LabelSelector | None:
    """ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateStatefulSetSpec / ValidateDaemonSetSpec."""
    selector = label_selector(doc, spec.get("selector"), "spec.selector")
    if selector is None:
        if "selector" not in spec:
            doc.required("spec.selector")
        return None
    if selector.is_empty:
        doc.invalid("spec.selector", {}, f"empty selector is invalid for {doc.kind.lower()}")
    elif not selector.matches(template_labels):
        doc.invalid("spec.template.metadata.labels", template_labels, "`selector` does not match template `labels`")
    return selector


def _job_selector(doc: Doc, spec: dict[str, Any], uid: str, template_labels: dict[str, str]) -> LabelSelector:
    """Without manualSelector the API server generates the selector and the template's labels."""
    if spec.get("completionMode", "NonIndexed") != "NonIndexed":
        doc.not_supported("spec.completionMode", spec.get("completionMode"), ("NonIndexed",),
                          "Indexed Jobs are not modelled")
    if doc.get_bool(spec, "manualSelector", "spec"):
        return _required_selector(doc, spec, template_labels) or LabelSelector()
    if "selector" in spec:
        doc.invalid("spec.selector", spec["selector"],
                    "`selector` will be auto-generated; set manualSelector: true to give your own")
    generated = {JOB_CONTROLLER_UID_LABEL: uid, JOB_NAME_LABEL: doc.name, "controller-uid": uid, "job-name": doc.name}
    template_labels.update(generated)
    return LabelSelector(match_labels=((JOB_CONTROLLER_UID_LABEL, uid),))


def _template(doc: Doc, raw_template: dict[str, Any], labels: dict[str, str]) -> tuple[PodDraft, float]:
    if not raw_template:  # already reported as required
        return PodDraft(Pod(name=doc.name, namespace=doc.namespace), None, None), DEFAULT_RUN_SECONDS
    spec = dict(doc.get_map(raw_template, "spec", "spec.template"))
    _restart_policy(doc, spec.pop("restartPolicy", None))
    template_doc = _child_doc(doc)
    manifest = {"metadata": {"name": doc.name, "namespace": doc.namespace, "labels": labels}, "spec": spec}
    draft = parse_pod_draft(template_doc, manifest)
    _adopt_child(doc, template_doc)
    meta = doc.get_map(raw_template, "metadata", "spec.template")
    annotations = doc.get_string_map(meta, "annotations", "spec.template.metadata")
    return draft, _run_seconds(doc, annotations)


def _restart_policy(doc: Doc, policy: Any) -> None:
    allowed = ("OnFailure", "Never") if doc.kind == "Job" else ("Always",)
    if policy is None and doc.kind == "Job":
        doc.required("spec.template.spec.restartPolicy", 'valid values: "OnFailure", "Never"')
    elif policy is not None and policy not in allowed:
        doc.not_supported("spec.template.spec.restartPolicy", policy, allowed)


def _run_seconds(doc: Doc, annotations: dict[str, str]) -> float:
    raw = annotations.get(RUN_SECONDS_ANNOTATION)
    if raw is None:
        return DEFAULT_RUN_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86_400:
        path = f"spec.template.metadata.annotations[{RUN_SECONDS_ANNOTATION}]"
        doc.invalid(path, raw, "must be a number of seconds greater than 0 and at most 86400")
        return DEFAULT_RUN_SECONDS
    return seconds


def _child_doc(doc: Doc) -> Doc:
    return Doc(doc.document, doc.kind, doc.kind_index, doc.name, doc.namespace)


def _adopt_child(doc: Doc, template_doc: Doc) -> None:
    """The template's problems, under spec.template. and the workload's own label."""
    for error in template_doc.errors:
        if error.path == "metadata.name":
            continue  # the workload's name, already checked
        path = f"spec.template.{error.path}" if error.path else "spec.template"
        doc.errors.append(dataclasses.replace(error, path=path))
    prefix = f"{doc.label}: "
    doc.ignored.extend(note.replace(prefix, prefix + "spec.template.", 1) for note in template_doc.ignored)
