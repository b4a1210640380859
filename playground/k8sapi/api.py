"""What the rest of the playground uses of the Kubernetes API besides its URLs: the NotFound
Status kube-apiserver answers for a path it serves nothing at (playground.api_errors.handler404).
The import contracts (.importlinter) allow other modules k8sapi's services, selectors and this one."""
from __future__ import annotations

from django.http import HttpResponse

from playground.k8sapi import status as st
from playground.k8sapi.call import error_response


def not_found(path: str) -> HttpResponse:
    return error_response(st.no_resource(path))
