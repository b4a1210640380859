"""The languages the playground speaks: what a person may choose, and how a request names one.

English is the API's own language (error messages stay English); the browser app and the
lessons also come in Simplified Chinese. "" means "not chosen": the browser's language decides.
"""
from __future__ import annotations

from typing import Any, Final

ENGLISH: Final = "en"
CHINESE: Final = "zh-CN"
LANGUAGES: Final = (ENGLISH, CHINESE)
CHOICES: Final = [(ENGLISH, "English"), (CHINESE, "简体中文")]


def supported(value: object) -> str | None:
    """The language code ``value`` names exactly, or None."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def invalid_message(value: object) -> str:
    return f"{value!r} is not a language of the playground: use one of {', '.join(repr(x) for x in LANGUAGES)}"


def chosen_by(user: Any) -> str | None:
    """The language the person chose (on their profile), or None: not chosen, or not signed in."""
    profile = getattr(user, "profile", None) if getattr(user, "is_authenticated", False) else None
    return (profile.language or None) if profile is not None else None


def asked(query: Any, user: Any) -> str:
    """The language a read asks for: ``?lang=`` (validated), else the person's, else English.
    Raises ValueError naming the value when ``lang`` is not one of LANGUAGES."""
    value = query.get("lang")
    if value is not None:
        if supported(value) is None:
            raise ValueError(invalid_message(value))
        return str(value)
    return chosen_by(user) or ENGLISH


def from_accept_language(header: str) -> str:
    """The first language of an Accept-Language header (by its q order) that we speak; any Chinese
    reads zh-CN; else English. The browser app's pickLanguage (frontend/src/i18n/index.ts) applies
    the same rule to navigator.languages, which is what browsers send here."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            ranked.append((-q, index, tag.lower()))
    for _, _, tag in sorted(ranked):
        if tag == "en" or tag.startswith("en-"):
            return ENGLISH
        if tag == "zh" or tag.startswith("zh-"):
            return CHINESE
    return ENGLISH


def of_request(request: Any) -> str:
    """The language a page served to this request opens in, as the browser app will choose it
    (short of a choice kept in that browser's own storage): the person's, else Accept-Language's."""
    return chosen_by(request.user) or from_accept_language(request.headers.get("Accept-Language", ""))
