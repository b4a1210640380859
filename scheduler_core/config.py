"""SchedulerConfig: the profile knobs the playground exposes (apis/config/v1/defaults.go).

Version-dependent switches (spec §9) are fields, so an older scheduler can be modelled with
``SchedulerConfig.for_version("v1.31")``. The run's seed is deliberately not part of it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from scheduler_core.version import KUBE_SCHEDULER_VERSION

SCORING_STRATEGIES = ("LeastAllocated", "MostAllocated", "RequestedToCapacityRatio")

DEFAULT_PLUGIN_WEIGHTS: Mapping[str, int] = {
    "TaintToleration": 3,
    "NodeAffinity": 2,
    "NodeResourcesFit": 1,
    "PodTopologySpread": 2,
    "InterPodAffinity": 2,
    "NodeResourcesBalancedAllocation": 1,
    "ImageLocality": 1,
}

# Feature switches per version (spec §9), applied on top of the v1.34 defaults.
# docs/scheduler_core.md "Version presets" lists the same switches with their upstream sources;
# tests/scheduler_core/test_version_presets.py checks the two agree.
_VERSION_SWITCHES: dict[str, dict[str, bool]] = {
    "v1.29": {"queueing_hints": False, "pop_from_backoff_q": False, "async_preemption": False,
              "node_resources_fit_unresolvable": False, "dynamic_resource_allocation": False,
              "pre_filter_result_rejectors": False, "nomination_change_requeues": False},
    "v1.30": {"queueing_hints": False, "pop_from_backoff_q": False, "async_preemption": False,
              "node_resources_fit_unresolvable": False, "dynamic_resource_allocation": False,
              "pre_filter_result_rejectors": False, "nomination_change_requeues": False},
    "v1.31": {"queueing_hints": False, "pop_from_backoff_q": False, "async_preemption": False,
              "node_resources_fit_unresolvable": False, "dynamic_resource_allocation": False,
              "nomination_change_requeues": False},
    "v1.32": {"pop_from_backoff_q": False, "async_preemption": False,
              "node_resources_fit_unresolvable": False, "dynamic_resource_allocation": False,
              "nomination_change_requeues": False},
    "v1.33": {"node_resources_fit_unresolvable": False, "dynamic_resource_allocation": False},
    "v1.34": {},
    "v1.35": {"untolerated_taint_named_in_reason": False, "clearing_nominated_node_name_after_binding": True},
}
VERSIONS: tuple[str, ...] = tuple(_VERSION_SWITCHES)


def score_weight(weights: Mapping[str, int], plugin: str) -> int:
    """The weight a score plugin runs with: framework.go getScoreWeights (v1.34) turns a configured
    weight of 0 (or none) into 1 — "a weight of zero is not permitted, plugins can be disabled
    explicitly when configured"."""
    return int(weights.get(plugin, 0)) or 1


class ConfigError(ValueError):
    def __init__(self, field_name: str, value: Any, message: str) -> None:
        super().__init__(f"config.{field_name}: {message} (got {value!r})")
        self.field = field_name
        self.value = value
        self.message = message


@dataclass(frozen=True)
class SchedulerConfig:
    version: str = KUBE_SCHEDULER_VERSION
    percentage_of_nodes_to_score: int = 0  # 0 = adaptive (50 - n/125, min 5)
    plugin_weights: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PLUGIN_WEIGHTS))
    preemption: bool = True  # DefaultPreemption enabled
    async_preemption: bool = True
    # upstream: feature gates SchedulerQueueingHints, SchedulerPopFromBackoffQ, SchedulerAsyncPreemption below
    queueing_hints: bool = True
    pop_from_backoff_q: bool = True
    node_resources_fit_unresolvable: bool = True  # v1.34, PR #131345
    # Feature gate DynamicResourceAllocation (GA and on from v1.34): applyFeatureGates puts the
    # DynamicResources plugin before DefaultPreemption; its PostFilter adds "no new claims to deallocate".
    dynamic_resource_allocation: bool = True
    # PR #122251 (v1.31): plugins whose PreFilterResult narrowed the nodes are the pod's rejectors
    # (before, such a pod had none and went to backoff after every attempt, issue #122018).
    pre_filter_result_rejectors: bool = True
    # TaintToleration's reason names the taint ("{key: value}") up to v1.34; v1.35 says "taint(s)".
    untolerated_taint_named_in_reason: bool = True
    # Feature gate ClearingNominatedNodeNameAfterBinding (alpha, off in v1.34; beta, on from v1.35): the
    # binding subresource clears status.nominatedNodeName (pkg/registry/core/pod/storage/storage.go
    # setPodNodeAndMetadata). Before, a pod bound after preemption keeps its NOMINATED NODE.
    clearing_nominated_node_name_after_binding: bool = False
    # PR #129058 (v1.33): a pod's nomination changed or a nominated pod deleted moves ≤-priority pods
    # (eventhandlers.go hasNominatedNodeNameChanged, deletePodFromSchedulingQueue → AssignedPodDelete).
    nomination_change_requeues: bool = True
    scoring_strategy: str = "LeastAllocated"
    pod_initial_backoff_seconds: int = 1
    pod_max_backoff_seconds: int = 10
    # upstream: DefaultPodMaxInUnschedulablePodsDuration (5 min)
    pod_max_in_unschedulable_pods_duration_seconds: int = 300
    min_candidate_nodes_percentage: int = 10
    min_candidate_nodes_absolute: int = 100
    # kube-controller-manager's reaction to a change, in virtual seconds (docs/scheduler_core.md, Workloads):
    # the workload controllers', and the disruption controller's (0 = in the same instant).
    controller_delay_seconds: float = 1.0
    disruption_controller_delay_seconds: float = 0.0
    # The playground's teaching Permit plugin, PermitGate (scheduler_core/plugins/permitgate.py; not an
    # in-tree plugin): pods whose labels match this selector ("key=value", or "key" for any value) wait at
    # Permit until an allow_waiting_pod / reject_waiting_pod command or the timeout. "" = not in the profile.
    permit_gate_label: str = ""
    # The wait PermitGate asks for; RunPermitPlugins caps any plugin's wait at 15 minutes (maxTimeout).
    permit_gate_timeout_seconds: int = 60

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def for_version(cls, version: str, **overrides: Any) -> SchedulerConfig:
        if version not in _VERSION_SWITCHES:
            raise ConfigError("version", version, f"must be one of {', '.join(_VERSION_SWITCHES)}")
        return cls(version=version, **{**_VERSION_SWITCHES[version], **overrides})

    def weight(self, plugin: str) -> int:
        return score_weight(self.plugin_weights, plugin)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["plugin_weights"] = dict(self.plugin_weights)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> SchedulerConfig:
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ConfigError("", data, "must be an object")
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise ConfigError(str(name), data[name], "unknown field")
        values = dict(data)
        if "plugin_weights" in values and isinstance(values["plugin_weights"], Mapping):
            values["plugin_weights"] = {**DEFAULT_PLUGIN_WEIGHTS, **values["plugin_weights"]}
        version = values.pop("version", KUBE_SCHEDULER_VERSION)
        return cls.for_version(str(version), **values)

    def with_changes(self, **changes: Any) -> SchedulerConfig:
        return replace(self, **changes)


def _validate(cfg: SchedulerConfig) -> None:
    for f in fields(cfg):
        value = getattr(cfg, f.name)
        if f.type == "bool" and not isinstance(value, bool):
            raise ConfigError(f.name, value, "must be true or false")
        if f.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(f.name, value, "must be an integer")
        if f.type == "str" and not isinstance(value, str):
            raise ConfigError(f.name, value, "must be a string")
        if f.type == "float" and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not 0 <= value <= 3600):
            raise ConfigError(f.name, value, "must be a number of seconds from 0 to 3600")
    if not 0 <= cfg.percentage_of_nodes_to_score <= 100:
        _invalid("percentage_of_nodes_to_score", cfg.percentage_of_nodes_to_score, "not in valid range [0-100]")
    if cfg.scoring_strategy not in SCORING_STRATEGIES:
        raise ConfigError("scoring_strategy", cfg.scoring_strategy, f"must be one of {', '.join(SCORING_STRATEGIES)}")
    if not isinstance(cfg.plugin_weights, Mapping):
        raise ConfigError("plugin_weights", cfg.plugin_weights, "must be an object of plugin name to weight")
    for name, w in cfg.plugin_weights.items():
        if isinstance(w, bool) or not isinstance(w, int) or w < 0:
            raise ConfigError(f"plugin_weights.{name}", w, "must be a non-negative integer")
    if cfg.pod_initial_backoff_seconds <= 0:
        _invalid("pod_initial_backoff_seconds", cfg.pod_initial_backoff_seconds, "must be greater than 0")
    if cfg.pod_max_backoff_seconds < cfg.pod_initial_backoff_seconds:
        _invalid("pod_max_backoff_seconds", cfg.pod_max_backoff_seconds,
                 "must be greater than or equal to PodInitialBackoffSeconds")
    if cfg.pod_max_in_unschedulable_pods_duration_seconds < 0:
        raise ConfigError("pod_max_in_unschedulable_pods_duration_seconds",
                          cfg.pod_max_in_unschedulable_pods_duration_seconds, "must not be negative")
    if cfg.permit_gate_label:
        _validate_permit_gate_label(cfg.permit_gate_label)
    if cfg.permit_gate_timeout_seconds <= 0:
        raise ConfigError("permit_gate_timeout_seconds", cfg.permit_gate_timeout_seconds, "must be greater than 0")
    # ValidateDefaultPreemptionArgs (apis/config/validation/validation_pluginargs.go)
    percentage, absolute = cfg.min_candidate_nodes_percentage, cfg.min_candidate_nodes_absolute
    if not 0 <= percentage <= 100:
        _invalid("min_candidate_nodes_percentage", percentage, "not in valid range [0, 100]")
    if absolute < 0:
        _invalid("min_candidate_nodes_absolute", absolute, "not in valid range [0, inf)")
    if percentage == 0 and absolute == 0:
        _invalid("min_candidate_nodes_percentage", percentage, "cannot be zero at the same time as minCandidateNodesAbsolute")
    # A feature gate a release does not know is refused at start-up (component-base featuregate.Set).
    for switch, gate, since in _GATES_SINCE:
        if getattr(cfg, switch) and _minor(cfg.version) < since:
            raise ConfigError(switch, True, f"unrecognized feature gate: {gate} (it arrived in v1.{since})")


def _validate_permit_gate_label(selector: str) -> None:
    """``key=value`` or ``key``, each part as the API server validates a label key and value."""
    from scheduler_core.manifests.names import label_key_errors, label_value_errors

    key, _, value = selector.partition("=")
    errors = label_key_errors(key) + (label_value_errors(value) if "=" in selector else [])
    if errors:
        raise ConfigError("permit_gate_label", selector,
                          f'must be "key=value" or "key" with a valid label key and value: {"; ".join(errors)}')


# (switch, upstream feature gate, first minor release that has the gate), pkg/features/kube_features.go
_GATES_SINCE = (("async_preemption", "SchedulerAsyncPreemption", 32),
                ("pop_from_backoff_q", "SchedulerPopFromBackoffQ", 33))


def _minor(version: str) -> int:
    return int(version.split(".")[1]) if version in _VERSION_SWITCHES else 34


def _invalid(name: str, value: Any, detail: str) -> None:
    """field.Invalid as kube-scheduler's config validation prints it: `Invalid value: <v>: <detail>`."""
    raise ConfigError(name, value, f"Invalid value: {value}: {detail}")
