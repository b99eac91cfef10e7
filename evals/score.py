"""Scoring one outcome against its case. Each case ends as exactly one of: correct, abstained
(a plain refusal or a clear error), hedged_wrong (answered, wrong, with a hedge), confident_wrong
(answered, wrong, no hedge). DataBench cases use the benchmark's own comparison (databench-eval's
default_compare); the other sets compare numbers with the case's relative tolerance."""

from __future__ import annotations

import ast
import math
import re
import unicodedata
from enum import StrEnum

from agent.outcome import Outcome
from agent.policies.numbers_from_tools import answer_numbers
from agent.policies.takeover import HEDGES
from agent.results import (AggregateResult, ChangeResult, CheckResult, RatioResult, RowsResult, SearchResult,
                           StatResult, ValuesResult)
from agent.router.only_which import any_one
from evals.cases import Case


class Verdict(StrEnum):
    """How a case ended."""

    correct = "correct"
    abstained = "abstained"
    hedged_wrong = "hedged_wrong"
    confident_wrong = "confident_wrong"


REFUSAL = re.compile(r"\b(cannot|can't|can not|unable to|not able to) (answer|determine|compute|tell|find)|"
                     r"\bi don't know\b|\bnot (available|possible) (from|in|with)\b", re.I)


NO_RECORDS = re.compile(r"\bno (records|rows|transactions)\b[^.]{0,60}\b(match|matched|found)\b|"
                        r"\bno (matching|such) (records|rows|transactions)\b", re.I)


def _databench_compare():
    from databench_eval import Evaluator

    return Evaluator(qa={"answer": [], "type": []}).compare


def records_answer(outcome: Outcome) -> dict | None:
    """{count, records} of the last successful search the answer rests on, or None."""
    found = [c.result for c in outcome.results if isinstance(c.result, SearchResult)]
    if not found:
        return None
    return {"count": found[-1].provenance.rows_matched, "records": [r.fields for r in found[-1].records]}


def records_match(value: dict | None, answer: dict) -> bool:
    """Correct records: at least one, every one holding the gold field values, and the count of
    rows passing the filter equal to the gold count (so no condition was dropped or added)."""
    if not value or not value["records"] or value["count"] != answer["count"]:
        return False
    return all(str(r.get(k)).casefold() == str(v).casefold() for r in value["records"] for k, v in answer["where"].items())


ASKS_WHICH = re.compile(r"\s*(?:(?:in|on|at|during|for|from|by)\s+)?(?:which\b|what\s+(?!(?:is|was|are|were|does|do|did|has|had|have|'s|the|a|an|percentage|"
                        r"percent|share|proportion|fraction|number|amount|total|sum|average|mean|median)\b)\w+\s+"
                        r"(?:has|had|have|is|was|were|are|did|does|saw|got|scored|won)\b)", re.I)
"""'Which X has ...', 'What year had ...', 'In what year did ...': the answer is the group's key, not its value."""


def structured_answer(outcome: Outcome, case: Case) -> object:
    """The answer as a value of the case's type, from the last successful tool result: numbers,
    a group key for 'which X', a list of keys or values, a {key: value} mapping. None if none."""
    results = [c.result for c in outcome.results if isinstance(c.result, (AggregateResult, RatioResult, *QUERY_RESULTS))]
    if not results:
        return None
    result = results[-1]
    if isinstance(result, ValuesResult) and outcome.router is not None and any_one(outcome.router.notes) \
            and not case.type.startswith("list"):
        return one_of(result, case)
    if isinstance(result, QUERY_RESULTS):
        return query_answer(result, case.type)
    if isinstance(result, RatioResult) and not result.groups:
        return result.percent
    if isinstance(result, AggregateResult) and not result.group_by:
        return result.value
    groups = result.groups
    keys = [g.key[0] if len(g.key) == 1 else tuple(g.key) for g in groups]
    match case.type:
        case "category" | "boolean": return keys[0] if keys else None
        case "number" if ASKS_WHICH.match(case.question): return keys[0] if keys else None
        case "number": return groups[0].value if groups else None
        case "list[number]": return [g.value for g in groups]
        case "list[category]": return keys
        case "mapping": return {k: g.value for k, g in zip(keys, groups)}
    return None


def one_of(result: ValuesResult, case: Case) -> object:
    """The value answering a 'name a <noun>' question whose answer lists several values, each said
    to answer it (agent/router/only_which.py ANY_ONE): the one the gold names when listed, else the
    first (then scored wrong, and not a hedge: the answer claims every value listed is one)."""
    values = [v.value for v in result.values]
    return next((v for v in values if matches(v, case)), values[0] if values else None)


QUERY_RESULTS = (CheckResult, RowsResult, ValuesResult, StatResult, ChangeResult)


def query_answer(result: object, answer_type: str) -> object:
    """The answer value of a typed query result: the yes/no, the number, the first column of the
    rows returned (with the rows tied with a single top row, for a list type), the values listed;
    one item for a scalar type, the list for a list type."""
    match result:
        case CheckResult(): return result.answer if result.said is None else result.said  # 'more or less': the word
        case StatResult(): return result.value
        case ChangeResult(): return result.percent if result.report == "percent" else result.absolute
        case RowsResult():  # a list asked of the one top row: the rows tied with it are answers too
            tied = result.ties if len(result.rows) == 1 and answer_type.startswith("list") else []
            items = [r.get(result.columns[0]) for r in [*result.rows, *tied]]
        case ValuesResult(): items = [v.value for v in result.values]
    if answer_type.startswith("list"):
        return items
    return items[0] if items else None


def text_answer(text: str, case: Case) -> object:
    """The answer read from a model's final text, by the case's type: the first number; 'yes/true'
    or 'no/false'; the gold category if the text names it; the numbers, or the gold items named."""
    numbers = [v for _, v, _ in answer_numbers(text)]
    words = text.casefold()
    match case.type:
        case "number": return numbers[0] if numbers else None
        case "boolean":
            found = re.search(r"\b(yes|true|no|false)\b", words)
            return None if found is None else found.group(1) in ("yes", "true")
        case "category": return case.answer if _names(words, case.answer) else text
        case "list[number]":
            gold = [float(x) for x in _items(case.answer) if _number(x) is not None]
            pool = list(numbers)
            for _, asked, _ in answer_numbers(case.question):  # "the 3 most common": 3 is not an item
                _take(pool, asked)
            # every gold number, as a multiset, among the numbers the text states
            return gold if all(_take(pool, g) for g in gold) else numbers
        case "list[category]": return [a for a in _items(case.answer) if _names(words, a)] or text
        case "mapping": return {k: v for k, v in (case.answer or {}).items() if any(_close(v, n, 1e-4) for n in numbers)}
    return None


def _names(words: str, item: object) -> bool:
    return re.search(rf"(?<!\w){re.escape(str(item).casefold())}(?!\w)", words) is not None


def _items(answer: object) -> list[object]:
    if isinstance(answer, str):
        return [a.strip(" '\"") for a in answer.strip("[]").split(",") if a.strip()]
    return list(answer or [])


def _take(pool: list[float], value: float) -> bool:
    """Remove one number equal to `value` from `pool`; whether there was one."""
    hit = next((n for n in pool if _close(value, n, 1e-6)), None)
    if hit is not None:
        pool.remove(hit)
    return hit is not None


def _number(text: object) -> float | None:
    try:
        return float(str(text).strip(" '\""))
    except ValueError:
        return None


def _close(expected: object, got: object, tolerance: float) -> bool:
    try:
        e, g = float(expected), float(got)
    except (TypeError, ValueError):
        return False
    return math.isclose(e, g, rel_tol=tolerance, abs_tol=tolerance)


def matches(value: object, case: Case) -> bool:
    """Whether `value` is the case's answer (order ignored for lists unless the case says ordered)."""
    if value is None:
        return False
    if case.set == "wtq":
        return wtq_match(value, case.answer, case.type)
    if case.set == "databench_train" and case.type == "number" and rounded_equal(value, case.answer):
        return True
    if case.set in ("databench", "databench_train"):
        shown = f"[{', '.join(map(str, value))}]" if isinstance(value, list) else str(value)
        return bool(_databench_compare()(shown, str(case.answer), case.type))
    match case.type:
        case "number": return _close(case.answer, value, case.tolerance)
        case "category" | "boolean": return str(value).strip().casefold() == str(case.answer).strip().casefold()
        case "mapping":
            return isinstance(value, dict) and value.keys() == case.answer.keys() and all(
                _close(case.answer[k], value[k], case.tolerance) for k in case.answer)
        case "list[number]" | "list[category]":
            got, want = [str(v) for v in value], [str(v) for v in _items(case.answer)]
            return got == want if case.ordered else sorted(got) == sorted(want)
    return False


def rounded_equal(value: object, gold: object) -> bool:
    """True when `value` rounds to a gold number written with a fixed number of decimals (one or
    more): 32.3054 for a gold '32.31'. A whole-number gold never matches a fraction this way."""
    text = str(gold).strip()
    if not re.fullmatch(r"-?\d+\.\d+", text) or _number(value) is None:
        return False
    decimals = len(text.split(".")[1])
    return round(float(value), decimals) == round(float(text), decimals) and len(str(value).split(".")[-1]) > decimals


_WTQ_CITATION = re.compile(r"((?<!^)\[[^\]]*\]|\[\d+\]|[•♦†‡*#+])*$")
_WTQ_DETAILS = re.compile(r"(?<!^)( \([^)]*\))*$")
_WTQ_QUOTED = re.compile(r'^"([^"]*)"$')


def _wtq_text(text: str) -> str:
    """A text item as WikiTableQuestions' official evaluator normalises it (Pasupat & Liang 2015,
    evaluator.py `normalize`): diacritics removed (NFKD, then every combining mark dropped), curly
    quotes and the dashes ‐‑‒–—− made plain, then, until nothing changes, trailing citations and
    marks ('[citation needed]', '[3]', '*', '†'), trailing details in parentheses (' (GBR)') and
    outermost double quotes removed; a final period dropped, whitespace collapsed, lower-cased.
    Also strips surrounding single quotes, as this scorer always has."""
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if unicodedata.category(c) != "Mn")
    text = re.sub(r"[‐‑‒–—−]", "-", re.sub(r"[“”]", '"', re.sub(r"[‘’´`]", "'", text)))
    while True:
        before = text
        text = _WTQ_CITATION.sub("", text.strip())
        text = _WTQ_DETAILS.sub("", text.strip())
        text = _WTQ_QUOTED.sub(r"\1", text.strip())
        if text == before:
            break
    text = text.strip().strip("'\"")
    text = text[:-1] if text.endswith(".") else text
    return re.sub(r"\s+", " ", text).casefold().strip()


def _wtq_norm(item: object) -> str | float:
    """WikiTableQuestions' value normalisation, after its official evaluator: a number compares as
    a float ('$251,736' is 251736: a currency sign before it is not part of the value); text as
    `_wtq_text` normalises it."""
    if isinstance(item, bool):
        return str(item).casefold()
    if isinstance(item, (int, float)):
        return float(item)
    text = _wtq_text(str(item))
    if (day := _calendar_day(text)) is not None:
        return day
    number = _number(re.sub(r"[,$€£¥]", "", text)) if re.fullmatch(r"[-+]?[$€£¥]?[\d,]*\.?\d+", text) else None
    return number if number is not None else text


_DAY_FORMS = ("%Y-%m-%d", "%B %d, %Y", "%B %d %Y", "%d %B %Y", "%b %d, %Y", "%b %d %Y", "%d %b %Y")


def _calendar_day(text: str) -> str | None:
    """'april 13, 2008', '5 september 2012' and '2008-04-13' as one ISO day ('2008-04-13'), so a
    date answered in ISO form matches a gold that writes the same day with its month's name (the
    cells' own spelling); None for any other text. Only whole dates: a year or 'april 2008' alone
    stays text."""
    import datetime as dt

    for form in _DAY_FORMS:
        try:
            return dt.datetime.strptime(text, form).date().isoformat()
        except ValueError:
            continue
    return None


def wtq_match(value: object, gold: object, kind: str) -> bool:
    """Whether `value` answers a WikiTableQuestions gold answer: the multiset of normalised items
    (a scalar is a list of one; the gold list is a Python-style literal, read with
    ast.literal_eval) equal, numbers to a relative 1e-6."""
    want = [gold]
    if kind.startswith("list") and isinstance(gold, str):
        try:
            want = list(ast.literal_eval(gold))
        except (ValueError, SyntaxError):
            want = _items(gold)
    got = list(value) if isinstance(value, (list, tuple)) else [value]
    got_n, want_n = [_wtq_norm(v) for v in got], [_wtq_norm(v) for v in want]
    if len(got_n) != len(want_n):
        return False
    pool = list(got_n)
    for w in want_n:
        hit = next((g for g in pool if (g == w if isinstance(w, str) or isinstance(g, str) else _close(w, g, 1e-6))), None)
        if hit is None:
            return False
        pool.remove(hit)
    return True


def score(case: Case, outcome: Outcome) -> tuple[Verdict, object]:
    """(verdict, the answer value compared). Abstention: the outcome abstained or failed, or the
    model's text plainly refuses ('I cannot answer ...'). For an
    `abstain` case, any answer is wrong. Router answers are read from the structured result; model
    answers from the text the user sees."""
    if case.type == "records" and case.answer["count"] == 0 and NO_RECORDS.search(outcome.answer):
        return Verdict.correct, outcome.answer  # the right answer is a plain "nothing matches"
    if outcome.status in ("abstained", "failed") or (outcome.answered_by == "model" and REFUSAL.search(outcome.answer)):
        return Verdict.abstained, None
    if case.type == "abstain":
        value = outcome.answer
        ok = False
    elif case.type == "records":  # the records shown come from the search result, whoever answered
        value = records_answer(outcome)
        ok = records_match(value, case.answer)
    else:
        value = structured_answer(outcome, case) if outcome.answered_by == "router" else text_answer(outcome.answer, case)
        ok = matches(value, case)
    if ok:
        return Verdict.correct, value
    return (Verdict.hedged_wrong if HEDGES.search(outcome.answer) or _only_ranked(outcome, case) else
            Verdict.confident_wrong), value


def _only_ranked(outcome: Outcome, case: Case) -> bool:
    """True when the router's last result is a ranked record search (matches by meaning, said to be
    'ranked, not all of them') for a question that is no record lookup: candidate records state no
    answer, so a wrong one is hedged, not confidently wrong."""
    results = [c.result for c in outcome.results if c.result is not None]
    return (outcome.answered_by == "router" and case.type != "records" and bool(results)
            and isinstance(results[-1], SearchResult) and not results[-1].exact)
