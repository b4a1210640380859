"""SchedulerConfig refuses what kube-scheduler's config validation refuses, with upstream's words
(pkg/scheduler/apis/config/validation/validation.go and validation_pluginargs.go; field.Invalid
prints `Invalid value: <value>: <detail>`), and feature gates a release does not have."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core.config import ConfigError, SchedulerConfig


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"percentage_of_nodes_to_score": 101}, "percentage_of_nodes_to_score", "Invalid value: 101: not in valid range [0-100]"),
    ({"min_candidate_nodes_percentage": 101}, "min_candidate_nodes_percentage", "Invalid value: 101: not in valid range [0, 100]"),
    ({"min_candidate_nodes_absolute": -1}, "min_candidate_nodes_absolute", "Invalid value: -1: not in valid range [0, inf)"),
    ({"min_candidate_nodes_percentage": 0, "min_candidate_nodes_absolute": 0}, "min_candidate_nodes_percentage",
     "Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute"),
    ({"pod_initial_backoff_seconds": 0}, "pod_initial_backoff_seconds", "Invalid value: 0: must be greater than 0"),
    ({"pod_initial_backoff_seconds": 5, "pod_max_backoff_seconds": 4}, "pod_max_backoff_seconds",
     "Invalid value: 4: must be greater than or equal to PodInitialBackoffSeconds"),
    ({"version": "v1.31", "async_preemption": True}, "async_preemption",
     "unrecognized feature gate: SchedulerAsyncPreemption (it arrived in v1.32)"),
    ({"version": "v1.32", "pop_from_backoff_q": True}, "pop_from_backoff_q",
     "unrecognized feature gate: SchedulerPopFromBackoffQ (it arrived in v1.33)"),
])
def test_invalid_settings_are_refused_with_upstreams_words(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        SchedulerConfig.from_json(data)
    assert (caught.value.field, caught.value.message) == (field, message)


@pytest.mark.parametrize("data", [
    {"min_candidate_nodes_percentage": 0, "min_candidate_nodes_absolute": 1},
    {"min_candidate_nodes_percentage": 100, "min_candidate_nodes_absolute": 0},
    {"version": "v1.32", "async_preemption": True},  # the alpha gate exists and may be turned on
    {"version": "v1.34", "async_preemption": False, "pop_from_backoff_q": False},
])
def test_valid_edges_are_accepted(data: dict[str, Any]) -> None:
    SchedulerConfig.from_json(data)
