"""A kubeconfig's run credential: its run and that run's restarts only, never the REST API, expiring with
the day or its workshop; reviews (whoami, can-i) as RBAC answers them; no key in a log line."""
from __future__ import annotations

import json
import logging
from datetime import timedelta

import pytest
import yaml
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone

from playground.accounts.models import ApiToken, RunCredential
from playground.k8sapi import redact
from playground.runs.models import Run
from playground.workshops.models import Workshop
from tests.playground.test_k8sapi import DOCS, stored_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def download(user: User, run: Run) -> str:
    """The run page's way: the browser session, no API token."""
    client = Client()
    client.force_login(user)
    response = client.get(f"/k8s/runs/{run.pk}/kubeconfig")
    assert response.status_code == 200, response.content
    server = yaml.safe_load(response.content)["clusters"][0]["cluster"]["server"]
    return str(server).rsplit("/token/", 1)[1]


def get(run_id: int, key: str, path: str = "api/v1/nodes") -> tuple[int, dict[str, object]]:
    response = Client().get(f"/k8s/runs/{run_id}/token/{key}/{path}")
    return response.status_code, response.json()


def test_downloads_mint_no_api_token_and_meet_no_token_limit(alice: User) -> None:
    run = stored_run(alice, DOCS)
    keys = {download(alice, run) for _ in range(25)}  # the token limit is 20 an hour
    assert len(keys) == 25 and not ApiToken.objects.exists()
    assert all(get(run.pk, key)[0] == 200 for key in list(keys)[:2])


def test_the_credential_opens_neither_the_rest_api_nor_another_run(alice: User) -> None:
    run, other = stored_run(alice, DOCS), stored_run(alice, DOCS)
    key = download(alice, run)
    assert get(other.pk, key) == get(other.pk + 1000, key)  # the owner's other run: as one that does not exist
    assert get(other.pk, key)[0] == 404
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    assert Client().get(f"/api/runs/{run.pk}/", **bearer).status_code == 401
    assert Client().post("/api/tokens/", {"name": "more"}, content_type="application/json", **bearer).status_code == 401
    assert Client().get(f"/k8s/runs/{run.pk}/kubeconfig", **bearer).status_code == 401  # mints no successor


def test_the_credential_follows_the_run_s_restarts(alice: User) -> None:
    run = stored_run(alice, DOCS)
    key = download(alice, run)
    restart = stored_run(alice, DOCS)
    Run.objects.filter(pk=restart.pk).update(restart_of=run)
    uid_via_old_url = Client().get(f"/k8s/runs/{run.pk}/token/{key}/api/v1/nodes").json()["items"][0]["metadata"]
    uid_of_restart = Client().get(f"/k8s/runs/{restart.pk}/token/{key}/api/v1/nodes").json()["items"][0]["metadata"]
    uid_of_old_run = Client().get(f"/k8s/runs/{run.pk}/api/v1/nodes").json()["items"][0]["metadata"]  # anonymous
    assert uid_via_old_url["uid"] == uid_of_restart["uid"] != uid_of_old_run["uid"]  # the old URL serves the restart


@override_settings(RUN_CREDENTIAL_SECONDS=60)
def test_the_credential_expires(alice: User) -> None:
    run = stored_run(alice, DOCS)
    key = download(alice, run)
    assert RunCredential.objects.get().expires_at < timezone.now() + timedelta(seconds=61)
    RunCredential.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert get(run.pk, key)[0] == 401


def test_the_credential_ends_with_its_workshop(alice: User) -> None:
    run = stored_run(alice, DOCS)
    workshop = Workshop.objects.create(code="ABC123", title="w", instructor=alice, scenario_slug="s", run=run)
    key = download(alice, run)
    assert get(run.pk, key)[0] == 200
    Workshop.objects.filter(pk=workshop.pk).update(status=Workshop.Status.ENDED, ended_at=timezone.now())
    assert get(run.pk, key)[0] == 401


def review(run: Run, key: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    group = "authentication.k8s.io" if body["kind"] == "SelfSubjectReview" else "authorization.k8s.io"
    response = Client().post(f"/k8s/runs/{run.pk}/token/{key}/apis/{group}/v1/{str(body['kind']).lower()}s",
                             json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def access(verb: str, resource: str) -> dict[str, object]:
    return {"kind": "SelfSubjectAccessReview", "apiVersion": "authorization.k8s.io/v1",
            "spec": {"resourceAttributes": {"namespace": "default", "verb": verb, "resource": resource}}}


def test_can_i_answers_the_owner_and_a_reader_as_rbac_would(alice: User) -> None:
    run = stored_run(alice, DOCS)
    bob = User.objects.create_user("bob")
    owner, reader = download(alice, run), download(bob, run)
    assert review(run, owner, access("delete", "pods"))[1]["status"] == {"allowed": True}
    assert review(run, reader, access("watch", "pods"))[1]["status"] == {"allowed": True}
    code, body = review(run, reader, access("delete", "pods"))
    assert (code, body["status"], body["spec"]) == (201, {"allowed": False}, access("delete", "pods")["spec"])
    code, body = review(run, reader, {"kind": "SelfSubjectAccessReview", "spec": {}})
    assert (code, body["message"]) == (422, (
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec: Invalid value: null: exactly one of '
        "nonResourceAttributes or resourceAttributes must be specified"))


def test_the_rules_review_lists_what_a_reader_may_do(alice: User) -> None:
    run = stored_run(alice, DOCS)
    reader = download(User.objects.create_user("bob"), run)
    code, body = review(run, reader, {"kind": "SelfSubjectRulesReview", "spec": {"namespace": "default"}})
    assert code == 201 and body["status"]["incomplete"] is False  # type: ignore[index]
    assert body["status"]["resourceRules"][0] == {  # type: ignore[index]
        "verbs": ["get", "list", "watch"], "apiGroups": ["*"], "resources": ["*"]}
    non_resource = {"kind": "SelfSubjectAccessReview", "spec": {"nonResourceAttributes": {"path": "/version",
                                                                                          "verb": "get"}}}
    assert review(run, reader, non_resource)[1]["status"] == {"allowed": True}


def test_whoami_names_the_user_and_anonymous(alice: User) -> None:
    run = stored_run(alice, DOCS)
    status = review(run, download(alice, run), {"kind": "SelfSubjectReview"})[1]["status"]
    assert status == {"userInfo": {"username": "alice", "uid": str(alice.pk), "groups": ["system:authenticated"]}}
    anonymous = Client().post(f"/k8s/runs/{run.pk}/apis/authentication.k8s.io/v1/selfsubjectreviews", "{}",
                              content_type="application/json").json()
    assert anonymous["status"]["userInfo"] == {"username": "system:anonymous", "groups": ["system:unauthenticated"]}


def test_no_key_reaches_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    redact.install()
    key = "pgk_" + "x" * 43
    with caplog.at_level(logging.INFO):
        logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "10.0.0.7:5000", "GET",
                                                 f"/k8s/runs/7/token/{key}/api/v1/pods?watch=1", "1.1", 200)
        logging.getLogger("django.request").warning("Not Found: %s", f"/k8s/runs/7/token/{key}/api")
        logging.getLogger("x").warning(f"a key alone: {key}")
    assert [r.getMessage() for r in caplog.records] == [
        '10.0.0.7:5000 - "GET /k8s/runs/7/token/[redacted]/api/v1/pods?watch=1 HTTP/1.1" 200',
        "Not Found: /k8s/runs/7/token/[redacted]/api", "a key alone: [redacted]"]
