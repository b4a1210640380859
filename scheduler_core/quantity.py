"""Kubernetes resource quantities, exactly as resource.ParseQuantity reads them.

Values are kept as ``fractions.Fraction`` so nothing is lost between "1.5Gi", "1536Mi" and
"1610612736". ``to_canonical`` converts to the integer units of ``scheduler_core.objects``.
Upstream: staging/src/k8s.io/apimachinery/pkg/api/resource/{quantity.go,suffix.go}.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction

from scheduler_core.objects import CPU

FORMAT_MESSAGE = (
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
)
SUFFIX_MESSAGE = "unable to parse quantity's suffix"

_DECIMAL_SUFFIXES = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY_SUFFIXES = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_DIGITS = frozenset("0123456789")
_NANO = Fraction(1, 10**9)
# Upstream would accept "1e999999999"; we refuse exponents that would only burn memory.
_MAX_EXPONENT = 1000

# Units shown with binary suffixes (bytes); everything else but cpu is a plain count.
_BYTE_RESOURCES = ("memory", "ephemeral-storage", "storage")


class QuantityError(ValueError):
    """A string that resource.ParseQuantity would reject; str() is the upstream message."""


def parse_quantity(value: str | float) -> Fraction:
    """resource.ParseQuantity: the exact value, rounded up (away from zero) to nano precision."""
    if isinstance(value, bool):
        raise QuantityError(FORMAT_MESSAGE)
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        # YAML reads `cpu: 0.5` as a float; kubectl sends it as the number's shortest text.
        value = _float_text(value)
    if not isinstance(value, str) or value == "":
        raise QuantityError(FORMAT_MESSAGE)
    return _parse_text(str(value))


@functools.lru_cache(maxsize=4096)
def _parse_text(value: str) -> Fraction:
    """parse_quantity of a non-empty string; remembered (scenarios repeat a few quantities
    thousands of times, and exact Fraction arithmetic is slow)."""
    negative, number, suffix = _split(value)
    amount = number * _suffix_multiplier(suffix)
    amount = _round_up_to_nano(amount)
    return -amount if negative else amount


def _float_text(value: float) -> str:
    if not math.isfinite(value):
        raise QuantityError(FORMAT_MESSAGE)
    return repr(value)


def _split(text: str) -> tuple[bool, Fraction, str]:
    """parseQuantityString: sign, digits[.digits], suffix (letters, optional sign, digits)."""
    pos, end = 0, len(text)
    negative = text[0] == "-"
    if text[0] in "+-":
        pos = 1
    start = pos
    while pos < end and text[pos] in _DIGITS:
        pos += 1
    whole = text[start:pos]
    fraction = ""
    if pos < end and text[pos] == ".":
        pos += 1
        frac_start = pos
        while pos < end and text[pos] in _DIGITS:
            pos += 1
        fraction = text[frac_start:pos]
    suffix = text[pos:]
    if not _suffix_well_formed(suffix):
        raise QuantityError(FORMAT_MESSAGE)
    number = Fraction(int(whole or "0")) + (Fraction(int(fraction), 10 ** len(fraction)) if fraction else 0)
    return negative, number, suffix


def _suffix_well_formed(suffix: str) -> bool:
    pos = 0
    while pos < len(suffix) and suffix[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < len(suffix) and suffix[pos] in "+-":
        pos += 1
    return all(ch in _DIGITS for ch in suffix[pos:])


def _suffix_multiplier(suffix: str) -> Fraction:
    """suffixHandler.interpret: decimal SI, binary SI, then e/E exponent."""
    if suffix in _DECIMAL_SUFFIXES:
        return Fraction(10) ** _DECIMAL_SUFFIXES[suffix]
    if suffix in _BINARY_SUFFIXES:
        return Fraction(2) ** _BINARY_SUFFIXES[suffix]
    if len(suffix) > 1 and suffix[0] in "eE":
        exponent_text = suffix[1:]
        digits = exponent_text.lstrip("+-")
        if digits and digits.isdigit() and len(exponent_text) - len(digits) <= 1:
            exponent = int(exponent_text)
            if abs(exponent) <= _MAX_EXPONENT:
                return Fraction(10) ** exponent
    raise QuantityError(SUFFIX_MESSAGE)


def _round_up_to_nano(amount: Fraction) -> Fraction:
    scaled = amount / _NANO
    if scaled.denominator == 1:
        return amount
    return Fraction(math.ceil(scaled), 10**9)


def to_canonical(resource_name: str, value: str | float) -> int:
    """cpu → millicores (Quantity.MilliValue); anything else → Quantity.Value(); both round up."""
    if isinstance(value, str) and value:
        return _canonical_text(resource_name, value)
    return _canonical(resource_name, parse_quantity(value))


@functools.lru_cache(maxsize=4096)
def _canonical_text(resource_name: str, value: str) -> int:
    return _canonical(resource_name, _parse_text(value))


def _canonical(resource_name: str, amount: Fraction) -> int:
    if resource_name == CPU:
        amount *= 1000
    return math.ceil(amount)


def is_byte_resource(resource_name: str) -> bool:
    return resource_name in _BYTE_RESOURCES or resource_name.startswith("hugepages-")


def format_quantity(resource_name: str, amount: int) -> str:
    """Canonical units back to a short quantity string that parses to the same amount."""
    if resource_name == CPU:
        return str(amount // 1000) if amount % 1000 == 0 else f"{amount}m"
    if is_byte_resource(resource_name):
        return _format_bytes(amount)
    return str(amount)


def _format_bytes(amount: int) -> str:
    if amount == 0:
        return "0"
    for suffix, power in sorted(_BINARY_SUFFIXES.items(), key=lambda kv: -kv[1]):
        if amount % (1 << power) == 0:
            return f"{amount >> power}{suffix}"
    for suffix in ("E", "P", "T", "G", "M", "k"):
        factor = 10 ** _DECIMAL_SUFFIXES[suffix]
        if amount % factor == 0:
            return f"{amount // factor}{suffix}"
    return str(amount)
