"""Verifier rule: the row after or before a named value, showing another column than the value's.

'which album came after sally sendiri?' where Sally Sendiri is a Title: the reading shows the
Original Album of the next row, but the question sets the album beside Sally Sendiri as things of
one kind (the asker takes Sally Sendiri for an album), so whether it asks for the next row's album
or the next title, the words do not say. 'who was appointed after dirk kempthorne?' over
Incumbent and Appointed Successor: the next row's successor, or Dirk Kempthorne's own successor,
whom he was followed by? Either way the neighbour's column is not the anchor's, and the reading is
refused naming both. 'who finished next after kaitlin sandeno?' (Name of the next Name), a question
naming the anchor's column ('the team of the rider before ed fox': the next rider, and its team) and
an anchor by number ('the chassis previous to year 1989': a year is no chassis) are read. Measured
on WikiTableQuestions (the 2,000 sample and two unseen slices): every such reading with a text
anchor and another column unnamed was wrong (4), none right."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Reading


def check_neighbour_column(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a neighbour reading (the row after/before the anchor) anchors on a text
    value of one column the question does not name and shows another column (module docstring)."""
    if type(plan).__name__ != "PositionArgs" or plan.kind != "neighbour":
        return
    anchors = {p.column for p in plan.anchor if isinstance(p.value, str) or any(isinstance(v, str) for v in p.values or [])}
    if len(anchors) != 1:
        return
    anchor = next(iter(anchors))
    if any(i.kind == "column" and i.column == anchor for i in reading.items):
        return  # 'the team of the rider before ed fox': the step is among riders, as said
    others = [c for c in plan.columns if c != anchor]
    if others:
        value = next(p.value if p.value is not None else p.values[0] for p in plan.anchor if p.column == anchor)
        step = "after" if plan.offset > 0 else "before"
        raise Abstain(f"'{value}' is a value of {anchor}, and the question asks for {others[0]}: the {others[0]} "
                      f"of the row {step} it, or the {anchor} {step} it? Ask for the {anchor} {step} '{value}', or "
                      f"for the {others[0]} of the {anchor} {step} '{value}'.")
