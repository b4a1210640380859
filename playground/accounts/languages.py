"""The languages the playground speaks: what a person may choose, and how a request names one.

English is the API's own language (error messages stay English); the browser app and the
lessons also come in Simplified Chinese. "" means "not chosen": the browser's language decides.
"""
from __future__ import annotations

from typing import Final

ENGLISH: Final = "en"
CHINESE: Final = "zh-CN"
LANGUAGES: Final = (ENGLISH, CHINESE)
CHOICES: Final = [(ENGLISH, "English"), (CHINESE, "简体中文")]


def supported(value: object) -> str | None:
    """The language code ``value`` names exactly, or None."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def invalid_message(value: object) -> str:
    return f"{value!r} is not a language of the playground: use one of {', '.join(repr(x) for x in LANGUAGES)}"
