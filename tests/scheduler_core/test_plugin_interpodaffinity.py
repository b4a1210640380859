"""InterPodAffinity: tables ported from upstream interpodaffinity/{filtering,scoring,plugin}_test.go."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    Node,
    Pod,
    PodAffinity,
    PodAffinityTerm,
    WeightedPodAffinityTerm,
)
from scheduler_core.plugins.interpodaffinity import (
    ERR_REASON_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
    InterPodAffinity,
)
from tests.scheduler_core.builders import make_pod

OK = (Code.SUCCESS, ())
AFFINITY = (Code.UNSCHEDULABLE_AND_UNRESOLVABLE, (ERR_REASON_AFFINITY_RULES_NOT_MATCH,))
ANTI = (Code.UNSCHEDULABLE, (ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,))
EXISTING_ANTI = (Code.UNSCHEDULABLE, (ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,))


# -- builders (upstream st.MakePod().PodAffinityIn(...) in small) ----------------------------------


def sel(key: str, op: str = "Exists", *values: str) -> LabelSelector:
    return LabelSelector(match_expressions=(LabelSelectorRequirement(key, op, values),))


def term(selector: LabelSelector | None, topology_key: str, **kw: object) -> PodAffinityTerm:
    return PodAffinityTerm(topology_key=topology_key, label_selector=selector, **kw)  # type: ignore[arg-type]


def required(*terms: PodAffinityTerm) -> PodAffinity:
    return PodAffinity(required=terms)


def preferred(*weighted: tuple[int, PodAffinityTerm]) -> PodAffinity:
    return PodAffinity(preferred=tuple(WeightedPodAffinityTerm(w, t) for w, t in weighted))


def node(name: str, **labels: str) -> Node:
    """A node with exactly these labels (no implicit hostname label, as in the upstream tables)."""
    return Node(name=name, labels=labels)


def pod(name: str = "p", node_name: str = "", labels: Mapping[str, str] | None = None, **kw: object) -> Pod:
    return make_pod(name, node_name=node_name, labels=labels, **kw)  # type: ignore[arg-type]


def snapshot(nodes: Sequence[Node], pods: Sequence[Pod]) -> list[NodeInfo]:
    infos = {n.name: NodeInfo(n) for n in nodes}
    for p in pods:
        infos[p.node_name].add_pod(p)
    return list(infos.values())


def outcome(status: Status) -> tuple[str, tuple[str, ...]]:
    return status.code, status.reasons


def filter_all(incoming: Pod, infos: list[NodeInfo], plugin: InterPodAffinity | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """PreFilter then Filter on every node; a PreFilter Skip means Filter is not run (success)."""
    plugin = plugin or InterPodAffinity()
    state = CycleState()
    _, status = plugin.pre_filter(state, incoming, infos)
    if status.is_skip:
        return [OK for _ in infos]
    return [outcome(plugin.filter(state, incoming, info)) for info in infos]


# -- Filter ------------------------------------------------------------------------------------

S1 = {"security": "S1"}
SCAN = {"service": "securityscan"}
CHINA = {"region": "China"}
CHINA_AZ1 = {"region": "China", "az": "az1"}
INDIA = {"region": "India"}


@pytest.mark.parametrize(
    ("incoming", "pods", "want"),
    [
        # upstream TestRequiredAffinitySingleNode
        pytest.param(pod(), [], OK, id="a pod without affinity fits a node with no pods"),
        pytest.param(
            pod(labels=S1, pod_affinity=required(term(sel("service", "In", "securityscan", "value2"), "region"))),
            [pod("e", "machine1", SCAN)],
            OK,
            id="required affinity with In matches the existing pod in the region",
        ),
        pytest.param(
            pod(labels=S1, pod_affinity=required(term(sel("service", "NotIn", "securityscan3", "value3"), "region"))),
            [pod("e", "machine1", SCAN)],
            OK,
            id="required affinity with NotIn matches the existing pod",
        ),
        pytest.param(
            pod(labels=S1, pod_affinity=required(term(sel("service", "In", "securityscan"), "region", namespaces=("DiffNameSpace",)))),
            [pod("e", "machine1", SCAN, namespace="ns")],
            AFFINITY,
            id="affinity does not match a pod in another namespace",
        ),
        pytest.param(
            pod(labels=SCAN, pod_affinity=required(term(sel("service", "In", "antivirusscan"), "region"))),
            [pod("e", "machine1", SCAN)],
            AFFINITY,
            id="affinity with an unmatching selector is unresolvable",
        ),
        pytest.param(
            pod(
                labels=S1,
                pod_affinity=required(term(sel("service", "In", "securityscan"), "region")),
                pod_anti_affinity=required(term(sel("service", "In", "securityscan"), "zone")),
            ),
            [pod("e", "machine1", SCAN)],
            ANTI,
            id="affinity satisfied but the pod's own anti-affinity is not",
        ),
        pytest.param(
            pod(
                labels=SCAN,
                pod_affinity=required(term(sel("service", "In", "securityscan"), "region")),
                pod_anti_affinity=required(term(sel("service", "In", "antivirusscan"), "node")),
            ),
            [pod("e", "machine1", SCAN, pod_anti_affinity=required(term(sel("service", "In", "securityscan"), "zone")))],
            EXISTING_ANTI,
            id="affinity and anti-affinity satisfied but an existing pod's anti-affinity is violated",
        ),
        pytest.param(
            pod(labels=SCAN),
            [pod("e", "machine1", SCAN, pod_anti_affinity=required(term(sel("service", "In", "securityscan"), "zone")))],
            EXISTING_ANTI,
            id="an existing pod's anti-affinity is respected when the pod has none",
        ),
        pytest.param(
            pod(labels=SCAN),
            [pod("e", "machine1", SCAN, pod_anti_affinity=required(term(sel("service", "NotIn", "securityscan"), "zone")))],
            OK,
            id="an existing pod's anti-affinity that does not select the pod is harmless",
        ),
        pytest.param(
            pod(labels=SCAN, pod_affinity=required(term(sel("service", "NotIn", "securityscan"), "region"))),
            [pod("e", "machine2", SCAN)],
            AFFINITY,
            id="a pod that does not match its own affinity is not let in as the first of a group",
        ),
    ],
)
def test_filter_single_node(incoming: Pod, pods: list[Pod], want: tuple[str, tuple[str, ...]]) -> None:
    nodes = [node("machine1", region="r1", zone="z11"), node("machine2", region="r2", zone="z21")]
    assert filter_all(incoming, snapshot(nodes, pods))[0] == want


@pytest.mark.parametrize(
    ("incoming", "pods", "nodes", "want"),
    [
        # upstream TestRequiredAffinityMultipleNodes
        pytest.param(
            pod(pod_affinity=required(term(sel("foo", "In", "bar"), "region"))),
            [pod("p1", "node1", {"foo": "bar"})],
            [node("node1", **CHINA), node("node2", **CHINA_AZ1), node("node3", **INDIA)],
            [OK, OK, AFFINITY],
            id="every node in the matching pod's region fits, other regions are unresolvable",
        ),
        pytest.param(
            pod(
                labels={"foo": "bar", "service": "securityscan"},
                pod_affinity=required(term(sel("foo", "In", "bar"), "zone"), term(sel("service", "In", "securityscan"), "zone")),
            ),
            [pod("p1", "nodeA", {"foo": "bar"})],
            [node("nodeA", zone="az1", hostname="h1"), node("nodeB", zone="az2", hostname="h2")],
            [OK, OK],
            id="the first pod of a self-affine collection may go anywhere",
        ),
        pytest.param(
            pod(
                labels={"foo": "bar", "service": "securityscan"},
                pod_affinity=required(term(sel("foo", "In", "bar"), "zone"), term(sel("service", "In", "securityscan"), "zone")),
            ),
            [pod("p1", "nodeA", {"foo": "bar"})],
            [node("nodeA", zoneLabel="az1", hostname="h1"), node("nodeB", zoneLabel="az2", hostname="h2")],
            [AFFINITY, AFFINITY],
            id="the first pod of a collection still needs nodes with the topology key",
        ),
        pytest.param(
            pod(pod_anti_affinity=required(term(sel("foo", "In", "abc"), "region"))),
            [pod("p1", "nodeA", {"foo": "abc"})],
            [node("nodeA", region="r1", hostname="nodeA"), node("nodeB", region="r1", hostname="nodeB")],
            [ANTI, ANTI],
            id="anti-affinity repels every node of the matching pod's region",
        ),
        pytest.param(
            pod(pod_anti_affinity=required(term(sel("foo", "In", "abc"), "region"), term(sel("service", "In", "securityscan"), "zone"))),
            [pod("p1", "nodeA", {"foo": "abc", "service": "securityscan"})],
            [node("nodeA", region="r1", zone="z1"), node("nodeB", region="r1", zone="z2")],
            [ANTI, ANTI],
            id="anti-affinity applies when any one of its terms matches",
        ),
        pytest.param(
            pod(namespace="NS1", labels={"foo": "123"}, pod_anti_affinity=required(term(sel("foo", "In", "bar"), "region"))),
            [
                pod("p1", "nodeA", {"foo": "bar"}, namespace="NS1"),
                pod("p2", "nodeC", namespace="NS2", pod_anti_affinity=required(term(sel("foo", "In", "123"), "region"))),
            ],
            [node("nodeA", **CHINA), node("nodeB", **CHINA_AZ1), node("nodeC", **INDIA)],
            [ANTI, ANTI, OK],
            id="an existing pod's anti-affinity only selects pods of its own namespace",
        ),
        pytest.param(
            pod(labels={"foo": "", "bar": ""}),
            [
                pod("p1", "nodeA", pod_anti_affinity=required(term(sel("foo"), "zone"))),
                pod("p2", "nodeA", pod_anti_affinity=required(term(sel("bar"), "region"))),
            ],
            [node("nodeA", region="r1", zone="z1"), node("nodeB", region="r1", zone="z2")],
            [EXISTING_ANTI, EXISTING_ANTI],
            id="existing pods' anti-affinity repels the pod from both nodes",
        ),
        pytest.param(
            pod(labels={"foo": "", "bar": ""}),
            [pod("p1", "nodeA", pod_anti_affinity=required(term(sel("foo"), "invalid-node-label"), term(sel("bar"), "zone")))],
            [node("nodeA", region="r1", zone="z1"), node("nodeB", region="r1", zone="z2")],
            [EXISTING_ANTI, OK],
            id="an existing pod's term counts only where both selector and topology key match",
        ),
        pytest.param(
            pod(pod_anti_affinity=required(term(sel("foo"), "invalid-node-label"), term(sel("bar"), "zone"))),
            [pod("podA", "nodeA", {"foo": "", "bar": ""})],
            [node("nodeA", region="r1", zone="z1"), node("nodeB", region="r1", zone="z2")],
            [ANTI, OK],
            id="an incoming pod's term counts only where both selector and topology key match",
        ),
    ],
)
def test_filter_multiple_nodes(incoming: Pod, pods: list[Pod], nodes: list[Node], want: list[tuple[str, tuple[str, ...]]]) -> None:
    assert filter_all(incoming, snapshot(nodes, pods)) == want


@pytest.mark.parametrize(
    ("incoming", "pods", "want"),
    [
        pytest.param(pod(labels={"foo": ""}), [pod("e", "nodeA")], Code.SKIP, id="no terms and no repelling pods skips"),
        pytest.param(
            pod(labels={"foo": ""}),
            [pod("e", "nodeA", pod_anti_affinity=required(term(sel("foo"), "invalid-node-label")))],
            Code.SKIP,
            id="an existing anti-affinity whose topology key no node has skips",
        ),
        pytest.param(
            pod(labels={"foo": ""}),
            [pod("e", "nodeA", pod_anti_affinity=required(term(sel("foo"), "zone")))],
            Code.SUCCESS,
            id="an existing anti-affinity that selects the pod does not skip",
        ),
        pytest.param(
            pod(pod_affinity=required(term(sel("foo"), "zone"))),
            [],
            Code.SUCCESS,
            id="the pod's own required affinity does not skip",
        ),
    ],
)
def test_pre_filter_skip(incoming: Pod, pods: list[Pod], want: str) -> None:
    _, status = InterPodAffinity().pre_filter(CycleState(), incoming, snapshot([node("nodeA", zone="z1")], pods))
    assert status.code == want


@pytest.mark.parametrize(
    ("incoming", "existing", "want"),
    [
        pytest.param(
            pod(pod_affinity=required(term(sel("app", "In", "db"), "zone", namespaces=("other",)))),
            pod("e", "n1", {"app": "db"}, namespace="other"),
            OK,
            id="namespaces lists the namespaces to look in",
        ),
        pytest.param(
            pod(pod_affinity=required(term(sel("app", "In", "db"), "zone", namespace_selector=LabelSelector()))),
            pod("e", "n1", {"app": "db"}, namespace="other"),
            OK,
            id="an empty namespace selector looks in every namespace",
        ),
        pytest.param(
            pod(pod_affinity=required(term(sel("app", "In", "db"), "zone", namespace_selector=sel("kubernetes.io/metadata.name", "In", "other")))),
            pod("e", "n1", {"app": "db"}, namespace="other"),
            OK,
            id="a namespace selector on the metadata.name label selects that namespace",
        ),
        pytest.param(
            pod(pod_affinity=required(term(sel("app", "In", "db"), "zone", namespace_selector=sel("team", "In", "a")))),
            pod("e", "n1", {"app": "db"}, namespace="other"),
            AFFINITY,
            id="a namespace selector on another label selects no implicit namespace (it has only the name label)",
        ),
        pytest.param(
            pod(labels={"app": "web", "rev": "2"}, pod_affinity=required(term(sel("app", "In", "db"), "zone", match_label_keys=("rev",)))),
            pod("e", "n1", {"app": "db", "rev": "1"}),
            AFFINITY,
            id="matchLabelKeys requires the pod's own value of the key",
        ),
        pytest.param(
            pod(labels={"app": "web", "rev": "2"}, pod_affinity=required(term(sel("app", "In", "db"), "zone", match_label_keys=("rev",)))),
            pod("e", "n1", {"app": "db", "rev": "2"}),
            OK,
            id="matchLabelKeys matches a pod with the same value of the key",
        ),
        pytest.param(
            pod(labels={"app": "web", "rev": "2"}, pod_anti_affinity=required(term(sel("app", "In", "web"), "zone", mismatch_label_keys=("rev",)))),
            pod("e", "n1", {"app": "web", "rev": "2"}),
            OK,
            id="mismatchLabelKeys ignores pods with the pod's own value of the key",
        ),
    ],
)
def test_filter_namespaces_and_label_keys(incoming: Pod, existing: Pod, want: tuple[str, tuple[str, ...]]) -> None:
    infos = snapshot([node("n1", zone="z1"), node("n2", zone="z2")], [existing])
    assert filter_all(incoming, infos)[0] == want


# -- AddPod / RemovePod (upstream TestPreFilterStateAddRemovePod, TestPreFilterDisabled) ---------

WEB = {"app": "web"}
AWAY_FROM_WEB = required(term(sel("app", "In", "web"), "zone"))


def zones() -> list[NodeInfo]:
    return [NodeInfo(node("n1", zone="z1")), NodeInfo(node("n2", zone="z1")), NodeInfo(node("n3", zone="z2"))]


def test_removing_a_victim_fixes_the_pods_anti_affinity() -> None:
    infos = zones()
    victim = pod("victim", "n1", WEB)
    infos[0].add_pod(victim)
    incoming, plugin, state = pod(pod_anti_affinity=AWAY_FROM_WEB), InterPodAffinity(), CycleState()
    plugin.pre_filter(state, incoming, infos)
    what_if = state.clone()
    assert plugin.remove_pod(what_if, incoming, victim, infos[0]).is_success
    assert outcome(plugin.filter(what_if, incoming, infos[1])) == OK
    assert outcome(plugin.filter(state, incoming, infos[1])) == ANTI, "the original state is untouched"


def test_removing_a_victim_fixes_its_anti_affinity_towards_the_pod() -> None:
    infos = zones()
    victim = pod("victim", "n1", pod_anti_affinity=AWAY_FROM_WEB)
    infos[0].add_pod(victim)
    incoming, plugin, state = pod(labels=WEB), InterPodAffinity(), CycleState()
    plugin.pre_filter(state, incoming, infos)
    assert outcome(plugin.filter(state, incoming, infos[0])) == EXISTING_ANTI
    plugin.remove_pod(state, incoming, victim, infos[0])
    assert outcome(plugin.filter(state, incoming, infos[0])) == OK


@pytest.mark.parametrize(
    ("incoming", "nominated", "want"),
    [
        pytest.param(pod(pod_anti_affinity=AWAY_FROM_WEB), pod("nom", labels=WEB), ANTI, id="a nominated pod the pod repels"),
        pytest.param(pod(labels=WEB), pod("nom", pod_anti_affinity=AWAY_FROM_WEB), EXISTING_ANTI, id="a nominated pod that repels the pod"),
        pytest.param(
            pod(labels=WEB, pod_affinity=required(term(sel("app", "In", "db"), "zone"))),
            pod("nom", labels={"app": "db"}),
            OK,
            id="a nominated pod the pod needs",
        ),
    ],
)
def test_adding_a_nominated_pod_counts_it_in_its_zone(incoming: Pod, nominated: Pod, want: tuple[str, tuple[str, ...]]) -> None:
    infos = zones()
    infos.append(NodeInfo(node("n4", zone="z2")))
    # In zone z2: a pod the affinity case needs (so the first-pod rule stays out of it) and a pod
    # repelling web pods (so PreFilter does not Skip; the framework skips AddPod for skipped plugins).
    infos[3].add_pod(pod("anchor", "n4", {"app": "db"}))
    infos[3].add_pod(pod("repeller", "n4", {"app": "db"}, pod_anti_affinity=AWAY_FROM_WEB))
    plugin, state = InterPodAffinity(), CycleState()
    plugin.pre_filter(state, incoming, infos)
    assert plugin.add_pod(state, incoming, nominated, infos[0]).is_success
    assert outcome(plugin.filter(state, incoming, infos[1])) == want


def test_removing_the_last_matching_pod_lets_a_self_affine_pod_in_anywhere() -> None:
    infos = zones()
    peer = pod("peer", "n3", WEB)
    infos[2].add_pod(peer)
    incoming = pod(labels=WEB, pod_affinity=required(term(sel("app", "In", "web"), "zone")))
    plugin, state = InterPodAffinity(), CycleState()
    plugin.pre_filter(state, incoming, infos)
    assert outcome(plugin.filter(state, incoming, infos[0])) == AFFINITY
    plugin.remove_pod(state, incoming, peer, infos[2])
    assert outcome(plugin.filter(state, incoming, infos[0])) == OK


def test_add_pod_without_pre_filter_state_is_an_error() -> None:
    status = InterPodAffinity().add_pod(CycleState(), pod(), pod("x"), zones()[0])
    assert status.code == Code.ERROR


# -- Score (upstream TestPreferredAffinity, TestPreferredAffinityWithHardPodAffinitySymmetricWeight) --

STAY_WITH_S1_IN_REGION = preferred((5, term(sel("security", "In", "S1"), "region")))
STAY_WITH_S2_IN_REGION = preferred((6, term(sel("security", "In", "S2"), "region")))
AWAY_FROM_S1_IN_AZ = preferred((5, term(sel("security", "In", "S1"), "az")))
AWAY_FROM_S2_IN_AZ = preferred((5, term(sel("security", "In", "S2"), "az")))
AFFINITY3 = PodAffinity(
    preferred=(
        WeightedPodAffinityTerm(8, term(LabelSelector(match_expressions=(
            LabelSelectorRequirement("security", "NotIn", ("S1",)),
            LabelSelectorRequirement("security", "In", ("S2",)),
        )), "region")),
        WeightedPodAffinityTerm(2, term(LabelSelector(match_expressions=(
            LabelSelectorRequirement("security", "Exists"),
            LabelSelectorRequirement("wrongkey", "DoesNotExist"),
        )), "region")),
    )
)
HARD_AFFINITY = required(
    term(sel("security", "In", "S1", "value2"), "region"),
    term(LabelSelector(match_expressions=(
        LabelSelectorRequirement("security", "Exists"), LabelSelectorRequirement("wrongkey", "DoesNotExist"),
    )), "region"),
)
S2 = {"security": "S2"}


def scores(incoming: Pod, infos: list[NodeInfo], plugin: InterPodAffinity | None = None) -> dict[str, int] | str:
    """PreFilter (which records the node list), PreScore, Score and NormalizeScore over all nodes."""
    plugin = plugin or InterPodAffinity()
    state = CycleState()
    plugin.pre_filter(state, incoming, infos)
    status = plugin.pre_score(state, incoming, infos)
    if not status.is_success:
        return status.code
    result = {}
    for info in infos:
        value, status = plugin.score(state, incoming, info)
        assert status.is_success
        result[info.name] = value
    plugin.normalize_score(state, incoming, result)
    return result


@pytest.mark.parametrize(
    ("incoming", "pods", "nodes", "want"),
    [
        pytest.param(
            pod(labels=S1), [], [node("node1", **CHINA), node("node2", **INDIA)], Code.SKIP,
            id="no affinity anywhere skips scoring",
        ),
        pytest.param(
            pod(labels=S1, pod_affinity=STAY_WITH_S1_IN_REGION),
            [pod("a", "node1", S1), pod("b", "node2", S2), pod("c", "node3", S1)],
            [node("node1", **CHINA), node("node2", **INDIA), node("node3", az="az1")],
            {"node1": 100, "node2": 0, "node3": 0},
            id="preferred affinity favours the region of a matching pod, not nodes without the key",
        ),
        pytest.param(
            pod(pod_affinity=STAY_WITH_S1_IN_REGION),
            [pod("a", "node1", S1)],
            [node("node1", **CHINA), node("node2", **CHINA_AZ1), node("node3", **INDIA)],
            {"node1": 100, "node2": 100, "node3": 0},
            id="every node of the matching region scores the same",
        ),
        pytest.param(
            pod(labels=S1, pod_affinity=AFFINITY3),
            [pod("a", "node1", S1), pod("b", "node2", S2), pod("c", "node3", S1)],
            [node("node1", **CHINA), node("node2", **INDIA), node("node3", az="az1")],
            {"node1": 20, "node2": 100, "node3": 0},
            id="weights of several preferred terms add up (2 vs 10)",
        ),
        pytest.param(
            pod(labels=S2),
            [pod("a", "node1", S1, pod_affinity=STAY_WITH_S1_IN_REGION), pod("b", "node2", S2, pod_affinity=STAY_WITH_S2_IN_REGION)],
            [node("node1", **CHINA), node("node2", **INDIA), node("node3", az="az1")],
            {"node1": 0, "node2": 100, "node3": 0},
            id="existing pods' preferred affinity is symmetric",
        ),
        pytest.param(
            pod(labels=S1),
            [pod("a", "node1", S1, pod_affinity=HARD_AFFINITY), pod("b", "node2", S2, pod_affinity=HARD_AFFINITY)],
            [node("node1", **CHINA), node("node2", **INDIA), node("node3", az="az1")],
            {"node1": 100, "node2": 100, "node3": 0},
            id="existing pods' required affinity counts with hardPodAffinityWeight",
        ),
        pytest.param(
            pod(labels=S1, pod_anti_affinity=AWAY_FROM_S1_IN_AZ),
            [pod("a", "node1", S1), pod("b", "node1", S1), pod("c", "node2", S2)],
            [node("node1", az="az1"), node("node2", **INDIA)],
            {"node1": 0, "node2": 100},
            id="preferred anti-affinity pushes away from matching pods",
        ),
        pytest.param(
            pod(labels=S2),
            [pod("a", "node1", S1, pod_anti_affinity=AWAY_FROM_S2_IN_AZ), pod("b", "node2", S2, pod_anti_affinity=AWAY_FROM_S1_IN_AZ)],
            [node("node1", az="az1"), node("node2", az="az2")],
            {"node1": 0, "node2": 100},
            id="existing pods' preferred anti-affinity is symmetric",
        ),
        pytest.param(
            pod(labels=S1, pod_affinity=STAY_WITH_S1_IN_REGION, pod_anti_affinity=AWAY_FROM_S2_IN_AZ),
            [
                pod("a", "node1", S1),
                pod("b", "node2", S2),
                pod("c", "node3", pod_affinity=STAY_WITH_S1_IN_REGION, pod_anti_affinity=AWAY_FROM_S2_IN_AZ),
                pod("d", "node4", pod_anti_affinity=AWAY_FROM_S1_IN_AZ),
            ],
            [node("node1", **CHINA), node("node2", az="az1"), node("node3", **INDIA), node("node4", az="az2")],
            {"node1": 100, "node2": 0, "node3": 100, "node4": 0},
            id="affinity, anti-affinity and both symmetries together (5, -5, 5, -5)",
        ),
        pytest.param(
            pod(labels=S1),
            [pod("a", "node1", S1), pod("b", "node2", pod_affinity=STAY_WITH_S1_IN_REGION, pod_anti_affinity=AWAY_FROM_S2_IN_AZ)],
            [node("node1", **CHINA), node("node2", **CHINA)],
            {"node1": 0, "node2": 0},
            id="equal scores normalise to zero",
        ),
    ],
)
def test_score(incoming: Pod, pods: list[Pod], nodes: list[Node], want: dict[str, int] | str) -> None:
    assert scores(incoming, snapshot(nodes, pods)) == want


def test_hard_pod_affinity_weight_scales_existing_required_affinity() -> None:
    # upstream TestPreferredAffinityWithHardPodAffinitySymmetricWeight: weight 0 disables the symmetry
    infos = snapshot([node("node1", **CHINA), node("node2", **INDIA)], [pod("a", "node1", S1, pod_affinity=HARD_AFFINITY)])
    assert scores(pod(labels=S1), infos, InterPodAffinity(hard_pod_affinity_weight=1)) == {"node1": 100, "node2": 0}
    assert scores(pod(labels=S1), infos, InterPodAffinity(hard_pod_affinity_weight=0)) == Code.SKIP


def test_scoring_counts_pods_on_nodes_that_did_not_pass_filter() -> None:
    infos = snapshot([node("node1", **CHINA), node("node2", **CHINA), node("node3", **INDIA)], [pod("a", "node1", S1)])
    incoming, plugin, state = pod(pod_affinity=STAY_WITH_S1_IN_REGION), InterPodAffinity(), CycleState()
    plugin.pre_filter(state, incoming, infos)
    feasible = infos[1:]  # node1 was filtered out, its pod still attracts to the region
    assert plugin.pre_score(state, incoming, feasible).is_success
    assert [plugin.score(state, incoming, i)[0] for i in feasible] == [5, 0]


def test_ignore_preferred_terms_of_existing_pods_skips_pods_without_preferences() -> None:
    infos = snapshot([node("node1", **CHINA)], [pod("a", "node1", S1, pod_affinity=STAY_WITH_S2_IN_REGION)])
    plugin = InterPodAffinity(ignore_preferred_terms_of_existing_pods=True)
    assert plugin.pre_score(CycleState(), pod(labels=S2), infos).code == Code.SKIP


# -- Queueing hints (upstream plugin_test.go Test_isSchedulableAfterPodChange / NodeChange) -------

NEEDS_DB = pod(pod_affinity=required(term(sel("app", "In", "db"), "zone")))
AVOIDS_DB = pod(pod_anti_affinity=required(term(sel("app", "In", "db"), "zone")))


@pytest.mark.parametrize(
    ("target", "old", "new", "want"),
    [
        pytest.param(NEEDS_DB, None, pod("x", "n1", {"app": "db"}), ev.QUEUE, id="an assigned pod matching the affinity is added"),
        pytest.param(NEEDS_DB, None, pod("x", "n1", {"app": "web"}), ev.SKIP, id="an assigned pod not matching the affinity is added"),
        pytest.param(NEEDS_DB, None, pod("x", "", {"app": "db"}), ev.SKIP, id="an unscheduled pod is added"),
        pytest.param(NEEDS_DB, pod("x", "n1", {"app": "web"}), pod("x", "n1", {"app": "db"}), ev.QUEUE, id="a pod is relabelled to match the affinity"),
        pytest.param(AVOIDS_DB, pod("x", "n1", {"app": "db"}), pod("x", "n1", {"app": "web"}), ev.QUEUE, id="a pod is relabelled out of the anti-affinity"),
        pytest.param(AVOIDS_DB, pod("x", "n1", {"app": "db"}), None, ev.QUEUE, id="a pod matching the anti-affinity is deleted"),
        pytest.param(NEEDS_DB, pod("x", "n1", {"app": "db"}), None, ev.SKIP, id="a pod matching the affinity is deleted"),
        pytest.param(
            pod(labels={"app": "web"}),
            pod("x", "n1", pod_anti_affinity=required(term(sel("app", "In", "web"), "zone"))),
            None,
            ev.SKIP,
            id="v1.34 skips when a deleted pod's own anti-affinity repelled the pod (issue #134393)",
        ),
    ],
)
def test_is_schedulable_after_pod_change(target: Pod, old: Pod | None, new: Pod | None, want: str) -> None:
    assert InterPodAffinity().is_schedulable_after_pod_change(target, old, new) == want


@pytest.mark.parametrize(
    ("version", "want"),
    [pytest.param("v1.34", ev.SKIP, id="v1.34 keeps the gap"), pytest.param("v1.35", ev.QUEUE, id="v1.35 has the fix (PR #135325)")],
)
def test_the_hint_for_a_deleted_repelling_pod_follows_the_configured_version(version: str, want: str) -> None:
    repeller = pod("x", "n1", pod_anti_affinity=required(term(sel("app", "In", "web"), "zone")))
    plugin = InterPodAffinity(config=SimpleNamespace(version=version))
    assert plugin.is_schedulable_after_pod_change(pod(labels={"app": "web"}), repeller, None) == want


@pytest.mark.parametrize(
    ("target", "new_node", "want"),
    [
        pytest.param(NEEDS_DB, node("n", zone="z1"), ev.QUEUE, id="a node with the affinity topology key"),
        pytest.param(AVOIDS_DB, node("n", zone="z1"), ev.QUEUE, id="a node with the anti-affinity topology key"),
        pytest.param(NEEDS_DB, node("n", region="r1"), ev.SKIP, id="a node without any of the topology keys"),
    ],
)
def test_is_schedulable_after_node_change(target: Pod, new_node: Node, want: str) -> None:
    assert InterPodAffinity().is_schedulable_after_node_change(target, None, new_node) == want


def test_events_to_register_cover_pod_and_node_changes() -> None:
    registered = {(e.event.resource, e.event.action) for e in InterPodAffinity().events_to_register()}
    assert registered == {
        (ev.POD, ev.ADD), (ev.POD, ev.UPDATE_POD_LABEL), (ev.POD, ev.DELETE),
        (ev.NODE, ev.ADD), (ev.NODE, ev.UPDATE_NODE_LABEL), (ev.NODE, ev.UPDATE_NODE_TAINT),
    }


# -- HavePodsWithRequiredAntiAffinityList / HavePodsWithAffinityList from the snapshot ------------


def _cluster_with(*pods: Pod) -> SimpleNamespace:
    from scheduler_core.cluster_state import ClusterState
    from scheduler_core.objects import Cluster

    cluster = ClusterState(Cluster(nodes=(node("n1", zone="z1"), node("n2", zone="z2"))))
    for p in pods:
        cluster.add_pod(p, 0.0)
    return SimpleNamespace(cluster=cluster)


def test_existing_anti_affinity_is_read_from_the_snapshot_and_forgotten_when_the_pod_goes() -> None:
    repeller = pod("e", "n1", {"app": "web"}, pod_anti_affinity=required(term(sel("app", "In", "web"), "zone")))
    handle = _cluster_with(repeller)
    plugin, incoming = InterPodAffinity(handle=handle), pod(labels={"app": "web"})
    nodes = handle.cluster.node_list
    assert filter_all(incoming, nodes, plugin) == [EXISTING_ANTI, OK]
    handle.cluster.remove_pod(repeller.key)
    assert plugin.pre_filter(CycleState(), incoming, handle.cluster.node_list)[1].code == Code.SKIP


def test_pre_score_counts_existing_pods_affinity_from_the_snapshot() -> None:
    attracted = pod("e", "n2", {"app": "db"}, pod_affinity=preferred((10, term(sel("app", "In", "web"), "zone"))))
    handle = _cluster_with(attracted, pod("plain", "n1", {"app": "web"}))
    plugin, incoming, state = InterPodAffinity(handle=handle), pod(labels={"app": "web"}), CycleState()
    nodes = handle.cluster.node_list
    plugin.pre_filter(state, incoming, nodes)
    assert plugin.pre_score(state, incoming, nodes).is_success
    assert [plugin.score(state, incoming, info)[0] for info in nodes] == [0, 10]
