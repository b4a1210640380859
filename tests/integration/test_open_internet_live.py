"""Issue 28 against the real server (uvicorn, PostgreSQL): what an anonymous visitor on the internet
can and cannot do — strict input, privacy of runs, login throttling, quotas, security headers."""
from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.integration.test_runs_live import preemption_cluster


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


# ---- point 5: privacy ------------------------------------------------------------------------

def ws_close_code(base: str, path: str, http: requests.Session) -> int | None:
    """The close code the run socket answers with, or None when it opened and said hello."""
    cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
    url = base.replace("http://", "ws://") + path
    with connect(url, origin=base, additional_headers={"Cookie": cookie} if cookie else None,
                 open_timeout=10) as ws:
        try:
            return None if json.loads(ws.recv(timeout=10))["type"] == "hello" else -1
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else -1


@pytest.fixture
def unlisted_run(live_server_url: str) -> tuple[str, int]:
    owner = browser_session(live_server_url)
    scenario = owner.post(f"{live_server_url}/api/scenarios/", json={"title": "secret", "visibility": "unlisted"},
                          timeout=30).json()
    run = owner.post(f"{live_server_url}/api/runs/", json={"scenario": scenario["slug"], "paused": True}, timeout=30)
    assert run.status_code == 201, run.text
    return scenario["slug"], run.json()["id"]


def test_a_run_of_an_unlisted_scenario_is_answered_like_a_missing_run_everywhere(
        live_server_url: str, unlisted_run: tuple[str, int]) -> None:
    slug, run_id = unlisted_run
    stranger, missing = browser_session(live_server_url), run_id + 10_000
    for path in ("/api/runs/{}/", "/api/runs/{}/events/", "/k8s/runs/{}/api/v1/pods"):
        hidden = stranger.get(live_server_url + path.format(run_id), timeout=30)
        absent = stranger.get(live_server_url + path.format(missing), timeout=30)
        assert hidden.status_code == absent.status_code == 404, path
        assert re.sub(rf"\b{run_id}\b", "N", hidden.text) == re.sub(rf"\b{missing}\b", "N", absent.text), path
        assert slug not in hidden.text and "guest-" not in hidden.text
    assert ws_close_code(live_server_url, f"/ws/runs/{run_id}/", stranger) == 4404
    assert ws_close_code(live_server_url, f"/ws/runs/{missing}/", stranger) == 4404


def test_whoever_opened_the_unlisted_scenarios_link_may_watch_its_runs(
        live_server_url: str, unlisted_run: tuple[str, int]) -> None:
    slug, run_id = unlisted_run
    friend = browser_session(live_server_url)
    assert friend.get(f"{live_server_url}/api/scenarios/{slug}/", timeout=30).status_code == 200
    assert friend.get(f"{live_server_url}/api/runs/{run_id}/", timeout=30).json()["scenario"] == slug
    assert ws_close_code(live_server_url, f"/ws/runs/{run_id}/", friend) is None


# ---- point 4: accounts -----------------------------------------------------------------------

def test_a_guesser_waits_longer_and_longer_while_the_owner_logs_in(live_server_url: str) -> None:
    owner = browser_session(live_server_url)
    credentials = {"username": "instructor-28", "password": "correct horse battery staple"}
    assert owner.post(f"{live_server_url}/api/auth/signup/", json=credentials, timeout=30).status_code == 201
    owner.headers["X-CSRFToken"] = owner.cookies["csrftoken"]
    for step in ("logout", "login", "logout"):  # a browser the instructor has logged in from
        assert owner.post(f"{live_server_url}/api/auth/{step}/", json=credentials, timeout=30).ok, step
        owner.headers["X-CSRFToken"] = owner.cookies["csrftoken"]
    guesser = browser_session(live_server_url)
    wrong = {**credentials, "password": "wrong-wrong-wrong"}
    codes = [guesser.post(f"{live_server_url}/api/auth/login/", json=wrong, timeout=30).status_code for _ in range(5)]
    assert codes == [400] * 5
    for _ in range(4):  # the waits grow 1, 2, 4 s: even a slow machine meets one
        refused = guesser.post(f"{live_server_url}/api/auth/login/", json=wrong, timeout=30)
        if refused.status_code == 429:
            break
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["message"].count("try again") == 1 and "Expected available" not in refused.text
    assert owner.post(f"{live_server_url}/api/auth/login/", json=credentials, timeout=30).status_code == 200


# ---- point 1: quotas -------------------------------------------------------------------------

def big_scenario(title: str, megabytes: int) -> dict[str, object]:
    """About `megabytes` MiB, in annotations of 250 KiB each (the API server allows 256 KiB an object)."""
    nodes = [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"n{i}", "annotations": {"note": "x" * 250_000}},
              "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}} for i in range(megabytes * 4)]
    return {"title": title, "objects": nodes}


def test_a_guest_is_refused_beyond_the_default_quota_with_a_413_naming_it(live_server_url: str) -> None:
    guest = browser_session(live_server_url)
    codes = [guest.post(f"{live_server_url}/api/scenarios/", json=big_scenario(f"s{i}", 8), timeout=60)
             for i in range(3)]
    assert [c.status_code for c in codes] == [201, 201, 413], codes[-1].text
    message = codes[-1].json()["message"]
    assert "quota of guests is 20.0 MiB" in message and "you store 15.3 MiB" in message, message
    mine = guest.get(f"{live_server_url}/api/scenarios/?scope=mine", timeout=30).json()
    assert mine["count"] == 2


def test_annotations_above_256_kib_get_the_api_servers_message(live_server_url: str) -> None:
    http = browser_session(live_server_url)
    node = {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n", "annotations": {"a": "x" * 262_144}},
            "status": {"allocatable": {"cpu": "1"}}}
    refused = http.post(f"{live_server_url}/api/scenarios/", json={"title": "t", "objects": [node]}, timeout=30)
    assert refused.status_code == 400
    assert refused.json()["message"] == "nodes[0].metadata.annotations: Too long: must have at most 262144 bytes"


# ---- point 7: secrets and headers ------------------------------------------------------------

def test_the_real_server_sends_the_policy_and_keeps_its_own_secret_key(live_server_url: str,
                                                                      live_env: dict[str, str]) -> None:
    for path in ("/", "/api/me", "/api/docs/"):
        headers = requests.get(f"{live_server_url}{path}", timeout=30).headers
        assert "script-src 'self';" in headers["Content-Security-Policy"], path
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Frame-Options"] == "DENY"
    if not live_env.get("SECRET_KEY"):
        kept = Path(live_env["PLAYGROUND_RUN_DIR"]) / "secret_key"
        assert len(kept.read_text().strip()) >= 50


# ---- point 3: long requests per client -------------------------------------------------------

def test_a_client_holds_at_most_five_long_polls_and_a_classmate_is_not_counted_with_it(live_server_url: str) -> None:
    student = browser_session(live_server_url)
    never = preemption_cluster(nodes=1, grace=lambda i: 3600)  # a victim an hour in termination: never settles
    slug = student.post(f"{live_server_url}/api/scenarios/", json={"title": "t", "visibility": "public",
                                                                  "objects": never}, timeout=30).json()["slug"]
    run_id = student.post(f"{live_server_url}/api/runs/", json={"scenario": slug}, timeout=30).json()["id"]
    wait = f"{live_server_url}/api/runs/{run_id}/wait/"
    with ThreadPoolExecutor(5) as pool:  # queued or running (a worker may take it), each poll lasts its timeout
        polls = [pool.submit(student.get, f"{wait}?timeout=6", timeout=30) for _ in range(5)]
        time.sleep(2)
        refused = student.get(f"{wait}?timeout=0", timeout=30)
        classmate = browser_session(live_server_url).get(f"{wait}?timeout=0", timeout=30)
        assert [p.result().status_code for p in polls] == [504] * 5  # each held its slot to its timeout
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "5", refused.text
    assert classmate.status_code == 504  # waited (no time at all) instead of being refused
    assert student.get(f"{wait}?timeout=0", timeout=30).status_code == 504  # the slots came back


# ---- point 2: retention ----------------------------------------------------------------------

AGE_GUEST = """
from datetime import timedelta
from django.contrib.auth.models import User
from django.utils import timezone
from playground.scenarios.models import Scenario
then = timezone.now() - timedelta(days=40)
User.objects.filter(username="{username}").update(date_joined=then, last_login=then)
Scenario.objects.filter(owner__username="{username}").update(updated_at=then)
"""


def test_prune_removes_an_idle_guests_private_scenario_and_keeps_its_shared_one(
        live_server_url: str, live_manage: Callable[..., str]) -> None:
    guest = browser_session(live_server_url)
    private, shared = (guest.post(f"{live_server_url}/api/scenarios/", json={"title": v, "visibility": v},
                                  timeout=30).json()["slug"] for v in ("private", "unlisted"))
    username = me(guest, live_server_url)
    live_manage("shell", "-c", AGE_GUEST.format(username=username))
    assert "would remove: " in live_manage("prune", "--dry-run")
    assert guest.get(f"{live_server_url}/api/scenarios/{private}/", timeout=30).status_code == 200
    live_manage("prune")
    assert guest.get(f"{live_server_url}/api/scenarios/{private}/", timeout=30).status_code == 404
    assert guest.get(f"{live_server_url}/api/scenarios/{shared}/", timeout=30).status_code == 200
