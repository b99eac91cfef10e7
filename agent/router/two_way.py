"""Reading of a question that offers both answers: 'did peru win more or less gold medals than
chile?', 'was the attendance for the quarter final second leg more or less than 30,000?', 'is the
average rating above or below 2?'. The answer is one of the two words, not yes/no.

`two_way_reading` finds the one pair of opposite comparison words joined by 'or' ('more or less',
'above or below', 'higher or lower', 'greater or smaller'...) and restates the question with the
first word alone ('did peru win more gold medals than chile?'), which the other readers and the
verifier read as any yes/no test. `two_way_plan` then takes that test only when its yes and no are
the two words: a test of one named row against another (AgainstArgs, ask check, in the first
word's direction; the two rows' numbers differ), an aggregate compared with a number (CheckArgs
compare, strictly, in the first word's direction; equal numbers refuse when it runs), or a test of
one row against a number (CheckArgs any whose conditions are equalities naming exactly one row and
one strict comparison of a numeric column with a number, in the first word's direction; the row
holds a number other than the threshold, so 'no' is the other word). The plan carries the two words
(`answers`, agent/answer_words.py). Any other plan (a count, a list, a test over many rows) refuses,
naming the words: the question asks which of the two, and that reading answers something else.
Two pairs, or none, leave the question as written."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel

from agent.against import AgainstArgs
from agent.plan import Op, Predicate
from agent.queries import CheckArgs, CheckKind, Cmp
from agent.router.draft import Abstain
from agent.table import Table

_PAIRS = frozenset({("more", "less"), ("more", "fewer"), ("above", "below"), ("higher", "lower"),
                    ("greater", "less"), ("greater", "smaller"), ("larger", "smaller"), ("bigger", "smaller"),
                    ("over", "under"), ("taller", "shorter"), ("longer", "shorter"), ("older", "younger"),
                    ("heavier", "lighter")})
UP = frozenset(a for a, _ in _PAIRS)
DOWN = frozenset(b for _, b in _PAIRS)
_PAIR = re.compile(r"\b([A-Za-z]+)\s+or\s+([A-Za-z]+)\b")


@dataclass(frozen=True)
class TwoWay:
    """The pair of answers a question offers: the word kept in the restated question, then the other."""

    kept: str
    other: str
    said: str
    """The pair as written ('more or less')."""

    @property
    def answers(self) -> list[str]:
        """The words answering yes and no of the restated test."""
        return [self.kept, self.other]

    @property
    def up(self) -> bool:
        """True when the kept word compares up ('more', 'above')."""
        return self.kept in UP


def two_way_reading(question: str) -> tuple[str, TwoWay | None]:
    """(`question` restated with the first word of its one pair of opposite answers, the pair), or
    (`question`, None) when it offers no such pair or more than one."""
    if " or " not in question.lower():
        return question, None
    found = [m for m in _PAIR.finditer(question)
             if (m.group(1).lower(), m.group(2).lower()) in _PAIRS or (m.group(2).lower(), m.group(1).lower()) in _PAIRS]
    if len(found) != 1:
        return question, None
    match = found[0]
    two = TwoWay(kept=match.group(1).lower(), other=match.group(2).lower(), said=match.group())
    return question[:match.start()] + match.group(1) + question[match.end():], two


def two_way_plan(plan: BaseModel | None, two: TwoWay, table: Table, notes: list[str]) -> BaseModel:
    """`plan` (the verified reading of the restated question) answering with the two words, noted in
    `notes`. Raises Abstain when it is not a test whose yes and no are the two words."""
    if isinstance(plan, AgainstArgs) and plan.ask == "check" and (plan.cmp == ">") == two.up:
        _differ(table, plan)
    elif isinstance(plan, CheckArgs) and plan.check is CheckKind.compare and plan.right is None \
            and isinstance(plan.value, (int, float)) and plan.cmp in (Cmp.gt, Cmp.lt) and (plan.cmp is Cmp.gt) == two.up:
        pass
    elif isinstance(plan, CheckArgs) and plan.check is CheckKind.any:
        _one_row_against_number(table, plan, two)
    else:
        raise Abstain(f"'{two.said}' asks which of the two words answers, but the reading I could build "
                      f"({type(plan).__name__ if plan is not None else 'none'}) is no test of one value against another.")
    notes.append(f"read '{two.said}' as the answer: '{two.kept}' for yes, '{two.other}' for no")
    return plan.model_copy(update={"answers": two.answers})


def _differ(table: Table, plan: AgainstArgs) -> None:
    """Raises Abstain when the two named rows hold the same number (neither word answers) or no number."""
    a, b = (_one_value(table, conditions, plan.column) for conditions in (plan.subject, plan.anchor))
    if a is None or b is None or a == b:
        raise Abstain(f"The two rows hold {a} and {b} of {plan.column}: neither more nor less.")


def _one_row_against_number(table: Table, plan: CheckArgs, two: TwoWay) -> None:
    """Raises Abstain unless the test is one strict comparison of a numeric column with a number, in
    the kept word's direction, over the one row the other conditions (equalities) name, and that row
    holds a number other than the threshold."""
    conditions = [*plan.where, *plan.condition]
    compared = [p for p in conditions if p.op is not Op.eq]
    named = [p for p in conditions if p.op is Op.eq]
    if len(compared) != 1 or not named or compared[0].op not in (Op.gt, Op.lt) \
            or not isinstance(compared[0].value, (int, float)) or isinstance(compared[0].value, bool) \
            or (compared[0].op is Op.gt) != two.up:
        raise Abstain(f"'{two.said}' asks how one value stands against a number, but the test I could build "
                      "is not one row's value compared with one number.")
    value = _one_value(table, named, compared[0].column)
    if value is None or value == compared[0].value:
        raise Abstain(f"The row named holds {value} of {compared[0].column} against {compared[0].value:g}: "
                      f"neither '{two.kept}' nor '{two.other}' (or not one row is named).")


def _one_value(table: Table, conditions: list[Predicate], column: str) -> float | None:
    """The number in `column` of the one row matching `conditions`; None for no row, several rows,
    or no number."""
    import pandas as pd

    from agent.predicates import select

    try:
        mask = select(table, conditions).mask
    except Exception:  # noqa: BLE001 - a condition the engine would refuse: no value to answer with
        return None
    values = pd.to_numeric(table.df.loc[mask, table.column(column)], errors="coerce")
    if len(values) != 1 or pd.isna(values.iloc[0]):
        return None
    return float(values.iloc[0])
