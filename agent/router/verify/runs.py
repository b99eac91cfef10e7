"""The verifier's account of a run plan (agent/runs.py), written apart from its readers
(router/streaks.py, router/streak_plan.py). The rest of the question was verified as a count of rows
(every word of it accounted for by the count's plan); this re-derives from the question's own
tokens that the words taken out for the run stand for the run plan's parts, and nothing else:

- a run word ('consecutive', 'successive', 'straight' before a plural noun, 'in a row', 'streak')
  stands for the run itself, once;
- the counted noun right after it says the step: 'years'/'seasons' for a plan stepping through a
  year column (`by`), any other noun ('games', 'times', 'titles') for rows in the table's order;
- an outcome word ('wins', 'winning', 'losses') stands for the plan's outcome, and no other
  outcome word may stand beside it ('wins without a loss' is refused: two results named);
- a superlative ('longest', 'most', 'highest number of') or 'how many' / 'how long' asks for the
  length, the one number a run plan returns;
- every word of the question that the count's question does not hold is one of these or closed
  filler (RUN_VOCABULARY: 'the', 'did', 'have', 'this season'...): nothing else was taken out.
Raises Abstain naming the words when any of these fails."""

from __future__ import annotations

from collections import Counter

from agent.router.draft import Abstain
from agent.router.tokens import tokenize
from agent.runs import RunArgs

RUN_WORDS = frozenset({"consecutive", "consective", "successive", "straight", "streak"})
"""Single words naming a run of consecutive rows ('in a row' is read as three tokens)."""
YEAR_WORDS = frozenset({"years", "seasons"})
OUTCOME_WORDS = {"win": frozenset({"wins", "win", "winning", "victories", "won"}),
                 "loss": frozenset({"losses", "loss", "losing", "defeats", "lost"}),
                 "draw": frozenset({"draws", "ties", "drawn", "tied"})}
LENGTH_WORDS = frozenset({"longest", "most", "largest", "greatest", "highest", "biggest", "best", "many", "long"})
"""Words asking for the run's length (with 'how' for 'many' and 'long')."""
RUN_VOCABULARY = RUN_WORDS | YEAR_WORDS | LENGTH_WORDS | frozenset().union(*OUTCOME_WORDS.values()) | frozenset(
    ["in", "a", "row", "what", "which", "is", "was", "were", "are", "how", "the", "his", "her", "their", "its", "team", "teams", "s", "number", "amount", "of", "did", "have", "has", "had", "they", "he", "she", "it", "we", "get", "got", "record", "earn", "took", "take", "place", "there", "for", "shown", "this", "season", "during", "overall", "ever"])
"""The words a run reading may take out of a question: run, length and outcome words, and closed filler."""


def check_run(plan: RunArgs, question: str, rest: str) -> None:
    """Raises Abstain unless `question`'s run words stand for `plan` (the rules of the module
    docstring) and every word not in `rest` (the count's question, verified on its own) is one of
    them; returns None when they do."""
    words = [t.lower for t in tokenize(question)]
    taken = Counter(words) - Counter(t.lower for t in tokenize(rest))
    unknown = sorted(w for w in taken if w not in RUN_VOCABULARY)
    if unknown:
        raise Abstain(f"I read a run of consecutive rows, but not the words {', '.join(map(repr, unknown))}.")
    cues = [i for i, w in enumerate(words) if w in RUN_WORDS] + [i for i in range(len(words) - 2)
                                                                 if words[i:i + 3] == ["in", "a", "row"]]
    if not cues:
        raise Abstain("The plan takes the longest run of consecutive rows, but no word of the question says "
                      "'consecutive'.")
    if not any(w in LENGTH_WORDS for w in words):
        raise Abstain("The plan returns the length of a run, but no word asks for a length ('how many', 'longest').")
    _check_step(plan, words, cues)
    _check_outcome(plan, words)


def _check_step(plan: RunArgs, words: list[str], cues: list[int]) -> None:
    """The noun after the run word says years (a `by` column) or rows (none)."""
    after = [words[i + 1] for i in cues if i + 1 < len(words) and words[i] != "in"]
    says_years = any(w in YEAR_WORDS for w in after)
    if says_years != (plan.by is not None):
        said = "years" if says_years else "rows"
        raise Abstain(f"The question counts consecutive {said}, but the plan steps through "
                      f"{'years of ' + plan.by if plan.by else 'rows'}; I could not tell which is meant.")


def _check_outcome(plan: RunArgs, words: list[str]) -> None:
    """An outcome word stands for the plan's outcome, and only that outcome is named."""
    named = {result for result, forms in OUTCOME_WORDS.items() if any(w in forms for w in words)}
    if plan.outcome is None:
        return
    if named != {plan.outcome.result}:
        listed = ", ".join(sorted(named)) or "none"
        raise Abstain(f"The plan takes a run of {plan.outcome.result}s in {plan.outcome.column}, but the question "
                      f"names these results: {listed}; I could not tell which run is meant.")
