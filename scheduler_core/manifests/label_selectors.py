"""Selectors, affinity, tolerations, taints and spread constraints: parsing plus API validation.

Messages follow pkg/apis/core/validation/validation.go and apimachinery's metav1 validation.
"""
from __future__ import annotations

from typing import Any

from scheduler_core.manifests.context import Doc, child, index
from scheduler_core.manifests.names import check_label_key, check_label_value
from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    NodeAffinity,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    PodAffinity,
    PodAffinityTerm,
    PreferredSchedulingTerm,
    Taint,
    Toleration,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)

TAINT_EFFECTS = ("NoSchedule", "PreferNoSchedule", "NoExecute")
_IN_NOT_IN = ("In", "NotIn")
_EXISTS = ("Exists", "DoesNotExist")


# -- label selectors (metav1.LabelSelector) ---------------------------------------------------
def label_selector(doc: Doc, raw: Any, path: str) -> LabelSelector | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        doc.invalid(path, raw, "must be an object")
        return None
    doc.check_keys(raw, path, ("matchLabels", "matchExpressions"))
    match_labels = doc.get_string_map(raw, "matchLabels", path)
    for key, value in match_labels.items():
        check_label_key(doc, key, child(child(path, "matchLabels"), key))
        check_label_value(doc, value, child(child(path, "matchLabels"), key))
    exprs = tuple(_label_requirement(doc, item, p) for p, item in doc.get_maps(raw, "matchExpressions", path))
    return LabelSelector(tuple(match_labels.items()), exprs)


def _label_requirement(doc: Doc, raw: dict[str, Any], path: str) -> LabelSelectorRequirement:
    """ValidateLabelSelectorRequirement."""
    doc.check_keys(raw, path, ("key", "operator", "values"))
    key = doc.get_str(raw, "key", path)
    op = doc.get_str(raw, "operator", path)
    values = doc.get_strings(raw, "values", path)
    if op in _IN_NOT_IN and not values:
        doc.required(child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'")
    elif op in _EXISTS and values:
        doc.forbidden(child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")
    elif op not in _IN_NOT_IN + _EXISTS:
        doc.invalid(child(path, "operator"), op, "not a valid selector operator")
    check_label_key(doc, key, child(path, "key"))
    return LabelSelectorRequirement(key, op, values)


# -- node affinity (core.NodeSelector) --------------------------------------------------------
def node_affinity(doc: Doc, raw: dict[str, Any], path: str) -> NodeAffinity | None:
    if not raw:
        return None
    required_key = "requiredDuringSchedulingIgnoredDuringExecution"
    preferred_key = "preferredDuringSchedulingIgnoredDuringExecution"
    doc.check_keys(raw, path, (required_key, preferred_key))
    required: tuple[NodeSelectorTerm, ...] | None = None
    if raw.get(required_key) is not None:
        req_path = child(path, required_key)
        selector = doc.get_map(raw, required_key, path)
        doc.check_keys(selector, req_path, ("nodeSelectorTerms",))
        terms = doc.get_maps(selector, "nodeSelectorTerms", req_path)
        if not terms:
            doc.required(child(req_path, "nodeSelectorTerms"), "must have at least one node selector term")
        required = tuple(_node_selector_term(doc, t, p) for p, t in terms)
    preferred = []
    for p, item in doc.get_maps(raw, preferred_key, path):
        doc.check_keys(item, p, ("weight", "preference"))
        weight = doc.get_int(item, "weight", p, 0) or 0
        if not 1 <= weight <= 100:
            doc.invalid(child(p, "weight"), weight, "must be in the range 1-100")
        term = _node_selector_term(doc, doc.get_map(item, "preference", p), child(p, "preference"))
        preferred.append(PreferredSchedulingTerm(weight, term))
    return NodeAffinity(required=required, preferred=tuple(preferred))


def _node_selector_term(doc: Doc, raw: dict[str, Any], path: str) -> NodeSelectorTerm:
    doc.check_keys(raw, path, ("matchExpressions", "matchFields"))
    exprs = tuple(_node_requirement(doc, r, p) for p, r in doc.get_maps(raw, "matchExpressions", path))
    fields = tuple(_node_field_requirement(doc, r, p) for p, r in doc.get_maps(raw, "matchFields", path))
    return NodeSelectorTerm(exprs, fields)


def _node_requirement(doc: Doc, raw: dict[str, Any], path: str) -> NodeSelectorRequirement:
    """ValidateNodeSelectorRequirement."""
    doc.check_keys(raw, path, ("key", "operator", "values"))
    key = doc.get_str(raw, "key", path)
    op = doc.get_str(raw, "operator", path)
    values = doc.get_strings(raw, "values", path)
    if op in _IN_NOT_IN:
        if not values:
            doc.required(child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'")
    elif op in _EXISTS:
        if values:
            doc.forbidden(child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")
    elif op in ("Gt", "Lt"):
        if len(values) != 1:
            doc.required(child(path, "values"), "must be specified single value when `operator` is 'Lt' or 'Gt'")
    else:
        doc.invalid(child(path, "operator"), op, "not a valid selector operator")
    check_label_key(doc, key, child(path, "key"))
    return NodeSelectorRequirement(key, op, values)


def _node_field_requirement(doc: Doc, raw: dict[str, Any], path: str) -> NodeSelectorRequirement:
    """ValidateNodeFieldSelectorRequirement: only metadata.name with In/NotIn and one value."""
    doc.check_keys(raw, path, ("key", "operator", "values"))
    key = doc.get_str(raw, "key", path)
    op = doc.get_str(raw, "operator", path)
    values = doc.get_strings(raw, "values", path)
    if op in _IN_NOT_IN:
        if len(values) != 1:
            doc.required(
                child(path, "values"), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"
            )
    else:
        doc.invalid(child(path, "operator"), op, "not a valid selector operator")
    if key != "metadata.name":
        doc.invalid(child(path, "key"), key, "not a valid field selector key")
    return NodeSelectorRequirement(key, op, values)


# -- pod (anti-)affinity ----------------------------------------------------------------------
def pod_affinity(doc: Doc, raw: dict[str, Any], path: str) -> PodAffinity | None:
    if not raw:
        return None
    required_key = "requiredDuringSchedulingIgnoredDuringExecution"
    preferred_key = "preferredDuringSchedulingIgnoredDuringExecution"
    doc.check_keys(raw, path, (required_key, preferred_key))
    required = tuple(_pod_affinity_term(doc, t, p) for p, t in doc.get_maps(raw, required_key, path))
    preferred = []
    for p, item in doc.get_maps(raw, preferred_key, path):
        doc.check_keys(item, p, ("weight", "podAffinityTerm"))
        weight = doc.get_int(item, "weight", p, 0) or 0
        if not 1 <= weight <= 100:
            doc.invalid(child(p, "weight"), weight, "must be in the range 1-100")
        term = _pod_affinity_term(doc, doc.get_map(item, "podAffinityTerm", p), child(p, "podAffinityTerm"))
        preferred.append(WeightedPodAffinityTerm(weight, term))
    return PodAffinity(required, tuple(preferred))


def _pod_affinity_term(doc: Doc, raw: dict[str, Any], path: str) -> PodAffinityTerm:
    keys = ("topologyKey", "labelSelector", "namespaces", "namespaceSelector", "matchLabelKeys", "mismatchLabelKeys")
    doc.check_keys(raw, path, keys)
    topology_key = doc.get_str(raw, "topologyKey", path)
    if not topology_key:
        doc.required(child(path, "topologyKey"), "can not be empty")
    else:
        check_label_key(doc, topology_key, child(path, "topologyKey"))
    return PodAffinityTerm(
        topology_key=topology_key,
        label_selector=label_selector(doc, raw.get("labelSelector"), child(path, "labelSelector")),
        namespaces=doc.get_strings(raw, "namespaces", path),
        namespace_selector=label_selector(doc, raw.get("namespaceSelector"), child(path, "namespaceSelector")),
        match_label_keys=doc.get_strings(raw, "matchLabelKeys", path),
        mismatch_label_keys=doc.get_strings(raw, "mismatchLabelKeys", path),
    )


# -- tolerations and taints -------------------------------------------------------------------
def tolerations(doc: Doc, spec: dict[str, Any], path: str) -> tuple[Toleration, ...]:
    return tuple(_toleration(doc, raw, p) for p, raw in doc.get_maps(spec, "tolerations", path))


def _toleration(doc: Doc, raw: dict[str, Any], path: str) -> Toleration:
    """validateTolerations."""
    doc.check_keys(raw, path, ("key", "operator", "value", "effect", "tolerationSeconds"))
    key = doc.get_str(raw, "key", path)
    op = doc.get_str(raw, "operator", path) or "Equal"
    value = doc.get_str(raw, "value", path)
    effect = doc.get_str(raw, "effect", path)
    seconds = doc.get_int(raw, "tolerationSeconds", path)
    if key:
        check_label_key(doc, key, child(path, "key"))
    if not key and op != "Exists":
        doc.invalid(
            child(path, "operator"), op,
            'operator must be Exists when `key` is empty, which means "match all values and all keys"',
        )
    if seconds is not None and effect != "NoExecute":
        doc.invalid(child(path, "effect"), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set")
    if op == "Equal":
        check_label_value(doc, value, child(path, "operator"))
    elif op == "Exists":
        if value:
            doc.invalid(child(path, "operator"), value, "value must be empty when `operator` is 'Exists'")
    else:
        doc.not_supported(child(path, "operator"), op, ("Equal", "Exists"))
    if effect and effect not in TAINT_EFFECTS:
        doc.not_supported(child(path, "effect"), effect, TAINT_EFFECTS)
    return Toleration(key=key, operator=op, value=value, effect=effect, toleration_seconds=seconds)


def taints(doc: Doc, spec: dict[str, Any], path: str) -> tuple[Taint, ...]:
    """validateNodeTaints: key required, value a label value, effect required, unique by key+effect."""
    out: list[Taint] = []
    seen: set[tuple[str, str]] = set()
    for p, raw in doc.get_maps(spec, "taints", path):
        doc.check_keys(raw, p, ("key", "value", "effect"), ("timeAdded",))
        key = doc.get_str(raw, "key", p)
        value = doc.get_str(raw, "value", p)
        effect = doc.get_str(raw, "effect", p)
        if not key:
            doc.required(child(p, "key"))
        else:
            check_label_key(doc, key, child(p, "key"))
        check_label_value(doc, value, child(p, "value"))
        if not effect:
            doc.required(child(p, "effect"))
        elif effect not in TAINT_EFFECTS:
            doc.not_supported(child(p, "effect"), effect, TAINT_EFFECTS)
        if (key, effect) in seen:
            doc.duplicate(p, f"{key}:{effect}", "taints must be unique by key and effect pair")
        seen.add((key, effect))
        out.append(Taint(key=key, effect=effect, value=value))
    return tuple(out)


# -- topology spread --------------------------------------------------------------------------
_SPREAD_KEYS = (
    "maxSkew", "topologyKey", "whenUnsatisfiable", "labelSelector", "minDomains",
    "nodeAffinityPolicy", "nodeTaintsPolicy", "matchLabelKeys",
)


def topology_spread_constraints(doc: Doc, spec: dict[str, Any], path: str) -> tuple[TopologySpreadConstraint, ...]:
    """validateTopologySpreadConstraints."""
    out = []
    seen: set[tuple[str, str]] = set()
    for p, raw in doc.get_maps(spec, "topologySpreadConstraints", path):
        constraint = _spread_constraint(doc, raw, p)
        pair = (constraint.topology_key, constraint.when_unsatisfiable)
        if pair in seen:
            doc.duplicate(p, f"{{{pair[0]}, {pair[1]}}}")
        seen.add(pair)
        out.append(constraint)
    return tuple(out)


def _spread_constraint(doc: Doc, raw: dict[str, Any], path: str) -> TopologySpreadConstraint:
    doc.check_keys(raw, path, _SPREAD_KEYS)
    max_skew = doc.get_int(raw, "maxSkew", path, 0) or 0
    if max_skew <= 0:
        doc.invalid(child(path, "maxSkew"), max_skew, "must be greater than zero")
    topology_key = doc.get_str(raw, "topologyKey", path)
    if not topology_key:
        doc.required(child(path, "topologyKey"), "can not be empty")
    else:
        check_label_key(doc, topology_key, child(path, "topologyKey"))
    action = doc.get_str(raw, "whenUnsatisfiable", path)
    if not action:
        doc.required(child(path, "whenUnsatisfiable"))
    elif action not in ("DoNotSchedule", "ScheduleAnyway"):
        doc.not_supported(child(path, "whenUnsatisfiable"), action, ("DoNotSchedule", "ScheduleAnyway"))
    min_domains = doc.get_int(raw, "minDomains", path)
    if min_domains is not None:
        if min_domains <= 0:
            doc.invalid(child(path, "minDomains"), min_domains, "must be greater than 0")
        elif action != "DoNotSchedule":
            doc.invalid(
                child(path, "minDomains"), min_domains,
                f"can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {action}",
            )
    policies = {}
    for key, default in (("nodeAffinityPolicy", "Honor"), ("nodeTaintsPolicy", "Ignore")):
        policies[key] = doc.get_str(raw, key, path) or default
        if policies[key] not in ("Honor", "Ignore"):
            doc.not_supported(child(path, key), policies[key], ("Honor", "Ignore"))
    return TopologySpreadConstraint(
        max_skew=max_skew,
        topology_key=topology_key,
        when_unsatisfiable=action,
        label_selector=label_selector(doc, raw.get("labelSelector"), child(path, "labelSelector")),
        min_domains=min_domains,
        node_affinity_policy=policies["nodeAffinityPolicy"],
        node_taints_policy=policies["nodeTaintsPolicy"],
        match_label_keys=doc.get_strings(raw, "matchLabelKeys", path),
    )


__all__ = [
    "TAINT_EFFECTS", "index", "label_selector", "node_affinity", "pod_affinity", "taints",
    "tolerations", "topology_spread_constraints",
]
