"""A student on another machine reaches a shared playground (`HOST=0.0.0.0 make run`, no PUBLIC_URL).

The other machine is a network namespace made for the test, joined to this one by a veth pair in
a private range (10.200.N.0/30) that exists only here: the namespace's one route leads to the
handed-out address through the veth, so no packet leaves this machine. The server finds its
addresses itself (playground/addresses.py); the test only reads joinUrl.
"""
from __future__ import annotations

import ipaddress
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from playground import processes
from tests.live import ROOT, STARTUP_TIMEOUT, start_logged, tail


@dataclass(frozen=True)
class Namespace:
    name: str
    host_ip: str  # this machine's end of the veth pair
    peer_ip: str  # the student's end, inside the namespace


def ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10, check=False)


def must(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"{result.args}: {result.stderr}"


def free_subnet() -> ipaddress.IPv4Network:
    taken = ip("-4", "-o", "addr").stdout
    for third in [os.getpid() % 250, *range(250)]:
        subnet = ipaddress.IPv4Network(f"10.200.{third}.0/30")
        if f" 10.200.{third}." not in taken:
            return subnet
    pytest.skip("every 10.200.N.0/30 is in use on this machine")


@pytest.fixture
def namespace() -> Iterator[Namespace]:
    name, host_if, peer_if = f"pgreach{os.getpid()}", f"pgr{os.getpid()}h", f"pgr{os.getpid()}s"
    made = ip("netns", "add", name)
    if made.returncode != 0:
        reason = f"network namespaces cannot be made here (`ip netns add`: {made.stderr.strip()})"
        print(reason, file=sys.stderr)
        pytest.skip(reason)
    try:
        host_ip, peer_ip = (str(a) for a in free_subnet().hosts())
        must(ip("link", "add", host_if, "type", "veth", "peer", "name", peer_if, "netns", name))
        must(ip("addr", "add", f"{host_ip}/30", "dev", host_if))
        must(ip("link", "set", host_if, "up"))
        must(ip("-n", name, "addr", "add", f"{peer_ip}/30", "dev", peer_if))
        must(ip("-n", name, "link", "set", peer_if, "up"))
        must(ip("-n", name, "link", "set", "lo", "up"))
        yield Namespace(name, host_ip, peer_ip)
    finally:
        ip("netns", "del", name)  # takes the veth pair with it
        ip("link", "del", host_if)


@pytest.fixture
def shared_server(namespace: Namespace, live_env: dict[str, str], live_logs: Path) -> Iterator[str]:
    """uvicorn on 0.0.0.0 as `HOST=0.0.0.0 make run` starts it (HOST and PORT passed on), without
    PUBLIC_URL; started after the veth exists, as a laptop that joined the room's network first."""
    with processes.listening_socket("0.0.0.0", 0) as listener:
        port = listener.getsockname()[1]
        env = {key: value for key, value in live_env.items() if key != "PUBLIC_URL"}
        env |= {"HOST": "0.0.0.0", "PORT": str(port), "WEB_PROCESSES": "1"}
        server = start_logged("uvicorn-shared", processes.asgi_server_command(listener.fileno()), env, live_logs,
                              pass_fds=[listener.fileno()])
    url = f"http://127.0.0.1:{port}"
    try:
        if not processes.wait_for_http(f"{url}/healthz", server, timeout=STARTUP_TIMEOUT):
            pytest.fail(f"The shared server did not start:\n{tail(live_logs / 'uvicorn-shared.log')}", pytrace=False)
        yield url
    finally:
        processes.stop(server)


def lead_a_workshop(loopback_url: str) -> dict[str, str]:
    """The instructor, on the laptop itself: sign up and start a workshop, as the browser app does."""
    http = requests.Session()
    http.get(f"{loopback_url}/api/me", timeout=10).raise_for_status()
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    signed_up = http.post(f"{loopback_url}/api/auth/signup/", timeout=10,
                          json={"username": f"teacher{os.getpid()}", "password": "correct horse battery staple"})
    assert signed_up.status_code == 201, signed_up.text
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    created = http.post(f"{loopback_url}/api/workshops/", json={"lesson": "basic-preemption"}, timeout=30)
    assert created.status_code == 201, created.text
    return dict(created.json())


def this_machines_addresses() -> set[str]:
    return {info["local"] for link in json.loads(ip("-j", "addr").stdout) for info in link.get("addr_info", [])}


def test_a_student_in_another_network_namespace_opens_join_url_joins_and_gets_the_hello(
        namespace: Namespace, shared_server: str) -> None:
    workshop = lead_a_workshop(shared_server)
    handed_out = urlsplit(workshop["joinUrl"]).hostname or ""
    assert not ipaddress.ip_address(handed_out).is_loopback
    assert handed_out in this_machines_addresses()
    if handed_out != namespace.host_ip:  # the default route's address, behind this machine's end of the veth
        must(ip("-n", namespace.name, "route", "add", f"{handed_out}/32", "via", namespace.host_ip))
    port = urlsplit(workshop["joinUrl"]).port
    student = subprocess.run(
        ["ip", "netns", "exec", namespace.name, sys.executable, "-m", "tests.integration.student_client",
         workshop["joinUrl"], f"http://{namespace.host_ip}:{port}"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert student.returncode == 0, student.stderr
    seen = json.loads(student.stdout)
    assert (seen["page"], seen["page_is_the_app"], seen["joined"], seen["other_address"]) == (200, True, 201, 200)
    hello = seen["hello"]
    assert (hello["type"], hello["role"], hello["me"]["name"]) == ("hello", "student", "Ada")
    assert (hello["workshop"]["code"], hello["workshop"]["joinUrl"]) == (workshop["code"], workshop["joinUrl"])
