"""Namespace objects: manifests, commands, the State and InterPodAffinity's namespaceSelector.

The namespaceSelector cases are ported from upstream
pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go (TestRequiredAffinitySingleNode,
with its fake Namespace lister of subteam1.team1 … subteam2.team2) and scoring_test.go; the
plugin resolves selectors as plugin.go does (mergeAffinityTermNamespacesIfNotEmpty for the
incoming pod's terms, GetNamespaceLabelsSnapshot for existing pods' terms).
"""
from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.commands import CommandError
from scheduler_core.events import fold
from scheduler_core.manifests import ManifestError, cluster_to_documents, load_documents, load_yaml
from scheduler_core.objects import NAMESPACE_NAME_LABEL, LabelSelector, Namespace
from scheduler_core.plugins.interpodaffinity import InterPodAffinity
from tests.scheduler_core.simkit import k8s_messages, of_kind
from tests.scheduler_core.test_plugin_interpodaffinity import (
    AFFINITY,
    ANTI,
    EXISTING_ANTI,
    OK,
    filter_all,
    node,
    pod,
    preferred,
    required,
    scores,
    sel,
    snapshot,
    term,
)

# ---- the fake Namespace lister of the upstream tests ----------------------------------------------

NS_LABEL_T1 = {"team": "team1"}
NS_LABEL_T2 = {"team": "team2"}
UPSTREAM_NAMESPACES = {
    "subteam1.team1": NS_LABEL_T1, "subteam2.team1": NS_LABEL_T1,
    "subteam1.team2": NS_LABEL_T2, "subteam2.team2": NS_LABEL_T2,
}


class FakeNamespaceLister:
    """fakeNSLister: List by selector; Get of a missing namespace fails (labels: empty set)."""

    def __init__(self, namespaces: Mapping[str, Mapping[str, str]]) -> None:
        self.namespaces = namespaces

    def namespace_labels(self, namespace: str) -> Mapping[str, str]:
        return self.namespaces.get(namespace, {})

    def list_namespaces(self, selector: LabelSelector) -> list[str]:
        return [name for name, labels in self.namespaces.items() if selector.matches(labels)]


def with_namespaces(namespaces: Mapping[str, Mapping[str, str]] = UPSTREAM_NAMESPACES) -> InterPodAffinity:
    return InterPodAffinity(handle=SimpleNamespace(cluster=FakeNamespaceLister(namespaces)))


PODLABEL = {"service": "securityscan"}
PODLABEL2 = {"security": "S1"}
TEAM1 = sel("team", "In", "team1")
SCAN = sel("service", "In", "securityscan", "value2")


@pytest.mark.parametrize(("incoming", "existing_namespace", "want"), [
    pytest.param(pod(labels=PODLABEL2, pod_affinity=required(term(SCAN, "region", namespace_selector=TEAM1))),
                 "subteam1.team1", OK, id="affinity with NamespaceSelector"),
    pytest.param(pod(labels=PODLABEL2, pod_affinity=required(term(SCAN, "region", namespace_selector=TEAM1))),
                 "subteam1.team2", AFFINITY, id="affinity with non-matching NamespaceSelector"),
    pytest.param(pod(labels=PODLABEL2, namespace="subteam1.team1",
                     pod_anti_affinity=required(term(SCAN, "zone", namespace_selector=TEAM1))),
                 "subteam2.team1", ANTI, id="anti-affinity with matching NamespaceSelector"),
    pytest.param(pod(labels=PODLABEL2, namespace="subteam1.team1",
                     pod_anti_affinity=required(term(SCAN, "zone", namespace_selector=LabelSelector()))),
                 "subteam2.team1", ANTI, id="anti-affinity with matching all NamespaceSelector"),
    pytest.param(pod(labels=PODLABEL2, namespace="subteam1.team1",
                     pod_anti_affinity=required(term(SCAN, "zone", namespace_selector=TEAM1))),
                 "subteam1.team2", OK, id="anti-affinity with non-matching NamespaceSelector"),
])
def test_required_affinity_single_node_with_namespace_selector(incoming: Any, existing_namespace: str, want: Any) -> None:
    # filtering_test.go TestRequiredAffinitySingleNode: node1 has labels {region: r1, zone: z11}
    infos = snapshot([node("machine1", region="r1", zone="z11")],
                     [pod("e", "machine1", PODLABEL, namespace=existing_namespace)])
    assert filter_all(incoming, infos, with_namespaces()) == [want]


@pytest.mark.parametrize(("incoming_namespace", "want"), [
    pytest.param("subteam2.team1", EXISTING_ANTI,
                 id="an existing pod's namespaceSelector is matched against the incoming pod's namespace labels"),
    pytest.param("subteam1.team2", OK, id="an incoming pod in a namespace the selector does not match is not repelled"),
    pytest.param("nowhere", OK, id="a namespace without an object has no labels for the lister (GetNamespaceLabelsSnapshot)"),
])
def test_existing_pods_anti_affinity_reads_the_incoming_pods_namespace_labels(incoming_namespace: str, want: Any) -> None:
    existing = pod("e", "machine1", PODLABEL, namespace="subteam1.team1",
                   pod_anti_affinity=required(term(sel("security", "In", "S1"), "zone", namespace_selector=TEAM1)))
    infos = snapshot([node("machine1", region="r1", zone="z11")], [existing])
    incoming = pod(labels=PODLABEL2, namespace=incoming_namespace)
    assert filter_all(incoming, infos, with_namespaces()) == [want]


def test_preferred_affinity_counts_pods_in_selected_namespaces_only() -> None:
    # scoring_test.go TestPreferredAffinity, namespaceSelector variant: the incoming pod's preferred
    # term is unrolled at PreScore; only the pod in a team1 namespace attracts it.
    infos = snapshot([node("n1", region="China"), node("n2", region="India")],
                     [pod("a", "n1", PODLABEL, namespace="subteam1.team1"),
                      pod("b", "n2", PODLABEL, namespace="subteam1.team2")])
    incoming = pod(pod_affinity=preferred((5, term(SCAN, "region", namespace_selector=TEAM1))))
    assert scores(incoming, infos, with_namespaces()) == {"n1": 100, "n2": 0}


# ---- manifests ------------------------------------------------------------------------------------

NAMESPACES_YAML = """
apiVersion: v1
kind: Namespace
metadata: {name: team-a, labels: {team: a}}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-b, labels: {team: b, kubernetes.io/metadata.name: something-else}}
spec: {finalizers: [kubernetes]}
"""


def test_a_namespace_document_keeps_its_labels_plus_the_automatic_name_label() -> None:
    cluster = load_yaml(NAMESPACES_YAML)
    assert cluster.namespaces == (Namespace("team-a", {"team": "a", NAMESPACE_NAME_LABEL: "team-a"}),
                                  Namespace("team-b", {"team": "b", NAMESPACE_NAME_LABEL: "team-b"}))
    assert cluster.ignored == ("namespaces[1] (Namespace team-b): spec.finalizers is not modelled and was ignored",)


def test_namespaces_survive_export_and_import() -> None:
    cluster = load_yaml(NAMESPACES_YAML)
    docs = cluster_to_documents(cluster)
    assert docs[0] == {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a", "labels": {"team": "a"}}}
    assert load_documents(docs).namespaces == cluster.namespaces


@pytest.mark.parametrize(("doc", "message"), [
    pytest.param({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "Team_A"}},
                 'metadata.name: Invalid value: "Team_A"', id="a namespace name must be a DNS-1123 label"),
    pytest.param({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team.a"}},
                 "must not contain dots", id="a namespace name may not contain dots"),
    pytest.param({"apiVersion": "apps/v1", "kind": "Namespace", "metadata": {"name": "a"}},
                 'no matches for kind "Namespace" in version "apps/v1"', id="Namespace is in v1"),
    pytest.param({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a", "labels": {"bad key!": "x"}}},
                 "metadata.labels", id="label keys are validated"),
])
def test_bad_namespace_documents_are_rejected_naming_the_field(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(ManifestError, match=None) as err:
        load_documents([doc])
    assert message in str(err.value)


def test_a_namespace_defined_twice_is_a_duplicate() -> None:
    doc = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a"}}
    with pytest.raises(ManifestError) as err:
        load_documents([doc, doc])
    assert "Duplicate value" in str(err.value)


# ---- the simulation: namespaceSelector against real namespace labels, commands, the State ---------

def scenario(*namespace_docs: str) -> str:
    return "\n---\n".join([*namespace_docs, """
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: z1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {zone: z2}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: data, labels: {app: db}}
spec: {nodeName: n1, containers: [{name: c}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec:
  containers: [{name: c}]
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        namespaceSelector: {matchLabels: {tier: data}}
        topologyKey: zone
"""])


DATA_TIER = "apiVersion: v1\nkind: Namespace\nmetadata: {name: data, labels: {tier: data}}"


def bound_node(sim: Simulation, key: str) -> str | None:
    bound = of_kind(sim.events, "pod.bound", pod=key)
    return bound[0]["node"] if bound else None


def test_a_namespace_selector_matches_the_labels_of_a_namespace_object() -> None:
    sim = Simulation.from_yaml(scenario(DATA_TIER))
    sim.run(until=5)
    assert bound_node(sim, "shop/web") == "n1"


def test_an_implicit_namespace_has_only_its_name_label() -> None:
    sim = Simulation.from_yaml(scenario())
    sim.run(until=5)
    assert bound_node(sim, "shop/web") is None
    assert k8s_messages(sim, "FailedScheduling", "shop/web")[0].startswith(
        "0/2 nodes are available: 2 node(s) didn't match pod affinity rules.")


def test_labelling_a_namespace_mid_run_admits_the_pod_at_the_next_flush_not_before() -> None:
    # InterPodAffinity registers no Namespace event: the change moves nothing, the pod waits for
    # the 5-minute leftover flush (flushUnschedulablePodsLeftover), then schedules.
    sim = Simulation.from_yaml(scenario())
    sim.run(until=10)
    sim.apply({"type": "set_namespace_labels", "namespace": "data", "labels": {"tier": "data"}})
    sim.run(until=290)
    assert bound_node(sim, "shop/web") is None
    sim.run(until=340)
    assert bound_node(sim, "shop/web") == "n1"


def test_namespace_commands_change_the_state_and_fold_like_it() -> None:
    sim = Simulation.from_yaml(scenario())
    sim.apply({"type": "add_namespace", "manifest": {"metadata": {"name": "ops", "labels": {"team": "ops"}}}})
    sim.apply({"type": "set_namespace_labels", "namespace": "data", "labels": {"tier": "data"}})
    sim.apply({"type": "set_namespace_labels", "namespace": "ops", "labels": {}})
    assert sim.state()["namespaces"] == [
        {"name": "ops", "labels": {NAMESPACE_NAME_LABEL: "ops"}},
        {"name": "data", "labels": {"tier": "data", NAMESPACE_NAME_LABEL: "data"}},
    ]
    assert [(e["namespace"]["name"], e["change"]) for e in of_kind(sim.events, "namespace.updated")] == [
        ("ops", "added"), ("data", "labels"), ("ops", "labels")]
    folded = fold(sim.events)
    assert {**folded, "time": None} == {**sim.state(), "time": None}


def test_namespace_commands_replay_from_a_snapshot() -> None:
    sim = Simulation.from_yaml(scenario())
    sim.run(until=10)
    sim.apply({"type": "set_namespace_labels", "namespace": "data", "labels": {"tier": "data"}})
    sim.run(until=400)
    restored = Simulation.restore(sim.snapshot())
    assert restored.events == sim.events


@pytest.mark.parametrize(("command", "path", "message"), [
    pytest.param({"type": "add_namespace", "manifest": {"metadata": {"name": "data"}}}, None, None,
                 id="creating an implicit namespace explicitly is allowed"),
    pytest.param({"type": "add_namespace", "manifest": {"metadata": {"name": "Bad"}}},
                 "command.manifest.metadata.name", "RFC 1123", id="add_namespace validates the manifest"),
    pytest.param({"type": "set_namespace_labels", "namespace": "nowhere", "labels": {}},
                 "command.namespace", "no such namespace", id="labelling a namespace no pod uses and no object defines"),
    pytest.param({"type": "set_namespace_labels", "namespace": "data", "labels": ["x"]},
                 "command.labels", "must be an object", id="labels must be an object"),
    pytest.param({"type": "set_namespace_labels", "namespace": "data", "labels": {"bad key!": "x"}},
                 "command.labels", "name part must consist of alphanumeric", id="label keys are validated as in manifests"),
    pytest.param({"type": "set_namespace_labels", "namespace": "data", "labels": {"tier": "no spaces"}},
                 "command.labels", "a valid label must be", id="label values are validated as in manifests"),
    pytest.param({"type": "set_namespace_labels", "namespace": "", "labels": {}},
                 "command.namespace", "non-empty string", id="the namespace is required"),
])
def test_namespace_commands_are_validated(command: dict[str, Any], path: str | None, message: str | None) -> None:
    sim = Simulation.from_yaml(scenario())
    if path is None:
        sim.apply(command)
        assert [ns["name"] for ns in sim.state()["namespaces"]] == ["data"]
        return
    before = len(sim.events)
    with pytest.raises(CommandError) as err:
        sim.apply(command)
    assert (err.value.path, message in str(err.value)) == (path, True)
    assert len(sim.events) == before


def test_adding_an_existing_namespace_object_again_is_rejected() -> None:
    sim = Simulation.from_yaml(scenario(DATA_TIER))
    with pytest.raises(CommandError, match="already exists"):
        sim.apply({"type": "add_namespace", "manifest": {"metadata": {"name": "data"}}})
