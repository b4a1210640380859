from __future__ import annotations

from django.urls import URLPattern, path, re_path

from playground.k8sapi import kubeconfig, views

urlpatterns: list[URLPattern] = [
    path("runs/<int:run_id>/kubeconfig", kubeconfig.KubeconfigApi.as_view(), name="k8s-kubeconfig"),
    re_path(r"^runs/(?P<run_id>\d+)/token/(?P<token>[^/]+)(?:/(?P<path>.*))?$", views.api, name="k8s-api-token"),
    re_path(r"^runs/(?P<run_id>\d+)(?:/(?P<path>.*))?$", views.api, name="k8s-api"),
]
