"""Verifier rules on percentage columns ('Win %' holding '64.7%'). Adding up percentages is never a
total: 'the total Win %' over the league is 626.5 of nothing, so a sum of a percentage column over
more than one row is refused (an average of them is a plain mean and stands). And a word that
reaches a percentage column through its header ('wins' -> 'Win %') without a percent word beside
it ('win %', 'win percentage', 'win rate') names what the percentage counts, not the percentage:
when another column could stand for the word (a one-letter header that is its initial, W; a short
header that abbreviates it) the question is refused naming both, and with no such column a number
compared with the percentage ('more than 20 wins') is refused too."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router import vocabulary as V
from agent.router.abbreviations import short_header_link
from agent.router.draft import Abstain
from agent.router.lexicon_data import Lexicon
from agent.router.percent_words import _percent_header
from agent.router.reading import Item, Reading
from agent.router.rows import one_row_key
from agent.router.verify.summed import percent_cells
from agent.table import ColumnRole, Table

_RATE_WORDS = V.PERCENT_WORDS | {"rate", "rates", "ratio", "share", "proportion", "percentages"}
"""Words that, beside a column's word, ask for the percentage itself."""
_COMPARING = frozenset({">", ">=", "<", "<=", "between", "="})


def is_percent(table: Table, column: str | None) -> bool:
    """True for a numeric column of percentages: its cells were written with '%' (the loader's
    parse report) or its header says so ('Win %', 'tax_pct', 'Win Percent')."""
    if not column or table.roles.get(column) is not ColumnRole.numeric:
        return False
    return percent_cells(table, column) or _percent_header(column)


def check_percent_total(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a plan adds up a percentage column over more than one row (a total or
    a subset's sum); the sum over the one row a key picks is that row's percentage and stands."""
    if type(plan).__name__ not in ("AggregateArgs", "SubsetArgs") or plan.op.value != "sum":
        return
    if not is_percent(table, plan.column):
        return
    if type(plan).__name__ == "AggregateArgs" and not plan.group_by and one_row_key(plan.where, table):
        return
    raise Abstain(f"{plan.column} holds percentages, and adding up percentages gives no total of anything; ask "
                  f"for the average {plan.column}, or name a column of counts.")


def check_percent_link(plan: BaseModel, reading: Reading, lex: Lexicon, table: Table) -> None:
    """Raises Abstain when a word linked by its header to a percentage column the plan uses, with no
    percent word beside it, could name another column (see the module docstring), or when the plan
    compares that percentage with a number the word counts."""
    used = _plan_columns(plan)
    for item in reading.items:
        column = item.column if item.kind == "column" else None
        if column not in used or not is_percent(table, column) or _says_percent(item, reading):
            continue
        rivals = _rivals(item, column, lex, table)
        if rivals:
            raise Abstain(f"'{item.text}' could name {' or '.join(rivals)} or {column} (a percentage); name the "
                          f"column.")
        if any(getattr(p, "column", None) == column and p.op.value in _COMPARING and isinstance(p.value, (int, float))
               for p in getattr(plan, "where", []) or []):
            raise Abstain(f"'{item.text}' is read as {column}, which holds percentages, but the number compared "
                          f"with it counts {item.text}; name the column.")


def _plan_columns(plan: BaseModel) -> set[str]:
    """The columns a plan aggregates, ranks by or filters on."""
    found = {getattr(plan, name, None) for name in ("column", "by")}
    found |= {getattr(p, "column", None) for p in getattr(plan, "where", []) or []}
    return {c for c in found if isinstance(c, str)}


def _says_percent(item: Item, reading: Reading) -> bool:
    """True when the question speaks of a percentage: the item's words or any word of the question
    ('win %', 'win rate', 'a discount of 20% or more')."""
    words = [t.lower for t in reading.tokens]
    return "%" in item.text or any(w in _RATE_WORDS or "%" in w for w in words)


def _rivals(item: Item, column: str, lex: Lexicon, table: Table) -> list[str]:
    """Other numeric columns the item's word could name: a one-letter header that is the word's
    initial ('W' for 'wins'), or the one short header abbreviating it (agent.router.abbreviations)."""
    words = [w for w in item.text.lower().split() if w.isalpha()]
    if not words:
        return []
    found = [c for c in table.roles if c != column and table.roles[c] is ColumnRole.numeric
             and len(c.strip()) == 1 and c.strip().lower() == words[0][0]]
    for word in words:
        link = short_header_link(lex, word)
        if link is not None and link.column != column and link.column not in found:
            found.append(link.column)
    return found
