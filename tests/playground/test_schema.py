"""The OpenAPI schema is complete and valid, and schemathesis over every operation finds nothing: every
check it has, the fuzzing phase at 25 examples per operation and the stateful phase along the schema's
OpenAPI links, with zero failures (issue 28, point 8).

schemathesis runs in-process against the WSGI app, in this test's transaction (rolled back after),
with the same configuration (schemathesis.toml) and hooks (schemathesis_hooks.py) as the command
docs/api.md ("Fuzzing the API") runs against a live server."""
from __future__ import annotations

import copy
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import DatabaseError, close_old_connections, connections, transaction
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.transport import wsgi as wsgi_transport
from werkzeug.test import Client

from playground.accounts import services as accounts
from playground.runs import conf as runs_conf
from playground.runs import services as runs
from playground.scenarios import services
from playground.workshops import services as workshops
from tests.playground import schemathesis_hooks
from tests.playground.scenarios_support import fast_passwords, make_user  # noqa: F401

MY_VIEWS = ("playground/accounts/", "playground/scenarios/", "playground/runs/", "[Me", "[Signup", "[Login",
            "[Logout", "[Token", "[Scenario", "[Object", "[Run", "[WsTicket")
CONFIG = Path(__file__).with_name("schemathesis.toml")
BUDGET_SECONDS = 120


def generate() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


def test_the_schema_is_valid_openapi() -> None:
    validate_schema(generate())


def test_the_schema_has_no_warnings_about_our_views() -> None:
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        generate()
    ours = [m for m in [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache] if any(v in m for v in MY_VIEWS)]
    assert ours == []


def test_every_endpoint_documented_in_api_md_is_in_the_schema() -> None:
    paths = generate()["paths"]
    for path in ("/api/me", "/api/auth/signup/", "/api/auth/login/", "/api/auth/logout/", "/api/tokens/",
                 "/api/tokens/{token_id}/", "/api/scenarios/", "/api/scenarios/import/",
                 "/api/scenarios/{slug}/", "/api/scenarios/{slug}/fork/", "/api/scenarios/{slug}/export/",
                 "/api/scenarios/{slug}/yaml/", "/api/scenarios/{slug}/nodes/bulk/",
                 "/api/scenarios/{slug}/pods/{namespace}/{name}/",
                 "/api/scenarios/{slug}/poddisruptionbudgets/{name}/",
                 "/api/scenarios/{slug}/priorityclasses/{name}/", "/api/runs/", "/api/runs/{run_id}/",
                 "/api/runs/{run_id}/events/", "/api/runs/{run_id}/state/", "/api/runs/{run_id}/commands/",
                 "/api/runs/{run_id}/wait/", "/api/runs/{run_id}/ws-ticket/", "/api/runs/{run_id}/outcome/"):
        assert path in paths, path


def test_the_command_union_is_every_command_scheduler_core_and_the_run_take() -> None:
    from playground.runs.models import RunCommand
    from scheduler_core.commands import COMMAND_FIELDS

    components = generate()["components"]["schemas"]
    union = components["Command"]["oneOf"]
    types = [components[c["$ref"].rsplit("/", 1)[1]]["properties"]["type"]["enum"][0] for c in union]
    assert sorted(types) == sorted([*RunCommand.CONTROL, *COMMAND_FIELDS])
    taints = components["Command_set_node_taints"]
    assert taints["required"] == ["type", "node", "taints"]


@pytest.mark.parametrize(("path", "kind"), [
    pytest.param("/api/scenarios/{slug}/pods/{namespace}/{name}/", "Pod", id="a pod URL takes and gives Pods"),
    pytest.param("/api/scenarios/{slug}/nodes/{name}/", "Node", id="a node URL takes and gives Nodes"),
    pytest.param("/api/scenarios/{slug}/priorityclasses/{name}/", "PriorityClass", id="PriorityClasses"),
    pytest.param("/api/scenarios/{slug}/poddisruptionbudgets/{name}/", "PodDisruptionBudget", id="PDBs"),
])
def test_object_urls_carry_the_manifest_shape_of_their_kind(path: str, kind: str) -> None:
    put = generate()["paths"][path]["put"]
    assert put["requestBody"]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{kind}"}
    body = put["responses"]["200"]["content"]["application/json"]["schema"]
    assert body["properties"]["object"] == {"$ref": f"#/components/schemas/{kind}"}


def test_a_priority_class_requires_value_in_the_schema_as_in_kubernetes() -> None:
    assert "value" in generate()["components"]["schemas"]["PriorityClass"]["required"]



# --- schemathesis over every operation -------------------------------------------------------

SEEDED_YAML = """\
apiVersion: v1
kind: Namespace
metadata: {name: web}
---
apiVersion: v1
kind: Node
metadata: {name: web}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: web}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: web, labels: {app: web}}
spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: web}
spec: {minAvailable: 1, selector: {matchLabels: {app: web}}}
"""
WORKLOAD = """\
---
apiVersion: apps/v1
kind: {kind}
metadata: {{name: web, namespace: web}}
spec:
  selector: {{matchLabels: {{app: {label}}}}}
  template:
    metadata: {{labels: {{app: {label}}}}}
    spec: {{containers: [{{name: c, resources: {{requests: {{cpu: 100m}}}}}}]}}
"""
JOB = """\
---
apiVersion: batch/v1
kind: Job
metadata: {name: web, namespace: web}
spec:
  template:
    spec: {restartPolicy: Never, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
"""


def seeded_yaml() -> str:
    """An object of every kind the API serves, each named `web` (namespaced ones in namespace `web`)."""
    workloads = "".join(WORKLOAD.format(kind=kind, label=kind.lower())
                        for kind in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"))
    return SEEDED_YAML + workloads + JOB


def seed() -> tuple[str, dict[str, Any]]:
    """A signed-up user's token, and a scenario, run and workshop that user owns: the path parameters
    the hooks put into half the generated paths."""
    owner = make_user("fuzzer")
    token, key = accounts.create_token(owner, "schemathesis")
    scenario = services.import_yaml(owner, seeded_yaml(), "fuzzed")
    run, spare = runs.start_run(owner, scenario), runs.start_run(owner, scenario)
    workshop = workshops.create_workshop(owner, scenario=scenario.slug)
    return key, {"slug": scenario.slug, "run_id": run.pk, "code": workshop.code, "namespace": "web", "name": "web",
                 "ownTokenId": token.pk, "spareRunId": spare.pk}


class FastClock:
    """Waits (a long-poll on a run no worker executes here) pass at once in virtual time."""

    def __init__(self) -> None:
        self.offset = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.offset

    def sleep(self, seconds: float) -> None:
        self.offset += seconds


def in_this_transaction(app: Any) -> Any:
    """The WSGI app as schemathesis' worker thread calls it: on this test's connection (its transaction
    holds the seeds and is rolled back after), one request at a time, each in a savepoint so that a
    request whose statement fails leaves the next one a usable transaction, as autocommit would."""
    connection = connections["default"]
    connection.inc_thread_sharing()
    lock = threading.Lock()

    def call(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        # identity: the in-process transport never decodes what the API's compression (delivery.py) sends.
        environ["HTTP_ACCEPT_ENCODING"] = "identity"
        with lock:
            connections["default"] = connection
            savepoint = transaction.savepoint()
            try:
                return list(app(environ, start_response))
            finally:
                try:
                    transaction.savepoint_commit(savepoint)
                except DatabaseError:
                    transaction.savepoint_rollback(savepoint)
                transaction.set_rollback(False)

    return call


EXAMPLES = 25  # generated cases per operation (schemathesis.toml's max-examples), each operation that takes input
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def generate_json(app: Any) -> dict[str, Any]:
    """The schema document as the API serves it (GET /api/schema/?format=json)."""
    response = Client(app).get("/api/schema/?format=json")
    assert response.status_code == 200
    return json.loads(response.get_data())  # type: ignore[no-any-return]


def part_of(whole: dict[str, Any], labels: set[str]) -> dict[str, Any]:
    """The document with only the operations named by ``labels`` ("GET /api/..."), without links."""
    document = copy.deepcopy(whole)
    for path, item in list(document["paths"].items()):
        for method in [m for m in item if m in HTTP_METHODS]:
            if f"{method.upper()} {path}" not in labels:
                del item[method]
            else:
                for response in item[method].get("responses", {}).values():
                    response.pop("links", None)
        if not any(m in item for m in HTTP_METHODS):
            del document["paths"][path]
    return document


def send_without_socket_options(send: Any) -> Any:
    """schemathesis' WSGI transport passes socket options (max_redirects, ...) on to werkzeug when a
    check's probe (ignored_auth) carries no session: they mean nothing in-process."""
    def wrapped(self: Any, case: Any, *, session: Any = None, **kwargs: Any) -> Any:
        if session is None:
            for name in ("max_redirects", "verify", "cert", "proxies"):
                kwargs.pop(name, None)
        return send(self, case, session=session, **kwargs)

    return wrapped


@pytest.fixture
def in_process(db: Any, fast_passwords: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # No worker in-process: runs stay queued, commands unanswered (202) after a short wait, and a
    # wait for a run to settle times out (504) in virtual time.
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(runs.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(runs_conf, "COMMAND_REPLY_SECONDS", 0.01)
    monkeypatch.setattr(runs, "time", FastClock())
    monkeypatch.setattr(wsgi_transport.WSGITransport, "send", send_without_socket_options(wsgi_transport.WSGITransport.send))
    # schemathesis steers fuzzing toward accepted inputs with hypothesis.target(); Hypothesis then spends a
    # target phase hill-climbing it (a fifth of a half's time, profiled), re-sending near copies of cases it
    # had. Off: every example is a fresh draw.
    monkeypatch.setattr(hypothesis, "target", lambda observation, *, label="": observation)
    # As Django's test client does: a request's end must not close the connection holding the test's transaction.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def takes_no_input(document: dict[str, Any], label: str) -> bool:
    """An operation with no parameter and no body (GET /api/me, POST /api/auth/logout/): one request to make."""
    method, path = label.split(" ", 1)
    operation = document["paths"][path][method.lower()]
    return not operation.get("parameters") and "requestBody" not in operation


def failures_of(event: Any) -> list[str]:
    return [f"{event.recorder.label} [{check.name}]: {check.failure_info.failure if check.failure_info else ''}"
            for checks in event.recorder.checks.values() for check in checks if check.status == Status.FAILURE]


# The run is split in four so that make test's two xdist workers share it (each part its own group,
# tests/conftest.py) and each part stays within its CPU budget: the fuzzing phase over each third of the
# operations (halves took up to 126 CPU s each once the target phase was off), and the stateful phase over
# all of them (it follows links across the whole API).
SHARES = 3
PARTS = [*(pytest.param("fuzzing", share, marks=pytest.mark.xdist_group(f"schemathesis-{share}"), id=f"fuzzing-part-{share}")
           for share in range(SHARES)),
         pytest.param("stateful", None, marks=pytest.mark.xdist_group("schemathesis-stateful"), id="stateful")]


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize(("phase", "share"), PARTS)
def test_schemathesis_finds_nothing_in_any_phase(phase: str, share: int | None, in_process: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    key, seeds = seed()
    schemathesis_hooks.use_seeds(seeds)
    monkeypatch.setenv("PLAYGROUND_TOKEN", key)
    config = SchemathesisConfig.from_path(CONFIG)
    config.projects.override.update(workers=1)  # one connection, one transaction: one request at a time
    config.projects.override.phases.update(phases=[phase])
    app = in_this_transaction(get_wsgi_application())
    whole = generate_json(app)
    labels = sorted(f"{method.upper()} {path}" for path, item in whole["paths"].items() for method in item
                    if method in HTTP_METHODS)
    mine = set(labels if share is None else labels[share::SHARES])
    # schemathesis 4.32's include() filters select nothing here (every operation stays), so each part is
    # served a schema document holding only its operations (and no links: they are the stateful part's).
    schema = schemathesis.openapi.from_dict(whole if share is None else part_of(whole, mine), config=config)
    schema.app = app
    started, cpu = time.monotonic(), time.process_time()
    found: list[str] = []
    errors: list[str] = []
    cases: dict[str, int] = {}
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            found += failures_of(event)
            if event.phase.value == phase:
                # The stateful phase reports each of its scenarios under one label: add them up. Generated
                # cases only: a check's own probes (ignored_auth's request without credentials) have a parent.
                generated = sum(1 for node in event.recorder.cases.values() if node.parent_id is None)
                cases[event.recorder.label] = cases.get(event.recorder.label, 0) + generated
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            errors.append(str(getattr(event, "value", None) or getattr(event, "exception", None)))
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu
    print(f"schemathesis {phase}: {sum(cases.values())} cases over {len(cases)} scenarios in {elapsed:.0f} s "
          f"({cpu:.0f} CPU s in this process); fewest: {sorted((n, label) for label, n in cases.items())[:3]}")
    assert errors == []
    assert found == [], "\n".join(found)
    if share is not None:
        assert sorted(cases) == sorted(mine)  # every operation of this part fuzzed
        few = {label: n for label, n in cases.items() if n < EXAMPLES and not takes_no_input(whole, label)}
        assert few == {}, f"fuzzed with fewer than {EXAMPLES} examples: {few}"
    else:
        assert sum(cases.values()) > 0  # the links were followed
    # Each part runs in its own process (make test's workers): CPU time, which a loaded machine does
    # not inflate much, is held under the 120 s so that a cost regression fails here.
    assert cpu <= BUDGET_SECONDS, f"schemathesis {phase} took {cpu:.0f} CPU s (budget {BUDGET_SECONDS} s)"
