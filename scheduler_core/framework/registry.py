"""In-tree registry and the default profile (apis/config/v1/default_plugins.go: getDefaultPlugins).

Plugins are listed in MultiPoint order; the framework derives each extension point's order from it.
Constructor arguments come from SchedulerConfig; a plugin receives only the keywords it accepts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle

import importlib
import inspect
from typing import Any

from scheduler_core.config import SchedulerConfig

# (module, class) in default MultiPoint order. Volume plugins are out of scope; DynamicResources
# models a cluster without ResourceClaims (its PostFilter message is what users see).
DEFAULT_PLUGINS: tuple[tuple[str, str], ...] = (
    ("schedulinggates", "SchedulingGates"),
    ("queuesort", "PrioritySort"),
    ("nodeunschedulable", "NodeUnschedulable"),
    ("nodename", "NodeName"),
    ("tainttoleration", "TaintToleration"),
    ("nodeaffinity", "NodeAffinity"),
    ("nodeports", "NodePorts"),
    ("noderesources", "NodeResourcesFit"),
    ("podtopologyspread", "PodTopologySpread"),
    ("interpodaffinity", "InterPodAffinity"),
    ("dynamicresources", "DynamicResources"),  # applyFeatureGates: only with DynamicResourceAllocation
    ("defaultpreemption", "DefaultPreemption"),
    ("noderesources", "NodeResourcesBalancedAllocation"),
    ("defaultbinder", "DefaultBinder"),
)


def plugin_args(config: SchedulerConfig, handle: Handle) -> dict[str, Any]:
    """Every keyword a default plugin may take; each plugin gets the subset its __init__ names."""
    return {
        "handle": handle,
        "config": config,
        "scoring_strategy": config.scoring_strategy,
        "unresolvable_when_exceeding_allocatable": config.node_resources_fit_unresolvable,
        "node_resources_fit_unresolvable": config.node_resources_fit_unresolvable,
        "enable_async_preemption": config.async_preemption,
        "async_preemption": config.async_preemption,
        "min_candidate_nodes_percentage": config.min_candidate_nodes_percentage,
        "min_candidate_nodes_absolute": config.min_candidate_nodes_absolute,
        "queueing_hints": config.queueing_hints,
        "untolerated_taint_named_in_reason": config.untolerated_taint_named_in_reason,
    }


def build_default_plugins(config: SchedulerConfig, handle: Handle) -> list[Any]:
    """Instantiate the default profile. A plugin that fails to import is a bug: it raises."""
    args = plugin_args(config, handle)
    plugins: list[Any] = []
    for module_name, class_name in DEFAULT_PLUGINS:
        if class_name == "DefaultPreemption" and not config.preemption:
            continue
        if class_name == "DynamicResources" and not config.dynamic_resource_allocation:
            continue
        cls = getattr(importlib.import_module(f"scheduler_core.plugins.{module_name}"), class_name)
        plugins.append(_instantiate(cls, args))
    if config.permit_gate_label:  # the playground's teaching Permit plugin, enabled after the defaults
        from scheduler_core.plugins.permitgate import PermitGate
        plugins.append(PermitGate(config))
    return plugins


def _instantiate(cls: Any, args: dict[str, Any]) -> Any:
    params = inspect.signature(cls).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return cls(**args)
    return cls(**{name: value for name, value in args.items() if name in params})
