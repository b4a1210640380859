"""PriorityClass validation and priority admission (spec §1.3, §1.4).

Upstream: pkg/apis/scheduling/validation/validation.go, pkg/apis/scheduling/v1/helpers.go,
plugin/pkg/admission/priority/admission.go.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scheduler_core.manifests.context import Doc
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import check_name
from scheduler_core.manifests.pods import PREEMPTION_POLICIES, PodDraft
from scheduler_core.objects import PREEMPT_LOWER_PRIORITY, Pod, PriorityClass

HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000
SYSTEM_PRIORITY_CLASS_PREFIX = "system-"
# upstream: pkg/apis/scheduling/v1/helpers.go systemPriorityClasses
SYSTEM_PRIORITY_CLASSES: tuple[PriorityClass, ...] = (
    PriorityClass(
        "system-node-critical", 2_000_001_000,
        description="Used for system critical pods that must not be moved from their current node.",
    ),
    PriorityClass(
        "system-cluster-critical", 2_000_000_000,
        description="Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
    ),
)
_SYSTEM_BY_NAME = {pc.name: pc for pc in SYSTEM_PRIORITY_CLASSES}


def parse_priority_class_doc(doc: Doc, manifest: dict[str, Any]) -> PriorityClass:
    read_metadata(doc, manifest, ("name",))
    doc.check_keys(manifest, "", ("apiVersion", "kind", "metadata", "value", "globalDefault", "description",
                                  "preemptionPolicy"))
    check_name(doc, doc.name, "metadata.name")
    if manifest.get("value") is None:  # scheduling.k8s.io/v1 PriorityClass: "value" is a required field
        doc.required("value", "a PriorityClass needs an integer value (higher schedules first)")
    value = doc.get_int(manifest, "value", "", 0) or 0
    global_default = doc.get_bool(manifest, "globalDefault", "")
    policy = PREEMPT_LOWER_PRIORITY
    if "preemptionPolicy" in manifest:
        policy = doc.get_str(manifest, "preemptionPolicy", "")
        if not policy:
            doc.required("preemptionPolicy")
        elif policy not in PREEMPTION_POLICIES:
            doc.not_supported("preemptionPolicy", policy, PREEMPTION_POLICIES)
    _check_value(doc, value, global_default)
    return PriorityClass(doc.name, value, global_default, policy, doc.get_str(manifest, "description", ""))


def _check_value(doc: Doc, value: int, global_default: bool) -> None:
    """ValidatePriorityClass: system- names are reserved; user values are capped."""
    if doc.name.startswith(SYSTEM_PRIORITY_CLASS_PREFIX):
        problem = _system_class_problem(doc.name, value, global_default)
        if problem:
            doc.forbidden(
                "metadata.name",
                f"priority class names with '{SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only."
                f" error: {problem}",
                doc.name,
            )
    elif value > HIGHEST_USER_DEFINABLE_PRIORITY:
        doc.forbidden("value", f"maximum allowed value of a user defined priority is {HIGHEST_USER_DEFINABLE_PRIORITY}",
                      value)


def _system_class_problem(name: str, value: int, global_default: bool) -> str:
    """schedulingapiv1.IsKnownSystemPriorityClass."""
    known = _SYSTEM_BY_NAME.get(name)
    if known is None:
        return f"{name} is not a known system priority class"
    if known.value != value:
        return f"value of {name} PriorityClass must be {known.value}"
    if known.global_default != global_default:
        return f"globalDefault of {name} PriorityClass must be {str(known.global_default).lower()}"
    return ""


def check_single_default(docs: Sequence[tuple[Doc, PriorityClass]]) -> None:
    """Admission validatePriorityClass: creating a second globalDefault class is forbidden."""
    default: PriorityClass | None = None
    for doc, pc in docs:
        if not pc.global_default:
            continue
        if default is not None:
            doc.admission(f"PriorityClass {default.name} is already marked as default. Only one default can exist",
                          "globalDefault", True)
        else:
            default = pc


def default_priority_class(classes: Sequence[PriorityClass]) -> PriorityClass | None:
    """getDefaultPriorityClass: the lowest-valued globalDefault class wins a race."""
    defaults = [pc for pc in classes if pc.global_default]
    return min(defaults, key=lambda pc: pc.value) if defaults else None


def admit_pod(doc: Doc, draft: PodDraft, classes: Sequence[PriorityClass]) -> Pod:
    """admitPod on Create: resolve priority and preemptionPolicy from the class."""
    pod = draft.pod
    by_name = {pc.name: pc for pc in classes}
    if pod.priority_class_name:
        pc = by_name.get(pod.priority_class_name)
        if pc is None:
            doc.admission(f"no PriorityClass with name {pod.priority_class_name} was found",
                          "spec.priorityClassName", pod.priority_class_name)
            return pod
    else:
        pc = default_priority_class(classes)
    priority = pc.value if pc else 0
    if draft.priority is not None and draft.priority != priority:
        doc.admission(
            f"the integer value of priority ({draft.priority}) must not be provided in pod spec; "
            f"priority admission controller computed {priority} from the given PriorityClass name",
            "spec.priority", draft.priority,
        )
    if pc is None:  # no class: the pod keeps its own (defaulted) preemptionPolicy
        return replace(pod, priority=priority)
    if draft.preemption_policy is not None and draft.preemption_policy != pc.preemption_policy:
        doc.admission(
            f"the string value of PreemptionPolicy ({draft.preemption_policy}) must not be provided in pod spec; "
            f"priority admission controller computed {pc.preemption_policy} from the given PriorityClass name",
            "spec.preemptionPolicy", draft.preemption_policy,
        )
    return replace(pod, priority_class_name=pc.name, priority=priority, preemption_policy=pc.preemption_policy)
