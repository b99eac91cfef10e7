"""Second pass of the router's parser: a Reading becomes a typed plan, or an abstention that
names the part of the question it could not map. It never guesses."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.plan import AggregateArgs, Agg, Op, Predicate, RatioArgs
from agent.policies import vocabulary as V
from agent.policies.lexicon import Lexicon
from agent.policies.reading import Item, Reading
from agent.table import ColumnRole, Table

_VERBS = {"are", "were", "is", "was", "has", "have", "had", "that", "who", "which"}
_GROUPABLE = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text, ColumnRole.date)


class Abstain(Exception):
    """The parser cannot map part of the question; `reason` names that part."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


@dataclass
class Draft:
    """What the parser has understood so far."""

    op: str | None = None
    ratio: bool = False
    order: str | None = None
    limit: int | None = None
    which: bool = False
    group_by: list[str] = field(default_factory=list)
    columns: list[Item] = field(default_factory=list)
    predicates: list[tuple[int, Predicate]] = field(default_factory=list)
    time_lookup: tuple[str, str] | None = None
    measure_used: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def asks(self) -> bool:
        """True when the question asks for something itself (not only adds conditions)."""
        return bool(self.op or self.ratio or self.order or self.group_by or self.columns
                    or self.measure_used or self.time_lookup)


def build_draft(reading: Reading, lex: Lexicon, table: Table) -> Draft:
    """Interpret the items of `reading`. Raises Abstain naming what it could not map."""
    if reading.unmatched:
        parts = ", ".join(repr(u) for u in reading.unmatched)
        raise Abstain(f"I could not match {parts} to a column or value of {table.name}.")
    draft = Draft()
    for item in reading.items:
        _word(item, reading, draft, lex, table)
    for item in reading.of("number"):
        if not item.used:
            _bare_number(item, reading, draft, lex, table)
    return draft


def _word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    kind, meaning = item.kind, (item.meanings[0] if item.meanings else None)
    if kind == "op":
        draft.op = "count_distinct" if draft.op == "count" and meaning.value == "count_distinct" else (
            draft.op if draft.op == "count_distinct" else draft.op or meaning.value)
    elif kind == "ratio":
        draft.ratio = True
    elif kind == "order":
        draft.order = draft.order or meaning.value
        nxt = reading.after(item)
        if nxt is not None and nxt.kind == "number" and item.text.lower() in ("top", "bottom"):
            draft.limit, nxt.used = int(nxt.number), True
    elif kind == "time":
        _time_word(item, meaning.value, reading, draft, lex, table)
    elif kind == "measure":
        draft.measure_used = True
    elif kind == "column":
        _column(item, reading, draft, table)
    elif kind in ("value", "flag"):
        _value(item, reading, draft)
    elif kind == "comparison":
        _comparison(item, meaning.value, reading, draft, lex)
    elif kind == "date" and not item.used:
        _date(item, reading, draft, lex)
    elif kind == "month":
        _month(item, reading, draft, lex, table)


def _column(item: Item, reading: Reading, draft: Draft, table: Table) -> None:
    if item.used:
        return
    column = item.column
    prev = reading.before(item)
    groupable = table.roles[column] in _GROUPABLE
    if groupable and prev is not None and prev.kind in ("group", "which", "order"):
        draft.which = draft.which or prev.kind == "which"
        draft.group_by.append(column)
    elif groupable and prev is not None and prev.kind == "number" and prev.used:
        draft.group_by.append(column)  # "top 5 regions"
    elif table.roles[column] is ColumnRole.date:
        return
    else:
        draft.columns.append(item)


def _value(item: Item, reading: Reading, draft: Draft) -> None:
    columns = {m.column for m in item.meanings}
    if len(columns) > 1:
        mentioned = [c.column for c in reading.of("column") if c.column in columns]
        if len(mentioned) != 1:
            raise Abstain(f"'{item.text}' is a value of several columns ({', '.join(sorted(columns))}); "
                          "name the column.")
        item.meanings = [m for m in item.meanings if m.column == mentioned[0]]
    meaning = item.meanings[0]
    prev = reading.before(item)
    negated = prev is not None and prev.kind == "negation"
    if meaning.kind == "flag":
        predicate = Predicate(column=meaning.column, op=Op.eq, value=0.0 if negated else 1.0)
        draft.notes.append(f"read '{item.text}' as {meaning.column} = {0 if negated else 1}")
    else:
        same = [p for _, p in draft.predicates if p.column == meaning.column and p.op in (Op.eq, Op.in_)]
        if same and not negated:
            first = same[0]
            first.values = [*(first.values or [first.value]), meaning.value]
            first.op, first.value = Op.in_, None
            return
        predicate = Predicate(column=meaning.column, op=Op.ne if negated else Op.eq, value=meaning.value)
        if item.text.casefold() != str(meaning.value).casefold():
            draft.notes.append(f"read '{item.text}' as {meaning.column} = '{meaning.value}'")
    draft.predicates.append((item.pos, predicate))


def _subject(item: Item, reading: Reading, draft: Draft, lex: Lexicon, currency: bool) -> str:
    """The numeric column a comparison applies to: the nearest column mentioned before it, else the
    measure column when money or a measure word is involved."""
    earlier = [c for c in reading.of("column") if c.pos < item.pos and c.column in lex.numeric_columns]
    if earlier:
        earlier[-1].used = True
        draft.columns = [c for c in draft.columns if c is not earlier[-1]]
        return earlier[-1].column
    if (currency or draft.measure_used or any(i.kind == "measure" for i in reading.items)) and lex.measure:
        return lex.measure
    raise Abstain(f"I could not tell which column '{item.text}' applies to "
                  f"(numeric columns: {', '.join(lex.numeric_columns)}).")


def _comparison(item: Item, op: str, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    nxt = reading.after(item)
    if nxt is None or nxt.kind not in ("number", "date"):
        raise Abstain(f"'{item.text}' is not followed by a number or date.")
    nxt.used = True
    if nxt.kind == "date":
        column = _date_column(item, reading, lex)
        if op == "between":
            upper = reading.after(nxt)
            if upper is None or upper.kind != "date":
                raise Abstain(f"'between {nxt.text}' needs a second date.")
            upper.used = True
            draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=nxt.date, upper=upper.date)))
            return
        draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=nxt.date)))
        return
    column = _subject(item, reading, draft, lex, nxt.currency)
    if op == "between":
        upper = reading.after(nxt)
        if upper is None or upper.kind != "number":
            raise Abstain(f"'between {nxt.text}' needs a second number ('between 50 and 200').")
        upper.used = True
        low, high = sorted((nxt.number, upper.number))
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=low, upper=high)))
        return
    draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=nxt.number)))


def _date_column(item: Item, reading: Reading, lex: Lexicon) -> str:
    mentioned = [c.column for c in reading.of("column") if c.column in lex.date_columns]
    candidates = mentioned or lex.date_columns
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise Abstain(f"'{item.text}' is a date, but {reading and 'the table'} has no date column.")
    # Several date columns: the one with the most distinct values is the event time.
    return lex.date_columns[0]


def _date(item: Item, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    item.used = True
    column = _date_column(item, reading, lex)
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=item.date)))


def _month(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    column = _date_column(item, reading, lex)
    month = int(item.meanings[0].value)
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "number" and 1900 <= (nxt.number or 0) <= 2100:
        nxt.used = True
        years = [int(nxt.number)]
    else:
        dates = table.df[column].dropna()
        years = sorted({int(y) for y in dates[dates.dt.month == month].dt.year.unique()})
    if len(years) != 1:
        raise Abstain(f"'{item.text}' spans several years in {column} ({', '.join(map(str, years))}); name the year.")
    value = f"{years[0]:04d}-{month:02d}"
    draft.notes.append(f"read '{item.text}' as {column} in {value}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))


def _time_word(item: Item, which: str, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "column" and nxt.column not in lex.date_columns:
        if not lex.date_columns:
            raise Abstain(f"'{item.text} {nxt.text}' needs a date column; the table has none.")
        nxt.used = True
        draft.time_lookup = (which, nxt.column)
        return
    if nxt is not None and nxt.kind == "column":
        nxt.used = True
        column = nxt.column
    else:
        column = _date_column(item, reading, lex)
        if nxt is not None and nxt.kind == "row":
            nxt.used = True
    op = Op.latest if which == "latest" else Op.earliest
    draft.predicates.append((item.pos, Predicate(column=column, op=op)))


def _bare_number(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    prev = reading.before(item)
    if lex.date_columns and 1900 <= item.number <= 2100 and float(item.number).is_integer() and (
            prev is None or prev.kind != "column"):
        column = _date_column(item, reading, lex)
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=str(int(item.number)))))
        return
    if prev is not None and prev.kind == "column" and prev.column in lex.numeric_columns:
        prev.used = True
        draft.columns = [c for c in draft.columns if c is not prev]
        column = prev.column
    else:
        holders = [c for c in lex.numeric_columns if (table.df[c] == item.number).any()]
        if len(holders) != 1:
            where = f"in {', '.join(holders)}" if holders else "in no numeric column"
            raise Abstain(f"I could not tell which column {item.text} refers to (it occurs {where}).")
        column = holders[0]
        draft.notes.append(f"read {item.text} as {column} = {item.text}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=item.number)))
