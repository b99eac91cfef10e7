"""Row nouns of a count: 'how many games attendance was under 1000', 'how many shows were on zee
tv', 'the total number of songs listed'. The plural noun right after the count words ('how many',
'the number of') that names no column or value of the table names the rows counted (the table's
own entity: games, shows, songs), as 'transactions' does on a table of transactions. It decides no
rows and no computation: 'how many' is the operation, the conditions rest on their own words.

Precision guards (each refuses or leaves the word unread, never guesses):
- nouns that name a quantity rather than the rows ('points', 'medals', 'votes', 'years': 'how many
  medals did Norway win' asks a value, not a row count) are never read so (QUANTITY_NOUNS);
- a count whose conditions pick a single row through a name ('how many titles does Yale have':
  Name = 'Yale' is one row) refuses: the question asks a value of that row (`check_row_count`);
- a count over rows that may not be one entry each refuses: a name column repeating a value, an
  identifier repeating among the rows counted, or a counted row holding no value in most columns ('Bye');
- a count with no condition refuses: it would rest on the noun alone ('the total number of
  categories on the chart' may count the table's columns);
- a noun that starts with a value of the table ('warnings' and level = 'WARN', 'errs' and 'ERR')
  refuses, naming both: it may be that value, which a shared word start is too weak to link, and
  reading it as the rows counted would drop the condition (`near_value`);
- the table words ('listed', 'on the list', 'in this chart') are read as the table only once a row
  noun is read, never where 'listed' may order rows or say a cell is filled ('listed first')."""

from __future__ import annotations

from pydantic import BaseModel

from agent.plan import AggregateArgs, Agg, Op
from agent.predicates import selected
from agent.router.draft import Abstain, Draft
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.people import some_people
from agent.router.reading import Item, Reading
from agent.router.rows import distinct_count
from agent.router.tokens import Token, tokenize
from agent.router import vocabulary as V
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES

ROW_NOUN = "counted"
"""The `Meaning.value` of a row item read here (a row noun of the table's own entity)."""
QUANTITY_NOUNS = frozenset("""points goals medals votes wins losses draws ties runs laps yards touchdowns seats
titles awards trophies championships cups caps assists rebounds steals blocks saves hits strikeouts
people persons fans spectators viewers attendees visitors residents inhabitants citizens passengers
members employees workers students years days months weeks hours minutes seconds decades centuries
miles meters metres feet kilometers kilometres km tons tonnes pounds kilograms kg dollars euros
percent percentage categories types kinds sorts classes groups varieties columns fields""".split())
"""Plural nouns that usually name a quantity of a row (summed, or read off one row), or a class of
values or columns ('categories', 'types'), not the rows.
'times' is a row noun: 'how many times was the location in the united states' counts rows."""
TABLE = "table"
"""The `Meaning.value` of a table word read here ('listed', 'on this chart')."""
_LEADS = (("how", "many"), ("number", "of"))
_OF_THE = frozenset({"the", "these", "those", "all"})
TABLE_WORDS = {("listed",), ("on", "the", "list"), ("on", "this", "list"), ("on", "the", "chart"),
               ("on", "this", "chart"), ("in", "the", "table"), ("in", "this", "table"), ("in", "the", "list"),
               ("in", "this", "list"), ("on", "the", "table"), ("listed", "here"), ("on", "this", "table")}
"""Words naming the table itself in a count of its rows ('how many championships are listed')."""
_TABLE_WORDS_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in TABLE_WORDS:
    _TABLE_WORDS_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
SCOPE_PHRASES = frozenset({(*lead, det, noun) for lead in (("on",), ("in",), ("according", "to"))
                           for det in ("the", "this") for noun in ("chart", "table", "list")} | {("listed", "here")})
"""Phrases naming the whole table at the end of a question ('... on the chart')."""
_SCOPE_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in SCOPE_PHRASES:
    _SCOPE_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
_DIFFERENT = frozenset({"different", "distinct", "unique"})
_NEGATED = frozenset({"not", "no", "without", "never", "none", "nor", "n't", "didn't", "doesn't", "don't", "isn't",
                      "wasn't", "aren't", "weren't"})


def read_row_nouns(tokens: list[Token], rest: list[int], reading: Reading, lex: Lexicon | None = None) -> list[int]:
    """`rest` (the unmatched token positions) without the row noun of a count, now a row item of
    `reading` (Meaning('row', value=ROW_NOUN)) and noted; with it, the table words of the question
    ('listed', 'on this chart').
    A noun is read so when it follows 'how many' or 'number of' (optionally 'of the'), is plural,
    names no quantity (QUANTITY_NOUNS), and is the one word there: a modifier before it is a
    condition nothing reads ('how many winning seasons', 'german athletes'), so none is read.
    Raises Abstain when the noun starts with a value of `lex` (`near_value`)."""
    unread = set(rest)
    for start in range(len(tokens)):
        span = _noun_span(tokens, start, unread)
        if span is None:
            continue
        text = " ".join(tokens[p].text for p in span)
        if lex is not None and len(span) == 1 and some_people(text, lex, reading):
            continue  # 'how many volunteers in HR' on one row per respondent: some respondents, not all
        near = near_value(text, lex) if lex is not None else None
        if near is not None:
            raise Abstain(f"'{text}' may mean {near[0]} = '{near[1]}' (a value it starts with), or the rows "
                          f"counted; a shared word start is too weak to tell. Say '{near[0]} {near[1]}' or 'rows'.")
        reading.items.append(Item(text, span[0], [Meaning("row", value=ROW_NOUN)]))
        reading.notes.append(f"read '{text}' as the rows counted (it follows '{tokens[start].text} "
                             f"{tokens[start + 1].text}' and names no column or value)")
        unread -= set(span)
        unread -= _table_words(tokens, unread, reading)
        break
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p in unread]


def count_table_words(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """`rest` without the table words ('listed', 'on this chart', 'in the table') of a count of a
    column's values: 'how many kingdoms are listed' where 'kingdoms' names the column Kingdom. The
    words say 'in this table', which every count reads; they are kept as stop items and noted.
    Only where the count words ('how many', 'number of') come right before the column's word."""
    counted = any(_counts(tokens, i) for i in reading.items if i.kind == "column" and not i.similar)
    if not counted:
        return rest
    unread = set(rest)
    unread -= _table_words(tokens, unread, reading)
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p in unread]


def scope_table_words(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """`rest` without the words that close a question by naming the whole table: 'how many draws
    are on the chart', 'the total of wins on the chart', 'how many different languages are listed?',
    'the number of times ferrari is listed as the constructor', '... according to this chart'. They
    add no condition (every row is on the chart); kept as stop items (TABLE) and noted. Only a
    phrase of SCOPE_PHRASES whose noun is unread and that ends the question ('according to' may
    stand anywhere), or 'listed' ending it or before 'as', and never in a question with a negation
    ('which songs do not have a producer listed': there 'listed' says a cell is filled)."""
    words = [t.lower for t in tokens]
    if set(words) & _NEGATED:
        return rest
    unread, found = set(rest), set()
    for p in range(len(tokens)):
        for phrase in _SCOPE_BY_FIRST.get(words[p], ()):
            end = p + len(phrase)
            if tuple(words[p:end]) == phrase and end - 1 in unread and (phrase[0] == "according" or _ends(tokens, end)):
                found |= set(range(p, end)) & unread
        if words[p] == "listed" and p in unread and (_ends(tokens, p + 1) or words[p + 1:p + 2] == ["as"]):
            found.add(p)
    for p in sorted(found):
        reading.items.append(Item(tokens[p].text, p, [Meaning("stop", value=TABLE)]))
    if found:
        reading.notes.append("read " + ", ".join(f"'{tokens[p].text}'" for p in sorted(found))
                             + " as the table itself (every row)")
        reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p not in found]


def _ends(tokens: list[Token], at: int) -> bool:
    """True when no word or number follows position `at - 1` (only marks, or nothing)."""
    return all(t.kind not in ("word", "number") for t in tokens[at:])


def _counts(tokens: list[Token], item: Item) -> bool:
    """True when the count words come right before the column item (optionally 'of the')."""
    at = item.pos
    if at >= 2 and tokens[at - 1].lower in _OF_THE and tokens[at - 2].lower == "of":
        at -= 2
    return at >= 2 and tuple(t.lower for t in tokens[at - 2:at]) in _LEADS


def _noun_span(tokens: list[Token], start: int, unread: set[int]) -> list[int] | None:
    """The positions of the row noun after the count words at `start`, or None."""
    if tuple(t.lower for t in tokens[start:start + 2]) not in _LEADS:
        return None
    at = start + 2
    if at + 1 < len(tokens) and tokens[at].lower == "of" and tokens[at + 1].lower in _OF_THE:
        at += 2
    if at >= len(tokens) or at not in unread or tokens[at].kind != "word":
        return None
    word = tokens[at].lower
    if not plural(word) or word in QUANTITY_NOUNS or word in V.MESSAGE_NOUNS:
        return None  # message nouns have their own rule (router/lexicon.py): a table of free text only
    return [at]


def near_value(noun: str, lex: Lexicon) -> tuple[str, str] | None:
    """(column, value) of the one-word text value of `lex` that the singular of the plural `noun`
    starts with and is longer than ('warnings' -> ('level', 'WARN'); 'errs' -> 'ERR'), at least 3
    letters; None when there is none or several columns hold one. An equal value is no business of
    this rule (it is linked by its own plural, router/link.py)."""
    word = noun.lower()
    singulars = {word[:-1], word[:-2] if word.endswith("es") else word[:-1],
                 word[:-3] + "y" if word.endswith("ies") else word[:-1]}
    found: dict[str, str] = {}
    starts = {s[:n] for s in singulars if s.isalpha() for n in range(3, len(s))}
    for start in sorted(starts):
        for m in lex.phrases.get((start,), ()):
            if m.kind == "value" and m.column is not None:
                found.setdefault(m.column, str(m.value))
    return next(iter(found.items())) if len(found) == 1 else None


def plural(word: str) -> bool:
    """True for a regular English plural noun form ('games', 'cities', 'matches'); not 'class',
    'bus', 'analysis', nor words of three letters or fewer."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s"))


def _table_words(tokens: list[Token], unread: set[int], reading: Reading) -> set[int]:
    """The positions of the table words (TABLE_WORDS) among `unread`, added as stop items, noted."""
    found: set[int] = set()
    for p in range(len(tokens)):
        for phrase in _TABLE_WORDS_BY_FIRST.get(tokens[p].lower, ()):
            span = set(range(p, p + len(phrase)))
            if tuple(t.lower for t in tokens[p:p + len(phrase)]) == phrase and p + len(phrase) - 1 in unread:
                found |= span & unread  # the noun ('chart') unread; 'on this' may be read as stopwords
    for p in sorted(found):
        reading.items.append(Item(tokens[p].text, p, [Meaning("stop", value=TABLE)]))
    if found:
        reading.notes.append("read " + ", ".join(f"'{tokens[p].text}'" for p in sorted(found))
                             + " as the table itself (the rows counted)")
    return found


def check_row_count(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a count read with a row noun of this module counts the one row a name
    picks ('how many titles does Yale have': Name = 'Yale' holds one row): such a question asks a
    value of that row, which a count of 1 does not answer. Other plans pass unchecked."""
    _listed_values(plan, reading, table)
    if not any(i.kind == "row" and i.meanings[0].value == ROW_NOUN for i in reading.items):
        return
    if not isinstance(plan, AggregateArgs):
        return
    if plan.op is not Agg.count or plan.group_by:
        raise Abstain(f"I read '{_noun(reading)}' as the rows counted, but the plan is not a count of them.")
    if not plan.where:
        raise Abstain(f"'how many {_noun(reading)}' with no condition would count every row on the noun alone; "
                      "I cannot tell that each row is one of them. Ask for the number of rows.")
    for p in plan.where:
        if p.op is not Op.eq or table.roles.get(p.column) not in TEXT_ROLES:
            continue
        rows = int(selected(table, [p], allow_empty=True).mask.sum())
        if rows == 1:
            raise Abstain(f"'{_noun(reading)}' of the one row where {p.column} = {p.value!r}: the question "
                          "may ask a value of that row, not a count of rows; name the column.")
    _rows_are_entries(plan, reading, table)


def _listed_values(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a distinct count read with table words ('how many competitions are on
    this chart') counts a column whose values repeat or are missing among the rows read: the
    listings (rows) and the different values then disagree, and the words do not say which."""
    if not isinstance(plan, AggregateArgs) or plan.op is not Agg.count_distinct or plan.group_by \
            or plan.column is None or not any(i.kind == "stop" and i.meanings and i.meanings[0].value == TABLE
                                             for i in reading.items):
        return
    if {t.lower for t in reading.tokens} & _DIFFERENT:
        return  # 'how many different languages are listed': the different values, said in words
    rows = table.df.loc[selected(table, plan.where, allow_empty=True).mask, plan.column] if plan.where \
        else table.df[plan.column]
    if int(rows.nunique()) != len(rows):
        raise Abstain(f"{plan.column} has {int(rows.nunique())} different values in {len(rows)} rows listed: the "
                      f"number of rows or of different {plan.column} values? Say 'rows' or 'different'.")


def _rows_are_entries(plan: AggregateArgs, reading: Reading, table: Table) -> None:
    """Raises Abstain when the rows counted may not be one entry each: a name column repeats a
    value (a commissioner listed twice, for two terms), an identifier column repeats a value among
    the rows counted (car 52 listed once per driver), or a counted row holds no value in most
    columns (a 'Bye' row of a list of matches)."""
    for column in table.df.columns:
        words = {t.lower for t in tokenize(str(column))}
        if "name" in words and table.roles[column] in TEXT_ROLES:
            distinct, present = distinct_count(table, str(column))
            if distinct < present:
                raise Abstain(f"{column} repeats a value, so the rows may not be one each of the {_noun(reading)}; "
                              f"ask for the number of distinct {column} values or of rows.")
    counted = table.df.loc[selected(table, plan.where, allow_empty=True).mask]
    for column in [c for c, role in table.roles.items() if role is ColumnRole.identifier]:
        ids = counted[column].dropna()
        if ids.nunique() < len(ids):  # car 52 with two drivers: two rows, one entry
            raise Abstain(f"{column} repeats among the rows counted ({len(ids)} rows, {ids.nunique()} different "
                          f"{column} values), so the rows may not be one each of the {_noun(reading)}; ask for the "
                          f"number of rows or of different {column} values.")
    empty = counted.isna().sum(axis=1) * 2 > len(table.df.columns)
    if bool(empty.any()):
        raise Abstain(f"A row counted holds no value in most columns (row {int(empty.idxmax()) + 1}); it may "
                      f"not be one of the {_noun(reading)}. Add a condition that leaves it out.")


def _noun(reading: Reading) -> str:
    return next(i.text for i in reading.items if i.kind == "row" and i.meanings[0].value == ROW_NOUN)


def not_named_by_op_word(draft: Draft, column: str) -> None:
    """Raises Abstain when 'how many' would become the total of a column that only an aggregate word
    names ('how many orders in total' on a column `total`): the word may be the column or the
    'in total' of a count, so neither a sum nor a count rests on it."""
    texts = {c.text.lower() for c in draft.columns if c.column == column}
    if texts and texts <= set(V.OP_WORDS):
        word = sorted(texts)[0]
        raise Abstain(f"'how many' with '{word}': '{word}' may name the column {column} (its total) or ask "
                      f"a count of rows in total; say 'the sum of {column}' or 'the number of rows'.")
