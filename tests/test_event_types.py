"""The browser's event payload types are generated from the schemas scheduler_core publishes
(scripts/event_types.py → frontend/src/protocol/events.gen.ts); tsc holds events.ts to them
(eventsAgree.ts). A schema changed and not regenerated fails here."""
from __future__ import annotations

from scripts.event_types import EVENTS_GEN_TS, type_name, typescript


def test_the_committed_event_types_match_the_core_schemas() -> None:
    assert EVENTS_GEN_TS.read_text() == typescript(), "run `make api-types` and commit frontend/src/protocol/events.gen.ts"


def test_each_kind_gets_the_name_events_ts_gives_it() -> None:
    assert [type_name(k) for k in ("cluster.snapshot", "pod.nominationCleared", "k8s.event")] == [
        "ClusterSnapshotEvent", "PodNominationClearedEvent", "K8sEventEvent"]
