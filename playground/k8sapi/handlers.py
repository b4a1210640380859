"""The verbs on one resource: get, list, watch, create, delete, patch, and the pods/eviction subresource."""
from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from django.http import HttpResponse, StreamingHttpResponse

from playground import streams
from playground.k8sapi import filters, lists, objects, openapi, options, patches, tables, watch, workloads, writes
from playground.k8sapi import status as st
from playground.k8sapi.call import Call, respond
from playground.k8sapi.catalog import Kind, find_item, items_in
from playground.k8sapi.world import World
from playground.runs import selectors
from playground.throttles import TooManyRequests

WATCH_TIMEOUT = 1800


def handle(call: Call, kind: Kind, namespace: str | None, name: str | None, sub: str | None) -> HttpResponse:
    method = call.request.method
    if sub is not None:
        if sub == "eviction" and kind.resource.plural == "pods" and method == "POST" and name:
            return evict(call, kind, namespace or "default", name)
        if sub == "scale" and kind.resource.kind in workloads.SCALABLE and name:
            return scale(call, kind, namespace or "default", name)
        raise st.no_resource(sub)
    if name is None and method == "GET":
        return watch_list(call, kind, namespace) if _flag(call, "watch") else list_(call, kind, namespace)
    if name is None and method == "POST":
        return create(call, kind, namespace)
    if name is not None and method == "GET":
        return get(call, kind, namespace, name)
    if name is not None and method == "DELETE":
        return delete(call, kind, namespace, name)
    if name is not None and method == "PATCH":
        return patch(call, kind, namespace, name)
    if name is not None and method == "PUT":
        return update(call, kind, namespace, name)
    raise st.method_not_allowed()


def _flag(call: Call, name: str) -> bool:
    return call.query.get(name, "").lower() in ("1", "true")


def _predicate(call: Call, kind: Kind) -> Any:
    labels = filters.label_selector(call.query.get("labelSelector"))
    fields = filters.field_selector(call.query.get("fieldSelector"), kind.resource.kind, kind.fields)
    return lambda obj: labels((obj.get("metadata") or {}).get("labels") or {}) and fields(obj)


def _rendered(world: World, kind: Kind, namespace: str | None, predicate: Any) -> list[tuple[Any, dict[str, Any]]]:
    pairs = [(item, kind.render(world, item)) for item in items_in(world, kind, namespace)]
    return [(item, obj) for item, obj in pairs if predicate(obj)]


def _check_version(call: Call, world: World) -> int | None:
    raw = call.query.get("resourceVersion", "")
    if raw in ("", "0"):
        return None
    if not raw.isdigit():
        raise st.bad_request(f'invalid resource version "{raw}"')
    if int(raw) > world.seq:
        raise st.ApiError(504, "Timeout", f"Too large resource version: {raw}, current: {world.seq}",
                          {"causes": [{"reason": "ResourceVersionTooLarge", "message": "Too large resource version"}],
                           "retryAfterSeconds": 1})
    return int(raw)


def list_(call: Call, kind: Kind, namespace: str | None) -> HttpResponse:
    lists.check_options(call.query.get("resourceVersion", ""), call.query.get("resourceVersionMatch", ""),
                        call.query.get("continue", ""))
    token = lists.parse_continue(call.query.get("continue"))
    limit = _int64_query(call, "limit") or 0
    call.refresh()
    key = lists.cache_key(call, token.resource_version if token else call.run.last_seq)
    body = lists.cached(key)
    if body is None:
        world = _list_world(call, token)
        body = json.dumps(_list_body(call, kind, namespace, world, token.start if token else 0, limit)).encode()
        lists.keep(key, body)
    return HttpResponse(body, content_type="application/json")


def _list_world(call: Call, token: lists.Continue | None) -> World:
    if token is None:
        world = call.world()
        version = _check_version(call, world)
        exact = call.query.get("resourceVersionMatch") == lists.EXACT and version not in (None, world.seq)
        if exact and version is not None and version < call.run.log_dropped_upto:  # etcd: compacted
            raise st.ApiError(410, "Expired", "The resourceVersion for the provided list is too old.", {})
        return (call.load(version) or world) if exact else world  # Exact: the list as it was at that version
    kept = call.run.log_dropped_upto <= token.resource_version <= call.run.last_seq  # etcd: compacted
    past = call.load(token.resource_version) if kept else None
    if past is None:  # storage.ErrExpired's wording
        raise st.ApiError(410, "Expired", "The provided continue parameter is too old to display a consistent list "
                          "result. You can start a new list without the continue parameter.", {})
    return past


def _list_body(call: Call, kind: Kind, namespace: str | None, world: World, start: int, limit: int) -> dict[str, Any]:
    """One chunk; without selectors only the chunk's objects are rendered."""
    selected = bool(call.query.get("labelSelector") or call.query.get("fieldSelector"))
    if selected:
        chosen, next_start = lists.page(_rendered(world, kind, namespace, _predicate(call, kind)), start, limit)
        total = None
    else:
        all_items = items_in(world, kind, namespace)
        items, next_start = lists.page(all_items, start, limit)
        chosen, total = [(item, kind.render(world, item)) for item in items], len(all_items)
    metadata: dict[str, Any] = {"resourceVersion": str(world.seq)}
    if next_start is not None:
        metadata["continue"] = lists.encode_continue(world.seq, next_start)
        if total is not None:
            metadata["remainingItemCount"] = total - next_start
    if call.as_table:
        rows = [(kind.cells(world, item, obj), obj) for item, obj in chosen]
        table = tables.table(kind.columns, rows, str(world.seq), call.query.get("includeObject", "Metadata"))
        return {**table, "metadata": metadata}
    r = kind.resource
    items_out = [{k: v for k, v in obj.items() if k not in ("kind", "apiVersion")} for _, obj in chosen]
    return {"kind": f"{r.kind}List", "apiVersion": r.group_version, "metadata": metadata, "items": items_out}


def get(call: Call, kind: Kind, namespace: str | None, name: str) -> HttpResponse:
    world = call.world()
    item = find_item(world, kind, namespace, name)
    if item is None:
        raise st.not_found(kind.resource, name)
    obj = kind.render(world, item)
    if call.as_table:
        include = call.query.get("includeObject", "Metadata")
        return respond(tables.table(kind.columns, [(kind.cells(world, item, obj), obj)], str(world.seq), include))
    return respond(obj)


def watch_list(call: Call, kind: Kind, namespace: str | None) -> StreamingHttpResponse:
    expired = _expired(call)
    if expired is not None:
        return _watch_response(_frames(expired))
    latest = call.world()
    since = _check_version(call, latest)
    world = latest if since is None else call.load(since)
    assert world is not None
    timeout = float(_int64_query(call, "timeoutSeconds") or WATCH_TIMEOUT)
    request = watch.WatchRequest(kind, namespace, _predicate(call, kind), call.as_table,
                                 call.query.get("includeObject", "Metadata"), _flag(call, "allowWatchBookmarks"),
                                 min(timeout, WATCH_TIMEOUT))
    slot = _stream_slot(call)
    return _watch_response(streams.released_after(watch.stream(world, request, send_initial=since is None), slot))


def _watch_response(frames: Any) -> StreamingHttpResponse:
    response = StreamingHttpResponse(frames, content_type="application/json")
    response.headers["Cache-Control"] = "no-cache, private"
    return response


async def _frames(*frames: bytes) -> AsyncIterator[bytes]:
    for frame in frames:
        yield frame


def _expired(call: Call) -> bytes | None:
    """A watch from a version older than the run's stored events (its log was dropped: playground/runs/logs.py)
    is answered as the API server's watch cache answers one older than its window (getAllEventsSinceLocked):
    one ERROR event carrying the 410 Expired Status, and the watch ends; the client lists again."""
    raw, oldest = call.query.get("resourceVersion", ""), call.run.log_dropped_upto
    if not raw.isdigit() or not 0 < int(raw) < oldest:
        return None
    status = st.ApiError(410, "Expired", f"too old resource version: {int(raw)} ({oldest})").status()
    return (json.dumps({"type": "ERROR", "object": status}) + "\n").encode()


def _stream_slot(call: Call) -> streams.Slot:
    try:
        match = call.request.resolver_match
        path_token = match.kwargs.get("token") if match else None  # a kubeconfig's /token/<key>/ over http
        return streams.acquire(streams.client_of(call.request, path_token))
    except TooManyRequests as refused:
        raise st.too_many_requests(str(refused.detail), [], retry_after=int(refused.wait or 1)) from refused


# ---- writes -------------------------------------------------------------------------------

def _writable(call: Call, kind: Kind, verb: str, namespace: str | None, name: str | None = None) -> None:
    call.require_owner(kind.resource, verb, namespace, name)
    if verb not in kind.resource.verbs:
        raise st.method_not_allowed()


def _field_validation(call: Call, kind: Kind, manifest: dict[str, Any]) -> list[str]:
    """fieldValidation=Strict refuses unknown fields (400), Warn (the default) warns, Ignore ignores."""
    directive = call.query.get("fieldValidation", "Warn")
    schema = openapi.schema_name(kind.resource.group, kind.resource.version, kind.resource.kind)
    unknown = openapi.unknown_fields(manifest, schema) if schema and directive != "Ignore" else []
    if unknown and directive == "Strict":
        r = kind.resource
        fields = ", ".join(f'unknown field "{f}"' for f in unknown)
        raise st.bad_request(f'{r.kind} in version "{r.version}" cannot be handled as a {r.kind}: '
                             f"strict decoding error: {fields}")
    return [f'unknown field "{f}"' for f in unknown]


def create(call: Call, kind: Kind, namespace: str | None) -> HttpResponse:
    _writable(call, kind, "create", namespace)
    dry = options.dry_run(call.query.getlist("dryRun"), "CreateOptions")
    manifest = call.body()
    r = kind.resource
    if manifest.get("kind", r.kind) != r.kind:
        raise st.bad_request(f"the API version in the data ({manifest.get('apiVersion')}) does not match the "
                             f"expected API version ({r.group_version})")
    meta = manifest.setdefault("metadata", {})
    if r.namespaced:
        if namespace and meta.get("namespace") not in (None, "", namespace):
            raise st.bad_request("the namespace of the provided object does not match the namespace sent on the "
                                 "request")
        meta["namespace"] = namespace or meta.get("namespace") or "default"
    if r.plural == "namespaces" and find_item(call.world(), kind, None, str(meta.get("name"))):
        raise st.already_exists(r, str(meta.get("name")))  # the ones every cluster has, and those of pods
    warnings = _field_validation(call, kind, manifest)
    outcome = writes.create(call.run, call.user, r, writes.clean_manifest(manifest, keep_status=r.plural == "nodes"),
                            dry)
    assert outcome is not None
    namespace = meta.get("namespace") if r.namespaced else None
    world = _world_after(call, outcome, kind, namespace, str(meta.get("name")))
    item = find_item(world, kind, namespace, str(meta.get("name")))
    if item is None:  # created and already gone again: answer with what was created
        return respond(manifest, 201, warnings=warnings)
    created = kind.render(world, item)
    if outcome.dry_run:  # a dry-run create stores nothing, so the object has no resourceVersion (store.go Create)
        created["metadata"].pop("resourceVersion", None)
    return respond(created, 201, warnings=warnings)


def _world_after(call: Call, outcome: writes.Outcome, kind: Kind, namespace: str | None, name: str) -> World:
    """The run right after the command's own effect on the object, as the apiserver answers a write: later
    happenings (at speed 0 a grace period passes at once) are for GET and watch to show. A dry run's effect is
    its preview's events, folded onto the run as it stood when the preview began."""
    after_seq = outcome.command.after_seq
    assert after_seq is not None  # applied commands know where they took effect
    if outcome.preview is None:
        world = call.load(after_seq)
        later = selectors.events_after(call.run.pk, after_seq, 500)
    else:
        world = call.load(outcome.base)
        later = [e for e in outcome.preview if e["seq"] > after_seq]
    assert world is not None
    for event in outcome.preview or []:
        if event["seq"] <= after_seq:  # what the copy did before the command (earlier commands of one patch)
            world.apply(event)
    key = f"{namespace or ''}/{name}"
    for event in later:
        if event["seq"] > after_seq + 1 and event["kind"] in ("command.applied", "cycle.started"):
            break
        world.apply(event)
        if event["kind"] != "command.applied" and key in (watch.affected(event, kind.resource.plural) or set()):
            break
    return world


def _as_read(obj: dict[str, Any], outcome: writes.Outcome) -> dict[str, Any]:
    """A dry-run update answers with the object as read: its resourceVersion unchanged (DryRunnableStorage)."""
    if outcome.dry_run:
        obj["metadata"]["resourceVersion"] = str(outcome.base)
    return obj


def _delete_options(call: Call) -> dict[str, Any]:
    """DeleteOptions come in the body or, when there is none, in the query (handlers/delete.go)."""
    if call.request.body:
        return call.body()
    return {"gracePeriodSeconds": call.query.get("gracePeriodSeconds"), "dryRun": call.query.getlist("dryRun"),
            "propagationPolicy": call.query.get("propagationPolicy")}


def _grace(raw: Any) -> int | None:
    if raw in (None, ""):
        return None
    value = _int64(raw)
    if value is None:
        raise st.bad_request(f"gracePeriodSeconds must be an integer (int64), got {raw!r}")
    return max(0, value)


def _int64(raw: Any) -> int | None:
    """A query value or JSON number the API server would decode into an int64; None if it would not."""
    if isinstance(raw, str) and raw.lstrip("-").isascii() and raw.lstrip("-").isdigit() and raw.count("-") <= 1:
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        return None
    return raw if -(2**63) <= raw < 2**63 else None


def _int64_query(call: Call, name: str) -> int | None:
    raw = call.query.get(name)
    if raw in (None, ""):
        return None
    value = _int64(raw)
    if value is None:  # as the API server's query-parameter decoding answers
        raise st.bad_request(f'invalid value for {name}: strconv.ParseInt: parsing "{raw}": invalid syntax')
    return value


def delete(call: Call, kind: Kind, namespace: str | None, name: str) -> HttpResponse:
    _writable(call, kind, "delete", namespace, name)
    delete_options = _delete_options(call)
    dry = options.dry_run(delete_options.get("dryRun"), "DeleteOptions")
    world = call.world()
    item = find_item(world, kind, namespace, name)
    if item is None:
        raise st.not_found(kind.resource, name)
    if kind.resource.plural == "pods":
        outcome = writes.delete_pod(call.run, call.user, kind.resource, item["key"],
                                    _grace(delete_options.get("gracePeriodSeconds")), dry)
    elif kind.resource.plural == "priorityclasses":
        outcome = writes.delete_priority_class(call.run, call.user, kind.resource, name, dry)
    elif kind.resource.plural == "namespaces":
        outcome = writes.delete_namespace(call.run, call.user, kind.resource, name, dry)
    elif kind.resource.plural == "poddisruptionbudgets":
        outcome = writes.delete_pdb(call.run, call.user, kind.resource, item["key"], dry)
    elif kind.resource.plural in writes.WORKLOADS:
        _background_only(kind, name, delete_options.get("propagationPolicy"))
        outcome = writes.delete_workload(call.run, call.user, kind.resource, item["namespace"], name, dry)
    else:
        outcome = writes.delete_node(call.run, call.user, kind.resource, name, dry)
    assert outcome is not None
    after = _world_after(call, outcome, kind, namespace, name)
    if kind.resource.plural == "pods":
        return respond(_as_read(_deleted_pod(world, after, kind, item), outcome))
    if kind.resource.plural == "namespaces":  # the registry returns the namespace being finalized
        return respond(kind.render(after, name))
    # finalizeDelete's Status (store.go): the resource as kind, its group when it has one
    group = {"group": kind.resource.group} if kind.resource.group else {}
    details = {"name": name, **group, "kind": kind.resource.plural, "uid": kind.render(world, item)["metadata"]["uid"]}
    return respond({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "details": details})


def _background_only(kind: Kind, name: str, policy: Any) -> None:
    """The garbage collector's default for these kinds; Orphan and Foreground are not modelled."""
    if policy not in (None, "", "Background"):
        r = kind.resource
        raise st.field_invalid("DeleteOptions", name, "", "propagationPolicy", "Unsupported value",
                               f"the playground deletes a {r.kind}'s dependents in the background only "
                               '(--cascade=background): supported values: "Background"', policy)


def _deleted_pod(before: World, after: World, kind: Kind, item: dict[str, Any]) -> dict[str, Any]:
    """The pod store returns the deleted pod (ReturnDeletedObject): terminating, with its deletionTimestamp; or,
    deleted at once (pending, terminal, grace 0), as last stored with the zero grace BeforeDelete marked it with."""
    still = after.pod(item["key"])
    if still is not None:
        return kind.render(after, still)
    pod = kind.render(before, item)
    pod["metadata"].setdefault("deletionTimestamp", objects.timestamp(before, before.now))
    pod["metadata"].setdefault("deletionGracePeriodSeconds", 0)
    return pod


def patch(call: Call, kind: Kind, namespace: str | None, name: str) -> HttpResponse:
    _writable(call, kind, "patch", namespace, name)
    dry = options.dry_run(call.query.getlist("dryRun"), "PatchOptions")
    world = call.world()
    item = find_item(world, kind, namespace, name)
    if item is None:
        raise st.not_found(kind.resource, name)
    old = kind.render(world, item)
    new = patches.apply(old, call.request.headers.get("Content-Type", ""), call.request.body)
    version = (new.get("metadata") or {}).get("resourceVersion")
    if version != old["metadata"]["resourceVersion"]:  # the patch sets one (kubectl apply and diff do)
        _check_unmodified_since(call, kind, namespace, name, old, version)
    return _change(call, kind, namespace, name, old, new, dry, _field_validation(call, kind, new))


def update(call: Call, kind: Kind, namespace: str | None, name: str) -> HttpResponse:
    """PUT (`kubectl replace`): the body replaces the object, within what a patch may change."""
    _writable(call, kind, "update", namespace, name)
    dry = options.dry_run(call.query.getlist("dryRun"), "UpdateOptions")
    body = call.body()
    _check_identity(kind, body, namespace, name)
    world = call.world()
    item = find_item(world, kind, namespace, name)
    if item is None:  # pods and nodes are not created by an update (AllowCreateOnUpdate false)
        raise st.not_found(kind.resource, name)
    old = kind.render(world, item)
    _check_unmodified_since(call, kind, namespace, name, old, (body.get("metadata") or {}).get("resourceVersion"))
    new = patches.replace(old, body, writes.CHANGEABLE[kind.resource.plural])
    return _change(call, kind, namespace, name, old, new, dry, _field_validation(call, kind, body))


def _check_identity(kind: Kind, body: dict[str, Any], namespace: str | None, name: str) -> None:
    """handlers/rest.go checkName, and the kind's, as for a create."""
    r = kind.resource
    if body.get("kind", r.kind) != r.kind:
        raise st.bad_request(f"the API version in the data ({body.get('apiVersion')}) does not match the "
                             f"expected API version ({r.group_version})")
    meta = body.get("metadata") or {}
    if meta.get("name") != name:
        raise st.bad_request(f"the name of the object ({meta.get('name') or ''}) does not match the name on the "
                             f"URL ({name})")
    if r.namespaced and meta.get("namespace") not in (None, "", namespace):
        raise st.bad_request(f"the namespace of the object ({meta.get('namespace')}) does not match the namespace "
                             f"on the request ({namespace})")


def _check_unmodified_since(call: Call, kind: Kind, namespace: str | None, name: str, current: dict[str, Any],
                            version: Any) -> None:
    """A resourceVersion in the body is a precondition: 409 if the object changed after it. Versions are the
    run's event seq, shared by all objects, so "changed" is judged on the object as it was at that seq."""
    if version in (None, ""):
        return
    known = str(version).isdigit() and 0 < int(version) <= call.run.last_seq
    then = call.load(int(version)) if known else None
    was = find_item(then, kind, namespace, name) if then is not None else None
    if then is None or was is None or _without_version(kind.render(then, was)) != _without_version(current):
        # storage's OptimisticLockErrorMsg, as NewConflict words it
        raise st.ApiError(409, "Conflict", f'Operation cannot be fulfilled on {kind.resource.qualified} "{name}": '
                          "the object has been modified; please apply your changes to the latest version and try "
                          "again", {"name": name, "kind": kind.resource.plural})


def _without_version(obj: dict[str, Any]) -> dict[str, Any]:
    return {**obj, "metadata": {k: v for k, v in obj["metadata"].items() if k != "resourceVersion"}}


def _change(call: Call, kind: Kind, namespace: str | None, name: str, old: dict[str, Any], new: dict[str, Any],
            dry: bool, warnings: list[str]) -> HttpResponse:
    """Carry out a patch or an update (the commands that turn `old` into `new`); answer the object after it."""
    outcome = writes.PATCHES[kind.resource.plural](call.run, call.user, kind.resource, name, old, new, dry)
    if outcome is None:  # nothing changed: the object as it is
        return respond(old, warnings=warnings)
    after = _world_after(call, outcome, kind, namespace, name)
    current = find_item(after, kind, namespace, name)
    return respond(_as_read(kind.render(after, current), outcome) if current is not None else new, warnings=warnings)


def evict(call: Call, kind: Kind, namespace: str, name: str) -> HttpResponse:
    call.require_owner(kind.resource, "create", namespace, name)
    body = call.body()
    delete_options = body.get("deleteOptions") or {}
    dry = options.eviction_dry_run(call.query.getlist("dryRun"), delete_options.get("dryRun"))
    world = call.world()
    item = find_item(world, kind, namespace, name)
    if item is None:
        raise st.not_found(kind.resource, name)
    try:
        writes.evict_pod(call.run, call.user, kind.resource, item["key"], delete_options.get("gracePeriodSeconds"),
                         dry)
    except st.ApiError as error:
        if "more than one PodDisruptionBudget" in error.message:  # upstream: NewInternalError
            text = "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."
            raise st.ApiError(500, "InternalError", f"Internal error occurred: {text}",
                              {"causes": [{"message": text}]}) from error
        raise _budget_error(world, item) if "disruption budget" in error.message else error
    return respond({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201}, 201)


def scale(call: Call, kind: Kind, namespace: str, name: str) -> HttpResponse:
    """The scale subresource (autoscaling/v1 Scale): GET, and PUT or PATCH of spec.replicas (`kubectl scale`)."""
    method = call.request.method
    if method not in ("GET", "PUT", "PATCH"):
        raise st.method_not_allowed()
    if method != "GET":
        call.require_owner(kind.resource, "update" if method == "PUT" else "patch", namespace, name)
    world = call.world()
    view = find_item(world, kind, namespace, name)
    if view is None:
        raise st.not_found(kind.resource, name)
    old = workloads.scale(world, view)
    if method == "GET":
        return respond(old)
    dry = options.dry_run(call.query.getlist("dryRun"), "UpdateOptions" if method == "PUT" else "PatchOptions")
    new = call.body() if method == "PUT" else patches.apply(old, call.request.headers.get("Content-Type", ""),
                                                              call.request.body)
    version = (new.get("metadata") or {}).get("resourceVersion")
    if version not in (None, "", old["metadata"]["resourceVersion"]):
        _check_unmodified_since(call, kind, namespace, name, kind.render(world, view), version)
    replicas = (new.get("spec") or {}).get("replicas")
    if isinstance(replicas, bool) or not isinstance(replicas, int) or replicas < 0:  # ValidateScale
        error = st.field_invalid("Scale", name, "autoscaling", "spec.replicas", "Invalid value",
                                 "must be greater than or equal to 0", replicas)
        error.message = error.message.replace("Scale ", "Scale.autoscaling ", 1)  # NewInvalid's qualified kind
        raise error
    if replicas == old["spec"]["replicas"]:
        return respond(old)
    outcome = writes.scale_workload(call.run, call.user, kind.resource, namespace, name, replicas, dry)
    assert outcome is not None
    after = _world_after(call, outcome, kind, namespace, name)
    current = find_item(after, kind, namespace, name)
    answer = workloads.scale(after, current) if current is not None else new
    if outcome.dry_run:
        answer["metadata"]["resourceVersion"] = str(outcome.base)
    return respond(answer)


def _budget_error(world: World, pod: dict[str, Any]) -> st.ApiError:
    """429 with the DisruptionBudget cause, as pkg/registry/core/pod/storage/eviction.go words it."""
    causes = []
    for view in world.state.get("pdbs") or []:
        if view["namespace"] == pod["namespace"] and objects.selector_matches(view.get("selector"),
                                                                              pod.get("labels") or {}):
            healthy, _, desired = objects.pdb_health(world, view)
            causes.append({"reason": "DisruptionBudget", "message": f"The disruption budget {view['name']} needs "
                           f"{desired} healthy pods and has {healthy} currently"})
    return st.too_many_requests("Cannot evict pod as it would violate the pod's disruption budget.", causes)
