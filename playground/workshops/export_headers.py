"""The CSV export's column headings in each language: the instructor reads the file in theirs.

The columns themselves (their order, their values) are the same in every language; only the
heading row changes. Keep one entry per column of selectors.EXPORT_COLUMNS in every language
(tests/playground/test_languages.py checks it)."""
from __future__ import annotations

from typing import Final

from playground import languages

HEADERS: Final[dict[str, dict[str, str]]] = {
    languages.ENGLISH: {
        "name": "name", "joined_at": "joined_at", "connected": "connected", "mode": "mode", "step": "step",
        "lesson": "lesson", "question": "question", "prompt": "prompt", "answer": "answer",
        "correct": "correct", "correct_answer": "correct_answer", "answered_at": "answered_at",
    },
    languages.CHINESE: {
        "name": "姓名", "joined_at": "加入时间", "connected": "在线", "mode": "模式", "step": "步骤",
        "lesson": "课程", "question": "问题", "prompt": "题目", "answer": "回答",
        "correct": "是否正确", "correct_answer": "正确答案", "answered_at": "回答时间",
    },
}


def heading_row(columns: list[str], language: str) -> list[str]:
    table = HEADERS.get(language, HEADERS[languages.ENGLISH])
    return [table[column] for column in columns]
