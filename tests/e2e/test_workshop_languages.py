"""A class in two languages (issue 32), in Chromium: an instructor whose browser reads English leads
two students, one whose browser reads Chinese, through lesson 5 and its question. Each screen is in
its reader's language (the page's own words and the lesson's texts, the question's prompt and
the reveal); the pod names stay as the cluster has them; the tally counts both answers."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.test_workshop import sign_up

pytestmark = pytest.mark.usefixtures("celery_worker_process")

WAIT = 15_000  # ms: a socket message on a machine shared with other test suites
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def contexts(browser: Browser, live_server_url: str) -> Iterator[dict[str, BrowserContext]]:
    made = {
        language: browser.new_context(base_url=live_server_url, locale=locale, viewport={"width": 1280, "height": 900})
        for language, locale in (("host", "en-US"), ("en", "en-GB"), ("zh", "zh-CN"))
    }
    for context in made.values():
        context.set_default_timeout(WAIT)
    yield made
    for context in made.values():
        context.close()


def join(page: Page, code: str, name: str, *, name_label: re.Pattern[str], button: str) -> None:
    page.goto(f"/w/{code}")
    page.get_by_label(name_label).fill(name)
    page.get_by_role("button", name=button).click()


def test_an_english_instructor_leads_a_class_that_reads_english_and_chinese(contexts: dict[str, BrowserContext]) -> None:
    host, ada, li = (contexts[k].new_page() for k in ("host", "en", "zh"))
    sign_up(host, "bilingual-e2e")
    host.goto("/w/new")
    host.get_by_label("Lesson").select_option(label="5. Basic preemption")
    host.get_by_role("button", name="Start the workshop").click()
    code = host.get_by_label("Join code").inner_text()

    join(ada, code, "Ada", name_label=re.compile("^Your name"), button="Join the workshop")
    join(li, code, "李华", name_label=re.compile("^你的名字"), button="加入工作坊")
    expect(ada.get_by_role("region", name=re.compile(r"^Lesson 5:")).get_by_text("Step 1 of 7")).to_be_visible()
    chinese_lesson = li.get_by_role("region", name=re.compile(r"^第 5 课："))
    expect(chinese_lesson.get_by_text("第 1 步，共 7 步")).to_be_visible()
    assert li.evaluate("document.documentElement.lang") == "zh-CN"
    # The run page's own words in Chinese; the pods' names as the cluster has them.
    expect(li.get_by_role("heading", name="调度队列")).to_be_visible()
    expect(li.get_by_role("region", name=re.compile(r"^集群"))).to_contain_text("batch-1")
    expect(li.get_by_role("heading", name="Scheduling queue")).to_have_count(0)
    expect(ada.get_by_role("heading", name="Scheduling queue")).to_be_visible()
    expect(li.get_by_role("region", name="工作坊")).to_contain_text("正在跟随讲师")

    question = host.get_by_role("group", name="Question victim")
    english_prompt = question.locator("p").first.inner_text()
    assert not HAN.search(english_prompt), english_prompt
    question.get_by_role("button", name="Ask the class").click()

    ada.get_by_label(re.compile(r"^Your prediction")).select_option("default/batch-1")
    ada.get_by_role("button", name="Send my answer").click()
    expect(ada.get_by_text(re.compile("^You answered"))).to_be_visible()
    chinese_prediction = li.get_by_role("region", name="全班预测")
    expect(chinese_prediction.get_by_text("预测：")).to_be_visible()
    assert HAN.search(chinese_prediction.locator("p").first.inner_text())  # the prompt in Chinese
    li.get_by_label(re.compile(r"^你的预测")).select_option("default/web-1")
    li.get_by_role("button", name="提交我的答案").click()
    expect(li.get_by_text(re.compile("^你选择了 web-1"))).to_be_visible()

    tally = host.get_by_role("figure", name="Live tally: victim")
    expect(tally).to_contain_text("2 answered")  # one tally for the whole class, both languages
    question.get_by_role("button", name=re.compile("^Reveal to everyone")).click()
    expect(ada.get_by_role("status").filter(has_text="Answer: batch-1")).to_contain_text("you got it")
    li_answer = li.get_by_role("status").filter(has_text="答案：")
    expect(li_answer).to_contain_text("batch-1")
    expect(li_answer).to_contain_text("你选的是 web-1")
    expect(li.get_by_role("figure", name=re.compile("^全班的回答"))).to_contain_text("2 人已作答")
    expect(host.get_by_role("table", name="Roster")).to_contain_text("李华")
