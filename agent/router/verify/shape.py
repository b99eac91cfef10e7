"""Verifier rules beyond the words: readings whose answer the table's shape decides or spoils,
whatever the words. A count or listing that takes in a summary row ('Total', 'Average' pasted
among the data), a distinct count read from 'how many <column>' when rows and distinct values
disagree, a yes/no test of 'Is X A or B?' (a choice between two values, not a yes/no), 'first'
or 'last' beside a rank-like column ('took first place': Place = 1, not the file's first row), an
equality with a value other values hold as words, an order over a column of places (1 is the
top), and counts or matches over cells holding lists."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from agent import table_rows
from agent.ops.common import selected
from agent.plan import Predicate
from agent.router.contains import said_exactly
from agent.router.draft import Abstain, DataAbstain
from agent.router.reading import Reading
from agent.router.verify.decorated import check_decorated_labels, check_noted_names
from agent.router.verify.summary_labels import middle_totals, typed_away_labels
from agent.router.words import header_words, singular
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES

_SUMMARY = re.compile(r"^\s*(?:(?:grand\s+|sub)?totals?\b(?!\s*\w+\s+\w)|(?:average|averages|mean|sum|overall|all)\s*:?\s*$"
                      r"|[^\W\d_]+\s+totals?\s*:?\s*$)", re.IGNORECASE)
"""'Total', 'Totals:', 'TOTAL MAINLAND', 'Grand total', 'League total', 'Average', 'All': not
'All-Africa Games'."""
_DISTINCT = {"distinct", "different", "unique"}
_EQUALITIES = {"=", "!=", "in", "not in"}


def summary_rows(table: Table) -> dict[int, tuple[str, str]]:
    """Row position -> (column, label) of rows among the first and last three whose text cell reads like a
    summary ('Total', 'TOTAL MAINLAND', 'Average'), cached on the table; with the rows of
    verify/summary_labels.py (a total labelled in a column of numbers, a named total between the data)."""
    cache = table.__dict__.setdefault("_verify_summary", {})
    if "rows" not in cache:
        found, rows = {}, table.rows
        edges = table_rows.row_cells(table, sorted({*range(min(3, rows)), *range(max(0, rows - 3), rows)}))
        for column in [c for c, role in table.roles.items() if role in TEXT_ROLES]:
            for pos, cells in edges.items():
                value = cells[column]
                if isinstance(value, str) and _SUMMARY.match(value) and _count(table, column, value) == 1:
                    found.setdefault(pos, (column, value))  # a label met once: 'Average' as a rating repeats
        cache["rows"] = {**typed_away_labels(table, _SUMMARY), **middle_totals(table, _SUMMARY, edges), **found}
    return cache["rows"]


def _count(table: Table, column: str, value: str) -> int:
    """Rows whose `column` equals `value` exactly."""
    return dict(table_rows.values(table, column)).get(value, 0)


def _rows(plan: BaseModel) -> list[Predicate] | None:
    """The predicates choosing the rows a plan reads, or None for a plan of another shape."""
    name = type(plan).__name__
    if name in ("AggregateArgs", "RankArgs", "FrequencyArgs", "DistinctArgs", "LatestArgs", "StatisticArgs", "SubsetArgs"):
        return list(plan.where)
    if name == "RatioArgs":
        return list(plan.base)
    return None


def check_summary_rows(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when the rows the plan reads include a summary-like row."""
    found = summary_rows(table)
    where = _rows(plan) if found else None
    if where is None or table.lies_in_file:
        return
    import numpy as np
    mask = np.asarray(selected(table, where, allow_empty=True).mask) if where else None
    groups = set(getattr(plan, "group_by", []) or [])
    hit = [label for pos, (column, label) in found.items() if (mask is None or bool(mask[pos]))
           and (not groups or column in groups)]  # grouped: the summary row is a group only by its label
    if hit:
        raise DataAbstain(f"The table holds a row labelled '{hit[0]}', which looks like a summary of other rows, not a "
                          "row of data; my answer would count it. Ask about the rows you mean, naming them.")


def check_rows_or_values(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when 'how many <text column>' was read as a distinct count (in all, or per
    group), the question says nothing of distinct values, and a column that names nearly every row
    once repeats a value (within a group, when grouped): rows (entries) or distinct values? 'how many flag bearers' counts 10 entries or 9 people. A column
    of categories ('how many states': most values repeat) is counted by its distinct values."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count_distinct" \
            or table.lies_in_file or any(t.lower in _DISTINCT for t in reading.tokens) \
            or table.roles.get(plan.column) is ColumnRole.identifier:  # an id repeating is one entity's rows
        return
    column = plan.column
    series = table.df[column]
    import numpy as np
    kept = np.asarray(selected(table, plan.where, allow_empty=True).mask) if plan.where else None
    values = (series[kept] if kept is not None else series).dropna()
    whole = series.dropna()
    repeats = values.nunique() != len(values)
    if plan.group_by and repeats and column in plan.group_by:
        repeats = False  # a group's own key is one value within it
    elif plan.group_by and repeats:  # 'how many flights per airline': a repeat within one group
        frame = table.df[list(dict.fromkeys([*plan.group_by, column]))]
        frame = (frame[kept] if kept is not None else frame).dropna(subset=[column])
        sizes = frame.groupby(list(plan.group_by), dropna=False)[column].agg(["size", "nunique"])
        repeats = bool((sizes["size"] != sizes["nunique"]).any())
    if repeats and (whole.nunique() >= 0.75 * len(whole)  # a label of nearly every row
                    or _names_the_rows(column, reading, table)):
        raise Abstain(f"{column} repeats among the rows: {len(values)} rows, {values.nunique()} different values. "
                      f"Ask 'how many rows' or 'how many different {column}'.")


def _names_the_rows(column: str, reading: Reading, table: Table) -> bool:
    """True when the question's plural noun for `column` is also the noun the file's name gives
    its rows ('how many events' on events.csv with a column event): rows or distinct values?"""
    stem = re.findall(r"[a-z]+", Path(table.name).stem.lower())
    if not stem or singular(stem[-1]) == stem[-1]:
        return False
    noun = stem[-1]
    return singular(noun) in {singular(w) for w in header_words(column)} \
        and any(t.lower == noun for t in reading.tokens)


def check_choice(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain for 'Is X a state monument or a bird sanctuary?': a yes/no test of a value
    list said with 'or' asks which of them, not whether any."""
    if type(plan).__name__ == "CheckArgs" and any(p.op.value == "in" for p in plan.condition) \
            and any(i.kind == "or" for i in reading.items):
        raise Abstain("It asks which of two values holds ('A or B?'), not a yes/no; ask for the column's value.")


def check_rank_position(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain for 'first'/'last' right before or after a numeric column holding 1 in a
    file-order plan ('took first place', 'ranked first'): that column's value 1, or the file's first row?"""
    if type(plan).__name__ != "RankArgs" or plan.by is not None:
        return
    for item in reading.items:
        if item.text.lower() not in ("first", "last"):
            continue
        for near in (reading.at(item.pos + 1), reading.at(item.pos - 1)):
            placed = any(p.column == near.column and p.op.value == "=" and p.value == 1 for p in plan.where) \
                if near is not None else False  # the plan already reads it as <column> = 1
            if near is not None and near.kind == "column" and near.column in table.roles and not placed \
                    and table.roles[near.column] is ColumnRole.numeric and table_rows.numbers(table, near.column).has_one:
                raise Abstain(f"'{item.text}' beside {near.column} may mean {near.column} = 1 rather than the "
                              f"{item.text} row of the table; say which.")


def check_value_inside_others(plan: BaseModel, table: Table, reading: Reading | None = None) -> None:
    """Raises Abstain for an equality with a text value that other values of the same column hold
    as words ('Allegany' beside 'Allegany, Garrett'; 'UCLA' beside 'UCLA (2)'): the cell equal to
    it, or every cell naming it? A negated test ('not satisfied' beside 'Very satisfied') and a
    value list are refused alike: which rows are left out rests on the same choice."""
    for predicate in _conditions(plan):
        if predicate.op.value not in _EQUALITIES or table.roles.get(predicate.column) not in TEXT_ROLES \
                or predicate.column not in table.roles:
            continue
        values = predicate.values if predicate.values is not None else [predicate.value]
        listed = {v.strip().casefold() for v in values if isinstance(v, str)}
        for value in (v for v in values if isinstance(v, str)):
            if reading is not None and said_exactly(reading, predicate.column, value):
                continue  # 'answer is exactly satisfied': the rows equal to it, as said
            others = [o for o in _holders(table, predicate.column, value) if o.strip().casefold() not in listed]
            if others:
                raise Abstain(f"'{value}' is a value of {predicate.column}, and other values hold it too "
                              f"('{others[0]}'): the rows equal to it, or every row naming it"
                              f"{' (and so which rows are not it)' if predicate.op.value in ('!=', 'not in') else ''}? "
                              f"Say '{predicate.column} is exactly {value}' or '{predicate.column} contains {value}'.")


def _conditions(plan: BaseModel) -> list[Predicate]:
    found = []
    for name in ("where", "base", "condition"):
        found += [p for p in getattr(plan, name, []) or [] if isinstance(p, Predicate)]
    return found


def _holders(table: Table, column: str, value: str) -> list[str]:
    """Other distinct values of `column` holding `value` as whole words, cached on the table."""
    cache = table.__dict__.setdefault("_verify_holders", {})
    key = (column, value)
    if key not in cache:
        pattern = re.compile(rf"(?<!\w){re.escape(value.strip().casefold())}(?!\w)")
        distinct = [v for v in table_rows.distinct(table, column) if isinstance(v, str)]
        cache[key] = [v for v in distinct if v.strip().casefold() != value.strip().casefold()
                      and pattern.search(v.casefold())][:3] if len(distinct) <= 20000 else []
    return cache[key]


_RANK_WORDS = {"rank", "ranking", "place", "position", "pos", "seed", "standing", "placing"}


def _rank_like(table: Table, column: str | None) -> bool:
    """True for a numeric column of places ('Rank', 'Place', 'Pos.') holding 1: its top is its lowest number."""
    from agent.router.lexicon import header_words, singular

    if column is None or column not in table.roles or table.roles.get(column) is not ColumnRole.numeric:
        return False
    cache = table.__dict__.setdefault("_verify_rank_like", {})
    if column not in cache:
        cache[column] = bool({singular(w) for w in header_words(column)} & _RANK_WORDS) and \
            table_rows.numbers(table, column).has_one
    return cache[column]


def check_rank_order(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a plan ranks by, or takes the highest/lowest/total of, a column of places
    ('which athlete placed top?' summed Place): place 1 is the top, so 'highest' and 'top' may
    mean the smallest number; and a total of places ('the total number of positions listed') adds
    up labels, never a quantity."""
    name = type(plan).__name__
    column = getattr(plan, "by", None) if name in ("RankArgs", "SubsetArgs") else getattr(plan, "column", None)
    op = getattr(getattr(plan, "op", None), "value", None)
    ranks = name in ("RankArgs", "SubsetArgs") or op in ("max", "min") or op == "sum"
    if ranks and _rank_like(table, column):
        raise DataAbstain(f"{column} holds places (1 is the top): 'highest' or 'top' could mean the smallest number; say "
                          f"'{column} = 1' or 'the lowest {column}'.")


_UP_DOWN = {"higher", "lower", "above", "below", "better", "worse", "over", "under", "beneath", "behind", "ahead"}
"""Comparison words that say up or down a ranking: 'ranked higher than 3' may be Rank < 3."""


def check_rank_comparison(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a comparison on a column of places ('Rank', 'Place': 1 is the top) was
    said with a word of up or down ('ranked higher than 3', 'finished below 5th'): higher in the
    ranking is the smaller number, so the test may run either way. 'a rank less than 3' stands."""
    words = {t.lower for t in reading.tokens} & _UP_DOWN
    hit = [p for p in _conditions(plan) if p.op.value in (">", ">=", "<", "<=") and _rank_like(table, p.column)]
    if words and hit:
        raise DataAbstain(f"{hit[0].column} holds places (1 is the top): '{sorted(words)[0]}' may mean a smaller "
                          f"{hit[0].column} or a larger one; say '{hit[0].column} less than' or 'greater than'.")


def _list_cells(table: Table, column: str) -> bool:
    """True when a third or more of a text column's cells hold three lines or more (a list in each
    cell; a title with a subtitle line is one value)."""
    cache = table.__dict__.setdefault("_verify_lists", {})
    if column not in cache:
        present, listed = table_rows.many_lines(table, column)
        cache[column] = present > 0 and listed / present >= 1 / 3
    return cache[column]


def check_list_cells(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a plan counts, lists or matches values of a column whose cells are lists
    ('Audi RS4 (winner)\\nBMW M3\\n...'): a cell is several values, a count of cells is not theirs."""
    columns = [p.column for p in _conditions(plan)]
    name = type(plan).__name__
    if name in ("AggregateArgs", "FrequencyArgs", "DistinctArgs") and getattr(plan, "column", None):
        columns.append(plan.column)
    for column in columns:
        if column in table.roles and table.roles.get(column) in TEXT_ROLES and _list_cells(table, column):
            raise DataAbstain(f"The cells of {column} hold lists (several lines each); I read each cell as one value, "
                              "so I cannot count or match what is inside them.")


def check_shape(plan: BaseModel, reading: Reading, table: Table) -> None:
    """All the shape rules; raises Abstain naming what spoils the reading."""
    check_value_inside_others(plan, table, reading)
    check_rank_order(plan, table)
    check_rank_comparison(plan, reading, table)
    check_list_cells(plan, table)
    check_choice(plan, reading)
    check_rank_position(plan, reading, table)
    check_rows_or_values(plan, reading, table)
    check_summary_rows(plan, table)
    check_decorated_labels(plan, table)
    check_noted_names(plan, table)
