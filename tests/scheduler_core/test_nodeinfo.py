from __future__ import annotations

import pytest

from scheduler_core.cluster_state import ClusterState
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Cluster, LabelSelector, PodAffinity, PodAffinityTerm
from tests.scheduler_core.builders import make_container, make_node, make_pod

MI = 1024 * 1024


@pytest.mark.parametrize(
    ("containers", "want_cpu", "want_memory"),
    [
        pytest.param([make_container("a"), make_container("b")], 200, 400 * MI,
                     id="two request-less containers count the defaults twice"),
        pytest.param([make_container("a", cpu="0", memory="0")], 0, 0,
                     id="an explicit zero request stays zero"),
        pytest.param([make_container("a", cpu="1")], 1000, 200 * MI,
                     id="only the missing resource gets the default"),
    ],
)
def test_non_zero_requested_fills_defaults_per_container(containers, want_cpu, want_memory) -> None:
    info = NodeInfo(make_node("n1"))
    info.add_pod(make_pod("p1", containers=containers))
    assert info.non_zero_requested == {"cpu": want_cpu, "memory": want_memory}


def test_removing_a_pod_returns_its_requests_and_ports() -> None:
    info = NodeInfo(make_node("n1"))
    pod = make_pod("p1", cpu="500m", memory="1Gi", host_ports=[8080])
    info.add_pod(pod)
    info.remove_pod(pod)
    assert (info.requested, info.used_ports, info.pods) == ({"cpu": 0, "memory": 0}, {}, {})


def test_clone_is_independent_of_the_original() -> None:
    info = NodeInfo(make_node("n1"))
    copy = info.clone()
    copy.add_pod(make_pod("p1", cpu="1"))
    assert info.pods == {} and info.requested == {}


def test_pods_with_affinity_follow_add_remove_and_clone() -> None:
    anti = PodAffinity(required=(PodAffinityTerm("zone", LabelSelector()),))
    info = NodeInfo(make_node("n1"))
    info.add_pod(repelling := make_pod("anti", pod_anti_affinity=anti))
    info.add_pod(make_pod("soft", pod_affinity=PodAffinity()))
    info.add_pod(make_pod("plain"))
    copy = info.clone()
    info.remove_pod(repelling)
    assert (list(info.pods_with_affinity), list(info.pods_with_required_anti_affinity)) == (["default/soft"], [])
    assert (list(copy.pods_with_affinity), list(copy.pods_with_required_anti_affinity)) == (
        ["default/anti", "default/soft"], ["default/anti"])


def test_cluster_lists_the_nodes_holding_pods_with_affinity() -> None:
    anti = PodAffinity(required=(PodAffinityTerm("zone", LabelSelector()),))
    cluster = ClusterState(Cluster(nodes=(make_node("n1"), make_node("n2"), make_node("n3"))))
    cluster.add_pod(make_pod("a", pod_anti_affinity=anti, node_name="n2"), 0.0)
    cluster.add_pod(make_pod("b", pod_affinity=PodAffinity()), 0.0)
    cluster.bind("default/b", "n3", 0.0)
    assert [i.name for i in cluster.have_pods_with_affinity_list()] == ["n2", "n3"]
    assert [i.name for i in cluster.have_pods_with_required_anti_affinity_list()] == ["n2"]
    cluster.remove_pod("default/a")
    cluster.delete_node("n3")
    assert (cluster.have_pods_with_affinity_list(), cluster.have_pods_with_required_anti_affinity_list()) == ([], [])
