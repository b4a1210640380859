"""Where students reach the playground: this machine's addresses, and the settings PUBLIC_URL derives.

The namespace test (tests/integration/test_reach_live.py) checks the same from another machine's
point of view; these check the parts one by one.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from playground import addresses, reach
from playground.workshops.models import Workshop
from playground.workshops.selectors import workshop_view
from scripts.run import sharing_lines

ROOT = Path(__file__).resolve().parents[2]

IP_JSON = json.dumps([
    {"ifname": "lo", "addr_info": [{"family": "inet", "local": "127.0.0.1"}, {"family": "inet6", "local": "::1"}]},
    {"ifname": "wlan0", "addr_info": [{"family": "inet", "local": "192.168.1.23"},
                                      {"family": "inet6", "local": "fe80::1"}]},
    {"ifname": "docker0", "addr_info": []},
])
IFCONFIG = """lo0: flags=8049<UP,LOOPBACK,RUNNING,MULTICAST> mtu 16384
\tinet 127.0.0.1 netmask 0xff000000
\tinet6 fe80::1%lo0 prefixlen 64 scopeid 0x1
en0: flags=8863<UP,BROADCAST,SMART,RUNNING,SIMPLEX,MULTICAST> mtu 1500
\tether 3c:22:fb:00:00:01
\tinet 10.20.30.40 netmask 0xffffff00 broadcast 10.20.30.255
"""


def test_ip_json_lists_every_interfaces_addresses_in_order() -> None:
    assert addresses.from_ip_json(IP_JSON) == [
        addresses.Address("lo", "127.0.0.1"), addresses.Address("lo", "::1"),
        addresses.Address("wlan0", "192.168.1.23"), addresses.Address("wlan0", "fe80::1")]


def test_ifconfig_as_on_a_mac_lists_addresses_under_their_interface() -> None:
    assert addresses.from_ifconfig(IFCONFIG) == [
        addresses.Address("lo0", "127.0.0.1"), addresses.Address("lo0", "fe80::1"),
        addresses.Address("en0", "10.20.30.40")]


@pytest.mark.parametrize("host, shared", [
    pytest.param("127.0.0.1", False, id="the default loopback is this machine only"),
    pytest.param("localhost", False, id="localhost is this machine only"),
    pytest.param("::1", False, id="IPv6 loopback is this machine only"),
    pytest.param("0.0.0.0", True, id="every IPv4 address is shared"),
    pytest.param("::", True, id="every address is shared"),
    pytest.param("192.168.1.23", True, id="one network address is shared"),
])
def test_a_listener_beyond_loopback_is_shared(host: str, shared: bool) -> None:
    assert addresses.is_shared(host) is shared


def test_shared_on_every_address_the_default_routes_address_comes_first_and_no_loopback() -> None:
    found = addresses.reachable_addresses("0.0.0.0")
    assert all(addresses.usable(a.ip) and ":" not in a.ip for a in found)
    default = addresses.default_route_ip()
    if default is None:
        pytest.skip("this machine has no default route")
    assert found[0].ip == default


def test_loopback_only_hands_out_a_loopback_join_address_and_trusts_nothing_more() -> None:
    site = reach.reach("", "127.0.0.1", 8000)
    assert (site.join_base_url, site.allowed_hosts, site.csrf_trusted_origins, site.secure) == (
        "http://127.0.0.1:8000", [], [], False)


def test_shared_hands_out_this_machines_address_never_loopback_and_accepts_all_of_them() -> None:
    site = reach.reach("", "0.0.0.0", 8123)
    handed_out = site.join_base_url.removeprefix("http://").removesuffix(":8123")
    assert not addresses.is_loopback(handed_out)
    assert handed_out in site.allowed_hosts
    assert {a.ip for a in addresses.reachable_addresses("0.0.0.0")} <= set(site.allowed_hosts)


def test_an_https_public_url_derives_host_origin_secure_cookies_and_the_proxy_header() -> None:
    site = reach.reach("https://Class.Example.org/", "127.0.0.1", 8000)
    assert (site.join_base_url, site.allowed_hosts, site.csrf_trusted_origins, site.secure) == (
        "https://class.example.org", ["class.example.org"], ["https://class.example.org"], True)


def test_a_plain_http_public_url_on_a_port_keeps_the_port_in_the_origin_and_cookies_plain() -> None:
    site = reach.reach("http://10.0.0.5:8080", "127.0.0.1", 8000)
    assert (site.join_base_url, site.allowed_hosts, site.secure) == ("http://10.0.0.5:8080", ["10.0.0.5"], False)


@pytest.mark.parametrize("public_url", [
    pytest.param("class.example.org", id="without a scheme"),
    pytest.param("https://class.example.org/playground", id="with a path"),
    pytest.param("ftp://class.example.org", id="another scheme"),
    pytest.param("https://class.example.org:99999", id="a port out of range"),
])
def test_a_bad_public_url_is_refused_naming_the_value(public_url: str) -> None:
    with pytest.raises(reach.BadPublicUrl, match="PUBLIC_URL"):
        reach.reach(public_url, "127.0.0.1", 8000)


def test_make_run_says_what_students_open_when_shared_and_how_to_share_when_not() -> None:
    assert "HOST=0.0.0.0 make run" in sharing_lines("127.0.0.1", 8000)[0]
    found = addresses.reachable_addresses("0.0.0.0")
    if not found:
        pytest.skip("this machine has no network address")
    lines = sharing_lines("0.0.0.0", 8123)
    assert lines[0].startswith(f"Students open http://{found[0].ip}:8123/w ")
    assert all(f"http://{a.url_host}:8123/" in "\n".join(lines) for a in found)


@pytest.mark.django_db
def test_the_workshop_json_has_the_absolute_join_url_beside_the_relative_link() -> None:
    instructor = User.objects.create_user("teacher", password="correct horse battery")
    workshop = Workshop(code="ABC234", instructor=instructor, title="t", scenario_slug="s", position={})
    with override_settings(JOIN_BASE_URL="https://class.example.org"):
        view = workshop_view(workshop)
    assert (view["link"], view["joinUrl"]) == ("/w/ABC234", "https://class.example.org/w/ABC234")


def settings_under(**env: str) -> dict[str, Any]:
    """playground.settings as a fresh process reads them with `env` set (settings are read once)."""
    probe = ("import json; from django.conf import settings as s; print(json.dumps({name: getattr(s, name, None) "
             "for name in ('ALLOWED_HOSTS', 'CSRF_TRUSTED_ORIGINS', 'JOIN_BASE_URL', 'SECURE_PROXY_SSL_HEADER', "
             "'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE')}))")
    clean = {k: v for k, v in os.environ.items() if k not in {"PUBLIC_URL", "HOST", "PORT", "ALLOWED_HOSTS"}}
    result = subprocess.run([sys.executable, "-c", probe], env={**clean, "DJANGO_SETTINGS_MODULE": "playground.settings", **env}, cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout))


def test_settings_behind_a_tls_proxy_follow_from_public_url_alone() -> None:
    read = settings_under(PUBLIC_URL="https://class.example.org", ALLOWED_HOSTS="extra.example.org")
    assert read["ALLOWED_HOSTS"] == ["extra.example.org", "class.example.org"]
    assert (read["CSRF_TRUSTED_ORIGINS"], read["JOIN_BASE_URL"]) == (["https://class.example.org"],
                                                                   "https://class.example.org")
    assert (read["SECURE_PROXY_SSL_HEADER"], read["SESSION_COOKIE_SECURE"], read["CSRF_COOKIE_SECURE"]) == (
        ["HTTP_X_FORWARDED_PROTO", "https"], True, True)


def test_settings_on_this_machine_alone_keep_loopback_and_plain_cookies() -> None:
    read = settings_under()
    assert read["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "[::1]", "testserver"]
    assert (read["JOIN_BASE_URL"], read["SECURE_PROXY_SSL_HEADER"], read["SESSION_COOKIE_SECURE"]) == (
        "http://127.0.0.1:8000", None, False)
