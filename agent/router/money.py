"""Money columns and the amounts said against them: '£20' in 'the total stock of products under
£20' is a price, so the comparison is on the table's money column (Unit Price (£)), never on the
column being totalled (Qty In Stock holds counts). Trial 10: the threshold had gone to the
measured column and the '£' was ignored."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.abbreviations import is_abbreviation
from agent.router.draft import Abstain, Draft
from agent.router.lexicon_data import Lexicon

_CURRENCY = re.compile(r"[£$€¥₹]|\b(?:usd|gbp|eur|jpy|inr|aud|cad|chf|cny)\b", re.I)
"""A currency sign or ISO code in a header: 'Unit Price (£)', 'cost_gbp', 'Fee (USD)'."""


def looks_like_money(column: str) -> bool:
    """True when the header of `column` names money: a currency sign or code, or a money word
    (V.MONEY_HINTS: price, cost, amount...; whole words or their abbreviations)."""
    name = column.lower()
    return bool(_CURRENCY.search(name)) or any(
        h in re.split(r"[_\s()]+", name) or name == h or is_abbreviation(name, h) for h in V.MONEY_HINTS)


def money_columns(lex: Lexicon) -> list[str]:
    """The numeric columns whose header names money (`looks_like_money`) or whose cells carry a
    currency sign (lex.money_cells), in table order."""
    return [c for c in lex.numeric_columns if looks_like_money(c) or c in lex.money_cells]


def money_subject(column: str, amount: str, lex: Lexicon, draft: Draft) -> str:
    """The column an amount of money (`amount`, as said: '£20') is compared with, given the
    `column` the question named before it: that column when it is money (by header or by the
    currency of its cells), else the table's one
    money column (noted). Raises Abstain when the table has none or several."""
    if looks_like_money(column) or column in lex.money_cells:
        return column  # 'late fee above $5' on Late Fee cells '$1.25'
    money = money_columns(lex)
    if len(money) != 1:
        which = f"the money columns are {', '.join(money)}" if money else "the table has no money column"
        raise Abstain(f"'{amount}' is an amount of money, but {column} holds no money and {which}; name the column "
                      f"to compare.")
    draft.notes.append(f"read '{amount}' as {money[0]} ({amount} is money; {column} is not)")
    return money[0]
