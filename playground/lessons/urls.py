from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from playground.lessons import apis

urlpatterns: list[URLPattern | URLResolver] = [
    path("lessons/", apis.LessonListApi.as_view(), name="lesson-list"),
    path("lessons/<slug:slug>/", apis.LessonDetailApi.as_view(), name="lesson-detail"),
    path("glossary/", apis.GlossaryApi.as_view(), name="glossary"),
]
