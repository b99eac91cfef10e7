"""Plan stage for the question kinds beyond aggregate and ratio: a Reading (and the Draft the parser
makes of it) becomes a typed query plan (agent/queries.py), or None when the question is of an
aggregate/ratio kind (the planner's job). Raises Abstain when the kind is clear but a part is not.
Rank plans are built in `rank`, statistics and changes in `change`."""

from __future__ import annotations

from agent.plan import Agg
from agent.queries import CheckArgs, CheckKind, Cmp, DistinctArgs, FrequencyArgs, Measure, QueryPlan, RankArgs
from agent.router import vocabulary as V
from agent.router.change import change_plan, statistic_plan
from agent.router.checks import every_row_check, row_count_check, same_check
from agent.router.draft import Abstain, Draft
from agent.router.kind import Kind
from agent.router.lexicon import Lexicon
from agent.router.named import flag_as_column, named_columns, no_names_of_numbers, one_column, where
from agent.router.ordinal import nth_rank
from agent.router.rank import file_order_rank, rank_plan
from agent.router.standings import placed_label
from agent.router.reading import Reading
from agent.router.rows import one_row_key
from agent.router.value_rows import named_row_key
from agent.table import Table
from agent.table_type import TEXT_ROLES




_CMP = {">": Cmp.gt, ">=": Cmp.ge, "<": Cmp.lt, "<=": Cmp.le, "=": Cmp.eq}


def build_query(kind: Kind, reading: Reading, draft: Draft, taken: object, lex: Lexicon,
                table: Table) -> QueryPlan | None:
    """The typed query plan for a question of `kind` (`taken`: what take_limit or take_periods
    took before the draft was built), or None to leave it to the planner. Raises Abstain."""
    limit = taken if isinstance(taken, int) else None
    if reading.of("same") and kind is not Kind.yes_no:
        raise Abstain(f"I read '{reading.of('same')[0].text}' only in 'Is X the same across all rows?'.")
    if draft.ordinal is not None:
        if kind is not Kind.rank:
            raise Abstain("I read an ordinal ('second') only in 'the second highest X'.")
        return nth_rank(reading, draft, lex, table, limit)
    if draft.row_count is not None and kind is not Kind.yes_no:
        raise Abstain("It compares a number of rows; I test that only in a yes/no question ('Does the table have "
                      "more than 1000 rows?').")
    match kind:
        case Kind.yes_no: return _yes_no(reading, draft, lex, table)
        case Kind.statistic: return statistic_plan(reading, draft)
        case Kind.change: return change_plan(reading, draft, lex, taken if isinstance(taken, tuple) else None)
        case Kind.frequency:
            order = next((i.meanings[0].value for i in reading.of("order") if i.text.lower() in V.FREQUENCY_ORDER), "desc")
            column = one_column(draft, "to count the values of", lex)
            column = no_names_of_numbers(reading, column, lex, table)
            return FrequencyArgs(column=column, order=order, limit=limit or 1, where=where(draft))
        case Kind.distinct:
            flag_as_column(reading, draft)
            column = one_column(draft, "to list the values of", lex)
            column = no_names_of_numbers(reading, column, lex, table)
            return DistinctArgs(column=column, where=where(draft))
        case Kind.file_order: return file_order_rank(draft, taken, placed_label(reading, table))
        case Kind.rank: return rank_plan(reading, draft, limit, lex, table)
        case Kind.select: return _select(draft, lex)
    return _one_row(draft, table, reading)


def _yes_no(reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> CheckArgs:
    if V.DISTINCT_LIST.search(" ".join(i.text for i in reading.items)) or draft.op == "count_distinct":
        return CheckArgs(check=CheckKind.unique, column=one_column(draft, "must be unique"), where=where(draft))
    predicates = where(draft)
    if draft.group_by:
        raise Abstain("I can test one aggregate or a condition, not compare groups, in a yes/no question.")
    if draft.row_count is not None:
        return row_count_check(draft, [c.column for c in named_columns(draft)])
    if reading.of("same"):  # 'Is X the same across all rows?'
        return same_check(reading, draft, lambda: one_column(draft, "must hold one value", lex))
    if draft.op or draft.order:
        return _compare(reading, draft, lex)
    if not predicates:
        raise Abstain("I could not tell what condition the yes/no question tests.")
    asked = [c for c in named_columns(draft) if table.roles[c.column] not in TEXT_ROLES]
    if asked:  # 'is there a player with ...': a text column names who, the condition is the test
        raise Abstain(f"I could not tell what the yes/no question asks of {asked[0].column}.")
    if V.ALL_WORDS.search(" ".join(i.text for i in reading.items)) and not V.ANY_WORDS.search(
            " ".join(i.text for i in reading.items)):
        return every_row_check(draft)
    return CheckArgs(check=CheckKind.any, condition=predicates)


def _compare(reading: Reading, draft: Draft, lex: Lexicon) -> CheckArgs:
    """'Is the highest X equal to 1499', 'Is the average Y above 105': the aggregate, then the
    comparison with a number that the parser read as a condition on the same column."""
    compared = [(pos, p) for pos, p in draft.predicates if p.op.value in _CMP and isinstance(p.value, float)]
    if not compared or not reading.of("comparison", "sign"):
        raise Abstain("I could not tell what the aggregate is compared with.")
    pos, test = compared[-1]
    rest = [p for q, p in draft.predicates if q != pos]
    op = draft.op or ("max" if draft.order == "desc" else "min")
    if op == "count":
        column = None
    else:
        column = test.column
    return CheckArgs(check=CheckKind.compare, left=Measure(op=Agg(op), column=column, where=rest),
                     cmp=_CMP[test.op.value], value=test.value)


def _one_row(draft: Draft, table: Table, reading: Reading) -> RankArgs | None:
    """'Which category does the Quran belong to?', 'What is the price of Ikigai?': a 'which X' or a
    named X whose condition names one row (a column of all-distinct values) reads X off that row.
    None for any other shape."""
    named = list(dict.fromkeys(c.column for c in named_columns(draft)))
    shown = draft.group_by if draft.which else ([] if draft.group_by else named)
    if len(shown) != 1 or draft.op or draft.order or draft.ratio or draft.measure_used or (draft.which and named) \
            or reading.of("change"):  # 'the change in Q2 Budget for Sales' is not Sales' Q2 Budget
        return None
    if one_row_key(where(draft), table) is None and named_row_key(where(draft), reading, table) is None:
        return None
    return RankArgs(by=None, order="asc", limit=1, columns=shown, where=where(draft))


def _select(draft: Draft, lex: Lexicon) -> RankArgs | None:
    """'List the authors of books with more than 10 reviews': the named column of every row
    matching the conditions, in file order (up to 1,000 rows). None without both a column to
    show and a condition (a lookup or an aggregate then)."""
    conditioned = {p.column for p in where(draft)}
    shown = list(dict.fromkeys(c.column for c in named_columns(draft) if c.column not in conditioned))
    if not shown or not draft.predicates or draft.op or draft.order or draft.group_by or draft.ratio:
        return None
    return RankArgs(by=None, order="asc", limit=1000, columns=shown, where=where(draft))
