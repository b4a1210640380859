from __future__ import annotations

from fractions import Fraction

import pytest

from scheduler_core.quantity import (
    FORMAT_MESSAGE,
    SUFFIX_MESSAGE,
    QuantityError,
    format_quantity,
    parse_quantity,
    to_canonical,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("0", Fraction(0), id="zero is zero"),
        pytest.param("1", Fraction(1), id="a plain integer is itself"),
        pytest.param("500m", Fraction(1, 2), id="milli divides by a thousand"),
        pytest.param("1.5", Fraction(3, 2), id="a decimal fraction is exact"),
        pytest.param(".5", Fraction(1, 2), id="a fraction without leading digit is accepted"),
        pytest.param("1.", Fraction(1), id="a trailing dot is accepted like upstream"),
        pytest.param("+2", Fraction(2), id="a plus sign is accepted"),
        pytest.param("-2", Fraction(-2), id="a minus sign negates"),
        pytest.param("100n", Fraction(1, 10**7), id="nano is ten to the minus nine"),
        pytest.param("3u", Fraction(3, 10**6), id="micro is ten to the minus six"),
        pytest.param("2k", Fraction(2000), id="kilo is lower-case k"),
        pytest.param("2M", Fraction(2 * 10**6), id="mega is upper-case M"),
        pytest.param("1G", Fraction(10**9), id="giga is decimal"),
        pytest.param("1T", Fraction(10**12), id="tera is decimal"),
        pytest.param("1P", Fraction(10**15), id="peta is decimal"),
        pytest.param("1E", Fraction(10**18), id="a bare E is exa, not an exponent"),
        pytest.param("1Ki", Fraction(1024), id="kibi is 1024"),
        pytest.param("512Mi", Fraction(512 * 2**20), id="mebi is two to the twenty"),
        pytest.param("1.5Gi", Fraction(3 * 2**29), id="fractional gibi stays exact"),
        pytest.param("1Ti", Fraction(2**40), id="tebi"),
        pytest.param("1Pi", Fraction(2**50), id="pebi"),
        pytest.param("1Ei", Fraction(2**60), id="exbi"),
        pytest.param("1e3", Fraction(1000), id="lower-case exponent"),
        pytest.param("1E3", Fraction(1000), id="upper-case exponent"),
        pytest.param("12e-3", Fraction(12, 1000), id="negative exponent"),
        pytest.param("1e+2", Fraction(100), id="explicitly positive exponent"),
        pytest.param("0.1n", Fraction(1, 10**9), id="below nano precision rounds up to one nano"),
        pytest.param("-0.1n", Fraction(-1, 10**9), id="negative sub-nano rounds away from zero"),
        pytest.param(3, Fraction(3), id="a YAML integer is accepted"),
        pytest.param(0.5, Fraction(1, 2), id="a YAML float is read by its decimal text"),
        pytest.param(0.1, Fraction(1, 10), id="a YAML float has no binary rounding error"),
    ],
)
def test_parse_quantity(text: str | float, expected: Fraction) -> None:
    assert parse_quantity(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("", FORMAT_MESSAGE, id="the empty string is malformed"),
        pytest.param("2 cores", FORMAT_MESSAGE, id="words are malformed"),
        pytest.param("abc", FORMAT_MESSAGE, id="letters without a number are malformed"),
        pytest.param("1.5.5", FORMAT_MESSAGE, id="two dots are malformed"),
        pytest.param("1Mi ", FORMAT_MESSAGE, id="trailing space is malformed"),
        pytest.param("1Gb", FORMAT_MESSAGE, id="a lower-case b is not a suffix character"),
        pytest.param("1KB", FORMAT_MESSAGE, id="an upper-case B is not a suffix character"),
        pytest.param("1K", SUFFIX_MESSAGE, id="upper-case K alone is an unknown suffix"),
        pytest.param("1mi", SUFFIX_MESSAGE, id="lower-case mi is an unknown suffix"),
        pytest.param("1e", SUFFIX_MESSAGE, id="an exponent without digits is an unknown suffix"),
        pytest.param("1Ki2", SUFFIX_MESSAGE, id="digits after a binary suffix are an unknown suffix"),
        pytest.param("1e99999", SUFFIX_MESSAGE, id="an absurd exponent is refused"),
        pytest.param(True, FORMAT_MESSAGE, id="a YAML boolean is malformed"),
    ],
)
def test_parse_quantity_rejects(text: str, message: str) -> None:
    with pytest.raises(QuantityError) as info:
        parse_quantity(text)
    assert str(info.value) == message


def test_format_message_is_the_upstream_text() -> None:
    assert FORMAT_MESSAGE == (
        "quantities must match the regular expression "
        "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )


@pytest.mark.parametrize(
    ("resource", "text", "expected"),
    [
        pytest.param("cpu", "500m", 500, id="cpu milli stays millicores"),
        pytest.param("cpu", "2", 2000, id="whole cpus become millicores"),
        pytest.param("cpu", "0.1", 100, id="a tenth of a cpu is a hundred millicores"),
        pytest.param("cpu", "100u", 1, id="sub-milli cpu rounds up like MilliValue"),
        pytest.param("cpu", "1001u", 2, id="just over one milli rounds up to two"),
        pytest.param("memory", "1Gi", 2**30, id="memory is bytes"),
        pytest.param("memory", "1G", 10**9, id="decimal memory is bytes"),
        pytest.param("memory", "1500m", 2, id="fractional bytes round up like Value"),
        pytest.param("pods", "110", 110, id="pods are a count"),
        pytest.param("example.com/gpu", 2, 2, id="extended resources are counts"),
    ],
)
def test_to_canonical(resource: str, text: str, expected: int) -> None:
    assert to_canonical(resource, text) == expected


@pytest.mark.parametrize(
    ("resource", "amount", "expected"),
    [
        pytest.param("cpu", 500, "500m", id="partial cpu is shown in milli"),
        pytest.param("cpu", 2000, "2", id="whole cpus are shown without suffix"),
        pytest.param("cpu", 0, "0", id="zero cpu"),
        pytest.param("memory", 512 * 2**20, "512Mi", id="memory uses the largest exact binary suffix"),
        pytest.param("memory", 2 * 2**30, "2Gi", id="two gibibytes"),
        pytest.param("memory", 1536 * 2**20, "1536Mi", id="1.5Gi is shown as whole mebibytes"),
        pytest.param("memory", 10**9, "1G", id="decimal gigabytes stay decimal"),
        pytest.param("memory", 1001, "1001", id="odd bytes are plain"),
        pytest.param("hugepages-2Mi", 4 * 2**20, "4Mi", id="hugepages are bytes"),
        pytest.param("pods", 1024, "1024", id="counts are never suffixed"),
    ],
)
def test_format_quantity(resource: str, amount: int, expected: str) -> None:
    assert format_quantity(resource, amount) == expected


@pytest.mark.parametrize("amount", [0, 1, 999, 1000, 1536, 2**30 + 1, 3 * 10**12, 7 * 2**40])
@pytest.mark.parametrize("resource", ["cpu", "memory", "pods"])
def test_format_then_parse_round_trips(resource: str, amount: int) -> None:
    assert to_canonical(resource, format_quantity(resource, amount)) == amount
