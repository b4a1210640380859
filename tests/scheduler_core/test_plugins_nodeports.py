"""NodePorts, cases after upstream node_ports_test.go."""
from __future__ import annotations

import pytest

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState
from scheduler_core.objects import Pod
from scheduler_core.plugins.nodeports import NodePorts
from tests.scheduler_core.builders import (
    make_container,
    make_node,
    make_node_info,
    make_pod,
)

PLUGIN = NodePorts()
CONFLICT = (Code.UNSCHEDULABLE, ("node(s) didn't have free ports for the requested pod ports",))
OK = (Code.SUCCESS, ())

Port = int | tuple[int, str] | tuple[int, str, str]


def run(wanted: list[Port], used: list[Port]) -> tuple[str, tuple[str, ...]]:
    pod = make_pod("p", host_ports=wanted)
    state = CycleState()
    _, pre = PLUGIN.pre_filter(state, pod, [])
    assert pre.is_success
    info = make_node_info(make_node(), make_pod("existing", host_ports=used))
    status = PLUGIN.filter(state, pod, info)
    return status.code, status.reasons


@pytest.mark.parametrize(
    ("wanted", "used", "expected"),
    [
        pytest.param([(8080, "UDP", "127.0.0.1")], [(9090, "UDP", "127.0.0.1")], OK, id="other port"),
        pytest.param([(8080, "UDP", "127.0.0.1")], [(8080, "UDP", "127.0.0.1")], CONFLICT, id="same udp port"),
        pytest.param([(8080, "TCP", "127.0.0.1")], [(8080, "TCP", "127.0.0.1")], CONFLICT, id="same tcp port"),
        pytest.param([(8080, "TCP", "127.0.0.1")], [(8080, "TCP", "127.0.0.2")], OK, id="different host ip"),
        pytest.param([(8080, "UDP", "127.0.0.1")], [(8080, "TCP", "127.0.0.1")], OK, id="different protocol"),
        pytest.param([(8000, "TCP", "127.0.0.1"), (8080, "UDP", "127.0.0.1")], [(8080, "UDP", "127.0.0.1")], CONFLICT,
                     id="second udp port conflict"),
        pytest.param([(8001, "TCP", "127.0.0.1"), (8080, "UDP", "127.0.0.1")], [(8001, "TCP", "127.0.0.1")], CONFLICT,
                     id="first tcp port conflict"),
        pytest.param([(8001, "TCP", "0.0.0.0")], [(8001, "TCP", "127.0.0.1")], CONFLICT,
                     id="first tcp port conflict due to 0.0.0.0 hostIP"),
        pytest.param([(8001, "TCP", "127.0.0.1")], [(8001, "TCP", "0.0.0.0")], CONFLICT,
                     id="TCP hostPort conflict due to 0.0.0.0 hostIP"),
        pytest.param([(8001, "UDP", "127.0.0.1")], [(8001, "TCP", "0.0.0.0")], OK,
                     id="second different protocol"),
        pytest.param([8001], [(8001, "TCP", "10.0.0.1")], CONFLICT, id="an empty host IP means 0.0.0.0"),
    ],
)
def test_filter(wanted: list[Port], used: list[Port], expected: tuple[str, tuple[str, ...]]) -> None:
    assert run(wanted, used) == expected


def test_pods_without_host_ports_skip_the_plugin() -> None:
    _, status = PLUGIN.pre_filter(CycleState(), make_pod(), [])
    assert status.code == Code.SKIP


def test_sidecar_host_ports_count() -> None:
    pod = make_pod("p", init_containers=[make_container("s", host_ports=[80], restart_policy="Always")])
    state = CycleState()
    PLUGIN.pre_filter(state, pod, [])
    info = make_node_info(make_node(), make_pod("existing", host_ports=[80]))
    assert PLUGIN.filter(state, pod, info).code == Code.UNSCHEDULABLE


def test_plain_init_container_host_ports_are_not_wanted() -> None:
    pod = make_pod("p", init_containers=[make_container("i", host_ports=[80])])
    assert PLUGIN.pre_filter(CycleState(), pod, [])[1].code == Code.SKIP


@pytest.mark.parametrize(
    ("deleted", "expected"),
    [
        pytest.param(make_pod("d", host_ports=[8080], node_name="n1"), ev.QUEUE,
                     id="an assigned pod freeing the wanted port queues"),
        pytest.param(make_pod("d", host_ports=[9090], node_name="n1"), ev.SKIP,
                     id="an assigned pod freeing another port is skipped"),
        pytest.param(make_pod("d", node_name="n1"), ev.SKIP, id="an assigned pod without host ports is skipped"),
        pytest.param(make_pod("d", host_ports=[8080]), ev.SKIP, id="an unassigned pod is skipped"),
        pytest.param(make_pod("d", host_ports=[8080], nominated_node_name="n1"), ev.QUEUE,
                     id="a nominated pod freeing the wanted port queues"),
    ],
)
def test_pod_deleted_hint(deleted: Pod, expected: str) -> None:
    assert PLUGIN.is_schedulable_after_pod_deleted(make_pod("p", host_ports=[8080]), deleted, None) == expected
