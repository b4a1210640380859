"""The glossary (``lessons/glossary.yaml``): the terms the lessons and the screen use, one definition each.

A lesson links a term's **first use** to ``/glossary#<id>`` (``[activeQ](/glossary#activeq)``, or a
code span ``[`spec.priority`](/glossary#priority)``); ``check_first_uses`` enforces it and
``link_first_uses`` writes the links for an author. A use is one of a term's ``forms`` outside a
fenced code block: a lower-case form matches in any case, any other form exactly, as a whole
word (a hyphen joins words: ``web-pdb`` does not use "PDB"). A code span counts as one word
group: it uses a term when its text holds a form. No Django here.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
GLOSSARY_FILE = "glossary.yaml"
GLOSSARY_HREF = "/glossary#"
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class GlossaryError(ValueError):
    """The glossary file is malformed; the message names the entry and the field."""


@dataclass(frozen=True)
class Term:
    id: str  # the anchor: /glossary#activeq
    term: str  # as shown: "activeQ"
    forms: tuple[str, ...]  # how a text uses it
    definition: str  # plain words, one or two sentences (also the screen's tooltip)
    upstream: str = ""  # where kube-scheduler defines it, if anywhere

    def pattern(self) -> re.Pattern[str]:
        return _forms_pattern(self.forms)


def _forms_pattern(forms: Sequence[str]) -> re.Pattern[str]:
    parts = [("(?i:" + re.escape(f) + ")") if f == f.lower() else re.escape(f) for f in sorted(forms, key=len, reverse=True)]
    return re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])")


def load_glossary(root: Path = LESSONS_DIR) -> list[Term]:
    file = root / GLOSSARY_FILE
    data = yaml.safe_load(file.read_text()) if file.is_file() else []
    if not isinstance(data, list):
        raise GlossaryError(f"{file}: must be a list of terms")
    terms = [_term(entry, f"{file}: [{i}]") for i, entry in enumerate(data)]
    ids = [t.id for t in terms]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise GlossaryError(f"{file}: id {dupes[0]!r} is used more than once")
    return terms


def _term(entry: object, where: str) -> Term:
    allowed = ("id", "term", "forms", "definition", "upstream")
    if not isinstance(entry, dict):
        raise GlossaryError(f"{where}: must be a mapping with {', '.join(allowed)}")
    unknown = sorted(set(entry) - set(allowed))
    if unknown:
        raise GlossaryError(f"{where}.{unknown[0]}: unknown field (allowed: {', '.join(allowed)})")
    for key in ("id", "term", "definition"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise GlossaryError(f"{where}.{key}: must be a non-empty string, got {entry.get(key)!r}")
    if not _ID_RE.match(entry["id"]):
        raise GlossaryError(f"{where}.id: must be a lowercase slug, got {entry['id']!r}")
    forms = entry.get("forms", [entry["term"]])
    if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip() for f in forms):
        raise GlossaryError(f"{where}.forms: must be a list of words, got {forms!r}")
    return Term(id=entry["id"], term=entry["term"].strip(), forms=tuple(forms),
                definition=" ".join(entry["definition"].split()), upstream=str(entry.get("upstream", "")).strip())


# --------------------------------------------------------------------------- reading markdown

@dataclass(frozen=True)
class Segment:
    kind: str  # "text" | "code" (an inline code span) | "link" | "fence" (a fenced code block)
    start: int
    end: int
    text: str  # a text's words, a code span's or a link's label (without the markup)
    href: str = ""


_TOKENS = re.compile(
    r"(?P<fence>^[ \t]*```.*?^[ \t]*```[^\n]*$)"
    r"|(?P<link>\[(?P<label>(?:`[^`]*`|[^\]\n])+)\]\((?P<href>[^)\s]+)\))"
    # A code span may wrap onto the next line (CommonMark), not across a blank one.
    r"|(?P<code>`(?P<code_text>(?:[^`\n]|\n(?![ \t]*\n))+)`)",
    re.MULTILINE | re.DOTALL,
)


def segments(markdown: str) -> Iterator[Segment]:
    """The markdown in order as plain text, code spans, links and fenced blocks."""
    at = 0
    for m in _TOKENS.finditer(markdown):
        if m.start() > at:
            yield Segment("text", at, m.start(), markdown[at:m.start()])
        if m.group("fence"):
            yield Segment("fence", m.start(), m.end(), m.group("fence"))
        elif m.group("link"):
            yield Segment("link", m.start(), m.end(), m.group("label").replace("`", ""), m.group("href"))
        else:
            yield Segment("code", m.start(), m.end(), m.group("code_text"))
        at = m.end()
    if at < len(markdown):
        yield Segment("text", at, len(markdown), markdown[at:])


def plain(markdown: str) -> str:
    """The markdown with each link replaced by its label (what the checkers read)."""
    return _TOKENS.sub(lambda m: m.group("label") if m.group("link") else m.group(0), markdown)


def first_use(term: Term, texts: Sequence[str]) -> tuple[int, Segment, re.Match[str]] | None:
    """Where ``term`` is first used in ``texts`` (read in order): the text's index, the segment and the match."""
    pattern = term.pattern()
    for index, text in enumerate(texts):
        for seg in segments(text):
            if seg.kind == "fence":
                continue
            found = pattern.search(seg.text)
            if found:
                return index, seg, found
    return None


def check_first_uses(texts: Sequence[str], glossary: Sequence[Term]) -> list[str]:
    """Each glossary term a lesson uses is linked to its entry where it is first used."""
    problems = []
    for term in glossary:
        use = first_use(term, texts)
        if use is None:
            continue
        index, seg, found = use
        if seg.kind != "link" or seg.href != GLOSSARY_HREF + term.id:
            problems.append(f"step {index + 1}: the first use of {term.term!r} ({found.group(0)!r}) is not linked to "
                            f"{GLOSSARY_HREF}{term.id}")
    return problems


def link_first_uses(texts: Sequence[str], glossary: Sequence[Term]) -> list[str]:
    """``texts`` with each term's first use linked (what an author runs; the checker then agrees)."""
    out = list(texts)
    for term in glossary:
        use = first_use(term, out)
        if use is None or use[1].kind == "link":
            continue
        index, seg, found = use
        text = out[index]
        if seg.kind == "code":
            linked = f"[{text[seg.start:seg.end]}]({GLOSSARY_HREF}{term.id})"
            out[index] = text[:seg.start] + linked + text[seg.end:]
        else:
            a, b = seg.start + found.start(), seg.start + found.end()
            out[index] = text[:a] + f"[{text[a:b]}]({GLOSSARY_HREF}{term.id})" + text[b:]
    return out
