"""The verifier's account of a count by outcome (agent/router/outcome_plan.py), written apart from
its readers (router/outcomes.py). The rest of the question was verified as a count of rows (every
word of it accounted for by the count's plan); this re-derives from the question's own tokens that
the words taken out stand for the outcome and its subject, and nothing else:

- the outcome words ('win', 'won', 'losses', 'tied') name exactly the plan's outcome, and the plan's
  outcome condition holds every cell of its column recording that outcome and no other cell; a verb
  of playing names no outcome and the plan then holds no outcome condition;
- a counted noun ('games', 'matches', 'times'), 'how many' and closed filler (OUTCOME_VOCABULARY:
  'did', 'were there', 'this season') stand for the count itself;
- every other word names who played: a pronoun or 'the team', or a name the table's rows are about
  (its subject): none of its words is in a cell or a header of the table (a name in an opponent's
  cells is the other side: 'how many games did the broncos lose' over games against the Broncos),
  and the table has a column of opponents (its rows are one side's games);
- the table has no column of teams, players or winners ('Team', 'Winner', 'Visitor') whose rows could
  be another side's results: 'how many games were won' is then not one side's count.
Raises Abstain naming the words when any of these fails."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from agent.plan import AggregateArgs, Op
from agent.router.draft import Abstain
from agent.router.outcome_cells import outcome_spellings
from agent.router.outcomes import OutcomeAsk
from agent.runs import outcome_of as records_outcome
from agent.router.tokens import tokenize
from agent.router.words import header_words, singular
from agent.table import Table

OUTCOME_FORMS = {"win": frozenset({"win", "won", "wins", "victories"}),
                 "loss": frozenset({"lose", "lost", "losses", "defeats"}),
                 "draw": frozenset({"tie", "tied", "draw", "drew", "drawn", "draws", "ties"})}
"""The question's words naming each outcome."""
PLURAL = {"win": "wins", "loss": "losses", "draw": "draws"}
PLAY_WORDS = frozenset({"play", "played"})
COUNT_WORDS = frozenset({"how", "many", "games", "matches", "times", "fights", "bouts", "contests"})
OUTCOME_VOCABULARY = COUNT_WORDS | PLAY_WORDS | frozenset().union(*OUTCOME_FORMS.values()) | frozenset(
    ["did", "have", "has", "had", "do", "does", "were", "was", "been", "are", "there", "listed", "get", "got",
     "record", "recorded", "earn", "earned", "incur", "incurred", "obtain", "obtained", "achieve", "achieved",
     "for", "the", "in", "during", "this", "season", "total", "all", "overall", "month", "of", "while"])
"""The words an outcome reading may take out of a question besides the subject."""
PRONOUNS = frozenset({"they", "he", "she", "we", "it", "team", "club", "squad", "side"})
"""Words naming the table's own side without naming it ('they', 'the team')."""
OPPONENT_WORDS = frozenset({"opponent", "opponents", "opposition", "opposing", "versus", "vs", "against"})
"""Header words of a column holding the other side of each game."""
SIDE_WORDS = frozenset({"team", "teams", "club", "clubs", "school", "nation", "country", "winner", "winners",
                        "champion", "champions", "victor", "visitor", "visitors", "player", "players", "name",
                        "driver", "rider", "athlete", "loser", "winning", "losing"})
"""Header words of a column whose cells could be the side a result belongs to."""
WINNER_WORDS = frozenset({"winner", "winners", "victor", "victors", "champion", "champions", "winning"})
"""Header words of a column naming who won each row ('Winner', 'Victor', 'Winning team')."""
NOT_NAMES = OPPONENT_WORDS | frozenset(
    {"not", "no", "never", "n't", "nt", "with", "without", "who", "whom", "that", "which", "whose", "of", "their", "his",
     "her", "its", "our", "your", "rival", "rivals", "other", "others", "both", "each", "every", "all", "any", "most",
     "least", "best", "worst", "first", "last", "top", "bottom", "visiting", "home", "away", "than", "more", "less",
     "fewer", "only", "also", "ever", "again", "and", "or", "but", "if", "when", "where", "to", "at", "by", "on"})
"""Words no name of the table's own side is made of: a negation ('did they not win'), a relation
('their opponents', 'the other team'), a condition ('at home'), a comparison."""


def check_outcome(plan: AggregateArgs, ask: OutcomeAsk, question: str, rest: str, table: Table) -> None:
    """Raises Abstain unless the words of `question` that `rest` (the count's question, verified on
    its own) does not hold stand for `plan`'s outcome and its subject (the rules of the module
    docstring); returns None when they do."""
    outcome = ask.outcome
    words = [t.lower for t in tokenize(question)]
    taken = Counter(words) - Counter(t.lower for t in tokenize(rest))
    named = {r for r, forms in OUTCOME_FORMS.items() if any(w in forms for w in words)}
    if named != ({outcome} if outcome else set()) or (outcome is None and not PLAY_WORDS & set(words)):
        raise Abstain(f"The plan counts {PLURAL[outcome] if outcome else 'games played'}, but the question names "
                      f"these results: {', '.join(sorted(named)) or 'none'}; I could not tell which count is meant.")
    if ask.winner:
        _check_winner(plan, ask, taken, table)
        return
    _check_condition(plan, outcome, table)
    sides = [c for c in table.columns if SIDE_WORDS & set(header_words(c))]
    if sides:
        raise Abstain(f"{', '.join(sides)} may hold the side each result belongs to; I could not tell whose "
                      f"{'games' if outcome is None else PLURAL[outcome]} to count. Name the {sides[0]} value.")
    subject = [w for w in words if w in taken and w not in OUTCOME_VOCABULARY and w not in PRONOUNS]
    if subject:
        _check_subject(subject, table)


def _check_winner(plan: AggregateArgs, ask: OutcomeAsk, taken: Counter, table: Table) -> None:
    """'Won by X' / 'did X win': every word taken out is outcome wording, and exactly one condition is on
    a winner column ('Winner', 'Victor', 'Champion', 'Winning team'), its one value spelling X."""
    unknown = sorted(w for w in taken if w not in OUTCOME_VOCABULARY | {"by"})
    if unknown:
        raise Abstain(f"I read a count of what {ask.subject!r} won, but not the words {', '.join(map(repr, unknown))}.")
    on = [p for p in plan.where if WINNER_WORDS & set(header_words(p.column))]
    values = [p.value if p.op is Op.eq else (p.values or [None])[0] for p in on
              if p.op is Op.eq or (p.op is Op.in_ and len(p.values or []) == 1)]
    if len(on) != 1 or len(values) != 1 or _words(str(values[0])) != _words(ask.subject or ""):
        raise Abstain(f"I read '{ask.said}' as a count of the rows naming {ask.subject!r} as the winner, but no "
                      "one winner column holds exactly that name.")


def _words(text: str) -> list[str]:
    """The folded words of `text` ('Wales' -> ['wales'])."""
    return [_fold(w) for w in re.findall(r"[^\W_]+", text)]


def _check_condition(plan: AggregateArgs, outcome: str | None, table: Table) -> None:
    """The plan's outcome condition is the last, and holds exactly the cells recording `outcome`."""
    last = plan.where[-1] if plan.where else None
    if outcome is None:
        if last is not None and last.op in (Op.in_,) and all(records_outcome(v) for v in last.values or []):
            raise Abstain("The plan counts games by a result, but the question names none.")
        return
    if last is None or last.op is not Op.in_ or last.values != outcome_spellings(table, last.column, outcome):
        raise Abstain(f"The question counts {PLURAL[outcome]}, but the plan holds no condition on every result "
                      f"recording a {outcome}.")


def _check_subject(subject: list[str], table: Table) -> None:
    """A named subject is the table's own side: none of its words in a cell or a header, and a column
    of opponents beside it."""
    said = " ".join(subject)
    odd = [w for w in subject if w in NOT_NAMES or singular(w) in NOT_NAMES]
    if odd:
        raise Abstain(f"I read '{said}' as who played, but {', '.join(map(repr, odd))} names no side; I could not tell "
                      "whose results to count.")
    if not any(OPPONENT_WORDS & set(header_words(c)) for c in table.columns):
        raise Abstain(f"I could not match '{said}' to a column or value, and no column holds the opponents of "
                      "one side's games; I could not tell that the rows are its games.")
    cells = _cell_words(table)
    inside = [w for w in subject if _fold(w) in cells or _fold(singular(w)) in cells]
    if inside:
        raise Abstain(f"'{said}' is not a value of any column, but {', '.join(map(repr, inside))} appears in the "
                      "table's cells or headers (an opponent?); I could not tell that the rows are its games.")


def _cell_words(table: Table) -> set[str]:
    """Every word (accents folded, lower-cased) of the table's text cells and headers."""
    words: set[str] = set()
    for column in table.columns:
        words.update(_fold(w) for w in header_words(column))
        for value in table.df[column].dropna().unique():
            if isinstance(value, str):
                words.update(_fold(w) for w in re.findall(r"[^\W_]+", value))
    return words


def _fold(word: str) -> str:
    """`word` lower-cased without accents ('García' -> 'garcia')."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))
