"""InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity).

Filter: the incoming pod's required pod affinity (U&U), its required anti-affinity (U) and the
required anti-affinity of pods already placed (U). Score: preferred (anti-)affinity of the incoming
pod plus the symmetric terms of placed pods, min-max normalised to 0..100.

Modules follow upstream: ``terms`` (AffinityTerm, namespaces, matchLabelKeys), ``filtering``,
``scoring``, ``plugin`` (the plugin class and its queueing hints).
"""
from scheduler_core.plugins.interpodaffinity.filtering import (
    ERR_REASON_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
)
from scheduler_core.plugins.interpodaffinity.plugin import NAME, InterPodAffinity

__all__ = [
    "ERR_REASON_AFFINITY_RULES_NOT_MATCH",
    "ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH",
    "ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH",
    "NAME",
    "InterPodAffinity",
]
