"""The router's last stage: a verifier that accounts for every word, written apart from the rules
that build plans (double-entry bookkeeping for readings). From the plan and the question's read
items it re-derives which words each part of the plan stands on, through the table's lexicon, and
raises the router's Abstain naming the words unless

(a) every content word of the question is accounted for by one part of the plan (a column, a
    value, a comparison, the operation, a limit, an order, a period, a grouping) or is a
    closed-class function word or noted filler (accounted.py; a word in a script the tokenizer
    does not read is never accounted for);
(b) every part of the plan rests on words of the question: no default aggregate, no default
    grouping (grounded.py);
(c) the parts that decide which rows count and what is computed (filters, the aggregate function,
    the grouping, the order of a cut ranking, the limit) rest on strong evidence: a column's name
    or header word, a value of that column, a comparator with a number and a column, an operation
    word; weak evidence (embedding similarity, a shared word start) may name a measure column only
    (grounded.py);
(d) every number in the question is used (a threshold, a limit, a period, a value) or is layout
    (a list marker, dropped before reading and noted: layout.py) (numbers.py);
(e) a position word agrees with the plan's step ('before' is never read as the row after:
    positions.py);
and the table's shape does not spoil the reading (shape.py: a summary row among the rows read,
rows and distinct values disagreeing on 'how many <column>', 'Is X A or B?', 'first place'), nor
what one row or column stands for (grain.py: a repeated header, rows repeating one event, 'from'
read against where each row took place), nor the rows a plan reads (header_rows.py: a row repeating the
header line; joined_values.py: a figure per value where a cell joins several values; year_columns.py: a
bare year that another column dating the rows places on other rows; named_mean.py: an average over
named values one of which holds more rows), nor the step of a neighbour (neighbour_column.py: the
row after a value of one column, showing another column the question does not tie to it), nor an
amount taken from a column that numbers the rows (numbering.py: 'the total goals' over Goal 1, 2, ... 8), nor
a row count of 'how many teams' where each row names two (paired.py: Team #1, Team #2).

How to extend: the plan is split into parts by field name (parts.FIELD_ROLES, parts.CLASS_ROLES:
a new plan kind whose fields use the usual names - column, by, where, group_by, order, limit, op -
is covered as it is); which words can stand for which part lives in evidence.EVIDENCE (role ->
rules) and evidence.CLOSED_KINDS (word kinds that need no part). Add a rule there for a new word
kind or plan field, never a special case here."""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel

from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.verify.accounted import check_accounted, check_script
from agent.router.verify.date_order import check_date_order, check_mixed_dates
from agent.router.verify.counted import check_dropped_count_noun, check_rows_or_distinct, check_times_distinct
from agent.router.verify.unread_cells import check_unread_numbers
from agent.router.verify.partial_key import check_pooled_days
from agent.router.verify.rows_or_totals import check_rows_or_totals
from agent.router.verify.evidence import Context, gives_evidence
from agent.router.verify.grain import check_grain
from agent.router.verify.grounded import check_grounded
from agent.router.verify.holder import check_holder
from agent.router.verify.ranked_groups import check_ranked_groups, check_ranked_unread_noun, check_ranked_verb_alone, \
    check_superlative_cut
from agent.router.verify.summed import check_counted_total, check_percent_sum, check_summed_years, check_weak_total
from agent.router.verify.layout import drop_layout
from agent.router.verify.numbers import check_numbers
from agent.router.verify.parts import Part, Role, plan_parts
from agent.router.verify.positions import check_steps
from agent.router.verify.shape import check_shape
from agent.router.verify.shown import check_relative_shown, check_row_noun_shown, check_shown_by_meaning
from agent.router.verify.spans import respell
from agent.router.verify.when import check_when
from agent.table import Table

from agent.router.verify.sold import check_counted_value_rows, check_sold_rows
from agent.router.verify.signed_spend import check_signed_spend
from agent.router.verify.near_spellings import check_near_spellings
from agent.router.verify.year_columns import check_year_elsewhere
from agent.router.verify.named_mean import check_named_mean
from agent.router.verify.header_rows import check_header_rows
from agent.router.verify.neighbour_column import check_neighbour_column
from agent.router.verify.joined_values import check_joined_values
from agent.router.verify.numbering import check_numbering
from agent.router.verify.paired import check_paired_rows
from agent.router.verify.decorated import check_shown_present
from agent.router.verify.percent_totals import check_percent_link, check_percent_total
from agent.router.verify.filtered_distinct import check_filtered_distinct
from agent.router.verify.against import check_against
from agent.router.verify.fixed_column import check_fixed_plural
from agent.router.verify.numbers import check_counted_one
from agent.router.verify.which_noun import check_which_verb
from agent.router.verify.ordinal_cells import check_ordinal_cells
from agent.router.verify.bracket_words import check_bracket_words

__all__ = ["verify", "drop_layout", "plan_parts", "Part", "Role"]


def verify(plan: BaseModel, question: str, reading: Reading, lex: Lexicon, table: Table,
           previous: BaseModel | None = None) -> None:
    """Raises the router's Abstain (agent.router.parse.Abstain) naming the words when `plan` does
    not account for `question` as read in `reading` (rules (a)-(d) of the module docstring);
    returns None when every word and every part of the plan are accounted for. `previous`: the
    plan a follow-up refines; its parts rest on the earlier question's words, so they need none
    here. Cost: O(items x parts) rule calls, a few microseconds a plan."""
    check_script(question)
    _verify(plan, plan_parts(plan), question, reading, lex, table, previous)  # the parts, computed once


def _verify(plan: BaseModel, parts: list[Part], question: str, reading: Reading, lex: Lexicon, table: Table,
            previous: BaseModel | None) -> None:
    """verify's checks, `parts` being plan_parts(plan) (the checks only read them)."""
    check_date_order(parts, lex)
    check_mixed_dates(parts, lex)
    kind = type(plan).__name__
    groups = list(getattr(plan, "group_by", []) or []) or ([plan.entity] if kind == "PerEntityArgs" else [])
    ctx = Context(reading=reading, lex=lex, table=table, plan_kind=kind, plan_groups=groups,
                  file_order=kind == "RankArgs" and getattr(plan, "by", None) is None)
    items = respell(parts, reading, [i for i in reading.items if gives_evidence(i)])
    if previous is not None:
        inherited = {replace(p, path="") for p in plan_parts(previous)}
        fresh = [p for p in parts if replace(p, path="") not in inherited]
    else:
        fresh = parts
    check_numbers(parts, items, ctx)
    check_steps(parts, items)
    check_grounded(fresh, plan, items, ctx)
    check_accounted(parts, items, ctx)
    check_shape(plan, reading, table)
    check_grain(plan, parts, reading, table)
    check_holder(plan, reading)
    check_when(plan, parts, reading, lex, table)
    check_ranked_groups(plan, reading, table)
    check_ranked_unread_noun(plan, reading)
    check_ranked_verb_alone(plan, reading)
    check_superlative_cut(plan, reading)
    check_percent_sum(plan, table)
    check_percent_link(plan, reading, lex, table)
    check_percent_total(plan, table)
    check_counted_total(plan, reading)
    check_weak_total(plan, reading)
    check_summed_years(plan, table)
    check_shown_by_meaning(plan, reading)
    check_row_noun_shown(plan, reading)
    check_relative_shown(plan, reading)
    check_rows_or_distinct(plan, reading, table)
    check_dropped_count_noun(plan, reading)
    check_times_distinct(plan, reading, table)
    check_unread_numbers(parts, table)
    check_pooled_days(plan, table)
    check_rows_or_totals(plan, reading, table)
    check_sold_rows(plan, reading, table)
    check_counted_value_rows(plan, reading, table)
    check_signed_spend(plan, reading, table)
    check_near_spellings(plan, table)
    check_year_elsewhere(plan, reading, table)
    check_named_mean(plan, table)
    check_header_rows(plan, table)
    check_neighbour_column(plan, reading)
    check_joined_values(plan, table)
    check_numbering(plan, table)
    check_paired_rows(plan, reading, table)
    check_fixed_plural(plan, reading)
    check_counted_one(reading)
    check_which_verb(reading)
    check_ordinal_cells(plan, reading, table)
    check_bracket_words(plan, reading, table)
    check_shown_present(plan, table)
    check_against(plan, reading)
    check_filtered_distinct(plan, reading, table)
