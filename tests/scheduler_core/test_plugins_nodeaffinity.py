"""NodeAffinity, cases after upstream node_affinity_test.go."""
from __future__ import annotations

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState, PreFilterResult
from scheduler_core.objects import (
    Node,
    NodeAffinity,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    Pod,
    PreferredSchedulingTerm,
)
from scheduler_core.plugins.nodeaffinity import NodeAffinity as NodeAffinityPlugin
from tests.scheduler_core.builders import make_node, make_node_info, make_pod

PLUGIN = NodeAffinityPlugin()
NO_MATCH = (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("node(s) didn't match Pod's node affinity/selector",))
OK = (Code.SUCCESS, ())


def expr(key: str, op: str, *values: str) -> NodeSelectorRequirement:
    return NodeSelectorRequirement(key, op, values)


def required(*terms: NodeSelectorTerm) -> NodeAffinity:
    return NodeAffinity(required=terms)


def term(*exprs: NodeSelectorRequirement, fields: tuple[NodeSelectorRequirement, ...] = ()) -> NodeSelectorTerm:
    return NodeSelectorTerm(exprs, fields)


def name_in(*names: str) -> NodeSelectorRequirement:
    return expr("metadata.name", "In", *names)


def run_filter(pod: Pod, node: Node) -> tuple[str, tuple[str, ...]]:
    state = CycleState()
    PLUGIN.pre_filter(state, pod, [])
    status = PLUGIN.filter(state, pod, make_node_info(node))
    return status.code, status.reasons


@pytest.mark.parametrize(
    ("pod", "labels", "expected"),
    [
        pytest.param(make_pod(), {}, OK, id="no selector"),
        pytest.param(make_pod(node_selector={"foo": "bar"}), {}, NO_MATCH, id="missing labels"),
        pytest.param(make_pod(node_selector={"foo": "bar"}), {"foo": "bar"}, OK, id="same labels"),
        pytest.param(make_pod(node_selector={"foo": "bar"}), {"foo": "bar", "baz": "blah"}, OK,
                     id="node labels are superset"),
        pytest.param(make_pod(node_selector={"foo": "bar", "baz": "blah"}), {"foo": "bar"}, NO_MATCH,
                     id="node labels are subset"),
        pytest.param(make_pod(node_affinity=required(term(expr("foo", "In", "bar", "value2")))), {"foo": "bar"}, OK,
                     id="Pod with matchExpressions using In operator that matches the existing node"),
        pytest.param(make_pod(node_affinity=required(term(expr("kernel-version", "Gt", "0204")))),
                     {"kernel-version": "0206.10"}, NO_MATCH,
                     id="Gt does not match a label value that is not an integer"),
        pytest.param(make_pod(node_affinity=required(term(expr("kernel-version", "Gt", "0204")))),
                     {"kernel-version": "0206"}, OK, id="Gt compares integers, leading zeros allowed"),
        pytest.param(make_pod(node_affinity=required(term(expr("kernel-version", "Lt", "0204")))),
                     {"kernel-version": "0204"}, NO_MATCH, id="Lt is strict"),
        pytest.param(make_pod(node_affinity=required(term(expr("mem-type", "NotIn", "DDR", "DDR2")))),
                     {}, OK, id="NotIn matches a node without the label"),
        pytest.param(make_pod(node_affinity=required(term(expr("GPU", "Exists")))), {"GPU": "NVIDIA-GRID-K1"}, OK,
                     id="Pod with matchExpressions using Exists operator that matches the existing node"),
        pytest.param(make_pod(node_affinity=required(term(expr("foo", "DoesNotExist")))), {"foo": "bar"}, NO_MATCH,
                     id="DoesNotExist rejects a node with the label"),
        pytest.param(make_pod(node_affinity=required()), {"foo": "bar"}, NO_MATCH,
                     id="Pod with affinity that don't match node's labels won't schedule onto the node (no terms)"),
        pytest.param(make_pod(node_affinity=required(term())), {"foo": "bar"}, NO_MATCH,
                     id="Pod with an empty nodeSelectorTerm won't schedule onto the node"),
        pytest.param(make_pod(node_affinity=required(term(expr("foo", "In", "x")), term(expr("foo", "In", "bar")))),
                     {"foo": "bar"}, OK, id="terms are ORed"),
        pytest.param(make_pod(node_affinity=required(term(expr("foo", "In", "bar"), expr("baz", "Exists")))),
                     {"foo": "bar"}, NO_MATCH, id="expressions within a term are ANDed"),
        pytest.param(make_pod(node_selector={"foo": "bar"}, node_affinity=required(term(expr("x", "Exists")))),
                     {"x": "1"}, NO_MATCH, id="nodeSelector and affinity must both match"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n1"),)))), {}, OK,
                     id="Pod with matchFields using In operator that matches the existing node"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n2"),)))), {}, NO_MATCH,
                     id="Pod with matchFields using In operator that does not match the existing node"),
        pytest.param(make_pod(node_affinity=required(term(expr("foo", "In", "bar"), fields=(name_in("n1"),)))),
                     {"foo": "baz"}, NO_MATCH, id="matchFields and matchExpressions in one term are ANDed"),
    ],
)
def test_filter(pod: Pod, labels: dict[str, str], expected: tuple[str, tuple[str, ...]]) -> None:
    assert run_filter(pod, make_node("n1", labels=labels)) == expected


@pytest.mark.parametrize(
    ("pod", "result", "code", "reasons"),
    [
        pytest.param(make_pod(), None, Code.SKIP, (), id="a pod without selector or required affinity is skipped"),
        pytest.param(make_pod(node_selector={"a": "b"}), None, Code.SUCCESS, (), id="a nodeSelector alone runs Filter"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n1", "n2"),)),
                                                     term(fields=(name_in("n3"),)))),
                     PreFilterResult(frozenset({"n1", "n2", "n3"})), Code.SUCCESS, (),
                     id="metadata.name In in every term gives the union of names"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n1", "n2"), name_in("n2", "n3"))))),
                     PreFilterResult(frozenset({"n2"})), Code.SUCCESS, (),
                     id="several name requirements in one term intersect"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n1"),)), term(expr("a", "Exists")))),
                     None, Code.SUCCESS, (), id="a term without a name requirement allows every node"),
        pytest.param(make_pod(node_affinity=required(term(fields=(name_in("n1"), name_in("n2"))))),
                     None, Code.UNSCHEDULABLE_AND_UNRESOLVABLE, ("pod affinity terms conflict",),
                     id="conflicting name requirements are unresolvable"),
    ],
)
def test_pre_filter(pod: Pod, result: PreFilterResult | None, code: str, reasons: tuple[str, ...]) -> None:
    got, status = PLUGIN.pre_filter(CycleState(), pod, [])
    assert (got, status.code, status.reasons) == (result, code, reasons)


def preferred(*weighted: tuple[int, NodeSelectorTerm]) -> NodeAffinity:
    return NodeAffinity(preferred=tuple(PreferredSchedulingTerm(w, t) for w, t in weighted))


def normalized_scores(pod: Pod, *nodes: Node) -> dict[str, int]:
    state = CycleState()
    infos = [make_node_info(n) for n in nodes]
    assert PLUGIN.pre_score(state, pod, infos).is_success
    raw = {i.name: PLUGIN.score(state, pod, i)[0] for i in infos}
    PLUGIN.normalize_score(state, pod, raw)
    return raw


def test_preferred_affinity_scores_are_normalised_to_the_best_node() -> None:
    # node_affinity_test.go: "all nodes matches the preferred scheduling requirements of pod with different weights"
    pod = make_pod(node_affinity=preferred(
        (2, term(expr("foo", "In", "bar"))),
        (4, term(expr("key", "In", "value"))),
        (5, term(expr("foo", "In", "bar"), expr("key", "In", "value"), expr("az", "In", "az1"))),
    ))
    nodes = [
        make_node("n1", labels={"foo": "bar"}),
        make_node("n2", labels={"foo": "bar", "key": "value", "az": "az1"}),
        make_node("n3", labels={"foo": "bar", "key": "value"}),
    ]
    assert normalized_scores(pod, *nodes) == {"n1": 18, "n2": 100, "n3": 54}


def test_no_node_matching_the_preferences_scores_zero_everywhere() -> None:
    pod = make_pod(node_affinity=preferred((2, term(expr("foo", "In", "bar")))))
    assert normalized_scores(pod, make_node("n1"), make_node("n2", labels={"foo": "x"})) == {"n1": 0, "n2": 0}


def test_empty_preference_terms_contribute_nothing() -> None:
    pod = make_pod(node_affinity=preferred((5, term()), (1, term(expr("a", "Exists")))))
    assert normalized_scores(pod, make_node("n1"), make_node("n2", labels={"a": "1"})) == {"n1": 0, "n2": 100}


def test_pods_without_preferences_skip_scoring() -> None:
    assert PLUGIN.pre_score(CycleState(), make_pod(), [make_node_info(make_node())]).is_skip


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(None, make_node("n", labels={"foo": "bar"}), ev.QUEUE, id="a new matching node queues"),
        pytest.param(None, make_node("n"), ev.SKIP, id="a new node that does not match is skipped"),
        pytest.param(make_node("n"), make_node("n", labels={"foo": "bar"}), ev.QUEUE,
                     id="a label update that makes the node match queues"),
        pytest.param(make_node("n", labels={"foo": "bar"}), make_node("n", labels={"foo": "bar", "x": "y"}), ev.SKIP,
                     id="an update to a node that already matched is skipped"),
    ],
)
def test_node_change_hint(old: Node | None, new: Node, expected: str) -> None:
    pod = make_pod(node_selector={"foo": "bar"})
    assert PLUGIN.is_schedulable_after_node_change(pod, old, new) == expected
