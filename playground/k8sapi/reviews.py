"""The caller asking about itself: SelfSubjectAccessReview (`kubectl auth can-i`) and SelfSubjectReview
(`kubectl auth whoami`), answered from the run's permissions as RBAC would answer them.

A run's RBAC, in Kubernetes terms: its owner is bound to cluster-admin; whoever may read the run to
`view`-like get/list/watch of everything; everyone who reaches the API may create these two reviews
(upstream's system:basic-user). A caller who may not read the run never gets here (views._run: 404).
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

READ_VERBS = ("get", "list", "watch")
SELF_REVIEWS = {("authorization.k8s.io", "selfsubjectaccessreviews"), ("authorization.k8s.io", "selfsubjectrulesreviews"),
                ("authentication.k8s.io", "selfsubjectreviews")}


def allowed(call: Call, verb: str, group: str = "", resource: str = "") -> bool:
    if verb == "create" and (group, resource) in SELF_REVIEWS:
        return True
    return verb in READ_VERBS or selectors.can_control(call.user, call.run)


def handle(call: Call, review: Resource) -> HttpResponse:
    if call.request.method != "POST":
        raise st.method_not_allowed()
    body = call.body()
    dry_run(call.query.getlist("dryRun"), "CreateOptions")  # validated as for any create; a review stores nothing
    if review.kind == "SelfSubjectReview":
        return respond(_envelope(review, body, {"userInfo": user_info(call)}), 201)
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
    return {"allowed": allowed(call, verb)}


def _attributes(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise st.bad_request(f"the body of the request could not be decoded: spec attributes must be an object, "
                             f"not {type(value).__name__}")
    return value
