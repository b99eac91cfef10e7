"""Checks on a measure word ('spend', 'amount', 'value', 'cost') read as a column. Such a word
names money; it may stand for a column only when that column is the money asked for. It never
falls to the only numeric column when that column is no money ('the total amount' read as
headcount), never to a price per unit (spend is price x quantity, which no column holds: summing
unit prices gives a number with no meaning), and 'the total value of the stock' is not the stock
(a count of units) when a price column is there to multiply it by."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.words import header_words

_PER_UNIT = re.compile(r"(?<![a-z])(unit|per|each)(?![a-z])", re.I)
"""Headers of a price per unit ('unit_price', 'price_each'): a total of them over rows means nothing."""
_PRICE = re.compile(r"price|rate|fee|tariff", re.I)
"""Headers of a price: per unit when the table also counts units (_QUANTITY)."""
_QUANTITY = re.compile(r"(?<![a-z])(qty|quantity|quantities|units|stock|pieces|items|volume|count)(?![a-z])", re.I)
"""Headers of a number of units (a quantity a price multiplies)."""
_MONEY_WORDS = frozenset({"value", "worth", "spend", "spent", "spending", "spends", "cost", "costs", "paid",
                          "pay", "money"})
"""Measure words that can only mean money (not 'amount', which may be a quantity: 'the amount of stock')."""


def money_like(column: str) -> bool:
    """True when the header has a money word (V.MONEY_HINTS: amount, price, revenue, salary ...)."""
    words = set(header_words(column))
    return any(h in words or column.lower() == h for h in V.MONEY_HINTS)


def check_measure_word(words: list[str], column: str, lex: Lexicon) -> None:
    """Raises Abstain when the measure word `words[0]` was read as `column` (the table's measure,
    no column named) but `column` is not the money it names: not a money header (the only numeric
    column, taken by default), or a price per unit ('unit_price': spend is price x quantity)."""
    word = words[0] if words else "amount"
    if not money_like(column):
        raise Abstain(f"'{word}' names money, and no numeric column here holds it ({column} is not an amount); "
                      "name the column to use.")
    quantities = [c for c in lex.numeric_columns if c != column and _QUANTITY.search(_spaced(c))]
    if _PER_UNIT.search(_spaced(column)) or (_PRICE.search(_spaced(column)) and quantities):
        product = f" ({column} x {quantities[0]})" if quantities else ""
        raise Abstain(f"'{word}' is not {column}: {column} is a price per unit, and '{word}' would be price times "
                      f"quantity{product}, which no column holds; ask for the total {column} if that is meant.")


def check_money_of_named(words: list[str], named: str, op: str | None, lex: Lexicon) -> None:
    """Raises Abstain for 'the total value of the stock' (a money word beside a named column that
    is no money, with a total asked and a price column in the table): the value is price x stock,
    not the stock itself. Other readings pass ('the highest value of points' is that column's value)."""
    said = [w for w in words if w.lower() in _MONEY_WORDS]
    if not said or op != "sum" or money_like(named):
        return
    prices = [c for c in lex.numeric_columns if c != named and (_PER_UNIT.search(_spaced(c)) or _PRICE.search(_spaced(c)))]
    if prices:
        raise Abstain(f"'{said[0]}' of {named}: {named} is not money, and its {said[0]} would be {named} times "
                      f"{prices[0]}, which no column holds; ask for the total {named} if the count is meant.")


def check_total_of_unit_price(op: str | None, column: str | None, said: str | None, lex: Lexicon) -> None:
    """Raises Abstain for a total of a price per unit named by a word short of its header ('the
    total price for Alice' on unit_price beside qty: a sum of unit prices is no price paid). The
    header said in full ('the total unit_price') is summed as asked."""
    if op != "sum" or column is None or said is None or _plain(said) == _plain(column):
        return
    quantities = [c for c in lex.numeric_columns if c != column and _QUANTITY.search(_spaced(c))]
    if _PER_UNIT.search(_spaced(column)) or (_PRICE.search(_spaced(column)) and quantities):
        raise Abstain(f"'{said}' is read as {column}, a price per unit: its total over rows is no price paid (that "
                      f"would be {column} times {quantities[0] if quantities else 'a quantity'}); ask for the total "
                      f"{column} if that sum is meant.")


def per_unit(column: str, lex: Lexicon) -> bool:
    """True when `column` is a price per unit: its header says unit/per/each, or it is a price,
    rate or fee beside a column counting units. Its total over rows is no amount paid."""
    quantities = [c for c in lex.numeric_columns if c != column and _QUANTITY.search(_spaced(c))]
    return bool(_PER_UNIT.search(_spaced(column)) or (_PRICE.search(_spaced(column)) and quantities))


def _plain(text: str) -> str:
    """The words of a name, lowercase, without punctuation: 'Unit Price ($)' -> 'unit price'."""
    return " ".join(w for w in re.split(r"[^a-z0-9]+", text.lower()) if w)


def _spaced(column: str) -> str:
    """The header's words joined by spaces ('UnitPrice' -> 'unit price')."""
    return " ".join(header_words(column))


_SPEND = frozenset({"spend", "spent", "spending", "spends"})
_OUTFLOW = frozenset({"debit", "debits", "withdrawal", "withdrawals", "outflow", "outgoing", "expense", "expenses",
                      "expenditure", "out", "spent", "spend", "spending"})
"""Header words of money going out of an account ('Debit (£)', 'Paid Out', 'Money Out')."""
_INFLOW = frozenset({"credit", "credits", "deposit", "deposits", "inflow", "incoming", "income", "in", "received"})
"""Header words of money coming in ('Credit (£)', 'Paid In', 'Money In')."""


def spent_column(words: list[str], lex: Lexicon) -> str | None:
    """The amount column a spend word ('spend', 'spent', 'spending') names when the table keeps
    money going out and money coming in apart (Debit beside Credit, Paid Out beside Paid In): the
    one candidate headed as money out, when another is headed as money in. None otherwise (a
    table with one amount column, or two that are no such pair, keeps its own rules)."""
    if not any(w.lower() in _SPEND for w in words):
        return None
    out = [c for c in lex.measure_candidates if set(header_words(c)) & _OUTFLOW and not set(header_words(c)) & _INFLOW]
    into = [c for c in lex.measure_candidates if set(header_words(c)) & _INFLOW and not set(header_words(c)) & _OUTFLOW]
    return out[0] if len(out) == 1 and into else None
