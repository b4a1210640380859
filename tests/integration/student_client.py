"""A student's laptop, as a script: open the join link, join by name, open the workshop's socket.

Run inside a network namespace by tests/integration/test_reach_live.py:
    python -m tests.integration.student_client <joinUrl> <another address's base URL>
It prints one JSON object: what each step answered, and the socket's first message.
"""
from __future__ import annotations

import json
import sys
from typing import Any
from urllib.parse import urlsplit

import requests
from websockets.sync.client import connect
from websockets.typing import Origin

TIMEOUT = 15


def join_and_greet(join_url: str) -> dict[str, Any]:
    parts = urlsplit(join_url)
    base, code = f"{parts.scheme}://{parts.netloc}", parts.path.rstrip("/").rsplit("/", 1)[-1]
    http = requests.Session()
    http.headers["Origin"] = base  # as a browser sends it on a POST
    page = http.get(join_url, timeout=TIMEOUT)
    http.get(f"{base}/api/me", timeout=TIMEOUT).raise_for_status()  # the CSRF cookie, as the app gets it
    joined = http.post(f"{base}/api/workshops/{code}/join/", json={"name": "Ada"}, timeout=TIMEOUT,
                       headers={"X-CSRFToken": http.cookies.get("csrftoken", "")})
    cookies = "; ".join(f"{c.name}={c.value}" for c in http.cookies)
    socket_url = base.replace("http", "ws", 1) + f"/ws/workshops/{code}/"
    with connect(socket_url, origin=Origin(base), additional_headers={"Cookie": cookies}, open_timeout=TIMEOUT) as ws:
        hello = json.loads(ws.recv(timeout=TIMEOUT))
    return {"page": page.status_code, "page_is_the_app": "<div id=\"root\"" in page.text,
            "joined": joined.status_code, "hello": hello}


def status_at(base: str, code: str) -> int:
    return requests.get(f"{base}/api/workshops/{code}/", timeout=TIMEOUT).status_code


def main(join_url: str, other_base: str) -> None:
    result = join_and_greet(join_url)
    result["other_address"] = status_at(other_base, urlsplit(join_url).path.rstrip("/").rsplit("/", 1)[-1])
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
