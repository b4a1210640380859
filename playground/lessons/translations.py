"""Lessons in other languages: ``lessons/<lesson>/lesson.<language>.yaml`` holds only the translated
texts of ``lesson.yaml``, keyed by step number and question id (the cluster, commands, triggers
and answers stay in ``lesson.yaml``, in one place). docs/lessons.md, "Translations".

```yaml
source: 1f0c3a9e            # fingerprint of the English it translates (title, summary, idea)
title: …
summary: …
idea: …
steps:
  1: {source: 5d1e…, title: …, markdown: …}
questions:
  victim: {source: 9a77…, prompt: …, explanation: …}
variants:                   # a lesson with variants: each one's texts under its id
  fewest-victims: {source: …, title: …, summary: …, steps: {…}, questions: {…}}
```

``source`` is the first 8 hex digits of a SHA-256 of the English texts the entry translates, so
the checker notices when the English changed after it was translated ("drift"). ``check`` lists
every problem: a text without its translation, a translation of nothing, code spans (and links)
that differ from the English, a translation without a Chinese character, a stale ``source``.
``localize`` returns the lesson with its texts in the language, English where one is missing.
No Django here.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from playground.lessons.glossary import Term
from playground.lessons.tooling import Lesson, Question, Step, Variant

CHINESE = "zh-CN"
LANGUAGES = (CHINESE,)  # besides English, the language lesson.yaml is written in
LESSON_FIELDS = ("title", "summary", "idea")
VARIANT_FIELDS = ("title", "summary")
STEP_FIELDS = ("title", "markdown")
QUESTION_FIELDS = ("prompt", "explanation")

_FENCE = re.compile(r"^```[^\n]*\n.*?^```", re.DOTALL | re.MULTILINE)
_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


class TranslationError(ValueError):
    """A translation file is malformed; the message names the file and the field."""


def file_name(language: str) -> str:
    return f"lesson.{language}.yaml"


def path_of(folder: Path, language: str) -> Path:
    return folder / file_name(language)


def fingerprint(*texts: str) -> str:
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Unit:
    """One translatable thing of a lesson: its English fields and where they go in the file."""

    where: str  # "steps.3", "questions.victim", "variants.fewest-victims.steps.2", "" for the lesson
    english: Mapping[str, str]  # field -> English text (empty fields need no translation)

    @property
    def source(self) -> str:
        return fingerprint(*(self.english[k] for k in self.english))


def units(lesson: Lesson) -> Iterator[Unit]:
    """Every translatable unit of the lesson, in file order."""
    yield Unit("", {k: getattr(lesson, k) for k in LESSON_FIELDS})
    for variant in lesson.variants:
        prefix = "" if len(lesson.variants) == 1 else f"variants.{variant.id}."
        if prefix:
            yield Unit(prefix.rstrip("."), {k: getattr(variant, k) for k in VARIANT_FIELDS})
        for n, step in enumerate(variant.steps, start=1):
            yield Unit(f"{prefix}steps.{n}", {k: getattr(step, k) for k in STEP_FIELDS})
        for q in variant.questions:
            yield Unit(f"{prefix}questions.{q.id}", {k: getattr(q, k) for k in QUESTION_FIELDS})


def _read_mapping(file: Path, what: str) -> dict[Any, Any]:
    """The YAML file's top-level mapping; TranslationError naming the file when it is not one."""
    try:
        data = yaml.safe_load(file.read_text())
    except yaml.YAMLError as exc:
        raise TranslationError(f"{file}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise TranslationError(f"{file}: must be {what}")
    return data


def load(file: Path) -> dict[str, dict[str, str]]:
    """The file's entries, flattened to ``where -> {field: text}`` (``source`` included)."""
    data = _read_mapping(file, "a mapping")
    flat: dict[str, dict[str, str]] = {}
    _flatten(data, "", flat, str(file))
    return flat


_GROUPS = ("steps", "questions", "variants")


def _flatten(data: Mapping[Any, Any], where: str, flat: dict[str, dict[str, str]], file: str) -> None:
    fields: dict[str, str] = {}
    for key, value in data.items():
        path = f"{where}.{key}" if where else str(key)
        if key in _GROUPS:
            if not isinstance(value, dict):
                raise TranslationError(f"{file}: {path}: must be a mapping keyed by "
                                       f"{'step number' if key == 'steps' else 'id'}")
            for inner, entry in value.items():
                if not isinstance(entry, dict):
                    raise TranslationError(f"{file}: {path}.{inner}: must be a mapping")
                _flatten(entry, f"{path}.{inner}", flat, file)
        elif isinstance(value, str):
            fields[str(key)] = value.strip()
        else:
            raise TranslationError(f"{file}: {path}: must be text, got {type(value).__name__}")
    flat[where] = fields


def code_spans(text: str) -> Counter[str]:
    """The text's fenced code blocks and inline code spans, which a translation keeps verbatim."""
    fences = _FENCE.findall(text)
    rest = _FENCE.sub("", text)
    return Counter(fences + [m.group(2).strip() for m in _SPAN.finditer(rest)])


def links(text: str) -> Counter[str]:
    return Counter(_LINK.findall(_FENCE.sub("", text)))


def check(lesson: Lesson, folder: Path, language: str = CHINESE) -> list[str]:
    """Every way ``lesson.<language>.yaml`` fails ``lesson.yaml``; [] when it is complete and current."""
    file = path_of(folder, language)
    try:
        translated = load(file)
    except TranslationError as exc:
        return [str(exc)]
    problems: list[str] = []
    known = set()
    for unit in units(lesson):
        known.add(unit.where)
        problems += _check_unit(unit, translated.get(unit.where))
    for where in sorted(set(translated) - known):
        problems.append(f"{where}: translates nothing: lesson.yaml has no such step number or question id")
    return [f"{file.name}: {p}" for p in problems]


def _check_unit(unit: Unit, entry: Mapping[str, str] | None) -> list[str]:
    label = unit.where or "(top level)"
    wanted = [k for k, v in unit.english.items() if v]
    if entry is None:
        return [f"{label}: no translation of {', '.join(wanted)}"]
    problems = [f"{label}: unknown field {k!r} (allowed: source, {', '.join(unit.english)})"
                for k in entry if k != "source" and k not in unit.english]
    if entry.get("source") != unit.source:
        problems.append(f"{label}: the English changed since it was translated (source: {entry.get('source')!r}, "
                        f"now {unit.source!r}): check the translation against lesson.yaml, then set source: {unit.source}")
    for key in wanted:
        problems += _check_text(f"{label}.{key}", unit.english[key], entry.get(key, ""))
    return problems


def _check_text(where: str, english: str, text: str) -> list[str]:
    if not text:
        return [f"{where}: no translation"]
    problems = []
    if not _HAN.search(text):
        problems.append(f"{where}: has no Chinese character: {text[:60]!r}")
    want, got = code_spans(english), code_spans(text)
    if want != got:
        missing, extra = sorted((want - got).elements()), sorted((got - want).elements())
        problems.append(f"{where}: code spans differ from the English: missing {missing}, extra {extra}")
    if links(english) != links(text):
        missing, extra = sorted((links(english) - links(text)).elements()), sorted((links(text) - links(english)).elements())
        problems.append(f"{where}: links differ from the English: missing {missing}, extra {extra}")
    return problems


def localize(lesson: Lesson, folder: Path, language: str) -> Lesson:
    """The lesson with its texts in ``language`` (English where the file lacks one); the lesson
    itself when there is no such file."""
    file = path_of(folder, language)
    if not file.is_file():
        return lesson
    texts = load(file)
    variants = tuple(_variant(v, texts, "" if len(lesson.variants) == 1 else f"variants.{v.id}.")
                     for v in lesson.variants)
    return replace(lesson, variants=variants, **_fields(lesson, texts.get("", {}), LESSON_FIELDS))


def _variant(variant: Variant, texts: Mapping[str, Mapping[str, str]], prefix: str) -> Variant:
    steps = tuple(_step(s, texts.get(f"{prefix}steps.{n}", {})) for n, s in enumerate(variant.steps, start=1))
    questions = tuple(_question(q, texts.get(f"{prefix}questions.{q.id}", {})) for q in variant.questions)
    own = texts.get(prefix.rstrip("."), {}) if prefix else {}
    return replace(variant, steps=steps, questions=questions, **_fields(variant, own, VARIANT_FIELDS))


def _step(step: Step, texts: Mapping[str, str]) -> Step:
    return replace(step, **_fields(step, texts, STEP_FIELDS))


def _question(question: Question, texts: Mapping[str, str]) -> Question:
    return replace(question, **_fields(question, texts, QUESTION_FIELDS))


def _fields(obj: Any, texts: Mapping[str, str], names: tuple[str, ...]) -> dict[str, Any]:
    return {k: texts.get(k) or getattr(obj, k) for k in names}


class _Dumper(yaml.SafeDumper):
    """Multi-line texts as ``|`` blocks, as lesson.yaml writes them."""


_Dumper.add_representer(str, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", s, style="|" if "\n" in s else None))


def skeleton(lesson: Lesson, folder: Path, language: str = CHINESE) -> int:
    """For a translator: a new ``lesson.<language>.yaml`` holding the English to translate, each
    entry with its ``source`` (refused when the file exists). Returns the number of entries."""
    file = path_of(folder, language)
    if file.exists():
        raise TranslationError(f"{file}: exists already; edit it (the checker prints each new source)")
    out: dict[str, Any] = {}
    for unit in units(lesson):
        entry: dict[str, str] = {"source": unit.source, **{k: v for k, v in unit.english.items() if v}}
        node: dict[Any, Any] = out
        parts = unit.where.split(".") if unit.where else []
        for part in parts:
            node = node.setdefault(int(part) if part.isdigit() else part, {})
        node.update(entry)
    file.write_text(f"# {language} translation of lesson.yaml (docs/lessons.md, \"Translations\")\n"
                    + yaml.dump(out, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100))
    return sum(1 for _ in units(lesson))


# --------------------------------------------------------------------------- the glossary

GLOSSARY_FIELDS = ("term", "definition")


def glossary_file(root: Path, language: str) -> Path:
    return root / f"glossary.{language}.yaml"


def load_glossary_translation(root: Path, language: str) -> dict[str, dict[str, str]]:
    """``glossary.<language>.yaml``: ``id -> {source, term, definition}``; {} when there is none."""
    file = glossary_file(root, language)
    return _load_glossary_file(file) if file.is_file() else {}


def _load_glossary_file(file: Path) -> dict[str, dict[str, str]]:
    data = _read_mapping(file, "a mapping of term ids")
    entries: dict[str, dict[str, str]] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict) or not all(isinstance(v, str) for v in entry.values()):
            raise TranslationError(f"{file}: {key}: must be a mapping of source, term and definition texts")
        entries[str(key)] = {k: " ".join(v.split()) for k, v in entry.items()}
    return entries


def localize_glossary(glossary: Sequence[Term], root: Path, language: str) -> list[dict[str, str]]:
    """Each term as the API serves it, in ``language`` where the translation has it."""
    texts = load_glossary_translation(root, language) if language in LANGUAGES else {}
    return [{"id": t.id, "english": t.term, "upstream": t.upstream,
             **{k: texts.get(t.id, {}).get(k) or getattr(t, k) for k in GLOSSARY_FIELDS}} for t in glossary]


def check_glossary(glossary: Sequence[Term], root: Path, language: str = CHINESE) -> list[str]:
    """Every term has its translation (a definition with Chinese characters, the same code spans),
    translated from the current English; the term itself may stay as upstream writes it (activeQ)."""
    file = glossary_file(root, language)
    try:
        texts = _load_glossary_file(file)
    except (TranslationError, OSError) as exc:
        return [str(exc)]
    problems: list[str] = []
    for t in glossary:
        unit = Unit(t.id, {"term": t.term, "definition": t.definition})
        entry = texts.get(t.id)
        if entry is None:
            problems.append(f"{t.id}: no translation of term, definition")
            continue
        if entry.get("source") != unit.source:
            problems.append(f"{t.id}: the English changed since it was translated (source: {entry.get('source')!r}, "
                            f"now {unit.source!r}): check the translation, then set source: {unit.source}")
        if not entry.get("term"):
            problems.append(f"{t.id}.term: no translation")
        problems += [f"{t.id}: unknown field {k!r} (allowed: source, term, definition)"
                     for k in entry if k not in ("source", *GLOSSARY_FIELDS)]
        problems += _check_text(f"{t.id}.definition", t.definition, entry.get("definition", ""))
    problems += [f"{where}: translates nothing: glossary.yaml has no term {where!r}"
                 for where in sorted(set(texts) - {t.id for t in glossary})]
    return [f"{file.name}: {p}" for p in problems]
