"""Verifier rule: a magnitude word ('highest', 'largest', 'lowest') over a named column that holds
text, not numbers ('which item has the highest weight' over cells '12.5 kg'). Nothing can rank
text by size, so the reading would fall back to counting rows per group, whose refusal ('each item
is one row') hides the real reason; refused naming the column and what its cells hold."""

from __future__ import annotations

from agent import table_rows
from agent.router import vocabulary as V
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.table import Table
from agent.text_reason import why_not_numbers


def check_text_magnitude(draft: Draft, reading: Reading, lex: Lexicon, table: Table, op: str,
                         column: str | None) -> None:
    """Raises Abstain when `op` is a count implied by a magnitude order word (not 'most'/'fewest')
    and the measure `column` the question names (not a grouping column) is not numeric."""
    if op != "count" or column is None or column in lex.numeric_columns or column in draft.group_by:
        return
    word = next((i.text for i in reading.of("order") if i.text.lower() not in V.COUNT_ORDER), None)
    if word is None:
        return
    why = why_not_numbers([str(v) for v, _ in table_rows.values(table, column)[:6]])
    raise Abstain(f"'{word}' ranks by size, but {column} holds text, not numbers{': ' + why if why else ''}.")
