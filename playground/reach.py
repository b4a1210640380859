"""Where students reach the playground, and the settings that follow from it (docs/deploy.md).

Three cases: hosted behind a proxy (PUBLIC_URL=https://class.example.org: that host, that origin,
secure cookies, the proxy's X-Forwarded-Proto trusted), shared on a room's network (HOST=0.0.0.0:
every address of this machine, the default route's handed out), or this machine only (loopback).
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from playground import addresses


class BadPublicUrl(ValueError):
    pass


@dataclass(frozen=True)
class Reach:
    allowed_hosts: list[str]
    csrf_trusted_origins: list[str]
    # PUBLIC_URL is https: cookies only over TLS, and the proxy's X-Forwarded-Proto says it was TLS.
    secure: bool
    # What students open, without the path: joinUrl is this + /w/<code>.
    join_base_url: str


def parse_public_url(public_url: str) -> tuple[str, str]:
    """(scheme, host[:port]) of PUBLIC_URL, which must be an origin: http(s)://host[:port], no path."""
    parts = urlsplit(public_url.strip())
    try:
        parts.port  # noqa: B018 (raises on a bad port)
    except ValueError as exc:
        raise BadPublicUrl(f"PUBLIC_URL {public_url!r}: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/") or parts.query:
        raise BadPublicUrl(f"PUBLIC_URL must look like https://class.example.org (scheme and host, no path), "
                           f"not {public_url!r}")
    return parts.scheme, parts.netloc.lower()


def hosted(public_url: str) -> Reach:
    scheme, netloc = parse_public_url(public_url)
    host = urlsplit(f"{scheme}://{netloc}").hostname or ""
    origin = f"{scheme}://{netloc}"
    return Reach([f"[{host}]" if ":" in host else host], [origin], scheme == "https", origin)


def shared(listen_host: str, port: int) -> Reach:
    found = addresses.reachable_addresses(listen_host)
    names = addresses.host_names()
    hosts = [a.url_host for a in found] + names
    handed_out = hosts[0] if hosts else listen_host
    return Reach(hosts, [], False, f"http://{handed_out}:{port}")


def this_machine_only(listen_host: str, port: int) -> Reach:
    return Reach([], [], False, f"http://{f'[{listen_host}]' if ':' in listen_host else listen_host}:{port}")


def reach(public_url: str, listen_host: str, port: int) -> Reach:
    """PUBLIC_URL is handed out when set; a shared server also answers on this machine's addresses."""
    local = shared(listen_host, port) if addresses.is_shared(listen_host) else this_machine_only(listen_host, port)
    if not public_url:
        return local
    site = hosted(public_url)
    return Reach(site.allowed_hosts + local.allowed_hosts, site.csrf_trusted_origins, site.secure,
                 site.join_base_url)


def join_url(base: str, code: str) -> str:
    return f"{base}/w/{code}"
