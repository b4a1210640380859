"""Every upstream function, type, field or event the spec names is findable by that name in the
model (its name, or a one-line `# upstream:` marker) — or listed here as not modelled, with why.

The spec is ../shared/SCHEDULER_SPEC.md (the kube-scheduler behaviour the model follows)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "SCHEDULER_SPEC.md"
SEARCHED = [ROOT / "scheduler_core", ROOT / "tests" / "scheduler_core"]

NOT_MODELLED = {
    "SchedulerError": "the PodScheduled reason for a scheduler error; the model's plugins fail only in tests, "
                      "and its Kubernetes API reports Unschedulable",
    "UpdateNodeCondition": "node conditions are not modelled (no in-tree plugin registers the event)",
    "UpdateNodeAnnotation": "node annotations are API metadata only; no in-tree plugin registers the event",
    "addedAffinity": "the scheduler configuration's addedAffinity is not one of the profile knobs exposed",
    "TestPendingPodsMetric": "queue metrics are not modelled",
}


def spec_names() -> list[str]:
    text = SPEC.read_text()
    names = set(re.findall(r"`([A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:\(\))?`", text))
    names |= set(re.findall(r"\b([A-Za-z][a-z]+(?:[A-Z][a-z0-9]*)+)\(\)", text))
    return sorted(names)


def corpus() -> str:
    me = Path(__file__).resolve()
    return "\n".join(path.read_text() for base in SEARCHED for path in base.rglob("*.py") if path.resolve() != me)


NAMES = Path(__file__).with_name("upstream_names.txt")  # the spec's names, kept with the tests (CI has no ../shared)


def committed_names() -> list[str]:
    return [line for line in NAMES.read_text().splitlines() if line and not line.startswith("#")]


def test_every_upstream_name_in_the_spec_is_found_in_the_model_or_said_not_modelled() -> None:
    text = corpus()
    names = committed_names()
    assert len(names) > 100
    missing = [name for name in names if name not in text and name not in NOT_MODELLED]
    assert missing == [], f"add the upstream name (or a '# upstream:' marker) for: {missing}"
    stale = [name for name in NOT_MODELLED if name in text]
    assert stale == [], f"modelled now, drop from NOT_MODELLED: {stale}"


@pytest.mark.skipif(not SPEC.exists(), reason="the shared spec is not next to this checkout")
def test_the_committed_names_are_the_spec_s() -> None:
    assert committed_names() == spec_names(), "the spec changed: regenerate tests/scheduler_core/upstream_names.txt"
