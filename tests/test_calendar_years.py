"""router/calendar.is_year: the one test of a number for a year, over its three named spans, both
ends included (bounds written out by hand here, not read from the module)."""

from __future__ import annotations

import pytest

from agent.router.calendar import CALENDAR_YEARS, YEAR_VALUES, is_year


@pytest.mark.parametrize(("number", "expected"), [
    (1900, True), (2100, True), (2024, True), (1975.0, True),
    (1899, False), (1899.5, False), (2100.5, False), (2101, False), (0, False), (-2000, False),
])
def test_a_question_year_is_1900_to_2100(number, expected):
    assert is_year(number) is expected


@pytest.mark.parametrize(("number", "expected"), [
    (1000, True), (1492, True), (2100, True), (999, False), (2101, False), (2999, False),
])
def test_year_values_are_1000_to_2100(number, expected):
    assert is_year(number, YEAR_VALUES) is expected


@pytest.mark.parametrize(("number", "expected"), [
    (1000, True), (2999, True), (2500, True), (999, False), (2999.5, False), (3000, False),
])
def test_calendar_years_are_1000_to_2999(number, expected):
    assert is_year(number, CALENDAR_YEARS) is expected
