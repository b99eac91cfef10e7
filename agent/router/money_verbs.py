"""Money verbs: 'What was the total invoiced in Q3 2025?', 'How much did we invoice to Northwind
Cafe?'. 'invoiced' names the column Invoice # by a header word, and an identifier's total had been
read as a count of its rows (agent/router/identifiers.py: 'total respondents'), so a question asking
for money was answered with a row count (trial 15, K6). A verb form ('invoiced', 'did we invoice')
of a verb whose sense is a payment (WordNet: invoice, bill, pay, sell; `money_verb`) beside 'total'
or 'how much' asks for money, never a count:

- beside a named money column ('the total amount invoiced'), the verb says that column is money
  billed: it is read as a measure word, and the named column is what is summed;
- with no other column named, the sum is of the table's one money column that holds amounts (a
  money header or money cells, not a price per unit: a total of unit prices is no amount billed),
  noted; with none or several, the question is refused, naming the verb and the candidates.

A verb form of another verb ('the total shipped') and a plural noun ('the total invoices': the
invoices counted) are left to the other stages; 'how much' beside an identifier's verb form that
names no money is refused, since 'how much' never asks for a count."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon, Meaning
from agent.router.measure_words import per_unit
from agent.router.money import money_columns
from agent.router.reading import Item, Reading
from agent.table import ColumnRole, Table

_SUBJECTS = frozenset({"we", "they", "you", "i", "he", "she", "did", "do", "does", "to", "will", "was", "were"})
"""Words before a bare verb form ('did we invoice', 'to bill')."""
_PAYMENT_SENSES = frozenset({"charge.v.03", "pay.v.01"})
"""WordNet verb senses of a payment asked for or made ('demand payment', 'give money')."""
_MONEY_GLOSS = frozenset({"money", "payment", "bill", "price"})
"""Words of a verb sense's gloss that make it a money verb ('exchange or deliver for money')."""
VERB_SENSES = 2
"""A verb's first senses considered (WordNet orders senses by frequency)."""


@lru_cache(maxsize=4096)
def money_verb(word: str) -> bool:
    """True when `word` (lowercase) inflects a verb whose first senses are a payment: the sense or
    one of its hypernyms is `_PAYMENT_SENSES`, or its gloss names money. False without WordNet."""
    wn = W.wordnet()
    base = wn.morphy(word, "v") if wn is not None else None
    if base is None:
        return False
    for synset in wn.synsets(base, "v")[:VERB_SENSES]:
        names = {synset.name()} | {h.name() for h in synset.closure(lambda s: s.hypernyms())}
        if names & _PAYMENT_SENSES or set(synset.definition().lower().split()) & _MONEY_GLOSS:
            return True
    return False


def verb_form(item: Item, reading: Reading) -> bool:
    """True when the one-word `item` is said as a verb: an '-ed' form of a verb WordNet knows
    ('invoiced'), or a bare form after a subject or auxiliary ('did we invoice')."""
    word = item.text.lower()
    wn = W.wordnet()
    if " " in word or wn is None or wn.morphy(word, "v") is None:
        return False
    before = reading.tokens[item.pos - 1].lower if item.pos else ""
    return (word.endswith("ed") and wn.morphy(word, "v") != word) or before in _SUBJECTS


def amount_columns(lex: Lexicon) -> list[str]:
    """The numeric money columns (agent/router/money.py) that hold amounts, not prices per unit."""
    return [c for c in money_columns(lex) if not per_unit(c, lex)]


def billed_column(item: Item, lex: Lexicon) -> str | None:
    """The one amount column a money verb item (read as a measure word here) names, else None."""
    if item.kind != "measure" or not money_verb(item.text.lower()):
        return None
    amounts = amount_columns(lex)
    return amounts[0] if len(amounts) == 1 else None


def read_money_verbs(draft: Draft, reading: Reading, lex: Lexicon, table: Table) -> str | None:
    """For a total ('total', 'how much': draft.op 'sum'), the verb forms among `draft.columns`
    that name a column holding no amount: a money verb becomes a measure word (re-kinded, noted)
    and, with no other column named, its amount column is returned (None otherwise). Raises
    Abstain when a money verb has no one amount column, or 'how much' rests on a verb naming an
    identifier."""
    if draft.op != "sum":
        return None
    verbs = [c for c in draft.columns if not c.used and c.column not in lex.numeric_columns
             and verb_form(c, reading)]
    if not verbs:
        return None
    others = {c.column for c in draft.columns if not c.used and all(c is not v for v in verbs)}
    how_much = any(i.text.lower() == "how much" for i in reading.of("op"))
    for verb in verbs:
        if not money_verb(verb.text.lower()):
            if how_much and table.roles.get(verb.column) is ColumnRole.identifier and not others:
                raise Abstain(f"'how much' asks for an amount, but '{verb.text}' names {verb.column}, an identifier "
                              "(never summed); name the column to total.")
            return None
        column = verb.column
        verb.used, verb.meanings, verb.kind = True, [Meaning("measure")], "measure"
        draft.notes.append(f"read '{verb.text}' as money billed (not {column}, which holds no amount)")
    if others:
        return None
    amounts = amount_columns(lex)
    if len(amounts) != 1:
        which = f"the amount columns are {', '.join(amounts)}" if amounts else "no column holds amounts of money"
        raise Abstain(f"'{verbs[0].text}' asks for a total of money, but {which}; name the column to total.")
    said = next((i.text for i in reading.of("op") if i.meanings and i.meanings[0].value == "sum"), "total")
    draft.notes.append(f"read '{said} ... {verbs[0].text}' as the total of {amounts[0]} (the one column of money amounts)")
    return amounts[0]
