"""Lessons in Simplified Chinese: lesson.zh-CN.yaml holds every text of lesson.yaml, translated
from its current English, with the same code spans and links and in Chinese; the API serves it."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from playground.lessons import translations
from playground.lessons.glossary import load_glossary
from playground.lessons.tooling import LESSONS_DIR, load_lesson, load_lessons
from tests.playground.scenarios_support import as_, make_user
from tests.playground.test_lessons_tooling import MINIMAL_LESSON, write_lesson

LESSONS = load_lessons()
TRANSLATED = [x for x in LESSONS if translations.path_of(LESSONS_DIR / x.folder, "zh-CN").is_file()]

# --------------------------------------------------------------------------- the lessons' own files


@pytest.mark.parametrize("lesson", TRANSLATED, ids=[x.folder for x in TRANSLATED])
def test_a_translated_lesson_translates_every_text_of_its_current_english(lesson: Any) -> None:
    assert translations.check(lesson, LESSONS_DIR / lesson.folder) == []


def test_every_lesson_is_translated() -> None:
    assert [x.folder for x in LESSONS if x not in TRANSLATED] == []


def test_the_glossary_translates_every_term_of_its_current_english() -> None:
    assert translations.check_glossary(load_glossary(), LESSONS_DIR) == []


# --------------------------------------------------------------------------- the checker

GOOD = """\
title: 一个标题
summary: 一段摘要。
idea: 一个想法。
steps:
  1: {title: 已绑定, markdown: 它已绑定。}
questions:
  where: {prompt: 在哪里？, explanation: 唯一的节点。}
"""


def translated(tmp_path: Path, text: str = GOOD, english: str | None = None) -> tuple[Any, Path]:
    """A minimal lesson (its English optionally replaced) and its translation, sources stamped."""
    folder = write_lesson(tmp_path, english or MINIMAL_LESSON)
    lesson = load_lesson(folder)
    sources = {u.where: u.source for u in translations.units(lesson)}
    body = f"source: {sources['']}\n" + textwrap.dedent(text)
    body = body.replace("1: {", f"1: {{source: {sources.get('steps.1')}, ")
    body = body.replace("where: {", f"where: {{source: {sources.get('questions.where')}, ")
    translations.path_of(folder, "zh-CN").write_text(body)
    return lesson, folder


def test_a_complete_translation_passes(tmp_path: Path) -> None:
    lesson, folder = translated(tmp_path)
    assert translations.check(lesson, folder) == []


@pytest.mark.parametrize("text, problem", [
    pytest.param(GOOD.replace("  1: {title: 已绑定, markdown: 它已绑定。}\n", "  {}\n").replace("steps:\n  {}\n", ""),
                 "steps.1: no translation of title, markdown", id="a step without its translation is named"),
    pytest.param(GOOD.replace("explanation: 唯一的节点。", "explanation: The only node."),
                 "questions.where.explanation: has no Chinese character", id="a text left in English is refused"),
    pytest.param(GOOD.replace("markdown: 它已绑定。", "markdown: 它已绑定到 `node-1`。"),
                 "steps.1.markdown: code spans differ from the English: missing [], extra ['node-1']",
                 id="a code span the English does not have is refused"),
    pytest.param(GOOD + "  extra: {prompt: 多余？}\n", "questions.extra: translates nothing",
                 id="a translation of a question lesson.yaml does not have is named"),
    pytest.param(GOOD.replace("idea: 一个想法。\n", ""), "(top level).idea: no translation",
                 id="a lesson field without its translation is named"),
])
def test_the_checker_names_what_is_wrong(tmp_path: Path, text: str, problem: str) -> None:
    lesson, folder = translated(tmp_path, text)
    problems = translations.check(lesson, folder)
    assert any(problem in p for p in problems), problems


def test_a_changed_english_text_is_drift_until_the_translation_is_checked(tmp_path: Path) -> None:
    _, folder = translated(tmp_path)
    (folder / "lesson.yaml").write_text(MINIMAL_LESSON.replace("It is bound.", "It is bound to `node-1`."))
    changed = load_lesson(folder)
    problems = translations.check(changed, folder)
    assert any("steps.1: the English changed since it was translated" in p for p in problems), problems
    assert any("code spans differ" in p and "missing ['node-1']" in p for p in problems), problems


def test_a_code_block_must_be_identical(tmp_path: Path) -> None:
    english = MINIMAL_LESSON.replace("markdown: It is bound.", 'markdown: "It is bound:\\n\\n```\\nSuccessfully assigned default/p1 to node-1\\n```\\n"')
    text = GOOD.replace("markdown: 它已绑定。", 'markdown: "已绑定：\\n\\n```\\n已成功分配 default/p1 到 node-1\\n```\\n"')
    lesson, folder = translated(tmp_path, text, english)
    problems = translations.check(lesson, folder)
    assert any("code spans differ" in p for p in problems), problems


def test_localize_swaps_the_texts_and_keeps_english_where_a_text_is_missing(tmp_path: Path) -> None:
    lesson, folder = translated(tmp_path, GOOD.replace("  where: {prompt: 在哪里？, explanation: 唯一的节点。}\n", "  {}\n")
                                .replace("questions:\n  {}\n", ""))
    shown = translations.localize(lesson, folder, "zh-CN")
    assert (shown.title, shown.main.steps[0].markdown, shown.main.questions[0].prompt) == ("一个标题", "它已绑定。", "Where?")
    assert shown.main.questions[0].answer == "node-1" and shown.main.steps[0].at == lesson.main.steps[0].at


def test_the_tool_writes_a_skeleton_holding_the_english_to_translate(tmp_path: Path) -> None:
    folder = write_lesson(tmp_path)
    lesson = load_lesson(folder)
    assert translations.skeleton(lesson, folder) == 3
    problems = translations.check(lesson, folder)
    assert problems and all("has no Chinese character" in p for p in problems)  # sources already right


# --------------------------------------------------------------------------- the API


@pytest.mark.django_db
def test_the_lessons_api_serves_a_lesson_in_the_language_asked_for() -> None:
    english = APIClient().get("/api/lessons/basic-preemption/").json()
    chinese = APIClient().get("/api/lessons/basic-preemption/?lang=zh-CN").json()
    assert (english["language"], chinese["language"]) == ("en", "zh-CN")
    assert chinese["title"] == "基本的抢占" and chinese["steps"][0]["title"] == "一个满载的节点"
    assert chinese["questions"][0]["answer"] == english["questions"][0]["answer"]
    assert chinese["questions"][0]["choices"] == english["questions"][0]["choices"]
    assert chinese["steps"][0]["at"] == english["steps"][0]["at"]


@pytest.mark.django_db
def test_a_lesson_not_yet_translated_comes_in_english_and_says_so(tmp_path: Path, settings: Any) -> None:
    settings.LESSONS_DIR = shutil.copytree(LESSONS_DIR, tmp_path / "lessons")
    untranslated = LESSONS[-1]
    translations.path_of(settings.LESSONS_DIR / untranslated.folder, "zh-CN").unlink()
    body = APIClient().get(f"/api/lessons/{untranslated.slug}/?lang=zh-CN").json()
    assert (body["language"], body["title"]) == ("en", untranslated.title)


@pytest.mark.django_db
def test_without_lang_a_person_reads_lessons_and_the_glossary_in_their_chosen_language() -> None:
    client = as_(make_user("mei"))
    client.patch("/api/me", {"language": "zh-CN"}, format="json")
    assert client.get("/api/lessons/").json()[0]["language"] == "zh-CN"
    glossary = {t["id"]: t for t in client.get("/api/glossary/").json()}
    assert glossary["preemption"]["term"] == "抢占（preemption）" and glossary["preemption"]["english"] == "preemption"


@pytest.mark.django_db
def test_an_unknown_lang_is_a_400_naming_it() -> None:
    response = APIClient().get("/api/lessons/?lang=zh")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {"field": "lang", "value": "zh", "message": "'zh' is not a language of the "
                                            "playground: use one of 'en', 'zh-CN'"}
