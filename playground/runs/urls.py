from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from playground.runs import apis

urlpatterns: list[URLPattern | URLResolver] = [
    path("runs/", apis.RunListCreateApi.as_view(), name="run-list"),
    path("runs/<int:run_id>/", apis.RunDetailApi.as_view(), name="run-detail"),
    path("runs/<int:run_id>/events/", apis.RunEventsApi.as_view(), name="run-events"),
    path("runs/<int:run_id>/state/", apis.RunStateApi.as_view(), name="run-state"),
    path("runs/<int:run_id>/metrics/", apis.RunMetricsApi.as_view(), name="run-metrics"),
    path("runs/<int:run_id>/commands/", apis.RunCommandsApi.as_view(), name="run-commands"),
    path("runs/<int:run_id>/wait/", apis.RunWaitApi.as_view(), name="run-wait"),
    path("runs/<int:run_id>/outcome/", apis.RunOutcomeApi.as_view(), name="run-outcome"),
    path("runs/<int:run_id>/fork/", apis.RunForkApi.as_view(), name="run-fork"),
    path("runs/<int:run_id>/ws-ticket/", apis.RunWsTicketApi.as_view(), name="run-ws-ticket"),
]
