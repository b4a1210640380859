"""At most STREAMS_MAX_PER_CLIENT long requests at once per client: REST long-polls
(/api/runs/<id>/wait/) and Kubernetes watches. Each holds a worker thread or a database poll for
up to its timeout, so without a cap ~165 anonymous watches held both cores of a small server.

A client is the session, else the credential (an API token, in a header or a kubeconfig's path),
else the address (throttles.client_ip: X-Forwarded-For only from a configured trusted proxy), so
a class behind one NAT is 60 clients. Beyond the cap: 429 with Retry-After. The count lives in the
shared cache with a lifetime of the longest stream, so a process killed mid-stream frees its slot.
"""
from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from playground import throttles

RETRY_AFTER_SECONDS = 5
LONGEST_STREAM_SECONDS = 1800  # the k8sapi watch maximum; the REST wait is at most 300 s


def client_of(request: HttpRequest, credential: str | None = None) -> str:
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if session_key:
        return "session-" + _digest(session_key)
    credential = credential or request.headers.get("Authorization", "")
    if credential:
        return "credential-" + _digest(credential)
    return f"ip-{throttles.client_ip(request)}"


@dataclass(frozen=True)
class Slot:
    key: str

    def release(self) -> None:
        try:
            cache.decr(self.key)
        except ValueError:  # expired meanwhile: nothing left to free
            pass


def acquire(client: str) -> Slot:
    """One of the client's slots, or TooManyRequests (429, Retry-After) when all are taken."""
    key = f"streams:{client}"
    cache.add(key, 0, LONGEST_STREAM_SECONDS + 60)
    held = cache.incr(key)
    cache.touch(key, LONGEST_STREAM_SECONDS + 60)
    if held > settings.STREAMS_MAX_PER_CLIENT:
        Slot(key).release()
        raise throttles.TooManyRequests(RETRY_AFTER_SECONDS, (
            f"this client already holds {settings.STREAMS_MAX_PER_CLIENT} long-polls or watches "
            f"(limit {settings.STREAMS_MAX_PER_CLIENT} at once): close one, or try again in {RETRY_AFTER_SECONDS} s"))
    return Slot(key)


async def released_after(stream: AsyncIterator[bytes], slot: Slot) -> AsyncIterator[bytes]:
    """The stream, giving its slot back when it ends, fails or the client goes away."""
    try:
        async for chunk in stream:
            yield chunk
    finally:
        await sync_to_async(slot.release)()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]
