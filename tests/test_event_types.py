"""The browser's event kinds, payload types and vocabularies are generated from the schemas
scheduler_core publishes (scripts/event_types.py → frontend/src/protocol/events.gen.ts, which
events.ts re-exports). A schema, a kind or a vocabulary changed and not regenerated fails here."""
from __future__ import annotations

from scripts.event_types import EVENTS_GEN_TS, type_name, typescript


def test_the_committed_event_types_match_the_core_schemas() -> None:
    assert EVENTS_GEN_TS.read_text() == typescript(), "run `make api-types` and commit frontend/src/protocol/events.gen.ts"


def test_each_kind_gets_a_type_name_spelt_as_kubernetes_spells_it() -> None:
    assert [type_name(k) for k in ("cluster.snapshot", "pod.nominationCleared", "k8s.event", "priorityclass.added")] == [
        "ClusterSnapshotEvent", "PodNominationClearedEvent", "K8sEventEvent", "PriorityClassAddedEvent"]


def test_the_vocabularies_are_const_lists_with_their_types() -> None:
    source = typescript()
    assert 'export const QUEUE_NAMES = [\n  "active",\n' in source
    assert "export type QueueName = (typeof QUEUE_NAMES)[number];" in source
