"""PodTopologySpread: tables ported from upstream podtopologyspread/{filtering,scoring,plugin}_test.go."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    Node,
    NodeAffinity,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    Pod,
    Taint,
    Toleration,
    TopologySpreadConstraint,
)
from scheduler_core.plugins.podtopologyspread import (
    ERR_REASON_CONSTRAINTS_NOT_MATCH,
    ERR_REASON_NODE_LABEL_NOT_MATCH,
    PodTopologySpread,
)
from tests.scheduler_core.builders import make_pod

S, U, UU = Code.SUCCESS, Code.UNSCHEDULABLE, Code.UNSCHEDULABLE_AND_UNRESOLVABLE
HOSTNAME = "kubernetes.io/hostname"


@dataclass(frozen=True)
class TerminatingPod(Pod):
    """A pod with metadata.deletionTimestamp set (upstream st.MakePod().Terminating())."""

    deletion_timestamp: float | None = 0.0


def exists(key: str) -> LabelSelector:
    return LabelSelector(match_expressions=(LabelSelectorRequirement(key, "Exists"),))


FOO = exists("foo")
BAR = exists("bar")


def spread(max_skew: int, key: str, selector: LabelSelector | None = FOO, when: str = "DoNotSchedule", **kw: object) -> TopologySpreadConstraint:
    return TopologySpreadConstraint(max_skew, key, when, selector, **kw)  # type: ignore[arg-type]


def soft(max_skew: int, key: str, selector: LabelSelector | None = FOO) -> TopologySpreadConstraint:
    return spread(max_skew, key, selector, "ScheduleAnyway")


def pod(name: str = "p", node_name: str = "", labels: Mapping[str, str] | None = None, **kw: object) -> Pod:
    return make_pod(name, node_name=node_name, labels=labels, **kw)  # type: ignore[arg-type]


def foo_pod(name: str, node_name: str, **kw: object) -> Pod:
    return pod(name, node_name, {"foo": ""}, **kw)


def incoming(*constraints: TopologySpreadConstraint, labels: Mapping[str, str] | None = None, **kw: object) -> Pod:
    chosen = {"foo": ""} if labels is None else labels
    return make_pod("p", labels=chosen, topology_spread_constraints=constraints, **kw)  # type: ignore[arg-type]


def node(name: str, **labels: str) -> Node:
    return Node(name=name, labels=labels)


def zone_nodes() -> list[Node]:
    """node-a, node-b in zone1 and node-x, node-y in zone2, each with a "node" label."""
    return [node(n, zone=z, node=n) for n, z in (("node-a", "zone1"), ("node-b", "zone1"), ("node-x", "zone2"), ("node-y", "zone2"))]


def snapshot(nodes: Sequence[Node], pods: Sequence[Pod]) -> list[NodeInfo]:
    infos = {n.name: NodeInfo(n) for n in nodes}
    for p in pods:
        infos[p.node_name].add_pod(p)
    return list(infos.values())


def filter_codes(p: Pod, infos: list[NodeInfo]) -> dict[str, str]:
    plugin, state = PodTopologySpread(), CycleState()
    _, status = plugin.pre_filter(state, p, infos)
    assert status.is_success
    return {info.name: plugin.filter(state, p, info).code for info in infos}


SPREAD_2_1_0_3 = [foo_pod("p-a1", "node-a"), foo_pod("p-a2", "node-a"), foo_pod("p-b1", "node-b"),
                  foo_pod("p-y1", "node-y"), foo_pod("p-y2", "node-y"), foo_pod("p-y3", "node-y")]


# -- Filter (upstream TestSingleConstraint, TestMultipleConstraints) ------------------------------


@pytest.mark.parametrize(
    ("p", "nodes", "pods", "want"),
    [
        pytest.param(incoming(spread(1, "zone")), zone_nodes(), [], {"node-a": S, "node-b": S, "node-x": S, "node-y": S}, id="no existing pods"),
        pytest.param(
            incoming(spread(1, "zone", BAR)), zone_nodes(), [], {"node-a": S, "node-b": S, "node-x": S, "node-y": S},
            id="no existing pods, incoming pod doesn't match itself",
        ),
        pytest.param(
            incoming(spread(1, "zone")),
            zone_nodes(),
            [foo_pod("p-a1", "node-a", namespace="ns1"), foo_pod("p-b1", "node-a", namespace="ns2"),
             foo_pod("p-x1", "node-x"), foo_pod("p-y1", "node-y")],
            {"node-a": S, "node-b": S, "node-x": U, "node-y": U},
            id="existing pods in a different namespace do not count",
        ),
        pytest.param(
            incoming(spread(1, "zone")),
            zone_nodes(),
            SPREAD_2_1_0_3,
            {"node-a": S, "node-b": S, "node-x": S, "node-y": S},
            id="pods spread across zones as 3/3, all nodes fit",
        ),
        pytest.param(
            incoming(spread(1, "zone")),
            [node("node-a", zone="zone1", node="node-a"), node("node-b", zon="zone1", node="node-b"),
             node("node-x", zone="zone2", node="node-x"), node("node-y", zone="zone2", node="node-y")],
            [foo_pod("p-a1", "node-a"), foo_pod("p-b1", "node-b"), foo_pod("p-x1", "node-x"), foo_pod("p-y1", "node-y")],
            {"node-a": S, "node-b": UU, "node-x": U, "node-y": U},
            id="pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
        ),
        pytest.param(
            incoming(spread(1, "rack")),
            [node("node-a", zone="zone1"), node("node-x", zone="zone2")],
            [],
            {"node-a": UU, "node-x": UU},
            id="pod cannot be scheduled as all nodes don't have label 'rack'",
        ),
        pytest.param(
            incoming(spread(1, "node")), zone_nodes(), SPREAD_2_1_0_3, {"node-a": U, "node-b": U, "node-x": S, "node-y": U},
            id="pods spread across nodes as 2/1/0/3, only node-x fits",
        ),
        pytest.param(
            incoming(spread(2, "node")), zone_nodes(), SPREAD_2_1_0_3, {"node-a": U, "node-b": S, "node-x": S, "node-y": U},
            id="pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
        ),
        pytest.param(
            incoming(spread(1, "node"), labels={"bar": ""}), zone_nodes(), SPREAD_2_1_0_3,
            {"node-a": U, "node-b": S, "node-x": S, "node-y": U},
            id="pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
        ),
        pytest.param(
            incoming(
                spread(1, "node"),
                node_affinity=NodeAffinity(required=(NodeSelectorTerm((NodeSelectorRequirement("node", "In", ("node-a", "node-y")),)),)),
            ),
            zone_nodes(),
            SPREAD_2_1_0_3,
            {"node-a": S, "node-b": S, "node-x": S, "node-y": U},
            id="incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
        ),
        pytest.param(
            incoming(spread(1, "node")),
            [node("node-a", node="node-a"), node("node-b", node="node-b")],
            [TerminatingPod("p-a", labels={"foo": ""}, node_name="node-a"), foo_pod("p-b", "node-b")],
            {"node-a": S, "node-b": U},
            id="terminating Pods should be excluded",
        ),
        pytest.param(
            incoming(spread(1, "zone"), spread(1, "node")),
            zone_nodes(),
            SPREAD_2_1_0_3,
            {"node-a": U, "node-b": U, "node-x": S, "node-y": U},
            id="two Constraints on zone and node, spreads = [3/3, 2/1/0/3]",
        ),
        pytest.param(
            incoming(spread(1, "node", LabelSelector())),
            zone_nodes(),
            SPREAD_2_1_0_3,
            {"node-a": S, "node-b": S, "node-x": S, "node-y": S},
            id="an empty selector counts no existing pod",
        ),
    ],
)
def test_filter(p: Pod, nodes: list[Node], pods: list[Pod], want: dict[str, str]) -> None:
    assert filter_codes(p, snapshot(nodes, pods)) == want


def test_filter_reasons_are_upstream_strings() -> None:
    infos = snapshot([node("node-a", zone="z1"), node("node-b", zone="z2"), node("node-c")], [foo_pod("x", "node-a")])
    plugin, state, p = PodTopologySpread(), CycleState(), incoming(spread(1, "zone"))
    plugin.pre_filter(state, p, infos)
    statuses = [plugin.filter(state, p, info) for info in infos]
    assert [(s.code, s.reasons, s.plugin) for s in statuses] == [
        (U, (ERR_REASON_CONSTRAINTS_NOT_MATCH,), "PodTopologySpread"),
        (S, (), ""),
        (UU, ("node(s) didn't match pod topology spread constraints (missing required label)",), "PodTopologySpread"),
    ]
    assert ERR_REASON_NODE_LABEL_NOT_MATCH == statuses[2].reasons[0]


@pytest.mark.parametrize(
    ("p", "want"),
    [
        # zone1 holds 2 matching pods, zone2 holds 1, zone3 has no node.
        pytest.param(incoming(spread(2, "zone")), {"node-a": S, "node-x": S}, id="without minDomains the global minimum is 1"),
        pytest.param(
            incoming(spread(2, "zone", min_domains=3)), {"node-a": U, "node-x": S},
            id="fewer domains than minDomains make the global minimum 0",
        ),
        pytest.param(
            incoming(spread(2, "zone", min_domains=2)), {"node-a": S, "node-x": S},
            id="as many domains as minDomains keep the real minimum",
        ),
    ],
)
def test_min_domains(p: Pod, want: dict[str, str]) -> None:
    infos = snapshot([node("node-a", zone="zone1"), node("node-x", zone="zone2")],
                     [foo_pod("a1", "node-a"), foo_pod("a2", "node-a"), foo_pod("x1", "node-x")])
    assert filter_codes(p, infos) == want


TAINTED = Taint("dedicated", "NoSchedule", "gpu")


@pytest.mark.parametrize(
    ("p", "want"),
    [
        # zone1: node-a (1 matching pod), node-b; zone2: node-x, tainted and outside pool=main, no pods.
        # Counting zone2 makes the global minimum 0, so node-a's skew is 1 + 1 - 0 = 2 > maxSkew.
        pytest.param(
            incoming(spread(1, "zone"), node_selector={"pool": "main"}), S,
            id="nodeAffinityPolicy Honor leaves the zone the pod cannot use out",
        ),
        pytest.param(
            incoming(spread(1, "zone", node_affinity_policy="Ignore"), node_selector={"pool": "main"}), U,
            id="nodeAffinityPolicy Ignore counts the unselected zone with 0 pods",
        ),
        pytest.param(incoming(spread(1, "zone", node_taints_policy="Honor")), S, id="nodeTaintsPolicy Honor leaves the tainted zone out"),
        pytest.param(incoming(spread(1, "zone")), U, id="nodeTaintsPolicy Ignore counts the tainted zone with 0 pods"),
        pytest.param(
            incoming(spread(1, "zone", node_taints_policy="Honor"), tolerations=(Toleration("dedicated", "Equal", "gpu"),)), U,
            id="nodeTaintsPolicy Honor counts a tainted zone the pod tolerates",
        ),
    ],
)
def test_node_inclusion_policies(p: Pod, want: str) -> None:
    infos = snapshot(
        [Node("node-a", {"zone": "zone1", "pool": "main"}), Node("node-b", {"zone": "zone1", "pool": "main"}),
         Node("node-x", {"zone": "zone2", "pool": "other"}, taints=(TAINTED,))],
        [foo_pod("a1", "node-a")],
    )
    assert filter_codes(p, infos)["node-a"] == want


def test_match_label_keys_count_only_pods_with_the_same_value() -> None:
    infos = snapshot(zone_nodes(), [pod("old1", "node-a", {"foo": "", "rev": "1"}), pod("old2", "node-a", {"foo": "", "rev": "1"})])
    p = incoming(spread(1, "node", match_label_keys=("rev",)), labels={"foo": "", "rev": "2"})
    assert filter_codes(p, infos) == {"node-a": S, "node-b": S, "node-x": S, "node-y": S}


def test_pre_filter_skips_a_pod_without_hard_constraints() -> None:
    _, status = PodTopologySpread().pre_filter(CycleState(), incoming(soft(1, "zone")), snapshot(zone_nodes(), []))
    assert status.code == Code.SKIP


# -- AddPod / RemovePod (upstream TestPreFilterStateAddPod, TestPreFilterStateRemovePod) ----------


def host_nodes(*names: str) -> list[NodeInfo]:
    return [NodeInfo(node(n, node=n)) for n in names]


def prepared(p: Pod, infos: list[NodeInfo]) -> tuple[PodTopologySpread, CycleState]:
    plugin, state = PodTopologySpread(), CycleState()
    plugin.pre_filter(state, p, infos)
    return plugin, state


def test_removing_a_victim_fixes_the_skew() -> None:
    infos = host_nodes("node-a", "node-b")
    victim = foo_pod("victim", "node-a")
    infos[0].add_pod(victim)
    p = incoming(spread(1, "node"))
    plugin, state = prepared(p, infos)
    assert plugin.filter(state, p, infos[0]).code == U
    what_if = state.clone()
    assert plugin.remove_pod(what_if, p, victim, infos[0]).is_success
    assert plugin.filter(what_if, p, infos[0]).code == S
    assert plugin.filter(state, p, infos[0]).code == U, "the original state is untouched"


def test_removing_a_pod_from_the_emptiest_domain_lowers_the_minimum() -> None:
    infos = host_nodes("node-a", "node-b")
    infos[0].add_pod(foo_pod("a1", "node-a"))
    infos[1].add_pod(b1 := foo_pod("b1", "node-b"))
    p = incoming(spread(1, "node"))
    plugin, state = prepared(p, infos)
    assert plugin.filter(state, p, infos[0]).code == S
    plugin.remove_pod(state, p, b1, infos[1])
    assert plugin.filter(state, p, infos[0]).code == U


def test_adding_a_nominated_pod_to_the_emptiest_domain_raises_the_minimum() -> None:
    infos = host_nodes("node-a", "node-b", "node-c")
    infos[0].add_pod(foo_pod("a1", "node-a"))
    infos[2].add_pod(foo_pod("c1", "node-c"))
    p = incoming(spread(1, "node"))
    plugin, state = prepared(p, infos)
    assert plugin.filter(state, p, infos[0]).code == U
    plugin.add_pod(state, p, foo_pod("nominated", ""), infos[1])
    assert plugin.filter(state, p, infos[0]).code == S


def test_victims_removed_and_reprieved_leave_the_counts_as_they_were() -> None:
    infos = host_nodes("node-a", "node-b")
    victims = [foo_pod(f"a{i}", "node-a") for i in range(3)]
    for v in victims:
        infos[0].add_pod(v)
    p = incoming(spread(1, "node"))
    plugin, state = prepared(p, infos)
    for v in victims:
        plugin.remove_pod(state, p, v, infos[0])
    assert plugin.filter(state, p, infos[0]).code == S
    for v in victims:
        plugin.add_pod(state, p, v, infos[0])
    assert plugin.filter(state, p, infos[0]).code == U
    assert plugin.filter(state, p, infos[1]).code == S


@pytest.mark.parametrize(
    "other",
    [
        pytest.param(foo_pod("other-ns", "", namespace="elsewhere"), id="a pod of another namespace"),
        pytest.param(pod("unlabelled", ""), id="a pod the selector does not match"),
    ],
)
def test_add_pod_ignores_pods_that_do_not_count(other: Pod) -> None:
    infos = host_nodes("node-a", "node-b")
    p = incoming(spread(1, "node"))
    plugin, state = prepared(p, infos)
    plugin.add_pod(state, p, other, infos[0])
    plugin.add_pod(state, p, other, infos[0])
    assert plugin.filter(state, p, infos[0]).code == S


def test_add_pod_without_pre_filter_state_is_an_error() -> None:
    assert PodTopologySpread().add_pod(CycleState(), incoming(), pod("x"), host_nodes("n")[0]).code == Code.ERROR


# -- Score (upstream TestPodTopologySpreadScore) --------------------------------------------------


def host(name: str, **labels: str) -> Node:
    return node(name, **{HOSTNAME: name, **labels})


def score_all(p: Pod, nodes: list[Node], failed: list[Node], pods: list[Pod]) -> dict[str, int] | str:
    """PreFilter sees every node; PreScore, Score and NormalizeScore only the nodes that passed Filter."""
    infos = snapshot(nodes + failed, pods)
    feasible = infos[: len(nodes)]
    plugin, state = PodTopologySpread(), CycleState()
    plugin.pre_filter(state, p, infos)
    status = plugin.pre_score(state, p, feasible)
    if not status.is_success:
        return status.code
    scores = {}
    for info in feasible:
        value, status = plugin.score(state, p, info)
        assert status.is_success
        scores[info.name] = value
    plugin.normalize_score(state, p, scores)
    return scores


def host_pods(**counts: int) -> list[Pod]:
    return [foo_pod(f"p-{n[-1]}{i}", n.replace("_", "-")) for n, c in counts.items() for i in range(c)]


ABCD = [host("node-a"), host("node-b"), host("node-c"), host("node-d")]
SPREAD_4_2_1_3 = host_pods(node_a=4, node_b=2, node_x=1, node_y=3)


@pytest.mark.parametrize(
    ("p", "nodes", "failed", "pods", "want"),
    [
        pytest.param(incoming(), ABCD, [], [], Code.SKIP, id="a pod without soft constraints skips scoring"),
        pytest.param(
            incoming(soft(1, HOSTNAME)), [host("node-a")], [host("node-b")], [], {"node-a": 100},
            id="one constraint on node, no existing pods",
        ),
        pytest.param(
            incoming(soft(1, HOSTNAME)), [host("node-a"), host("node-b")], [], host_pods(node_a=1, node_b=1),
            {"node-a": 100, "node-b": 100},
            id="one constraint on node, all nodes have the same number of matching pods",
        ),
        pytest.param(
            incoming(soft(1, HOSTNAME)), ABCD, [], host_pods(node_a=2, node_b=1, node_d=3),
            {"node-a": 20, "node-b": 60, "node-c": 100, "node-d": 0},
            id="one constraint on node, all 4 nodes are candidates",
        ),
        pytest.param(
            incoming(soft(1, HOSTNAME, None)), ABCD, [], host_pods(node_a=2, node_b=1, node_d=3),
            {"node-a": 100, "node-b": 100, "node-c": 100, "node-d": 100},
            id="one constraint on node, null selector",
        ),
        pytest.param(
            incoming(soft(2, HOSTNAME)), ABCD, [], host_pods(node_a=2, node_b=1, node_d=3),
            {"node-a": 33, "node-b": 66, "node-c": 100, "node-d": 16},
            id="one constraint on node, all 4 nodes are candidates, maxSkew=2",
        ),
        pytest.param(
            incoming(soft(3, HOSTNAME)), ABCD, [], host_pods(node_a=4, node_b=3, node_c=2, node_d=1),
            {"node-a": 44, "node-b": 66, "node-c": 77, "node-d": 100},
            id="one constraint on node, all 4 nodes are candidates, maxSkew=3",
        ),
        pytest.param(
            incoming(soft(1, HOSTNAME)), [host("node-a"), host("node-b"), host("node-x")], [host("node-y")], SPREAD_4_2_1_3,
            {"node-a": 33, "node-b": 83, "node-x": 100},
            id="one constraint on node, 3 out of 4 nodes are candidates",
        ),
        pytest.param(
            incoming(soft(1, HOSTNAME)), [host("node-a"), node("node-b", n="node-b"), host("node-x")], [host("node-y")], SPREAD_4_2_1_3,
            {"node-a": 16, "node-b": 0, "node-x": 100},
            id="one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
        ),
        pytest.param(
            incoming(soft(1, "zone")),
            [host("node-a", zone="zone1"), host("node-b", zone="zone1"), host("node-x", zone="zone2")],
            [host("node-y", zone="zone2")],
            SPREAD_4_2_1_3,
            {"node-a": 75, "node-b": 75, "node-x": 100},
            id="one constraint on zone, 3 out of 4 nodes are candidates",
        ),
        pytest.param(
            incoming(soft(1, "zone"), soft(1, HOSTNAME)),
            [host("node-a", zone="zone1"), host("node-x", zone="zone2")],
            [host("node-b", zone="zone1"), host("node-y", zone="zone2")],
            host_pods(node_a=2, node_b=1, node_x=2, node_y=4),
            {"node-a": 100, "node-x": 63},
            id="two Constraints on zone and node, 2 out of 4 nodes are candidates",
        ),
        pytest.param(
            incoming(soft(1, "zone", FOO), soft(1, HOSTNAME, BAR), labels={"foo": "", "bar": ""}),
            [host("node-a", zone="zone1"), host("node-b", zone="zone1"), host("node-x", zone="zone2"), host("node-y", zone="zone2")],
            [],
            [foo_pod("p-a1", "node-a"), pod("p-b1", "node-b", {"foo": "", "bar": ""}), foo_pod("p-y1", "node-y"), pod("p-y2", "node-y", {"bar": ""})],
            {"node-a": 60, "node-b": 20, "node-x": 100, "node-y": 60},
            id="two Constraints on zone and node, with different labelSelectors",
        ),
        pytest.param(
            incoming(soft(1, "zone", FOO), soft(1, HOSTNAME, BAR), labels={"foo": "", "bar": ""}),
            [host("node-a", zone="zone1"), host("node-b", zone="zone1"), host("node-x", zone="zone2"), host("node-y", zone="zone2")],
            [],
            [pod("p-b1", "node-b", {"bar": ""}), foo_pod("p-x1", "node-x"), pod("p-y1", "node-y", {"foo": "", "bar": ""})],
            {"node-a": 100, "node-b": 60, "node-x": 40, "node-y": 0},
            id="two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods",
        ),
    ],
)
def test_score(p: Pod, nodes: list[Node], failed: list[Node], pods: list[Pod], want: dict[str, int] | str) -> None:
    assert score_all(p, nodes, failed, pods) == want


@pytest.mark.parametrize(
    ("policy", "want"),
    [
        pytest.param("Honor", {"node-a": 0, "node-x": 100}, id="nodeAffinityPolicy Honor ignores pods on nodes the pod cannot use"),
        pytest.param("Ignore", {"node-a": 100, "node-x": 25}, id="nodeAffinityPolicy Ignore counts them"),
    ],
)
def test_score_node_affinity_policy(policy: str, want: dict[str, int]) -> None:
    # modelled on "NodeAffinityPolicy honored with nodeAffinity" in upstream scoring_test.go; numbers worked by hand
    constraint = TopologySpreadConstraint(1, "zone", "ScheduleAnyway", FOO, node_affinity_policy=policy)
    p = incoming(constraint, node_selector={"pool": "main"})
    nodes = [node("node-a", zone="zone1", pool="main"), node("node-x", zone="zone2", pool="main")]
    failed = [node("node-y", zone="zone2", pool="other")]
    pods = [foo_pod("a1", "node-a"), foo_pod("y1", "node-y"), foo_pod("y2", "node-y"), foo_pod("y3", "node-y")]
    assert score_all(p, nodes, failed, pods) == want


def test_hard_constraints_do_not_score() -> None:
    assert score_all(incoming(spread(1, HOSTNAME)), ABCD, [], []) == Code.SKIP


# -- Queueing hints (upstream plugin_test.go Test_isSchedulableAfterPodChange / NodeChange) -------

TARGET = incoming(spread(1, "zone"))


@pytest.mark.parametrize(
    ("old", "new", "want"),
    [
        pytest.param(None, foo_pod("x", "n1"), ev.QUEUE, id="an assigned matching pod is added"),
        pytest.param(None, pod("x", "n1"), ev.SKIP, id="an assigned pod the selector does not match is added"),
        pytest.param(None, foo_pod("x", ""), ev.SKIP, id="an unscheduled pod is added"),
        pytest.param(None, foo_pod("x", "n1", namespace="other"), ev.SKIP, id="a pod of another namespace is added"),
        pytest.param(foo_pod("x", "n1"), None, ev.QUEUE, id="an assigned matching pod is deleted"),
        pytest.param(pod("x", "n1", {"bar": ""}), foo_pod("x", "n1"), ev.QUEUE, id="a pod is relabelled into the selector"),
        pytest.param(pod("x", "n1", {"foo": "", "a": "1"}), pod("x", "n1", {"foo": "", "a": "2"}), ev.SKIP, id="a relabel that keeps the match"),
    ],
)
def test_is_schedulable_after_pod_change(old: Pod | None, new: Pod | None, want: str) -> None:
    assert PodTopologySpread().is_schedulable_after_pod_change(TARGET, old, new) == want


def test_a_new_toleration_requeues_a_pod_with_node_taints_policy_honor() -> None:
    target = incoming(spread(1, "zone", node_taints_policy="Honor"))
    tolerant = incoming(spread(1, "zone", node_taints_policy="Honor"), tolerations=(Toleration("dedicated", "Exists"),))
    assert PodTopologySpread().is_schedulable_after_pod_change(target, target, tolerant) == ev.QUEUE


@pytest.mark.parametrize(
    ("old", "new", "want"),
    [
        pytest.param(None, node("n", zone="z1"), ev.QUEUE, id="a node with the topology key is added"),
        pytest.param(None, node("n", rack="r1"), ev.SKIP, id="a node without the topology key is added"),
        pytest.param(node("n", zone="z1"), None, ev.QUEUE, id="a node with the topology key is deleted"),
        pytest.param(node("n", zone="z1"), node("n", zone="z2"), ev.QUEUE, id="a node moves to another zone"),
        pytest.param(node("n", zone="z1"), node("n", zone="z1", other="x"), ev.SKIP, id="an unrelated label changes"),
        pytest.param(node("n", zone="z1"), Node("n", {"zone": "z1"}, taints=(TAINTED,)), ev.QUEUE, id="a node in a domain is tainted"),
    ],
)
def test_is_schedulable_after_node_change(old: Node | None, new: Node | None, want: str) -> None:
    assert PodTopologySpread().is_schedulable_after_node_change(TARGET, old, new) == want


def test_events_to_register_cover_pod_and_node_changes() -> None:
    registered = {(e.event.resource, e.event.action) for e in PodTopologySpread().events_to_register()}
    assert registered == {
        (ev.POD, ev.ADD), (ev.POD, ev.UPDATE_POD_LABEL), (ev.POD, ev.UPDATE_POD_TOLERATION), (ev.POD, ev.DELETE),
        (ev.NODE, ev.ADD), (ev.NODE, ev.DELETE), (ev.NODE, ev.UPDATE_NODE_LABEL), (ev.NODE, ev.UPDATE_NODE_TAINT),
    }


def test_without_queueing_hints_pod_toleration_updates_are_not_registered() -> None:
    registered = {e.event.action for e in PodTopologySpread(queueing_hints=False).events_to_register() if e.event.resource == ev.POD}
    assert registered == {ev.ADD, ev.UPDATE_POD_LABEL, ev.DELETE}


def test_pods_the_simulation_marks_terminating_are_not_counted() -> None:
    """The simulation keeps deletionTimestamp in its pod records; the plugin reads it through the handle."""
    infos = snapshot([node("node-a", node="node-a"), node("node-b", node="node-b")], [foo_pod("p-a", "node-a"), foo_pod("p-b", "node-b")])
    records = {"default/p-a": SimpleNamespace(deletion_timestamp=12.0), "default/p-b": SimpleNamespace(deletion_timestamp=None)}
    plugin, state, p = PodTopologySpread(handle=SimpleNamespace(cluster=SimpleNamespace(pods=records))), CycleState(), incoming(spread(1, "node"))
    plugin.pre_filter(state, p, infos)
    assert [plugin.filter(state, p, info).code for info in infos] == [S, U]  # counts 0/1, not 1/1


class _Untouchable:
    """A node stand-in that fails the test if a plugin looks at it."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"node read ({name}) for a pod without constraints")


def test_pre_filter_and_pre_score_skip_before_reading_any_node() -> None:
    nodes: list[NodeInfo] = [_Untouchable()]  # type: ignore[list-item]
    state = CycleState()
    _, status = PodTopologySpread().pre_filter(state, pod(), nodes)
    assert status.code == Code.SKIP
    assert PodTopologySpread().pre_score(state, pod(), nodes).code == Code.SKIP
