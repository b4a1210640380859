"""This machine's network addresses: the ones students on the room's network can open.

Standard library only (scripts/run.py prints them before Django is set up). The address students
open is the source address of the default route: the kernel's choice for a UDP socket "connected"
to a documentation address (RFC 5737), which only looks up the route and sends no packet. The
others come from `ip -j addr` (Linux) or `ifconfig` (macOS, BSD).
"""
from __future__ import annotations

import ipaddress
import json
import re
import socket
import subprocess
from dataclasses import dataclass

# TEST-NET-2 (RFC 5737): never assigned to a network, so the lookup follows the default route.
ROUTE_PROBE = {socket.AF_INET: "198.51.100.1", socket.AF_INET6: "2001:db8::1"}
WILDCARDS = {"", "0.0.0.0", "::"}
IFCONFIG_INTERFACE = re.compile(r"^(\S+?):? ")
IFCONFIG_ADDRESS = re.compile(r"^\s+inet6? (?:addr:)?([0-9a-fA-F.:]+)")


@dataclass(frozen=True)
class Address:
    interface: str
    ip: str

    @property
    def url_host(self) -> str:
        return f"[{self.ip}]" if ":" in self.ip else self.ip


def is_wildcard(host: str) -> bool:
    return host in WILDCARDS


def is_loopback(host: str) -> bool:
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_shared(host: str) -> bool:
    """Does a server listening on `host` answer other machines? (0.0.0.0, ::, or one of its addresses)"""
    return not is_loopback(host)


def families(host: str) -> tuple[socket.AddressFamily, ...]:
    """The address families a listener on `host` answers: 0.0.0.0 only IPv4, :: both (dual stack)."""
    if host == "::":
        return (socket.AF_INET, socket.AF_INET6)
    if ":" in host:
        return (socket.AF_INET6,)
    return (socket.AF_INET,)


def usable(ip: str) -> bool:
    """An address another machine can type: not loopback, not link-local (IPv6's needs a zone)."""
    try:
        parsed = ipaddress.ip_address(ip.split("%")[0])
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified or parsed.is_multicast)


def default_route_ip(family: socket.AddressFamily = socket.AF_INET) -> str | None:
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((ROUTE_PROBE[family], 9))
        except OSError:  # no default route: not on any network
            return None
        ip = str(probe.getsockname()[0])
    return ip if usable(ip) else None


def from_ip_json(text: str) -> list[Address]:
    """Addresses in `ip -j addr` output, in interface order."""
    return [Address(link["ifname"], info["local"]) for link in json.loads(text)
            for info in link.get("addr_info", []) if "local" in info]


def from_ifconfig(text: str) -> list[Address]:
    found, interface = [], ""
    for line in text.splitlines():
        if (named := IFCONFIG_INTERFACE.match(line)) and not line[0].isspace():
            interface = named.group(1)
        elif (address := IFCONFIG_ADDRESS.match(line)) and interface:
            found.append(Address(interface, address.group(1).split("%")[0]))
    return found


def listed_addresses() -> list[Address]:
    for command, parse in ((["ip", "-j", "addr", "show"], from_ip_json), (["ifconfig"], from_ifconfig)):
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=5, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if result.returncode == 0:
            try:
                return parse(result.stdout)
            except (ValueError, KeyError, TypeError):
                continue
    return []


def of_family(ip: str, wanted: tuple[socket.AddressFamily, ...]) -> bool:
    return (socket.AF_INET6 if ":" in ip else socket.AF_INET) in wanted


def reachable_addresses(host: str) -> list[Address]:
    """The addresses a server listening on `host` answers other machines on: the default route's first
    (the one to hand out), then the others; [] when it listens on loopback only."""
    if not is_shared(host):
        return []
    listed = [a for a in listed_addresses() if usable(a.ip)]
    if not is_wildcard(host):
        return [a for a in listed if a.ip == host] or [Address("", host)]
    wanted = families(host)
    listed = [a for a in listed if of_family(a.ip, wanted)]
    primary = [ip for ip in (default_route_ip(f) for f in wanted) if ip]
    return sorted(listed, key=lambda a: (a.ip not in primary, primary.index(a.ip) if a.ip in primary else 0))


def host_names() -> list[str]:
    """This machine's names, as a student may type them (laptop.local on a room's network)."""
    name = socket.gethostname().lower()
    names = {name, f"{name.split('.')[0]}.local"} if name else set()
    return sorted(n for n in names if n and n != "localhost")
