"""Row nouns after a value: 'how many attended the june 22 game?', 'the number of attendees for
the september 19 game', 'the score of the oklahoma match'. A singular noun right after 'the
<value>' that names no column or value of the table is the table's own entity (a game, a match, a
race): with the value it names the one row the value picks, as 'the June 22 row' would; after 'the
first'/'the last' it is the first/last row ('the result of the first game on this chart'). The noun
decides no rows and no computation: the value's condition picks the row, on its own words.

Precision guards (each leaves the word unread, so the verifier names it, or refuses):
- only a word the earlier stages left unread, singular, not a quantity noun ('the 2008 score',
  'the june 22 points' ask a value), right after a value item of a text column that 'the' opens;
- the next word is the end, a mark or a function word ('the oklahoma game on 11/29/1985'), never
  another content word ('the june 22 game attendance' leaves 'game' to the other stages);
- the plan is refused unless the value picks exactly one row (`check_value_rows`): 'the oklahoma
  game' where Oklahoma was played twice names no single game."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router.draft import Abstain
from agent.router.lexicon_data import Meaning
from agent.router.periods import names_a_period
from agent.router.reading import Item, Reading
from agent.router.row_nouns import QUANTITY_NOUNS, plural
from agent.router.tokens import Token
from agent.router import vocabulary as V
from agent.table import Table

NAMED_ROW = "named"
"""The `Meaning.value` of a row item read here (the row a value names)."""
_ENDS = frozenset({"first", "last"})
_SINGULAR_QUANTITIES = frozenset(w[:-1] for w in QUANTITY_NOUNS if w.endswith("s")) | {"score", "result", "total"}


def read_value_rows(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """`rest` (unread token positions) without the row nouns after 'the <value>', each now a row
    item of `reading` (Meaning('row', value=NAMED_ROW)) and noted."""
    kept = []
    for pos in rest:
        value = _value_before(tokens, pos, reading) or _end_before(tokens, pos, reading)
        if value is None and _value_after(tokens, pos, reading) is not None and _noun(tokens, pos, closing=False):
            value = _value_after(tokens, pos, reading)
        elif value is None or not _noun(tokens, pos):
            kept.append(pos)
            continue
        reading.items.append(Item(tokens[pos].text, pos, [Meaning("row", value=NAMED_ROW)]))
        picks = f"{value.column} = {value.meanings[0].value!r}" if value.kind == "value" else f"is {value.text}"
        reading.notes.append(f"read '{tokens[pos].text}' beside '{value.text}' as the row that {picks} (the "
                             "noun names no column or value)")
    reading.items.sort(key=lambda it: it.pos)
    return kept


def _value_before(tokens: list[Token], pos: int, reading: Reading) -> Item | None:
    """The value item (a text column's cell) ending right before `pos` and opened by 'the', or None."""
    for item in reading.items:
        end = item.pos + max(1, len(item.text.split())) - 1
        if end != pos - 1 or item.kind != "value" or len(item.meanings) != 1 or item.similar or item.weak:
            continue
        if item.pos >= 1 and tokens[item.pos - 1].lower == "the":
            return item
    return None


def _value_after(tokens: list[Token], pos: int, reading: Reading) -> Item | None:
    """'the episode "the triangle"', 'the film crossroads': the value item (a text column's cell)
    right after `pos` (quote marks between), when 'the' opens the noun at `pos`; else None."""
    if pos < 1 or tokens[pos - 1].lower != "the":
        return None
    at = pos + 1
    while at < len(tokens) and tokens[at].kind not in ("word", "number"):
        at += 1
    item = next((i for i in reading.items if i.pos == at), None)
    if item is None and at < len(tokens) and tokens[at].lower == "the":
        item = next((i for i in reading.items if i.pos == at + 1 and i.kind == "value"), None)  # a title 'the ...'
    ok = item is not None and item.kind == "value" and len(item.meanings) == 1 and not item.similar and not item.weak
    return item if ok else None


def _end_before(tokens: list[Token], pos: int, reading: Reading) -> Item | None:
    """'the first game', 'the last race': the first/last item right before `pos`, opened by 'the'."""
    item = reading.at(pos - 1)
    if item is not None and item.kind == "time" and item.text.lower() in _ENDS and item.pos >= 1 \
            and tokens[item.pos - 1].lower == "the":
        return item
    return None


def _noun(tokens: list[Token], pos: int, closing: bool = True) -> bool:
    """True when the token at `pos` may be the row's noun: an unread lowercase word, singular, no
    quantity noun, followed (when `closing`: it follows its value) by the end, a mark or a function word."""
    word = tokens[pos]
    if word.kind != "word" or word.text != word.lower or len(word.lower) < 3 or plural(word.lower):
        return False
    if word.lower in _SINGULAR_QUANTITIES or word.lower in QUANTITY_NOUNS or word.lower in V.STOPWORDS \
            or names_a_period(word.lower, tokens[pos + 1].lower if pos + 1 < len(tokens) else None):
        return False  # 'the first quarter', 'the first week of 2024': a period, not the first row
    if pos + 1 >= len(tokens) or not closing:
        return True
    nxt = tokens[pos + 1]
    return nxt.kind not in ("word", "number") or (nxt.lower in V.STOPWORDS and nxt.lower not in ("the", "a", "an"))


def named_row_key(predicates: list[Predicate], reading: Reading, table: Table) -> str | None:
    """The column of an equality condition among `predicates` that a row noun read here follows
    ('the texas game': Opponent = 'Texas') when that condition holds on exactly one row of `table`,
    else None. The question names one row and the table shows which: the row's values may be read
    off it, as off a key column's (agent/router/rows.one_row_key)."""
    for item in reading.items:
        value = _named_value(item, reading) if item.kind == "row" and item.meanings[0].value == NAMED_ROW else None
        if value is None or value.kind != "value" or value.column is None:
            continue
        cell = value.meanings[0].value
        if any(p.op is Op.eq and p.column == value.column and p.value == cell for p in predicates) \
                and int((table.df[value.column] == cell).sum()) == 1:
            return value.column
    return None


def spelled_row_key(predicates: list[Predicate], reading: Reading, table: Table) -> str | None:
    """The column of an equality condition among `predicates` whose value the question spells as
    a whole cell (an exact value item, not words held by one value) and that holds on exactly one
    row of `table` ('the length of splash': Title = '"Splash"'), else None: the row's other values
    may be read off it, as off a key column's (agent/router/rows.one_row_key)."""
    from agent.router.anchors import cell_texts
    from agent.router.reading import Evidence

    for p in predicates:
        if p.op is not Op.eq or not isinstance(p.value, (str, float)):
            continue
        if isinstance(p.value, str):
            said = any(i.kind == "value" and i.evidence is Evidence.exact and not i.similar and not i.weak
                       and any(m.column == p.column and m.value == p.value for m in i.meanings) for i in reading.items) \
                or (p.value.isdigit() and any(_column_then_number(i, p, reading) for i in reading.items))
            held = cell_texts(table.df[p.column]) == p.value
        else:
            said = any(_column_then_number(i, p, reading) for i in reading.items)
            held = table.df[p.column] == p.value
        if said and int(held.sum()) == 1:
            return p.column
    return None


def _column_then_number(item: Item, p: Predicate, reading: Reading) -> bool:
    """True for the number of 'game 8' right after a strong link to p's column, equal to p's value."""
    before = reading.before(item)
    value = float(p.value) if isinstance(p.value, str) else p.value  # an id's whole number as text: '1050'
    return item.kind == "number" and item.number == value and before is not None and before.kind == "column" \
        and before.column == p.column and not before.similar and not before.weak \
        and before.pos + len(before.text.split()) == item.pos


def _named_value(item: Item, reading: Reading) -> Item | None:
    """The value a row noun read here stands beside: the item before it when that is a value
    ending right before it ('the june 22 game'), else the item after it ('the film crossroads')."""
    before = reading.before(item)
    if before is not None and before.kind == "value" and before.pos + len(before.text.split()) == item.pos:
        return before
    return reading.after(item)


def check_value_rows(reading: Reading, table: Table) -> None:
    """Raises Abstain when a row noun read here ('the oklahoma game') follows a value that picks
    not exactly one row of the table: the noun names one row, and the value does not say which."""
    for item in reading.items:
        if item.kind != "row" or item.meanings[0].value != NAMED_ROW:
            continue
        value = _named_value(item, reading)
        if item.pos >= 1 and reading.tokens[item.pos - 1].lower in _ENDS:
            continue  # 'the first game': one row, which the order's own checks decide
        if value is None or value.kind != "value" or value.column is None:
            raise Abstain(f"I read '{item.text}' as a row a value names, but no value comes before it.")
        rows = int((table.df[value.column] == value.meanings[0].value).sum())
        if rows != 1:
            raise Abstain(f"'the {value.text} {item.text}' names one row, but {value.column} = "
                          f"{value.meanings[0].value!r} holds {rows} rows; say which one.")
