"""set_node_annotations / set_pod_annotations: API metadata recorded in the log, with no scheduling effect."""
from __future__ import annotations

import pytest

from scheduler_core import CommandError
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import simulate


def test_annotations_are_recorded_as_applied_commands_and_change_no_state() -> None:
    sim = simulate([make_node("n1", cpu="4")], [make_pod("web", cpu="1", node_name="n1")])
    sim.run(until=1)
    before = sim.state()
    events = sim.apply({"type": "set_pod_annotations", "pod": "default/web", "annotations": {"team": "blue"}})
    assert [e["kind"] for e in events] == ["command.applied"]
    assert events[0]["command"]["annotations"] == {"team": "blue"}
    assert sim.state() == before


@pytest.mark.parametrize(("command", "path"), [
    pytest.param({"type": "set_pod_annotations", "pod": "default/nope", "annotations": {}}, "command.pod",
                 id="an unknown pod is refused"),
    pytest.param({"type": "set_node_annotations", "node": "nope", "annotations": {}}, "command.node",
                 id="an unknown node is refused"),
    pytest.param({"type": "set_node_annotations", "node": "n1", "annotations": {"a": 1}}, "command.annotations.a",
                 id="a non-string value is refused naming the key"),
])
def test_bad_annotation_commands_are_refused(command: dict[str, object], path: str) -> None:
    sim = simulate([make_node("n1", cpu="4")], [make_pod("web", cpu="1", node_name="n1")])
    with pytest.raises(CommandError) as refused:
        sim.apply(command)
    assert refused.value.path == path
