"""Reading of run questions, words first: 'how many consecutive games was attendance above 20,000',
'for how many consecutive years did X win', 'how many races in a row was X the winner', 'what was
the longest winning streak', 'the most consecutive losses', 'how many consecutive wins did the
team have in 1948'. The words of the run (the cue: 'consecutive', 'in a row', 'streak'; a
superlative; an outcome noun: 'wins', 'losses') are taken out and the rest is asked as a count of
rows ('how many games was attendance above 20,000', 'how many rows in 1948'), which the router
reads and verifies as any count; agent/router/streak_plan.py then turns that count into the
longest run (agent/runs.py). A question that names a run in no shape read here is left as it is
(its 'consecutive' stays an unmatched word and refuses), and 'in a row' outside these shapes
refuses, naming it, rather than being dropped as filler."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.router.draft import Abstain

CUE = r"(?:consecutive|consective|successive)"
"""The words saying 'one row after another' ('consective' as it is often typed)."""
OUTCOMES = {"wins": "win", "win": "win", "winning": "win", "victories": "win", "losses": "loss", "loss": "loss",
            "losing": "loss", "defeats": "loss", "draws": "draw", "ties": "draw"}
"""Outcome words and the result they name: 'wins', 'a winning streak' (win), 'losses' (loss)."""
_NOUN = r"(?P<outcome>wins|victories|losses|defeats|draws|ties)"
_ADJ = r"(?P<outcome>winning|losing|win|loss)"
_MOST = r"(?:longest|most|largest|greatest|highest|biggest|best)"
_WHOSE = r"(?:(?:the|his|her|their|its|the\s+team'?s|the\s+teams'?|this\s+team'?s)\s+)?"
_WHAT = r"^(?:what|which)\s+(?:is|was|were|are)\s+"
_SIZE = r"(?:(?:number|amount)\s+of\s+)?"
OUTCOME_SHAPES = (
    re.compile(_WHAT + _WHOSE + _MOST + r"\s+" + _SIZE + rf"(?:(?P<cue>{CUE}|straight)\s+)?" + _NOUN
               + r"(?P<row>\s+in\s+a\s+row)?"),
    re.compile(_WHAT + _WHOSE + _MOST + rf"\s+(?:(?P<cue>{CUE})\s+)?" + _ADJ + r"\s+(?P<streak>streak)"),
    re.compile(_WHAT + _WHOSE + _MOST + rf"\s+(?:(?P<cue>{CUE})\s+)?(?P<streak>streak)\s+of\s+(?:{CUE}\s+)?" + _NOUN),
    re.compile(r"^how\s+long\s+was\s+" + _WHOSE + _MOST + r"\s+" + _ADJ + r"\s+(?P<streak>streak)"),
    re.compile(rf"^how\s+many\s+(?P<cue>{CUE}|straight)\s+" + _NOUN + r"(?:\s+(?:did|have|has|had)\s+(?:the\s+team|"
               r"they|he|she|it|we)(?:\s+(?:have|had|get|got|record|earn))?|\s+(?:took|take|were)\s+(?:place|there))?"),
)
"""A run of a result: the outcome word and the cue (or 'streak'); what follows is the run's scope."""
COUNT_SHAPE = re.compile(rf"\bhow\s+many\s+(?P<cue>{CUE}|straight)\s+(?P<unit>[a-z]+)\b")
"""'how many consecutive <noun>': the cue dropped, the rest a count of rows or years."""
NUMBER_SHAPE = re.compile(rf"^(?:the\s+)?number\s+of\s+(?P<cue>{CUE})\s+(?P<unit>[a-z]+)\b")
"""'number of consecutive championships won by X' asks the same as 'how many'."""
ROW_SHAPE = re.compile(r"\bhow\s+many\s+(?P<unit>[a-z]+)\s+(?P<cue>in\s+a\s+row)\b")
"""'how many races in a row was X the winner': 'in a row' dropped."""
FILLER = re.compile(r"\b(?:for\s+the\s+team\s+shown|for\s+the\s+team|in\s+the\s+season|during\s+the\s+season|"
                    r"this\s+season|the\s+team\s+(?:has\s+)?had|shown|overall|ever)\b")
"""Words of an outcome question that name the table's subject, not a condition ('this season')."""


@dataclass(frozen=True)
class Streak:
    """What the run words said: `cue` ('consecutive', 'in a row', 'streak'), `unit` (the counted
    noun: 'games', 'years'; None for an outcome), `outcome` (win/loss/draw or None) and `said`
    (the words taken out, for the note)."""

    cue: str
    unit: str | None
    outcome: str | None
    said: str


def streak_reading(asked: str) -> tuple[str, Streak | None]:
    """(the question as a count of rows, the run it names) when `asked` asks for a run in one of
    the shapes above; else (`asked`, None). Raises Abstain for 'in a row' in no such shape."""
    text = " ".join(asked.strip().split())
    lowered = text.lower().rstrip("?. ")
    for shape in OUTCOME_SHAPES:
        found = shape.search(lowered)
        if found is not None and _cue(found) is not None:  # 'the most wins' is a maximum, not a run
            return _outcome(lowered, found)
    for shape in (COUNT_SHAPE, NUMBER_SHAPE, ROW_SHAPE):
        found = shape.search(lowered)
        if found is not None:
            return _count(lowered, found, shape is NUMBER_SHAPE)
    if re.search(r"\bin\s+a\s+row\b", lowered):
        raise Abstain("The question says 'in a row', but I could not read which run of consecutive rows it asks "
                      "about; ask e.g. 'how many consecutive games did X win?'.")
    return asked, None


def _cue(found: re.Match) -> str | None:
    groups = found.groupdict()
    return groups.get("cue") or groups.get("streak") or ("in a row" if groups.get("row") else None)


def _outcome(lowered: str, found: re.Match) -> tuple[str, Streak]:
    groups, cue = found.groupdict(), _cue(found)
    rest = FILLER.sub(" ", lowered[found.end():])
    rest = " ".join(rest.split())
    streak = Streak(cue=cue, unit=None, outcome=OUTCOMES[groups["outcome"]], said=found.group(0))
    return f"how many rows {rest}".strip() + "?", streak


def _count(lowered: str, found: re.Match, number: bool) -> tuple[str, Streak]:
    cue, unit = found.group("cue"), found.group("unit")
    if unit in OUTCOMES:  # 'how many wins in a row ...': a run of a result
        rest = " ".join(FILLER.sub(" ", lowered[found.end():]).split())
        return f"how many rows {rest}".strip() + "?", Streak(cue=" ".join(cue.split()), unit=None,
                                                             outcome=OUTCOMES[unit], said=found.group(0))
    if cue == "straight" and not unit.endswith("s"):
        raise Abstain(f"I could not tell whether 'straight {unit}' asks for a run of consecutive rows.")
    start, end = found.span("cue")
    question = lowered[:start] + lowered[end:]
    if number:
        question = "how many " + question[found.start("unit") - (end - start):]
    question = " ".join(question.split())
    return question + "?", Streak(cue=" ".join(cue.split()), unit=unit, outcome=None, said=found.group(0))
