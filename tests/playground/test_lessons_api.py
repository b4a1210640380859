"""Lessons over REST, and `manage.py load_lessons` publishing their scenarios idempotently."""
from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from playground.lessons.serializers import TRIGGER_SCHEMA
from playground.lessons.services import (
    CREATED,
    UNCHANGED,
    UPDATED,
    sync_lesson_scenarios,
)
from playground.lessons.tooling import LESSONS_DIR, load_lessons
from playground.scenarios.models import Scenario
from playground.scenarios.services import get_or_create_system_user
from tests.playground.scenarios_support import make_scenario, make_user, small_cluster

LESSON_COUNT = len(load_lessons())


def get(path: str) -> Any:
    response = APIClient().get(path)
    return response.status_code, response.json()


def copy_lessons(tmp_path: Path, *folders: str) -> Path:
    """The lesson folders alone (without buildsOn, which would name lessons not copied)."""
    for folder in folders:
        shutil.copytree(LESSONS_DIR / folder, tmp_path / folder)
        lesson = tmp_path / folder / "lesson.yaml"
        lesson.write_text("".join(x for x in lesson.read_text().splitlines(True) if not x.startswith("buildsOn:")))
    return tmp_path


# --------------------------------------------------------------------------- the API


def test_the_list_has_every_lesson_in_order_with_its_scenario_slug() -> None:
    status, body = get("/api/lessons/")
    assert status == 200
    assert [lesson["number"] for lesson in body] == list(range(1, LESSON_COUNT + 1))
    assert (body[4]["slug"], body[4]["scenario"]) == ("basic-preemption", "lesson05")


def test_a_lesson_has_steps_with_triggers_and_questions_with_answers() -> None:
    status, body = get("/api/lessons/basic-preemption/")
    assert status == 200
    assert set(body) >= {"slug", "number", "title", "summary", "idea", "scenario", "steps", "questions", "commands"}
    assert body["steps"][3]["at"] == {"event": "pod.nominated", "pod": "default/web-high"}
    question = body["questions"][0]
    assert (question["kind"], question["answer"], question["revealAt"]) == (
        "pod", "default/batch-1", {"event": "k8s.event", "reason": "Preempted"})


def test_timed_commands_are_part_of_the_lesson() -> None:
    _, body = get("/api/lessons/the-nominated-node/")
    assert [(c["at"], c["command"]["type"], c["command"]["manifest"]["metadata"]["name"]) for c in body["commands"]] \
        == [(10.0, "add_pod", "scavenger-1"), (15.0, "add_pod", "pay-high")]


def test_a_question_offers_every_object_of_its_kind_that_the_run_will_have() -> None:
    """pay-high is added at t=15, after the question is first on screen: it is a choice all the same."""
    _, body = get("/api/lessons/the-nominated-node/")
    assert body["questions"][0]["choices"] == [
        "default/agent-1", "default/batch-1", "default/etl-mid", "default/pay-high", "default/scavenger-1"]
    assert body["questions"][0]["noneOfThese"] is True  # nobody may get the room


def test_none_of_these_is_not_offered_where_the_outcome_always_happens() -> None:
    _, body = get("/api/lessons/priority-orders-the-queue/")
    assert [(q["id"], q["noneOfThese"]) for q in body["questions"]] == [("first-pop", False), ("left-out", True)]


def test_an_unknown_lesson_is_a_404_in_the_error_envelope() -> None:
    status, body = get("/api/lessons/no-such-lesson/")
    assert status == 404
    assert body["message"] == "no lesson 'no-such-lesson'"


def test_a_lesson_with_variants_lists_each_with_its_own_scenario(tmp_path: Path) -> None:
    folder = copy_lessons(tmp_path, "05-basic-preemption") / "05-basic-preemption"
    text = (folder / "lesson.yaml").read_text()
    head, rest = text.split("seed: 0\n", 1)
    body = "".join("    " + line if line.strip() else line for line in ("seed: 0\n" + rest).splitlines(True))
    variants = "variants:\n" + "".join(f"  - id: {v}\n    title: {v.title()}\n{body}" for v in ("one", "two"))
    (folder / "lesson.yaml").write_text(head + variants)
    with override_settings(LESSONS_DIR=tmp_path):
        _, lesson = get("/api/lessons/basic-preemption/")
    assert lesson["scenario"] == "ls05v01"
    assert [(v["id"], v["scenario"]) for v in lesson["variants"]] == [("one", "ls05v01"), ("two", "ls05v02")]


def test_the_schema_describes_the_lessons_endpoints_without_warnings() -> None:
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    warnings = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    assert [w for w in warnings if "playground/lessons/" in w or "[Lesson" in w] == []
    assert {"/api/lessons/", "/api/lessons/{slug}/"} <= set(schema["paths"])
    lesson = schema["components"]["schemas"]["Lesson"]
    assert {"scenario", "steps", "questions", "variants"} <= set(lesson["properties"])


def test_every_trigger_in_the_lessons_fits_the_documented_schema() -> None:
    triggers = [t for lesson in load_lessons() for v in lesson.variants
                for t in [*(s.at for s in v.steps), *(q.reveal_at for q in v.questions)]]
    for trigger in triggers:
        jsonschema.validate(dict(trigger), TRIGGER_SCHEMA)


# --------------------------------------------------------------------------- load_lessons


@pytest.mark.django_db
def test_load_lessons_publishes_one_public_scenario_per_lesson_owned_by_the_system_user() -> None:
    call_command("load_lessons", stdout=StringIO())
    scenarios = Scenario.objects.filter(slug__regex=r"^(lesson\d\d|ls\d\dv\d\d)$")
    assert scenarios.count() == sum(len(lesson.variants) for lesson in load_lessons())  # one per variant
    assert {s.owner for s in scenarios} == {get_or_create_system_user()}
    assert {s.visibility for s in scenarios} == {"public"}
    lesson = Scenario.objects.get(slug="lesson05")
    assert lesson.title == "Lesson 5: Basic preemption"
    assert {d["metadata"]["name"] for d in lesson.manifests if d["kind"] == "Pod"} == {"batch-1", "web-1", "web-high"}


@pytest.mark.django_db
def test_a_published_lesson_scenario_is_readable_by_anyone() -> None:
    sync_lesson_scenarios()
    status, body = get("/api/scenarios/lesson02/")
    assert status == 200 and body["slug"] == "lesson02"


@pytest.mark.django_db
def test_loading_twice_changes_nothing_and_duplicates_nothing() -> None:
    first = sync_lesson_scenarios()
    versions = dict(Scenario.objects.values_list("slug", "version"))
    second = sync_lesson_scenarios()
    assert {outcome for _, outcome in first} == {CREATED}
    assert {outcome for _, outcome in second} == {UNCHANGED}
    assert dict(Scenario.objects.values_list("slug", "version")) == versions


@pytest.mark.django_db
def test_an_edited_lesson_updates_its_scenario_in_place(tmp_path: Path) -> None:
    copy_lessons(tmp_path, "05-basic-preemption")
    with override_settings(LESSONS_DIR=tmp_path):
        sync_lesson_scenarios()
        before = Scenario.objects.get(slug="lesson05")
        lesson_file = tmp_path / "05-basic-preemption" / "lesson.yaml"
        lesson_file.write_text(lesson_file.read_text().replace("title: Basic preemption", "title: Preemption 101"))
        assert sync_lesson_scenarios() == [("lesson05", UPDATED)]
    after = Scenario.objects.get(slug="lesson05")
    assert (after.pk, after.title, after.version) == (before.pk, "Lesson 5: Preemption 101", before.version + 1)


@pytest.mark.django_db
def test_a_users_scenario_holding_a_lesson_slug_is_never_overwritten() -> None:
    theirs = make_scenario(make_user("mallory"), objects=small_cluster())
    Scenario.objects.filter(pk=theirs.pk).update(slug="lesson01")
    with pytest.raises(CommandError, match="scenario 'lesson01' belongs to mallory"):
        call_command("load_lessons", stdout=StringIO())
    assert Scenario.objects.get(slug="lesson01").title == theirs.title


def test_a_lesson_names_the_earlier_lessons_it_builds_on() -> None:
    _, body = get("/api/lessons/basic-preemption/")
    assert [(x["number"], x["slug"]) for x in body["buildsOn"]] == [
        (3, "priority-orders-the-queue"), (4, "backoff-and-the-unschedulable-pool")]


def test_the_glossary_defines_each_term_once_with_its_anchor() -> None:
    status, body = get("/api/glossary/")
    assert status == 200
    terms = {t["id"]: t for t in body}
    assert len(terms) == len(body)
    assert {"activeq", "backoffq", "unschedulablepods", "preenqueue", "postfilter", "nominatednodename",
            "disruptionsallowed", "pdb", "priority", "preemption", "victim", "graceful-termination"} <= set(terms)
    assert terms["activeq"]["term"] == "activeQ" and "highest priority first" in terms["activeq"]["definition"]
