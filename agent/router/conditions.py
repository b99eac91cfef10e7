"""Second pass, conditions: values ('state is TX'), yes/no flags, comparisons with a number or
a date ('over 50 years old', 'between 50 and 200') and bare numbers become predicates on one column,
or Abstain naming the words."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.calendar import is_year
from agent.router.dates import column_date, date_column, month_day_comparison, month_year_comparison
from agent.router.draft import Abstain, Draft
from agent.router.ranges import RANGE_WORDS, iso_range, ranged
from agent.router.spellings import directed, flag_condition, same_answer, several_spellings, truth_spellings
from agent.router.implied import implied_subject
from agent.router.item_conditions import after_held, held_condition
from agent.router.contains import CONTAINS_WORDS, contains_predicate, said_before
from agent.router.lexicon import Lexicon, Meaning
from agent.router.compared_numbers import column_number, fraction_share, not_a_year_column, year_range
from agent.router.money import looks_like_money, money_columns, money_subject
from agent.router.reading import Evidence, Item, Reading
from agent.router.subjects import counts_rows, dimension_column, unit_column
from agent.router.units import header_unit
from agent.router.wording import multiple_reason
from agent.table import ColumnRole, Table


_GROUPABLE = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text, ColumnRole.date)


_LINKS = {"of", "is", "=", "named", "called", "the", "equal", "equals"}


def value_condition(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    if item.held_item is not None:  # an item of cells listing several (router/held_items.py)
        held_condition(item, reading, draft)
        return
    columns = {m.column for m in item.meanings}
    if len(columns) > 1:
        mentioned = [c.column for c in reading.of("column") if c.column in columns] or directed(item, reading, columns)
        if len(mentioned) != 1:
            spelled = all(str(m.value).lower() == item.text.lower() for m in item.meanings)  # else name each reading
            named = sorted(columns) if spelled else sorted({f"{m.column} = '{m.value}'" for m in item.meanings})
            raise Abstain(f"'{item.text}' is a value of several columns ({', '.join(named)}); name the column.")
        item.meanings = [m for m in item.meanings if m.column == mentioned[0]]
    meaning = item.meanings[0]
    spellings = list(dict.fromkeys(m.value for m in item.meanings if m.kind == "value"))
    if spellings and (answer := truth_spellings(spellings, table, meaning.column)) is not None:
        same_answer(item, meaning.column, answer, reading, draft)
        _join_spelled(item, reading, draft, lex, table)
        return
    if len(spellings) > 1:
        several_spellings(item, meaning.column, spellings, reading, draft)
        _join_spelled(item, reading, draft, lex, table)
        return
    prev = reading.before(item)
    linked = prev is not None and all(i.text.lower() in _LINKS for i in reading.items if prev.pos < i.pos < item.pos)
    if meaning.kind == "value" and prev is not None and prev.kind == "column" and prev.column != meaning.column \
            and table.roles[prev.column] in _GROUPABLE and prev.column not in draft.group_by and linked:
        raise Abstain(f"'{item.text}' is not a value of {prev.column} (it matches {meaning.column} = "
                      f"'{meaning.value}').")
    for mention in draft.columns:  # "state is TX": the column only names where the value lives
        if mention.column == meaning.column:
            mention.used = True
    draft.columns = [c for c in draft.columns if not c.used]
    negated = prev is not None and prev.kind == "negation"
    if meaning.kind == "flag":
        _flag(item, meaning, negated, reading, draft, lex)
        return
    if item.text.casefold() != str(meaning.value).casefold() and item.evidence is not Evidence.wordnet \
            and not (item.number is not None and item.number == meaning.value):  # noted where it was read
        draft.notes.append(f"read '{item.text}' as {meaning.column} = '{meaning.value}'")
    if said_before(item, reading) in CONTAINS_WORDS and \
            (contained := contains_predicate(item, meaning, negated)) is not None:
        draft.notes.append(f"read '{said_before(item, reading)} {item.text}' as {meaning.column} contains "
                           f"'{contained.value}'")
        draft.predicates.append((item.pos, contained))
        return
    after_held(item, reading, draft, meaning.column)  # 'rick long or jim bean': either; 'and' is refused
    same = [(at, p) for at, p in draft.predicates if p.column == meaning.column]
    if same and not negated and meaning.column in table.lists and _joined_by_and(same[-1][0], item, reading):
        # 'tagged airport and night' on a list column: a cell holds both items (one condition each)
        draft.predicates.append((item.pos, Predicate(column=meaning.column, op=Op.eq, value=meaning.value)))
        return
    if same and ranged(same[-1][0], item, reading):  # 'from 2025-01 to 2025-03': the months between too
        if iso_range(same[-1], meaning.value, item, reading, draft, table):
            return
        raise Abstain(f"'{reading.tokens[same[-1][0]].text} ... {item.text}' asks for a range of {meaning.column}, "
                      f"whose values are text: I cannot tell which lie between; name each value (A, B or C).")
    if same and not negated and _unjoined(same[-1][0], item, reading):
        first = reading.tokens[same[-1][0]].text
        raise Abstain(f"'{first}' and '{item.text}' both name {meaning.column}, but no 'or'/'and' joins them: the "
                      f"question may relate two rows ('... on the day {item.text} had ...'), which I cannot compute; "
                      "ask about each.")  # trial 12: 'Leeds on the day Oslo had its lowest' was IN (Leeds, Oslo)
    same = [p for _, p in same]
    if same and not negated and same[-1].op in (Op.eq, Op.in_, Op.ne, Op.not_in):
        if widen(same[-1], meaning.value):  # "grocery_pos or travel" -> IN; "not CA or TX" -> NOT IN
            _both_flag_values(item, same[-1], lex)
        return
    draft.predicates.append((item.pos, Predicate(column=meaning.column, op=Op.ne if negated else Op.eq,
                                                 value=meaning.value)))


JOINERS = frozenset({"or", "and", ",", "/", "&", "nor", "either", "neither", "both", "vs", "versus", "plus", "+",
                     "well", "than", "and/or"})
"""Words that join two values of one column into either value ('CA or TX', 'Leeds and York')."""


def _unjoined(at: int, item: Item, reading: Reading) -> bool:
    """True when words stand between the value at token `at` and `item` and none joins them
    (JOINERS): 'Leeds on the day Oslo had ...' relates two rows; 'Leeds, Oslo' (the tokenizer drops
    the comma: nothing between) and 'Leeds or Oslo' are either value."""
    first = reading.at(at)
    start = at + (len(first.text.split()) if first is not None else 1)
    between = {t.lower for t in reading.tokens[start:item.pos]}
    return bool(between) and not between & (JOINERS | RANGE_WORDS)  # 'from Alpha to Beta': a range or two periods


def widen(last: Predicate, value: object) -> bool:
    """`last` (= / in, != / not in) made to hold `value` too (IN / NOT IN); False if it did ('said twice')."""
    if value in (last.values or [last.value]):
        return False
    last.values = [*(last.values or [last.value]), value]
    last.op, last.value = (Op.in_ if last.op in (Op.eq, Op.in_) else Op.not_in), None
    return True


def _join_spelled(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """The condition just appended for `item` (a word naming several spellings: 'dermatology' for
    'Dermatology', 'DERMATOLOGY') merged into the earlier condition on the same column when a joiner
    stands between them ('dermatology and orthopedics', 'or'): a row holds one value, so either
    value is meant (IN), as for a word of one spelling; left as it is otherwise."""
    _, last = draft.predicates[-1]
    same = [(at, p) for at, p in draft.predicates[:-1] if p.column == last.column]
    if not same or last.op is not Op.in_ or last.column in table.lists:
        return
    at, first = same[-1]
    if first.op not in (Op.eq, Op.in_, Op.ne, Op.not_in) or _unjoined(at, item, reading) or ranged(at, item, reading):
        return
    draft.predicates.pop()
    for value in last.values or ():
        widen(first, value)
    _both_flag_values(item, first, lex)
    said = reading.at(at).text if reading.at(at) is not None else reading.tokens[at].text
    draft.notes.append(f"read '{said} ... {item.text}' as {first.column} is either value "
                       "(a row holds one)")


def _joined_by_and(at: int, item: Item, reading: Reading) -> bool:
    """True when the words between token `at` and `item` hold 'and' and no 'or'."""
    between = {t.lower for t in reading.tokens[at + 1:item.pos]}
    return "and" in between and "or" not in between


def _both_flag_values(item: Item, merged: Predicate, lex: Lexicon) -> None:
    """Raises Abstain when a condition on a yes/no column now holds both of its values: the column's
    name read as its true value and the other value said too ('Bezahlt ... nein') keep every row."""
    pair = lex.flag_values.get(merged.column)
    if pair is not None and {str(v).casefold() for v in pair} <= {str(v).casefold() for v in merged.values or ()}:
        raise Abstain(f"'{item.text}' and the yes/no column {merged.column} read as '{pair[0]}' together keep every "
                      f"row; say '{merged.column} is {pair[0]}' or '{merged.column} is {pair[1]}'.")


def _flag(item: Item, meaning: Meaning, negated: bool, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    """A yes/no column as a condition: its true value, the false one when negated ('not active',
    'inactive', 'non-member'), or the value said after it ('active is no', 'paid = 0'). A flag
    linked by embedding similarity alone abstains: similarity cannot tell a word from its opposite."""
    positive, negative = lex.flag_values.get(meaning.column, (1.0, 0.0))
    said = _said_value(item, reading, (positive, negative))
    if said is None and item.similar:
        raise Abstain(f"I linked '{item.text}' to the yes/no column {meaning.column} by similarity, which cannot "
                      f"tell a word from its opposite; say '{meaning.column} is yes' or '{meaning.column} is no'.")
    truth = (True if said is None else said) ^ negated ^ (meaning.value == "negated")
    value = positive if truth else negative
    flag_condition(item, meaning.column, truth, value, lex, draft)  # 'remote': every spelling of yes


def _said_value(item: Item, reading: Reading, values: tuple[object, object]) -> bool | None:
    """True/False when a yes/no value follows a flag's name ('active is no', 'member = N', 'verified
    false', 'paid is not 1', or one of the column's own two `values`: 'Bezahlt is nein'), marking
    those words read; None when none does."""
    pos, flip, read_ = item.pos + len(item.text.split()), False, []
    true = V.FLAG_TRUE | {str(values[0]).casefold()}
    false = V.FLAG_FALSE | {str(values[1]).casefold()}
    while (nxt := reading.at(pos)) is not None:
        word = f"{nxt.number:g}" if nxt.kind == "number" else nxt.text.casefold()
        if word in true or word in false:
            for said in (*read_, nxt):
                said.kind, said.used = "stop", True
            return (word in true) != flip
        if word == "not" and not flip:
            flip = True
        elif word not in V.FLAG_LINKS:
            return None
        read_.append(nxt)
        pos += len(nxt.text.split())
    return None


def _aggregated(column: Item, reading: Reading) -> bool:
    """True when an operation word stands right before `column` ('the sum of Total', 'average
    price'; 'of'/'the' between): the column is what is computed, even when a comparison tests it too."""
    before = reading.before(column)  # past stop words: 'of', 'the'
    return before is not None and before.kind == "op" and before.pos >= column.pos - 3


def _subject(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table, currency: bool) -> str:
    """The numeric column a comparison applies to: the quantity of a unit after the number ('over 50
    years old': Age), else the nearest column named before it (unless the comparison names another
    quantity: 'income of employees older than 40' compares Age), else the
    column right after the number, else the one column of the quantity the comparison names, else
    the measure column when money or a measure word is involved."""
    number = reading.after(item)
    try:
        aged = unit_column(number, reading, lex) if number is not None and number.kind == "number" else None
    except ValueError as exc:
        raise Abstain(f"{exc}; name the column.") from None
    if aged is not None:  # 'over 50 years old' compares Age, whatever column came before
        return aged
    dimension = dimension_column(item, lex)
    quantity = item.text.lower() in V.DIMENSIONS  # 'older than' compares an age, never 'amt'
    earlier = [c for c in reading.of("column") if c.pos < item.pos and c.column in lex.numeric_columns
               and (dimension == c.column if quantity else True)]
    if earlier and currency and not looks_like_money(earlier[-1].column) and earlier[-1].column not in lex.money_cells:
        # 'total stock of products under £20' (a column of '$1.25' cells is money: 'late fee above $5')
        return money_subject(earlier[-1].column, number.text if number is not None else item.text, lex, draft)
    if earlier:
        if not _aggregated(earlier[-1], reading):  # 'the sum of Total for invoices over $1,000': Total both
            earlier[-1].used = True
            draft.columns = [c for c in draft.columns if c is not earlier[-1]]
        return earlier[-1].column
    unit = reading.after(number) if number is not None else None
    named = reading.after(unit) if unit is not None and unit.kind == "op" and reading.row_scope else None
    if named is not None and unit.meanings[0].value == "sum" and named.kind == "column":
        unit.used, unit = True, named  # 'exactly 1000 total points in a given season': a row's total
    if unit is not None and unit.kind == "column" and unit.column in lex.numeric_columns and not unit.used:
        unit.used = True  # 'more than 500 assists': the column follows the number
        draft.columns = [c for c in draft.columns if c is not unit]
        return unit.column
    if dimension is not None:
        draft.notes.append(f"read '{item.text}' as a comparison of {dimension}")
        return dimension
    if currency and not lex.measure and len(money := money_columns(lex)) == 1:
        draft.notes.append(f"read '{number.text}' as {money[0]} (the one money column)")  # 'cost more than $100': Fee ($)
        draft.measure_consumed = draft.measure_consumed or bool(reading.of("measure"))
        return money[0]
    if (currency or draft.measure_used or reading.of("measure")) and lex.measure:
        draft.measure_consumed = draft.measure_consumed or bool(reading.of("measure"))
        return lex.measure
    implied = implied_subject(item, reading, draft.notes, lex, table)
    if implied is not None:
        return implied
    raise Abstain(f"I could not tell which column '{item.text}' applies to "
                  f"(numeric columns: {', '.join(lex.numeric_columns)}).")


def _second(item: Item, reading: Reading, kind: str) -> Item:
    upper = reading.after(item)
    if upper is None or upper.kind != kind:
        raise Abstain(f"'between {item.text}' needs a second {kind} ('between 50 and 200').")
    upper.used = True
    return upper


def comparison(item: Item, op: str, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "month" and op in (">", ">=", "<", "<=", "between") and lex.date_columns \
            and month_day_comparison(item, nxt, op, reading, draft, lex, table):
        return
    if op == "between" and nxt is not None and nxt.kind == "column" and reading.of("stat"):
        item.meanings, item.kind = [Meaning("stop")], "stop"  # 'the correlation between kwh and cost': the two columns
        return
    if item.text.lower() in V.RANGE_ENDS and any(t.lower == "from" for t in reading.tokens[:item.pos]):
        item.meanings, item.kind = [Meaning("stop")], "stop"  # 'from 2 until 4': a range's end (router/ranges.py)
        return
    if nxt is not None and nxt.kind == "month" and lex.date_columns and month_year_comparison(item, nxt, op, reading, draft, lex):
        return
    if nxt is None or nxt.kind not in ("number", "date"):
        raise Abstain(f"'{item.text}' is not followed by a number or date.")
    nxt.used = True
    if nxt.kind == "number":
        if reason := multiple_reason(item, nxt, reading):
            raise Abstain(reason)
    if nxt.kind == "date":
        column = date_column(item, reading, lex)
        upper = column_date(_second(nxt, reading, "date"), column, lex, draft) if op == "between" else None
        value = column_date(nxt, column, lex, draft)
        draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=value, upper=upper)))
        return
    if op in (">", ">=", "<", "<=") and item.text.lower() in ("after", "before", "since") and lex.date_columns \
            and is_year(nxt.number):
        column = date_column(item, reading, lex)
        draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=str(int(nxt.number)))))
        return
    if op == "between" and (years := year_range(nxt, reading, lex)) is not None:  # 'joined between 2021 and 2022'
        column, low, high = years
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=low, upper=high)))
        return
    if counts_rows(item, nxt, reading, lex):
        draft.row_count = (op, nxt.number)
        return
    after = reading.after(nxt)
    currency = nxt.currency or (op == "between" and after is not None and after.currency)
    column = _subject(item, reading, draft, lex, table, currency)
    not_a_year_column(item, nxt, column, table)  # 'the total of articles after 1975' is not Articles > 1975
    if op == "between":
        second = _second(nxt, reading, "number")
        low, high = sorted((column_number(nxt, column, draft, lex), column_number(second, column, draft, lex)))
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=low, upper=high)))
        return
    value = column_number(nxt, column, draft, lex)
    header_unit(after, column, draft)  # 'a weight over 20 kg': 'kg' is Weight (kg)'s unit
    draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=fraction_share(nxt, value, column, draft, lex))))
