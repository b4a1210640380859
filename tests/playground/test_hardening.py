"""Issue 14, row by row: nothing one user sends can stall or crash the playground, and every refusal
is a clear answer in the common envelope. DoS rows assert bounds (the parser is never reached, the
stored size), never wall-clock time."""
from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.routing import URLRouter
from django.contrib.auth.models import AnonymousUser, User
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse
from django.test import RequestFactory
from rest_framework.test import APIClient

from playground import origin, safeload
from playground.accounts import services as accounts
from playground.routing import websocket_urlpatterns
from playground.runs import conf as runs_conf
from playground.runs import consumers, selectors
from playground.runs import services as runs
from playground.runs.models import Run, RunCommand
from playground.scenarios.models import Scenario
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    anon,
    as_,
    fast_passwords,
    make_node,
    make_pod,
    make_priority_class,
    make_scenario,
    make_user,
    small_cluster,
)

pytestmark = pytest.mark.django_db
PASSWORD = "correct-horse-battery"


@pytest.fixture(autouse=True)
def no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(runs.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(runs_conf, "COMMAND_REPLY_SECONDS", 0.01)


def envelope(response: Any) -> dict[str, Any]:
    data = response.json()
    assert set(data) >= {"message", "errors"} and isinstance(data["message"], str), data
    return data


def first_error(response: Any) -> dict[str, Any]:
    return envelope(response)["errors"][0]


def a_run(owner: User) -> Run:
    return runs.start_run(owner, make_scenario(owner, visibility="public"))


def nested_aliases(levels: int = 3, width: int = 10) -> str:
    lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + f"\nkind: Pod\nmetadata: {{name: p, annotations: {{boom: *a{levels}}}}}\n"


# --- safe loading ---------------------------------------------------------------------------

def test_a_command_yaml_with_nested_aliases_is_refused_and_nothing_is_stored(alice: User) -> None:
    run = a_run(alice)
    body = {"type": "add_pod", "yaml": nested_aliases()}
    response = as_(alice).post(f"/api/runs/{run.pk}/commands/", body, format="json")
    assert response.status_code == 400
    assert first_error(response)["field"] == "yaml" and "aliases" in first_error(response)["message"]
    assert RunCommand.objects.filter(run=run).count() == 0


def test_scenario_import_refuses_aliases_too(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/import/", {"yaml": nested_aliases()}, format="json")
    assert response.status_code == 400 and "aliases" in first_error(response)["message"]


@pytest.mark.parametrize(("where", "oversized"), [
    pytest.param("import", "yaml", id="an oversized YAML import is refused before any YAML is parsed"),
    pytest.param("command", "yaml", id="an oversized command yaml is refused before any YAML is parsed"),
])
def test_oversized_yaml_never_reaches_the_parser(alice: User, settings: Any, monkeypatch: pytest.MonkeyPatch,
                                                  where: str, oversized: str) -> None:
    parsed: list[str] = []
    monkeypatch.setattr(safeload, "check_yaml_events", lambda text, field: parsed.append(field))
    monkeypatch.setattr(safeload.yaml, "load_all", lambda *a, **k: parsed.append("load") or iter(()))
    limit = settings.YAML_MAX_BYTES if where == "import" else settings.COMMAND_YAML_MAX_BYTES
    text = "- x\n" * (limit // 4 + 1)
    if where == "import":
        response = as_(alice).post("/api/scenarios/import/", {"yaml": text}, format="json")
    else:
        run = a_run(alice)
        response = as_(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "add_pod", "yaml": text}, format="json")
    assert response.status_code == 413
    assert f"{limit:,} bytes" in envelope(response)["message"]
    assert parsed == []


def test_a_body_above_the_limit_is_refused_from_content_length_before_reading(alice: User, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    request = RequestFactory().post("/api/scenarios/import/", data=b"x" * 10, content_type="application/yaml")
    request.META["CONTENT_LENGTH"] = "5000"  # what the client announced: nothing is read
    context = {"request": request}
    with pytest.raises(safeload.PayloadTooLarge):
        safeload.read_body(request, context)
    assert request._read_started is False  # not a byte was read


@pytest.mark.parametrize("depth", [
    pytest.param(990, id="JSON nested 990 levels"),
    pytest.param(100_000, id="JSON nested 100,000 levels"),
])
def test_deep_json_is_a_400_not_a_crash(anon: APIClient, depth: int) -> None:
    body = "[" * depth + "]" * depth
    response = anon.post("/api/scenarios/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested more than 64 levels" in envelope(response)["message"]


@pytest.mark.parametrize("depth", [
    pytest.param(500, id="YAML nested 500 levels"),
    pytest.param(100_000, id="YAML nested 100,000 levels (libyaml's composer would overflow the C stack)"),
])
def test_deep_yaml_is_a_400_naming_the_field(alice: User, depth: int) -> None:
    text = "a: " + "[" * depth + "]" * depth + "\n"
    response = as_(alice).post("/api/scenarios/import/", {"yaml": text}, format="json")
    assert response.status_code == 400
    assert first_error(response)["field"] == "yaml" and "nested more than 64" in first_error(response)["message"]


@pytest.mark.parametrize(("yaml_text", "field", "words"), [
    pytest.param("kind: Pod\nmetadata: {name: p, annotations: {when: 2024-01-01}}\n",
                 "yaml.metadata.annotations.when", "timestamp", id="a timestamp is refused naming its field"),
    pytest.param("kind: Pod\nmetadata: {name: p, annotations: {blob: !!binary aGVsbG8=}}\n",
                 "yaml.metadata.annotations.blob", "binary", id="binary data is refused naming its field"),
    pytest.param("kind: Pod\nmetadata: {name: p, labels: {1: a}}\n",
                 "yaml.metadata.labels", "not a string", id="a non-string key is refused"),
    pytest.param("kind: Pod\nmetadata: {name: p}\nspec: {x: .nan}\n",
                 "yaml.spec.x", "finite", id="NaN is refused"),
])
def test_values_json_cannot_hold_are_a_400_naming_the_field(alice: User, yaml_text: str, field: str,
                                                            words: str) -> None:
    run = a_run(alice)
    response = as_(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "add_pod", "yaml": yaml_text},
                               format="json")
    assert response.status_code == 400
    assert first_error(response)["field"] == field and words in first_error(response)["message"]


def test_the_c_loader_is_used_when_pyyaml_has_it() -> None:
    import yaml

    assert safeload._Loader is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# --- numbers in range -----------------------------------------------------------------------

@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"seed": 2**70}, "seed", id="a run seed of 2**70"),
    pytest.param({"seed": -1}, "seed", id="a negative run seed"),
    pytest.param({"speed": 1e-300}, "speed", id="a run speed of 1e-300"),
    pytest.param({"speed": 0.05}, "speed", id="a run speed below the documented minimum"),
    pytest.param({"speed": 1001}, "speed", id="a run speed above the maximum"),
])
def test_run_numbers_out_of_range_are_a_400(alice: User, body: dict[str, Any], field: str) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post("/api/runs/", {"scenario": scenario.slug, **body}, format="json")
    assert response.status_code == 400
    assert first_error(response)["field"] == field
    assert Run.objects.count() == 0


@pytest.mark.parametrize("body", [
    pytest.param({"seed": 2**63 - 1}, id="the largest seed"),
    pytest.param({"speed": 0}, id="speed 0 (as fast as possible)"),
    pytest.param({"speed": 0.1}, id="the smallest speed"),
])
def test_run_numbers_at_the_edges_are_accepted(alice: User, body: dict[str, Any]) -> None:
    scenario = make_scenario(alice)
    assert as_(alice).post("/api/runs/", {"scenario": scenario.slug, **body}, format="json").status_code == 201


@pytest.mark.parametrize(("settings_", "field"), [
    pytest.param({"seed": 2**70}, "settings.seed", id="a scenario seed of 2**70 is refused (it made it unrunnable)"),
    pytest.param({"speed": 1e-300}, "settings.speed", id="a scenario speed of 1e-300 is refused"),
])
def test_scenario_settings_out_of_range_are_a_400(alice: User, settings_: dict[str, Any], field: str) -> None:
    response = as_(alice).post("/api/scenarios/", {"title": "t", "settings": settings_}, format="json")
    assert response.status_code == 400 and first_error(response)["field"] == field


def test_a_speed_command_below_the_minimum_is_a_400(alice: User) -> None:
    run = a_run(alice)
    response = as_(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "speed", "speed": 1e-300}, format="json")
    assert response.status_code == 400 and first_error(response)["field"] == "speed"


# --- quotas and throttles -------------------------------------------------------------------

def class_member() -> APIClient:
    """A student's browser: its own cookies, the school's one IP address (the test client's)."""
    browser = APIClient(enforce_csrf_checks=True)
    browser.credentials(HTTP_X_CSRFTOKEN=browser.get("/api/me").cookies["csrftoken"].value)
    return browser


def test_sixty_students_behind_one_ip_can_all_become_guests_and_start_runs(alice: User) -> None:
    scenario = make_scenario(alice, visibility="public")
    for _ in range(60):
        student = class_member()
        assert student.post("/api/runs/", {"scenario": scenario.slug}, format="json").status_code == 201
    assert User.objects.filter(profile__is_guest=True).count() == 60


def test_guest_creation_beyond_the_ip_backstop_is_a_429_with_retry_after(db: Any, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest": "3/hour"}
    codes = [class_member().post("/api/scenarios/", {"title": "t"}, format="json").status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    refused = class_member().post("/api/scenarios/", {"title": "t"}, format="json")
    assert "too many new guest accounts from this network (limit 3/hour)" in envelope(refused)["message"]
    assert int(refused.headers["Retry-After"]) > 0
    assert Scenario.objects.count() == 3  # nothing half-stored


def test_an_empty_rate_turns_the_limit_off(db: Any, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest": None}  # THROTTLE_GUEST="" (settings.py)
    codes = [class_member().post("/api/scenarios/", {"title": "t"}, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 201]  # was a 500: DRF looked for a default rate of the scope


def test_token_creation_is_limited_per_user(alice: User, settings: Any) -> None:
    limit = int(settings.THROTTLE_RATES["token"].split("/")[0])
    codes = [as_(alice).post("/api/tokens/", {"name": f"t{i}"}, format="json").status_code for i in range(limit + 1)]
    assert codes == [201] * limit + [429]
    other = make_user("bob")
    assert as_(other).post("/api/tokens/", {"name": "mine"}, format="json").status_code == 201


def test_run_starts_are_limited_per_owner_not_per_ip(alice: User, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "run_start": "2/min"}
    scenario = make_scenario(alice, visibility="public")
    codes = [as_(alice).post("/api/runs/", {"scenario": scenario.slug}, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert as_(make_user("bob")).post("/api/runs/", {"scenario": scenario.slug}, format="json").status_code == 201


def test_run_commands_are_limited_per_owner(alice: User, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "run_command": "2/min"}
    run = a_run(alice)
    codes = [as_(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "pause"}, format="json").status_code
             for _ in range(3)]
    assert codes[2] == 429 and all(c in (200, 202) for c in codes[:2])
    assert "Retry-After" in as_(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "pause"},
                                            format="json").headers


def login(client: APIClient, username: str, password: str) -> Any:
    return client.post("/api/auth/login/", {"username": username, "password": password}, format="json")


def test_thirty_wrong_passwords_slow_down_the_guesser_not_the_network(db: Any) -> None:
    for name in ("alice", "bob"):
        User.objects.create_user(name, password=PASSWORD)
    client = APIClient()
    codes = [login(client, "alice", "wrong-wrong").status_code for _ in range(30)]
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}
    locked = login(client, "alice", PASSWORD)
    assert locked.status_code == 429 and "too many failed logins for 'alice'" in envelope(locked)["message"]
    assert login(APIClient(), "bob", PASSWORD).status_code == 200  # a classmate on the same IP


def test_logout_is_never_throttled(db: Any, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "login": "1/hour", "signup": "1/hour"}
    client = APIClient()
    login(client, "nobody", "whatever-1")
    assert {client.post("/api/auth/logout/").status_code for _ in range(50)} == {204}


def test_the_admin_site_is_off_by_default(db: Any) -> None:
    assert APIClient().get("/admin/login/").status_code == 404


# --- credentials --------------------------------------------------------------------------

def test_bearer_is_accepted_like_token_and_needs_no_csrf(alice: User) -> None:
    _, key = accounts.create_token(alice, "kubectl")
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    assert client.get("/api/me").json()["username"] == "alice"
    assert client.post("/api/scenarios/", {"title": "by script"}, format="json").status_code == 201


@pytest.mark.parametrize(("header", "words"), [
    pytest.param("Basic YWxpY2U6eA==", 'send "Authorization: Token <key>" or "Authorization: Bearer <key>"',
                 id="another scheme is a 401 naming the two that work"),
    pytest.param("Bearer pgt_nope", "unknown or revoked", id="an unknown bearer token is a 401"),
])
def test_bad_credentials_are_a_401_saying_why(db: Any, header: str, words: str) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get("/api/scenarios/")
    assert response.status_code == 401 and words in envelope(response)["message"]


def test_a_websocket_ticket_is_issued_to_a_watcher_only(alice: User) -> None:
    run = runs.start_run(alice, make_scenario(alice, visibility="private"))
    issued = as_(alice).post(f"/api/runs/{run.pk}/ws-ticket/")
    assert issued.status_code == 200 and issued.json()["url"] == f"/ws/runs/{run.pk}/?ticket={issued.json()['ticket']}"
    assert as_(make_user("bob")).post(f"/api/runs/{run.pk}/ws-ticket/").status_code == 404
    assert accounts.redeem_ws_ticket(issued.json()["ticket"], run.pk) == alice
    assert accounts.redeem_ws_ticket(issued.json()["ticket"], run.pk) is None  # single use


@pytest.mark.parametrize(("given", "scheme", "host", "ok"), [
    pytest.param("http://127.0.0.1:8000", "ws", "127.0.0.1:8000", True, id="the same origin is allowed"),
    pytest.param("http://127.0.0.1:9999", "ws", "127.0.0.1:8000", False, id="another port is refused"),
    pytest.param("https://127.0.0.1:8000", "ws", "127.0.0.1:8000", False, id="another scheme is refused"),
    pytest.param("http://evil.example:8000", "ws", "127.0.0.1:8000", False, id="another host is refused"),
    pytest.param("https://play.example", "wss", "play.example:443", True, id="default ports are the same port"),
    pytest.param("null", "ws", "127.0.0.1:8000", False, id="an opaque origin is refused"),
])
def test_the_websocket_origin_check_compares_scheme_host_and_port(given: str, scheme: str, host: str,
                                                                  ok: bool) -> None:
    assert origin.allowed(given, scheme, host) is ok


class Socket(ApplicationCommunicator):
    """The ASGI WebSocket stack as asgi.py builds it (origin check, then routing), without a server."""

    def __init__(self, path: str, headers: list[tuple[bytes, bytes]]) -> None:
        path, _, query = path.partition("?")
        scope = {"type": "websocket", "path": path, "query_string": query.encode(), "headers": headers,
                 "subprotocols": [], "user": AnonymousUser()}
        super().__init__(origin.SameOriginValidator(URLRouter(websocket_urlpatterns)), scope)

    async def connect(self) -> tuple[bool, None]:
        await self.send_input({"type": "websocket.connect"})
        return (await self.receive_output(3))["type"] == "websocket.accept", None

    async def send_to(self, text_data: str) -> None:
        await self.send_input({"type": "websocket.receive", "text": text_data})

    async def receive_json_from(self, timeout: float = 3) -> Any:
        message = await self.receive_output(timeout)
        assert message["type"] == "websocket.send", message
        return json.loads(message["text"])

    async def disconnect(self) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": 1000})
        await self.wait(1)


@pytest.fixture
def in_memory_layer(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    # As in test_runs_consumer: read in the sync thread that holds the test's database connection.
    monkeypatch.setattr(consumers, "read_page", database_sync_to_async(selectors.raw_events_page))
    monkeypatch.setattr(consumers, "open_view", database_sync_to_async(consumers._open_view))
    monkeypatch.setattr(consumers, "submit_in_pool", database_sync_to_async(consumers._submit))
    monkeypatch.setattr(consumers, "refresh_verdict", database_sync_to_async(RunCommand.refresh_verdict))


async def open_socket(path: str, headers: list[tuple[bytes, bytes]] | None = None) -> Socket:
    return Socket(path, headers or [])


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_from_another_port_is_refused_at_the_handshake(in_memory_layer: None) -> None:
    owner = await sync_to_async(make_user)("owner")
    run = await sync_to_async(a_run)(owner)
    socket = await open_socket(f"/ws/runs/{run.pk}/", [(b"host", b"127.0.0.1:8000"),
                                                      (b"origin", b"http://127.0.0.1:9999")])
    connected, _ = await socket.connect()
    assert connected is False


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("path", "code"), [
    pytest.param("/ws/runs/{run}/?after=%C2%B2", 4400, id="after=² (a digit to isdigit) closes with 4400"),
    pytest.param("/ws/runs/{run}/?token=pgt_x", 4400, id="a token in the URL is refused"),
    pytest.param("/ws/runs/abc/", 4404, id="/ws/runs/abc/ closes with 4404, no 500"),
    pytest.param("/ws/runs/99999999999999999999999/", 4404, id="an id beyond any database id closes with 4404"),
])
async def test_bad_socket_urls_close_with_a_code(in_memory_layer: None, path: str, code: int) -> None:
    owner = await sync_to_async(make_user)("owner")
    run = await sync_to_async(a_run)(owner)
    socket = await open_socket(path.format(run=run.pk))
    connected, _ = await socket.connect()
    assert connected
    assert (await socket.receive_output(timeout=3)) == {"type": "websocket.close", "code": code}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_non_json_frame_gets_an_error_message_and_the_socket_stays_open(in_memory_layer: None) -> None:
    owner = await sync_to_async(make_user)("owner")
    run = await sync_to_async(a_run)(owner)
    socket = await open_socket(f"/ws/runs/{run.pk}/")
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=3))["type"] == "hello"
    await socket.send_to(text_data="this is not json")
    reply = await socket.receive_json_from(timeout=3)
    assert reply["type"] == "error" and reply["message"] == "the message is not JSON text"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await socket.receive_json_from(timeout=3)) == {"type": "pong"}
    await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_deeply_nested_frame_gets_an_error_message_not_a_crash(in_memory_layer: None) -> None:
    owner = await sync_to_async(make_user)("owner")
    run = await sync_to_async(a_run)(owner)
    socket = await open_socket(f"/ws/runs/{run.pk}/")
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=3))["type"] == "hello"
    for depth in (100, 100_000):
        await socket.send_to(text_data="[" * depth + "]" * depth)
        reply = await socket.receive_json_from(timeout=3)
        assert reply["type"] == "error" and "nested more than 64 levels" in reply["message"]
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await socket.receive_json_from(timeout=3)) == {"type": "pong"}
    await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_socket_commands_count_against_the_owners_rate(in_memory_layer: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "run_command": "1/min"}
    owner = await sync_to_async(make_user)("owner")
    run = await sync_to_async(a_run)(owner)
    socket = Socket(f"/ws/runs/{run.pk}/", [])
    socket.scope["user"] = owner
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=3))["type"] == "hello"
    replies = []
    for i in range(2):
        await socket.send_to(text_data=json.dumps({"type": "command", "id": i, "command": {"type": "pause"}}))
        reply = await socket.receive_json_from(timeout=5)
        while reply["type"] not in ("command.result", "error"):
            reply = await socket.receive_json_from(timeout=5)
        replies.append(reply)
    assert replies[0]["type"] == "command.result"
    assert replies[1]["type"] == "error" and replies[1]["message"].startswith("too many run commands sent")
    await socket.disconnect()


# --- API docs without a CDN -----------------------------------------------------------------

@pytest.mark.parametrize("page", ["/api/swagger/", "/api/redoc/"])
def test_the_api_docs_load_their_scripts_from_the_app(db: Any, page: str) -> None:
    html = APIClient().get(page).content.decode()
    assert "/static/drf_spectacular_sidecar/" in html
    for cdn in ("cdn.jsdelivr", "unpkg.com", "cdnjs", "@latest"):
        assert cdn not in html


# --- clear errors ---------------------------------------------------------------------------

def test_a_bulk_list_naming_one_object_twice_is_a_400_naming_the_item(alice: User) -> None:
    scenario = make_scenario(alice, objects=[])
    response = as_(alice).post(f"/api/scenarios/{scenario.slug}/nodes/bulk/", [make_node("n"), make_node("n")],
                               format="json")
    assert response.status_code == 400
    assert first_error(response)["field"] == "[1].metadata.name"
    assert first_error(response)["message"] == "Node n appears twice in this request (items [0] and [1])"


def test_a_put_to_a_missing_pod_is_a_404(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).put(f"/api/scenarios/{scenario.slug}/pods/default/ghost/", make_pod("other"),
                              format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 404 and envelope(response)["message"] == "no Pod 'default/ghost' in this scenario"


def test_a_chunked_body_under_asgi_is_measured_and_read(alice: User) -> None:
    body = b'{"title": "chunked"}'
    scope = {"type": "http", "method": "POST", "path": "/api/scenarios/", "query_string": b"",
             "headers": [(b"transfer-encoding", b"chunked"), (b"content-type", b"application/json")]}
    import io

    request = ASGIRequest(scope, io.BytesIO(body))
    seen: list[str] = []
    middleware = safeload.chunked_body_middleware(lambda r: seen.append(r.META["CONTENT_LENGTH"]) or HttpResponse())
    middleware(request)
    assert seen == [str(len(body))]
    assert request.body == body


def test_a_chunked_body_where_it_cannot_be_measured_is_a_411_saying_so(db: Any) -> None:
    request = RequestFactory().post("/api/scenarios/import/", data=b"", content_type="application/yaml")
    request.META.pop("CONTENT_LENGTH", None)
    request.META["HTTP_TRANSFER_ENCODING"] = "chunked"
    response = safeload.chunked_body_middleware(lambda r: HttpResponse())(request)
    assert response.status_code == 411 and b"Content-Length" in response.content


def test_a_priority_class_without_value_is_a_400_naming_value(alice: User) -> None:
    scenario = make_scenario(alice, objects=[])
    pc = make_priority_class("high")
    del pc["value"]
    response = as_(alice).post(f"/api/scenarios/{scenario.slug}/priorityclasses/", pc, format="json")
    assert response.status_code == 400 and first_error(response)["field"].endswith("value")


@pytest.mark.parametrize("body", [
    pytest.param({"title": 0}, id="title 0 is refused, not stored as '0'"),
    pytest.param({"title": "t", "description": 5}, id="a numeric description is refused"),
])
def test_strings_must_be_strings(alice: User, body: dict[str, Any]) -> None:
    response = as_(alice).post("/api/scenarios/", body, format="json")
    assert response.status_code == 400 and first_error(response)["message"] == "Not a valid string."


# --- conventions ----------------------------------------------------------------------------

def test_every_create_says_where_the_new_thing_is(alice: User) -> None:
    created = as_(alice).post("/api/scenarios/", {"title": "t"}, format="json")
    slug = created.json()["slug"]
    assert created.headers["Location"] == f"/api/scenarios/{slug}/"
    pod = as_(alice).post(f"/api/scenarios/{slug}/pods/", make_pod("web", namespace="team"), format="json")
    assert pod.headers["Location"] == f"/api/scenarios/{slug}/pods/team/web/"
    run = as_(alice).post("/api/runs/", {"scenario": make_scenario(alice).slug}, format="json")
    assert run.headers["Location"] == f"/api/runs/{run.json()['id']}/"
    token = as_(alice).post("/api/tokens/", {"name": "ci"}, format="json")
    assert token.headers["Location"] == f"/api/tokens/{token.json()['id']}/"


def test_the_runs_list_is_paged_like_scenarios(alice: User) -> None:
    scenario = make_scenario(alice)
    for _ in range(3):
        runs.start_run(alice, scenario)
    page = as_(alice).get("/api/runs/?page_size=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"] and page["previous"] is None


def test_my_active_runs_are_those_the_limit_counts(alice: User) -> None:
    scenario = make_scenario(alice)
    first, second = runs.start_run(alice, scenario), runs.start_run(alice, scenario)
    Run.objects.filter(pk=first.pk).update(status=Run.Status.FINISHED)
    listed = as_(alice).get("/api/runs/?active=true").json()["results"]
    assert [r["id"] for r in listed] == [second.pk] == runs.active_runs(alice)
    response = as_(alice).get("/api/runs/?active=yes")
    assert response.status_code == 400 and first_error(response)["field"] == "active"


@pytest.mark.parametrize("suffix", ["", "export/", "pods/", "nodes/node-1/"])
def test_a_current_etag_gets_304(alice: User, suffix: str) -> None:
    scenario = make_scenario(alice)
    url = f"/api/scenarios/{scenario.slug}/{suffix}"
    first = as_(alice).get(url)
    assert first.status_code == 200
    again = as_(alice).get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert as_(alice).get(url, HTTP_IF_NONE_MATCH='"999"').status_code == 200


def snake_keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [k for k in value if "_" in k] + [k for v in value.values() for k in snake_keys(v)]
    if isinstance(value, list):
        return [k for v in value for k in snake_keys(v)]
    return []


def test_api_json_keys_are_camel_case(alice: User) -> None:
    scenario = make_scenario(alice, objects=[make_node()])
    client = as_(alice)
    client.post("/api/tokens/", {"name": "ci"}, format="json")
    run = client.post("/api/runs/", {"scenario": scenario.slug}, format="json").json()
    answers = [client.get("/api/me").json(), client.get(f"/api/scenarios/{scenario.slug}/").json(),
               client.get("/api/scenarios/?scope=mine").json(), client.get("/api/tokens/").json(), run]
    assert [k for answer in answers for k in snake_keys(answer)] == []
