"""The language a person reads the playground in: stored on their profile (a guest's too), per
workshop participant, and the CSV export's headings in the instructor's language."""
from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from playground import languages
from playground.accounts.models import Profile
from playground.lessons.services import sync_lesson_scenarios
from playground.runs import bus as run_bus
from playground.workshops import broadcast, selectors
from playground.workshops.export_headers import HEADERS
from tests.playground.scenarios_support import alice, anon, as_, fast_passwords  # noqa: F401 (fixtures)
from tests.playground.test_workshops import instructor_client, new_workshop


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()  # making guests is throttled per client; tests must not share the budget


@pytest.mark.django_db
def test_a_person_has_no_language_until_they_choose_one(anon: APIClient) -> None:
    assert anon.get("/api/me").json()["language"] is None


@pytest.mark.django_db
def test_an_anonymous_visitor_who_picks_a_language_becomes_a_guest_who_keeps_it(anon: APIClient) -> None:
    response = anon.patch("/api/me", {"language": "zh-CN"}, format="json")
    assert response.status_code == 200, response.json()
    me = anon.get("/api/me").json()
    assert (me["isGuest"], me["language"]) == (True, "zh-CN")
    assert Profile.objects.get(user_id=me["id"]).language == "zh-CN"


@pytest.mark.django_db
def test_a_signed_in_person_changes_their_language(alice: Any) -> None:
    client = as_(alice)
    assert client.patch("/api/me", {"language": "zh-CN"}, format="json").json()["language"] == "zh-CN"
    assert client.patch("/api/me", {"language": "en"}, format="json").json()["language"] == "en"
    assert client.get("/api/me").json()["language"] == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("body, field, message", [
    pytest.param({"language": "fr"}, "language", "'fr' is not a language of the playground: use one of 'en', 'zh-CN'",
                 id="a language the playground does not speak is refused, naming the field and the value"),
    pytest.param({"language": "zh"}, "language", "'zh' is not a language", id="only the exact code zh-CN is taken"),
    pytest.param({"language": 7}, "language", "7 is not a language", id="a number is not a language"),
    pytest.param({"langauge": "en"}, "langauge", "unknown field (allowed: language)", id="a misspelt field is named"),
])
def test_a_bad_language_is_a_400_naming_the_field(alice: Any, body: dict[str, Any], field: str, message: str) -> None:
    response = as_(alice).patch("/api/me", body, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == field and error["message"].startswith(message)
    assert Profile.objects.get(user=alice).language == ""


@pytest.fixture
def workshops(monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker, no sockets (as in test_workshops.py), the lessons' scenarios published."""
    monkeypatch.setattr(run_bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(broadcast, "send", lambda group, payload: None)
    sync_lesson_scenarios()


def join(client: APIClient, code: str, **body: Any) -> Any:
    return client.post(f"/api/workshops/{code}/join/", body, format="json")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("workshops")
def test_a_student_picks_a_language_at_join_or_inherits_their_profile_s() -> None:
    code = new_workshop(instructor_client())["code"]
    picked = join(APIClient(), code, name="Ann", language="zh-CN")
    assert picked.status_code == 201 and picked.json()["me"]["language"] == "zh-CN"
    inheriting = APIClient()
    inheriting.patch("/api/me", {"language": "zh-CN"}, format="json")
    assert join(inheriting, code, name="Bo").json()["me"]["language"] == "zh-CN"
    assert join(APIClient(), code, name="Cy").json()["me"]["language"] == "en"  # nothing chosen anywhere
    again = join(inheriting, code, name="Bo", language="en").json()["me"]  # joining again changes it
    assert again["language"] == "en"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("workshops")
def test_joining_in_a_language_the_playground_does_not_speak_is_a_400_naming_it() -> None:
    code = new_workshop(instructor_client())["code"]
    response = join(APIClient(), code, name="Dee", language="de")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "language"
    assert "'de' is not a language" in response.json()["errors"][0]["message"]


def csv_heading(client: APIClient, code: str, query: str = "") -> list[str]:
    response = client.get(f"/api/workshops/{code}/export.csv{query}")
    assert response.status_code == 200, response.content
    return next(csv.reader(io.StringIO(response.content.decode())))


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("workshops")
def test_the_csv_export_is_headed_in_the_instructor_s_language() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    join(APIClient(), code, name="Eve", language="en")
    assert csv_heading(teacher, code)[:3] == ["name", "joined_at", "connected"]
    teacher.patch("/api/me", {"language": "zh-CN"}, format="json")
    assert csv_heading(teacher, code)[:3] == ["姓名", "加入时间", "在线"]
    assert csv_heading(teacher, code, "?lang=en")[0] == "name"  # asked for explicitly
    assert teacher.get(f"/api/workshops/{code}/export.csv?lang=xx").json()["errors"][0]["field"] == "lang"


def test_every_language_heads_every_export_column() -> None:
    for language, table in HEADERS.items():
        assert list(table) == selectors.EXPORT_COLUMNS, language


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("workshops")
def test_a_lesson_question_carries_its_translations_and_the_explanation_only_once_revealed() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]  # lesson 5, translated
    student = APIClient()
    join(student, code, name="Fei", language="zh-CN")
    asked = teacher.post(f"/api/workshops/{code}/questions/", {"question": "victim"}, format="json").json()
    assert asked["translations"]["zh-CN"]["prompt"] == "web-high 需要在一个满载的节点上获得 2 个 CPU。哪个 Pod 会被驱逐？"
    hello_questions = selectors.questions_for(selectors.workshop_by_code(code), host=False)
    assert hello_questions[0]["translations"] == {"zh-CN": {"prompt": asked["translations"]["zh-CN"]["prompt"]}}
    teacher.post(f"/api/workshops/{code}/questions/victim/reveal/", format="json")
    revealed = selectors.questions_for(selectors.workshop_by_code(code), host=False)[0]["translations"]["zh-CN"]
    assert revealed["explanation"].startswith("只有优先级严格更低的 Pod")


@pytest.mark.django_db
def test_a_change_without_a_language_is_a_400_naming_it_and_makes_no_guest(anon: APIClient) -> None:
    response = anon.patch("/api/me", {}, format="json")
    assert (response.status_code, response.json()["errors"][0]["field"]) == (400, "language")
    assert anon.get("/api/me").json()["authenticated"] is False


@pytest.mark.parametrize(("header", "language"), [
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"),
    ("zh-TW", "zh-CN"),
    ("en-GB,zh-CN;q=0.9", "en"),
    ("fr-FR,zh-Hans-CN;q=0.8", "zh-CN"),
    ("en;q=0.5,zh;q=0.9", "zh-CN"),
    ("fr, de;q=0.5", "en"),
    ("", "en"),
])
def test_accept_language_picks_as_the_browser_app_picks(header: str, language: str) -> None:
    # The same cases as frontend/src/i18n/catalogs.test.ts' pickLanguage, as a browser sends them.
    assert languages.from_accept_language(header) == language


@pytest.mark.django_db
def test_the_gallery_preloads_its_lessons_in_the_language_the_app_will_ask_for(alice: Any) -> None:
    anonymous = APIClient().get("/", HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert 'href="/api/lessons/?lang=zh-CN"' in anonymous
    Profile.objects.filter(user=alice).update(language="en")
    browser = Client()
    browser.force_login(alice)
    chosen = browser.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert 'href="/api/lessons/?lang=en"' in chosen
