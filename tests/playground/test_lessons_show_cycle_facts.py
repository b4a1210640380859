"""Facts lessons 16 and 18 state that `expect:` cannot pin: the dry run's numCandidates and
offset, and the node filtered twice with a nominated pod."""
from __future__ import annotations

from playground.lessons.tooling import load_lessons, run_variant

LESSONS = {lesson.folder.split("-", 1)[1]: lesson for lesson in load_lessons()}


def test_candidate_limiting_samples_five_of_thirty_from_offset_four() -> None:
    five = next(v for v in LESSONS["candidate-limiting"].variants if v.id == "five-candidates")
    events = run_variant(five).events
    evaluated = next(e for e in events if e["kind"] == "preemption.evaluated")
    assert (evaluated["potentialNodes"], evaluated["numCandidates"], evaluated["offset"]) == (30, 5, 4)
    assert [c["node"] for c in evaluated["candidates"]] == ["n05", "n06", "n07", "n08", "n09"]


def test_the_two_filter_passes_ran_on_node_1_with_db_added() -> None:
    events = run_variant(LESSONS["the-two-filter-passes"].main).events
    filtered = next(e for e in events if e["kind"] == "cycle.filtered" and e["pod"] == "default/app")
    assert filtered["nominatedPods"] == {"node-1": ["default/db"]}
    assert filtered["rejectedBy"] == {"InterPodAffinity": {"UnschedulableAndUnresolvable": 1}}
