from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from playground.workshops import apis

urlpatterns: list[URLPattern | URLResolver] = [
    path("workshops/", apis.WorkshopCreateApi.as_view(), name="workshop-list"),
    path("workshops/<str:code>/", apis.WorkshopDetailApi.as_view(), name="workshop-detail"),
    path("workshops/<str:code>/join/", apis.JoinApi.as_view(), name="workshop-join"),
    path("workshops/<str:code>/roster/", apis.RosterApi.as_view(), name="workshop-roster"),
    path("workshops/<str:code>/push/", apis.PushApi.as_view(), name="workshop-push"),
    path("workshops/<str:code>/lock/", apis.LockApi.as_view(), name="workshop-lock"),
    path("workshops/<str:code>/end/", apis.EndApi.as_view(), name="workshop-end"),
    path("workshops/<str:code>/questions/", apis.AskApi.as_view(), name="workshop-ask"),
    path("workshops/<str:code>/questions/<str:key>/answer/", apis.AnswerApi.as_view(), name="workshop-answer"),
    path("workshops/<str:code>/questions/<str:key>/reveal/", apis.RevealApi.as_view(), name="workshop-reveal"),
    path("workshops/<str:code>/try/", apis.TryApi.as_view(), name="workshop-try"),
    path("workshops/<str:code>/back/", apis.BackApi.as_view(), name="workshop-back"),
    path("workshops/<str:code>/export.json", apis.ExportJsonApi.as_view(), name="workshop-export-json"),
    path("workshops/<str:code>/export.csv", apis.ExportCsvApi.as_view(), name="workshop-export-csv"),
]
