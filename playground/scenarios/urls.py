from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from playground.scenarios import apis
from playground.scenarios.documents import KINDS


def object_urls() -> list[URLPattern | URLResolver]:
    urls: list[URLPattern | URLResolver] = []
    for kind in KINDS:
        base, extra = f"scenarios/<str:slug>/{kind.plural}/", {"kind": kind.plural}
        urls += [
            path(base, apis.ObjectListApi.as_view(), extra, name=f"scenario-{kind.plural}"),
            path(f"{base}bulk/", apis.ObjectBulkApi.as_view(), extra, name=f"scenario-{kind.plural}-bulk"),
        ]
        if kind.namespaced:
            urls.append(path(f"{base}<str:namespace>/<str:name>/", apis.ObjectDetailApi.as_view(), extra,
                             name=f"scenario-{kind.plural}-namespaced-detail"))
        urls.append(path(f"{base}<str:name>/", apis.ObjectDetailApi.as_view(), extra,
                         name=f"scenario-{kind.plural}-detail"))
    return urls


urlpatterns: list[URLPattern | URLResolver] = [
    path("scenarios/", apis.ScenarioListCreateApi.as_view(), name="scenario-list"),
    path("scenarios/import/", apis.ScenarioImportApi.as_view(), name="scenario-import"),
    path("scenarios/<str:slug>/", apis.ScenarioDetailApi.as_view(), name="scenario-detail"),
    path("scenarios/<str:slug>/fork/", apis.ScenarioForkApi.as_view(), name="scenario-fork"),
    path("scenarios/<str:slug>/featured/", apis.ScenarioFeaturedApi.as_view(), name="scenario-featured"),
    path("scenarios/<str:slug>/export/", apis.ScenarioExportApi.as_view(), name="scenario-export"),
    path("scenarios/<str:slug>/yaml/", apis.ScenarioYamlApi.as_view(), name="scenario-yaml"),
    *object_urls(),
]
