"""Verifier rule: a count of several X where the condition fixes X itself to one value.

'what is the total number of districts of lima?' over a table of Lima's districts (a Districts
column, one district a row, one of them 'Lima') had been read as the rows where Districts = 'Lima':
1, where the 43 districts of the province were asked. 'how many euro 2000 qualifying competitions
are listed?' counted the 5 rows whose Competition is 'Euro 2000 qualifying': the rows are matches,
and the competition is one. The question counts several X (a plural naming the column X) while the
plan holds X to one value: the plan answers how many rows carry that X, which is not what the plural
counts (the X are one, or the value names what holds them). Refused naming the column and the value,
when the value follows the plural through 'of' ('the districts of Lima': Lima holds them). A value
before the plural says which of them are counted ('how many 2nd positions', 'the number of
mclaren-ford constructors': the rows holding it), and 'the number of champion for ronald l.
briones' (the singular: a count of titles) stands."""

from __future__ import annotations

from pydantic import BaseModel

from agent.plan import Op
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.words import singular


def fixed_plural(plan: BaseModel, reading: Reading) -> tuple[str, str, object] | None:
    """(word, column, value) of a plural column word of the question, followed by 'of' (or 'of
    the') and a value of that column ('districts of lima'), whose column the plan's
    conditions hold to one text value (=, or 'in' with one value; 'how many reviews have 5 stars'
    holds a number of each row, no name), for a count (AggregateArgs, op count
    or count_distinct, no grouping); None otherwise."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value not in ("count", "count_distinct") or plan.group_by:
        return None
    fixed, tokens = {}, [t.lower for t in reading.tokens]
    for pred in plan.where:
        if pred.op is Op.eq:
            fixed[pred.column] = pred.value
        elif pred.op is Op.in_ and pred.values and len(pred.values) == 1:
            fixed[pred.column] = pred.values[0]
    for item in reading.items:
        if item.kind != "column" or " " in item.text.strip():
            continue
        word = item.text.lower()
        if item.column not in fixed or not isinstance(fixed[item.column], str) or singular(word) == word \
                or not word.endswith("s"):
            continue
        after = item.pos + 1 + (tokens[item.pos + 1:item.pos + 3] == ["of", "the"])
        owner = reading.at(after + 1) if tokens[item.pos + 1:item.pos + 2] == ["of"] else None
        if owner is not None and owner.kind == "value" and owner.column == item.column:
            return item.text, item.column, fixed[item.column]
    return None


def check_fixed_plural(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a count's plural column word names the column its condition holds to one
    value (module docstring)."""
    found = fixed_plural(plan, reading)
    if found is not None:
        word, column, value = found
        raise Abstain(f"'{word}' counts several {column} values, but the reading holds {column} to '{value}', one "
                      f"of them; ask how many rows have {column} '{value}', or name what the {word} are counted in.")
