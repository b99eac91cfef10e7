"""Reading of counts by a game's outcome, words first: 'how many games did the falcons win?', 'how
many games were lost in 1959?', 'how many losses were there in september?', 'how many wins did the
team have?', 'how many games did they play in february?'. The outcome words (a verb of winning,
losing, drawing or playing, or an outcome noun: 'wins', 'losses') and the subject ('the falcons',
'they') are taken out and the rest is asked as a count of rows ('how many rows in 1959?'), which the
router reads and verifies as any count; agent/router/outcome_plan.py then adds the result column's
outcome to it, and agent/router/verify/outcomes.py accounts for the words taken out. A question in
no shape read here is left as it is. A year inside the subject ('the 1981 atlanta falcons') stays
in the rest as a condition ('in 1981'), read and verified like any other."""

from __future__ import annotations

import re
from dataclasses import dataclass

VERBS = {"win": "win", "won": "win", "lose": "loss", "lost": "loss", "tie": "draw", "tied": "draw",
         "draw": "draw", "drew": "draw", "drawn": "draw", "play": None, "played": None}
"""Verbs of a game's outcome and the outcome they name; playing names none (every game counts)."""
NOUNS = {"wins": "win", "victories": "win", "losses": "loss", "defeats": "loss", "draws": "draw", "ties": "draw"}
"""Outcome nouns ('how many wins') and the outcome they name."""
_GAMES = r"(?P<noun>games|matches|times|fights|bouts|contests)"
_VERB = r"(?P<verb>win|won|lose|lost|tie|tied|draw|drew|play|played)"
_DID = r"(?:did|have|has|had|do|does)"
_OUTCOME_NOUN = r"(?P<outcome>wins|victories|losses|defeats|draws|ties)"
_HAVE = r"(?:have|had|get|got|record|recorded|earn|earned|incur|incurred|obtain|obtained|achieve|achieved)"
SHAPES = (
    re.compile(rf"^how\s+many\s+{_GAMES}\s+{_DID}\s+(?P<subject>[^?]+?)\s+{_VERB}\b(?P<rest>.*)$"),
    re.compile(rf"^how\s+many\s+{_GAMES}\s+(?:were|was|have\s+been|has\s+been)\s+{_VERB}\b(?P<rest>.*)$"),
    re.compile(rf"^how\s+many\s+{_OUTCOME_NOUN}\s+{_DID}\s+(?P<subject>[^?]+?)\s+{_HAVE}\b(?P<rest>.*)$"),
    re.compile(rf"^how\s+many\s+{_OUTCOME_NOUN}\s+(?:were|are)\s+(?:there|listed)\b(?P<rest>.*)$"),
    re.compile(rf"^how\s+many\s+{_OUTCOME_NOUN}(?P<rest>\s+(?:in|on|at|against|during|after|before|since|from)\b.*)?$"),
)
"""The shapes read: the counted noun or outcome noun, the subject (if any) and the rest."""
FILLER = re.compile(r"\b(?:for\s+the\s+season|in\s+the\s+season|during\s+the\s+season|during\s+this\s+season|"
                    r"this\s+season|in\s+total|in\s+all|overall|total)\b")
"""Words of an outcome question that name the table's whole scope, not a condition ('this season')."""
WORDINGS = ((re.compile(r"\bin\s+the\s+month\s+of\b"), "in"), (re.compile(r"\bwhile\s+(away|at\s+home)\b"), r"\1"))
"""Wordings of a condition said in other words: 'in the month of september' is 'in september', 'while
away' is 'away'."""
_WON = r"(?P<noun>games|matches|times|titles|championships|tournaments|races|events|fights|bouts|contests|finals)"
_WHEN = r"(?P<rest>\s+(?:in|on|at|after|before|since|from|during|between)\b.*)?"
WINNER_SHAPES = (
    re.compile(rf"^how\s+many\s+{_WON}\s+(?:were|was|have\s+been|has\s+been)\s+won\s+by\s+(?P<subject>[^?]+?){_WHEN}$"),
    re.compile(rf"^how\s+many\s+{_WON}\s+(?:did|has|have|had)\s+(?P<subject>[^?]+?)\s+(?:win|won){_WHEN}$"),
)
"""'How many matches were won by wales', 'how many times did X win after 1983': X a winner's name."""
_YEAR = re.compile(r"\b(1[89][0-9]{2}|20[0-9]{2})\b")


@dataclass(frozen=True)
class OutcomeAsk:
    """What the outcome words said: `outcome` (win/loss/draw, or None for playing), `noun` (the counted
    noun, 'games'; None for an outcome noun), `subject` (the words naming who played, 'the falcons';
    None when none) and `said` (the words taken out, for the note)."""

    outcome: str | None
    noun: str | None
    subject: str | None
    said: str
    winner: bool = False
    """The subject is a value of a winner column ('how many matches were won by wales': Victor =
    'Wales'), kept in the count's question; False: the table's own side, taken out."""


def outcome_reading(asked: str) -> tuple[str, OutcomeAsk | None]:
    """(the question as a count of rows, the outcome it names) when `asked` counts games by their
    outcome in one of the shapes above; else (`asked`, None)."""
    lowered = " ".join(asked.strip().split()).lower().rstrip("?.! ")
    for shape in SHAPES:
        found = shape.search(lowered)
        if found is None:
            continue
        groups = found.groupdict()
        outcome = NOUNS[groups["outcome"]] if groups.get("outcome") else VERBS[groups["verb"]]
        subject = groups.get("subject")
        rest = " ".join(FILLER.sub(" ", groups.get("rest") or "").split())
        for wording, said in WORDINGS:
            rest = wording.sub(said, rest)
        if subject is not None:
            years = _YEAR.findall(subject)
            subject = " ".join(_YEAR.sub(" ", subject).split()) or None
            rest = " ".join([*(f"in {y}" for y in years), rest]).strip()
        if rest.startswith("by ") or rest == "by":
            return asked, None  # 'won by 20 points', 'won by wales': not a count of a result column's rows
        noun = groups.get("noun")
        counted = noun if outcome is None else "rows"  # every row counted by its outcome is a game
        question = f"how many {counted} {rest}".strip() + "?"
        return question, OutcomeAsk(outcome=outcome, noun=noun, subject=subject, said=found.group(0))
    return asked, None


def winner_reading(asked: str) -> tuple[str, OutcomeAsk | None]:
    """(the question as a count of rows naming its subject, the outcome) when `asked` counts what a
    named side won in one of WINNER_SHAPES ('how many matches have been won by wales' -> 'how many
    rows wales'); else (`asked`, None). That the name is a winner's is checked on the plan."""
    lowered = " ".join(asked.strip().split()).lower().rstrip("?.! ")
    for shape in WINNER_SHAPES:
        found = shape.search(lowered)
        if found is None:
            continue
        subject, rest = found.group("subject"), " ".join(FILLER.sub(" ", found.group("rest") or "").split())
        question = f"how many rows {subject} {rest}".strip() + "?"
        return question, OutcomeAsk(outcome="win", noun=found.group("noun"), subject=subject, said=found.group(0),
                                    winner=True)
    return asked, None
