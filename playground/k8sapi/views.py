"""HTTP for the per-run API server: parse the Kubernetes URL, check who may do it, answer JSON or a Table.

Thin: reads go through world.load + catalog, writes through writes.py, errors are metav1.Status.
"""
from __future__ import annotations

from collections.abc import Collection

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

from playground.k8sapi import auth, catalog, discovery, handlers, openapi, reviews
from playground.k8sapi import status as st
from playground.k8sapi.call import Call, error_response, respond
from playground.k8sapi.resources import DISCOVERED_GROUPS, find, find_review
from playground.runs import selectors
from playground.runs.api import Run
from playground.scenarios.api import held_links
from scheduler_core.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE


@csrf_exempt
def api(request: HttpRequest, run_id: str, path: str | None = None, token: str | None = None) -> HttpResponse:
    try:
        caller = auth.authenticate(request, token)
        run = _run(int(run_id), caller, held_links(request.session))
        call = Call(request, run, caller.user, f"/k8s/runs/{run_id}" + (f"/token/{token}" if token else ""))
        return _route(call, [p for p in (path or "").split("/") if p])
    except st.ApiError as error:
        return error_response(error)


def _run(run_id: int, caller: auth.Caller, held: Collection[str]) -> Run:
    """A run the caller may not read is answered as one that does not exist (404, not 403): whether a
    private run exists is not told to those who may not see it. A run credential's URL follows restarts."""
    if caller.credential_run is not None:
        run_id = _latest_restart(caller.credential_run, run_id)
    run = selectors.run_with_owner(run_id)
    # A run credential was minted for one who could watch the run (an unlisted scenario's link held
    # in their browser session, which kubectl does not carry): it opens its own runs, and only them.
    if run is None or not (caller.credential_run is not None or selectors.can_watch(caller.user, run, held)):
        raise st.no_resource(f"runs/{run_id}")
    return run


def _latest_restart(credential_run: int, run_id: int) -> int:
    """The last run of credential_run's restarts if run_id is one of them (or itself); else 0, no run."""
    chain = [credential_run]
    while (restart := selectors.restarted_as(chain[-1])) is not None:
        chain.append(restart)
    return chain[-1] if run_id in chain else 0


def _route(call: Call, parts: list[str]) -> HttpResponse:
    if parts == ["version"]:
        return respond(discovery.VERSION)
    if parts == ["metrics"]:  # kube-scheduler's /metrics (scheduler_core/metrics.py)
        return _metrics(call)
    if parts == ["api"]:
        return _discovery(call, legacy_core=True)
    if parts == ["apis"]:
        return _discovery(call, legacy_core=False)
    if parts[:2] == ["openapi", "v3"]:
        return _openapi(call, "/".join(parts[2:]))
    if parts[:1] == ["api"] and len(parts) >= 2:
        return _group_version(call, "", parts[1], parts[2:])
    if parts[:1] == ["apis"] and len(parts) == 2 and parts[1] in DISCOVERED_GROUPS:
        return respond(discovery.api_group_document(parts[1]))
    if parts[:1] == ["apis"] and len(parts) >= 3:
        return _group_version(call, parts[1], parts[2], parts[3:])
    raise st.no_resource("/".join(parts))


def _metrics(call: Call) -> HttpResponse:
    text = selectors.metrics_at(call.run.pk, None)
    if text is None:
        raise st.no_resource("metrics")
    return HttpResponse(text, content_type=METRICS_CONTENT_TYPE)


def _discovery(call: Call, legacy_core: bool) -> HttpResponse:
    if discovery.wants_aggregated(call.request.headers.get("Accept", "")):
        return respond(discovery.aggregated(legacy_core), content_type=discovery.AGGREGATED_V2)
    if legacy_core:
        return respond(discovery.api_versions(call.request.get_host()))
    return respond(discovery.api_group_list())


def _openapi(call: Call, gv_path: str) -> HttpResponse:
    if not gv_path:
        return respond(openapi.root(call.prefix))
    document = openapi.document(gv_path)
    if document is None:
        raise st.no_resource(gv_path)
    return respond(document)


def _group_version(call: Call, group: str, version: str, rest: list[str]) -> HttpResponse:
    if not rest:
        listing = discovery.api_resource_list(group, version)
        if listing is None:
            raise st.no_resource(f"{group}/{version}")
        return respond(listing)
    review = find_review(group, version, rest[0])
    if review is not None and len(rest) == 1:
        return reviews.handle(call, review)
    namespace = None
    if rest[0] == "namespaces" and len(rest) >= 3:
        namespace, rest = rest[1], rest[2:]
    resource = find(group, version, rest[0])
    if resource is None or len(rest) > 3 or (namespace is not None and not resource.namespaced):
        raise st.no_resource("/".join(rest))
    name = rest[1] if len(rest) > 1 else None
    sub = rest[2] if len(rest) > 2 else None
    return handlers.handle(call, catalog.CATALOG[resource], namespace, name, sub)

