"""Third pass of the router's parser: a Draft becomes a typed plan (aggregate or ratio), merged
with the previous plan for follow-up questions ("and for TX?", "only fraud ones", "how many?";
agent/router/follow_up.py)."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, Predicate, RatioArgs
from agent.router.year_counts import counts_years
from agent.router.lexicon import Lexicon
from agent.router.op_words import named_total, rows_counted
from agent.router.measure_column import measure_column
from agent.router.measure_words import check_total_of_unit_price
from agent.router.which_rows import which_rows
from agent.router.draft import Abstain, Draft
from agent.router.entity_ids import entity_id
from agent.router.entity_nouns import entity_nouns
from agent.router.value_heads import read_value_heads
from agent.router.money_verbs import read_money_verbs
from agent.router.follow_up import Plan, carry, follow_up_op, merge
from agent.router.reading import Item, Reading
from agent.router.rank import asks_who
from agent.router.rows import one_per_row, one_row_each, one_row_key, per_row_quantity
from agent.router.value_rows import named_row_key
from agent.router.verify.cells import holds_numbers
from agent.router.verify.text_measure import check_text_magnitude
from agent.router.row_nouns import not_named_by_op_word
from agent.router.share_split import split_share
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES



def to_plan(draft: Draft, reading: Reading, lex: Lexicon, table: Table, previous: Plan | None = None,
            refers: bool = False) -> Plan:
    """The typed plan for `draft`; with `previous`, a question that only adds conditions or only
    changes the aggregate refines the previous plan, and one that `refers` back ('their', 'of
    those', a leading 'and') names a new measure over the previous rows. Raises Abstain."""
    predicates = [p for _, p in draft.predicates]
    if previous is not None and not draft.asks:
        if not predicates:
            raise Abstain("The follow-up adds no condition I could match.")
        return merge(previous, predicates)
    if previous is not None and refers and _names_something(draft):
        return carry(previous, to_plan(draft, reading, lex, table), draft)
    if previous is not None and draft.op and not (draft.asks and _names_something(draft)):
        return follow_up_op(draft, previous, predicates)
    if reading.of("change"):  # a change the change kind could not read (no two periods of one column)
        raise Abstain(f"'{reading.of('change')[0].text}' asks for a change, (new - old) or (new - old) / old, never a "
                      "total or a share; I can compute it between two periods of one column ('from 2014 to 2015').")
    if draft.ratio:
        return _ratio(draft, reading, lex, table)
    if draft.time_lookup:
        which, column = draft.time_lookup
        date = next((p.column for p in predicates if p.column in lex.date_columns), lex.date_columns[0])
        return AggregateArgs(op=Agg.min if which == "earliest" else Agg.max, column=date, where=predicates,
                             group_by=[column], order="asc" if which == "earliest" else "desc", limit=1)
    if draft.time_value and not (draft.op or draft.group_by or draft.columns or draft.measure_used):
        which, column = draft.time_value
        rest = [p for p in predicates if p.column != column]
        return AggregateArgs(op=Agg.min if which == "earliest" else Agg.max, column=column, where=rest)
    if reading.row_scope and draft.op == "sum" and not (draft.order or draft.magnitude or draft.group_by):
        raise Abstain("It speaks of one row ('in a season', 'in a single transaction') but asks for a total "
                      "over rows; say which row (e.g. 'the highest ... in a single season').")
    if (selection := which_rows(draft, predicates, table)) is not None:
        return selection
    plan = _aggregate(draft, lex, table, predicates, reading)
    _label_named(plan, draft, reading)
    return plan


def _label_named(plan: AggregateArgs, draft: Draft, reading: Reading) -> None:
    """Raises Abstain when the question asks which one or who ('Which day had the most visits?')
    and the aggregate `plan` has no grouping to name it by: a bare maximum names nothing."""
    first = reading.items[0] if reading.items else None
    if first is not None and first.text.lower() == "which" and not plan.group_by and draft.order:
        # 'Which day had the most visits?' asks for a label; a bare maximum names none
        raise Abstain(f"'{first.text}' asks which one, and I found nothing to name it by (no column or "
                      "row label after it); ask for the value, or name the column to group by.")
    if asks_who(reading) and not plan.group_by:
        raise Abstain(f"'{reading.items[0].text}' asks for a row's label, not its {plan.op.value}; name the "
                      "column that ranks the rows ('who has the highest <column>').")


def _names_something(draft: Draft) -> bool:
    return bool(draft.ratio or draft.order or draft.group_by or draft.columns or draft.measure_used
                or draft.time_lookup)


def _aggregate(draft: Draft, lex: Lexicon, table: Table, predicates: list[Predicate], reading: Reading) -> AggregateArgs:
    """The aggregate plan of `draft`: its measure column, the operation (asked, or the one its order
    or grouping words imply), a count of a text column as a distinct count, and the order and limit
    of a ranking of groups. Raises Abstain when a part rests on no word or cannot be told."""
    entity_nouns(draft, reading, lex, table)  # 'the average price of discontinued products': the rows
    read_value_heads(draft, reading, lex, table)  # 'how many loans were Children books': books says what Children is
    column = read_money_verbs(draft, reading, lex, table) or measure_column(draft, lex)  # 'the total invoiced'
    order, limit = draft.order, draft.limit
    if limit is not None and limit != 1 and not draft.group_by:
        raise Abstain(f"This asks for {limit} records, not a computed number, and record search is not available.")
    if draft.which and draft.group_by and order is None:
        raise Abstain("I can rank groups ('which X has the highest Y') but not select groups by a condition.")
    op, order = _implied_op(draft, lex, table, predicates, column, order)
    check_text_magnitude(draft, reading, lex, table, op, column)
    _not_counted_by_similarity(draft, op, column)
    check_total_of_unit_price(op, column, next((c.text for c in draft.columns if c.column == column), None), lex)
    op, column = _counted_column(draft, lex, table, predicates, reading, op, column)
    if op != "count" and column is None:
        raise Abstain(f"I could not tell which column to take the {op} of "
                      f"(numeric columns: {', '.join(lex.numeric_columns) or 'none'}).")
    if order and not draft.group_by:
        raise Abstain(f"'{'highest' if order == 'desc' else 'lowest'}' needs something to rank "
                      "(e.g. 'which category has the highest ...').")
    if draft.group_by and order is None:
        order = "desc"
    if op in ("count", "count_distinct") and order and len(draft.group_by) == 1 and one_row_each(table, draft.group_by[0]):
        raise Abstain(f"Each {draft.group_by[0]} is one row, so counting rows per {draft.group_by[0]} ranks nothing "
                      "(all tie at 1); say which column to rank by.")
    if draft.which and draft.group_by and limit is None:
        limit = 1
    return AggregateArgs(op=Agg(op), column=column, where=predicates, group_by=draft.group_by,
                         order=order, limit=limit)


def _implied_op(draft: Draft, lex: Lexicon, table: Table, predicates: list[Predicate], column: str | None,
                order: str | None) -> tuple[str, str | None]:
    """(operation, order): the draft's operation word, else the one its words imply ('the highest
    price' is MAX, 'which category has the most' a count per group, a grouped measure its total).
    Raises Abstain when no word says what to compute."""
    op = draft.op
    if draft.magnitude:
        op = op or ("max" if order == "desc" else "min")
    if op is not None:
        return op, order
    if order and column and not draft.group_by and column in lex.numeric_columns:
        return ("max" if order == "desc" else "min"), None
    if draft.group_by or draft.measure_used:
        # one row per group ('which name has the highest price', a name a row): per_row ranks the rows
        if draft.group_by and order and column in lex.numeric_columns and per_row_quantity(column, table) \
                and not (len(draft.group_by) == 1 and one_per_row(table, draft.group_by[0])):
            raise Abstain(f"{column} is a per-row quantity (a price, rate, score or percentage): rank the "
                          f"groups by its average, its total or its highest value? Say which.")
        return ("sum" if column in lex.numeric_columns else "count"), order
    if order or (predicates and column is None):
        _not_asked_to_name(draft)
        return "count", order
    if named_total(draft, lex, column):
        draft.notes.append(f"read 'total' as the sum of {column} (the column the word names)")
        return "sum", order
    raise Abstain("I could not tell what to compute (a total, count, average...?).")


def _counted_column(draft: Draft, lex: Lexicon, table: Table, predicates: list[Predicate], reading: Reading,
                    op: str, column: str | None) -> tuple[str, str | None]:
    """(operation, column) of a count: 'how many merchants' counts distinct merchants, 'how many
    pages' of a numeric column sums it, a bare count counts rows, 'how many different products'
    the entity's id. Raises Abstain for a count that would be 1 by construction or ambiguous."""
    key = one_row_key(predicates, table) or named_row_key(predicates, reading, table)
    if op in ("count", "count_distinct") and column is not None and table.roles[column] in TEXT_ROLES and key:
        raise Abstain(f"{key} names one row, so counting its {column} gives 1 by construction; "
                      f"the number asked for may be written inside {column}.")
    if op in ("count", "count_distinct") and column is not None and draft.counts_entity:
        raise Abstain(f"'{draft.counts_entity}' are the rows, one each, but {column} is named with no value to "
                      f"test; say which value of {column} counts.")
    if op == "count" and column is not None and table.roles[column] in TEXT_ROLES:
        if table.roles[column] is not ColumnRole.identifier and holds_numbers(table, column):  # 'how many riders on the Surf's Up' with Riders '20', 'Unknown'
            raise Abstain(f"{column} holds numbers written as text, so 'how many' of it may ask for the number "
                          f"written in {column} or for how many different values it has; say which.")
        if (rows := rows_counted(reading)) is not None:  # 'how many rows/loans': never distinct values
            raise Abstain(f"'how many {rows}' counts rows, but {column} is named with no test on it; say what {column} "
                          f"must be (e.g. 'not blank'), or ask 'how many different {column}'.")
        op = "count_distinct"  # "how many merchants" counts distinct merchants, not rows
    elif op == "count" and column in lex.numeric_columns and any(c.column == column for c in draft.columns):
        if not _unit_after(reading, column):  # 'how many total medals': the unit says the column Total
            not_named_by_op_word(draft, column)
        if not key and counts_years(reading, column, table):  # calendar years: their different values
            draft.notes.append(f"read 'how many years' as the number of different {column} values")
            return "count_distinct", column
        if column in lex.small_ints and not key and not _sum_word_before(reading, column):
            # 'how many games' of GP: a total of games, or distinct values? ('how many total gold': the total)
            raise Abstain(f"'how many' of {column} could be its total or its distinct values; say 'total' or 'distinct'.")
        if (rows := rows_counted(reading)) is not None:  # 'how many rows shipped more than 10 units'
            raise Abstain(f"'how many {rows}' counts rows, but {column} is named with no test on it; say what "
                          f"{column} must be, or ask for the total {column}.")
        if any(a.lower == "many" and b.lower == "times" for a, b in zip(reading.tokens, reading.tokens[1:])):
            raise Abstain(f"'how many times' counts occurrences, not the total of {column}; say which rows count "
                          f"(e.g. '{column} above 0').")  # trial 12: 'how many times did it rain' summed rainfall
        op = "sum"  # 'how many pages does Sapiens have': the pages, summed over the matching rows
        draft.notes.append(f"read 'how many {column}' as the total of {column}")
    elif op == "count" and not draft.columns:
        column = None
    if op == "count_distinct" and column is None:  # 'how many different products': the entity's one id
        column = entity_id(reading, table, draft.notes)
    return op, column


def _not_asked_to_name(draft: Draft) -> None:
    """Raises Abstain when a question that tells me to name or list something ('name one nation
    that ...', 'list the players who ...') would be answered with a count of the rows no word asked for."""
    if draft.names_rows:
        raise Abstain("it asks to name or list rows, not for a number; ask 'which <column> ...' or "
                      "'how many ...' instead.")


def _not_counted_by_similarity(draft: Draft, op: str | None, column: str | None) -> None:
    """Raises Abstain when a count would count a column linked only by embedding similarity ('how
    many runs' read as runner at 0.78): whether the noun is the rows or a column's distinct values
    is what the answer means, and similarity cannot tell."""
    if op not in ("count", "count_distinct") or column is None:
        return
    similar = next((c for c in draft.columns if c.column == column and c.similar), None)
    if similar is not None:
        raise Abstain(f"'{similar.text}' is only similar to the column {column}, so I cannot tell whether to count "
                      f"rows or distinct {column} values; say 'how many rows' or 'how many distinct {column}'.")


def _ratio(draft: Draft, reading: Reading, lex: Lexicon, table: Table) -> RatioArgs:
    read_value_heads(draft, reading, lex, table)  # 'what share of loans were Mystery books': rows
    where, base = split_share(draft, reading, lex)
    order = draft.order or ("desc" if draft.group_by else None)
    limit = draft.limit if draft.limit is not None else (1 if draft.which and draft.group_by and draft.order else None)
    grouping = {"group_by": draft.group_by, "order": order if draft.group_by else None,
                "limit": limit if draft.group_by else None}
    if draft.order and not draft.group_by:
        raise Abstain("'highest'/'lowest' of a percentage needs groups to rank (e.g. 'which state has ...').")
    named = list({c.column: c for c in reversed(draft.columns) if not c.used}.values())[::-1]  # one per column
    if len(named) == 2:
        num, den = _two_columns(named, reading, draft)
        if where + base and _says_total(den, reading):
            raise Abstain(f"'total {den.column}' with a condition could mean {den.column} over every row or over the "
                          "matching rows only; without 'total' the condition holds for both columns; or ask for each total.")
        # a condition of a two-column ratio ('for Gamma') holds for both columns: all of it is the base
        return RatioArgs(base=where + base, column=num.column, denominator_column=den.column, **grouping)
    if len(named) > 2:
        raise Abstain("The question names more than two columns for one percentage.")
    column = named[0].column if named else (
        measure_column(draft, lex) if draft.measure_used and not draft.measure_consumed else None)
    if not where:
        raise Abstain("I could not tell which condition the percentage is about.")
    rate = next((i.text for i in reading.of("ratio") if i.text.lower() in ("rate", "rates")), None)
    if rate and column is not None and column not in lex.flag_values:
        # 'the conversion rate for /pricing' is conversions per visit, not /pricing's share of all conversions
        raise Abstain(f"'{rate}' of {column} needs what it is per (per visit, per order...): name that column, "
                      f"or ask for the share of total {column}.")
    return RatioArgs(where=where, base=base, column=column, **grouping)


def _two_columns(named: list[Item], reading: Reading, draft: Draft) -> tuple[Item, Item]:
    """(numerator, denominator) of a ratio of two columns: 'ratio of cost to revenue' and 'cost to
    revenue ratio' and 'the share of cost in revenue' are cost / revenue (the column before 'to',
    or the one after 'in', is the numerator / denominator); 'percentage of users crashed' takes the
    column right after 'of' as the population (the denominator)."""
    first, second = sorted(named, key=lambda c: c.pos)
    link = reading.at(first.pos + len(first.text.split()))
    within = next((t.lower for t in reversed(reading.tokens[first.pos + 1:second.pos])
                   if t.lower not in ("the", "its", "their", "total", "all")), "")
    if (link is not None and link.text.lower() in ("to", "vs", "versus", "over", "per")) or within in ("in", "within"):
        draft.notes.append(f"read the ratio of {first.column} to {second.column} as {first.column} / {second.column}")
        return first, second
    of_pos = next((i.pos for i in reading.items if i.text.lower() == "of"), None)
    return (second, first) if of_pos is not None and first.pos > of_pos else (first, second)


def _sum_word_before(reading: Reading, column: str) -> bool:
    """True when an operation word read as 'sum' stands right before a word naming `column`
    ('how many total gold medals': router/total_of.py)."""
    return any(i.column == column and (b := reading.at(i.pos - 1)) is not None and b.kind == "op"
               and b.meanings[0].value == "sum" for i in reading.of("column"))


def _says_total(column: Item, reading: Reading) -> bool:
    """True when 'total' or 'all' comes right before the column ('of total revenue')."""
    before = [t.lower for t in reading.tokens[max(0, column.pos - 2):column.pos]]
    return bool({"total", "all", "overall"} & set(before))


def _unit_after(reading: Reading, column: str) -> bool:
    """True when a word naming `column` is followed by the unit noun its cells count ('total
    medals' where Total = Gold + Silver + Bronze, router/units.py): 'total' then names the column,
    whichever way the count words read it."""
    for item in reading.of("column"):
        unit = reading.at(item.pos + len(item.text.split()))
        if item.column == column and unit is not None and unit.kind == "stop" and unit.meanings \
                and unit.meanings[0].value == "unit":
            return True
    return False
