"""The caller asking about itself: SelfSubjectAccessReview (`kubectl auth can-i`), SelfSubjectRulesReview
(`kubectl auth can-i --list`) and SelfSubjectReview (`kubectl auth whoami`), answered from the run's
permissions written as RBAC rules and evaluated as RBAC evaluates them.

A run's RBAC, in Kubernetes terms: its owner is bound to cluster-admin; whoever may read the run to get,
list and watch everything; everyone who reaches the API to upstream's system:basic-user (create the self
reviews). A caller who may not read the run never gets here (views._run: 404).
"""
from __future__ import annotations

from typing import Any

from django.http import HttpResponse

from playground.k8sapi import auth
from playground.k8sapi import status as st
from playground.k8sapi.call import Call, respond
from playground.k8sapi.options import dry_run
from playground.k8sapi.resources import Resource
from playground.runs import selectors

Rule = dict[str, list[str]]
BASIC_USER: list[Rule] = [  # plugin/pkg/auth/authorizer/rbac/bootstrappolicy: system:basic-user
    {"verbs": ["create"], "apiGroups": ["authorization.k8s.io"],
     "resources": ["selfsubjectaccessreviews", "selfsubjectrulesreviews"]},
    {"verbs": ["create"], "apiGroups": ["authentication.k8s.io"], "resources": ["selfsubjectreviews"]},
]
READER: list[Rule] = [{"verbs": ["get", "list", "watch"], "apiGroups": ["*"], "resources": ["*"]}]
ADMIN: list[Rule] = [{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"]}]


def resource_rules(call: Call) -> list[Rule]:
    return (ADMIN if selectors.can_control(call.user, call.run) else READER) + BASIC_USER


def non_resource_rules(call: Call) -> list[Rule]:
    verbs = ["*"] if selectors.can_control(call.user, call.run) else ["get"]
    return [{"verbs": verbs, "nonResourceURLs": ["*"]}]


def _covers(values: list[str], wanted: str) -> bool:
    return "*" in values or wanted in values


def _url_covers(urls: list[str], path: str) -> bool:
    """NonResourceURLMatches (pkg/apis/rbac/v1/evaluation_helpers.go): exact, or a prefix ending in *."""
    return any(url == path or (url.endswith("*") and path.startswith(url[:-1])) for url in urls)


def allowed(call: Call, verb: str, group: str, resource: str) -> bool:
    return any(_covers(r["verbs"], verb) and _covers(r["apiGroups"], group) and _covers(r["resources"], resource)
               for r in resource_rules(call))


def allowed_url(call: Call, verb: str, path: str) -> bool:
    return any(_covers(r["verbs"], verb) and _url_covers(r["nonResourceURLs"], path) for r in non_resource_rules(call))


def handle(call: Call, review: Resource) -> HttpResponse:
    if call.request.method != "POST":
        raise st.method_not_allowed()
    body = call.body()
    dry_run(call.query.getlist("dryRun"), "CreateOptions")  # validated as for any create; a review stores nothing
    if review.kind == "SelfSubjectReview":
        return respond(_envelope(review, body, {"userInfo": user_info(call)}), 201)
    if review.kind == "SelfSubjectRulesReview":
        status = {"resourceRules": resource_rules(call), "nonResourceRules": non_resource_rules(call),
                  "incomplete": False}
        return respond(_envelope(review, body, status), 201)
    return respond(_envelope(review, body, _access(call, body.get("spec") or {})), 201)


def _envelope(review: Resource, body: dict[str, Any], status: dict[str, Any]) -> dict[str, Any]:
    metadata = {"creationTimestamp": None, **(body.get("metadata") or {})}
    answer: dict[str, Any] = {"kind": review.kind, "apiVersion": review.group_version, "metadata": metadata}
    if "spec" in body:
        answer["spec"] = body["spec"]
    return answer | {"status": status}


def user_info(call: Call) -> dict[str, Any]:
    """What the authenticator says about the caller (apiserver's user.Info)."""
    if not call.user.is_authenticated:
        return {"username": "system:anonymous", "groups": ["system:unauthenticated"]}
    return {"username": auth.username(call.user), "uid": str(call.user.pk), "groups": ["system:authenticated"]}


def _access(call: Call, spec: dict[str, Any]) -> dict[str, Any]:
    """ValidateSelfSubjectAccessReviewSpec (pkg/apis/authorization/validation), then the decision."""
    resource, non_resource = spec.get("resourceAttributes"), spec.get("nonResourceAttributes")
    if (resource is None) == (non_resource is None):  # the same error for both, a union's (v1.34)
        raise st.field_invalid("SelfSubjectAccessReview.authorization.k8s.io", "", "authorization.k8s.io", "spec",
                               "Invalid value", "exactly one of nonResourceAttributes or resourceAttributes must be "
                               "specified", non_resource)
    attributes = _attributes(resource if resource is not None else non_resource)
    verb = str(attributes.get("verb") or "")
    if resource is not None:
        return {"allowed": allowed(call, verb, str(attributes.get("group") or ""), str(attributes.get("resource") or ""))}
    return {"allowed": allowed_url(call, verb, str(attributes.get("path") or ""))}


def _attributes(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise st.bad_request(f"the body of the request could not be decoded: spec attributes must be an object, "
                             f"not {type(value).__name__}")
    return value
