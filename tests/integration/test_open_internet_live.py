"""Issue 28 against the real server (uvicorn, PostgreSQL): what an anonymous visitor on the internet
can and cannot do — strict input, privacy of runs, login throttling, quotas, security headers."""
from __future__ import annotations

import pytest
import requests


def browser_session(base: str) -> requests.Session:
    """A fresh anonymous browser: a CSRF cookie, no account yet."""
    http = requests.Session()
    http.get(f"{base}/api/me", timeout=10).raise_for_status()
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    return http


def me(http: requests.Session, base: str) -> str | None:
    return http.get(f"{base}/api/me", timeout=10).json().get("username")


# ---- point 6: strict input ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", [{"a": 1}, [1]], ids=["an object", "a list"])
def test_a_kind_that_is_not_a_string_is_a_400_and_makes_no_guest(live_server_url: str, kind: object) -> None:
    http = browser_session(live_server_url)
    body = {"title": "t", "objects": [{"apiVersion": "v1", "kind": kind, "metadata": {"name": "x"}}]}
    response = http.post(f"{live_server_url}/api/scenarios/", json=body, timeout=30)
    assert response.status_code == 400, response.text
    assert response.json()["errors"][0]["field"] == "documents[0].kind"
    assert me(http, live_server_url) is None


def test_wrong_json_types_and_query_values_are_400s_naming_the_field(live_server_url: str) -> None:
    http = browser_session(live_server_url)
    created = http.post(f"{live_server_url}/api/scenarios/", json={"title": "t"}, timeout=30)
    assert created.status_code == 201, created.text
    slug = created.json()["slug"]
    answers = {
        "seed": http.post(f"{live_server_url}/api/runs/", json={"scenario": slug, "seed": "1"}, timeout=30),
        "paused": http.post(f"{live_server_url}/api/runs/", json={"scenario": slug, "paused": "yes"}, timeout=30),
        "page": http.get(f"{live_server_url}/api/scenarios/?page=0", timeout=30),
        "page_size": http.get(f"{live_server_url}/api/runs/?page_size=0", timeout=30),
        "If-Match": http.patch(f"{live_server_url}/api/scenarios/{slug}/", json={"title": "x"},
                               headers={"If-Match": "1"}, timeout=30),
    }
    for field, response in answers.items():
        assert response.status_code == 400, (field, response.text)
        assert response.json()["errors"][0]["field"] == field
