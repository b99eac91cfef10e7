"""Reading of questions that ask which row(s) meet a condition in other words than 'which <noun>
...', restated in those words before they are read (as router/who_which.py does for 'who is the
<noun> ...'), noted, so every later stage and the verifier see the column word the question gave:

- 'which/what is the only <noun> to have/with/that ...': 'which was the only tribunal to have more
  than 40 executions in effigie' -> 'which tribunal had more than 40 executions in effigie';
- 'which/what <noun> is the only one with/that ...': 'what company is the only one with a revenue
  greater than X' -> 'which company has a revenue greater than X';
- 'name a/an/one <noun> that ...' (any one row), 'name the only <noun> ...' (the one row), 'name
  (all) the <nouns> that ...' (every row);
- '<nouns> that/who/with ...' opening the question: 'nations that had 10 or more medals each' ->
  'which nations had 10 or more medals each';
- 'who <verb> ...' ('other than ccp bobcats, who has basic elements over 60?') -> 'which Team has
  ...', read only when the question as written is refused, when exactly one column names people or teams (`who_column`): a header word whose first
  WordNet noun sense is a person or social group, one value per row, no digit in 90% of its cells.
  'who did/does ...' (who is the object) is left as written.

The noun must be exactly the name or header words of one text column (of at most three words); a
noun naming no column, a numeric column or several columns leaves the question as written.

'the only' and 'a/one' are kept as an `Asked` and checked on the plan (`check_asked`): 'the only'
is answered only when exactly one row passes the conditions (several, or none, refuse naming
them); 'name a <noun>' with several rows passing lists them all, the answer saying any one of them
answers (`ANY_ONE`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.router.draft import Abstain, DataAbstain
from agent.router.lexicon import Lexicon
from agent.router.who_which import text_column, verb_words
from agent.table import Table

ONLY, ANY = "only", "any"
ANY_ONE = "any one of the values listed answers"
"""Start of the note a 'name a <noun>' reading leaves when several rows pass (agent/loop.py and
evals/score.py read it)."""

_WORD = r"[^\W\d_][\w'-]*"
_NOUN = rf"{_WORD}(?:\s+{_WORD}){{0,2}}"
_FLAGS = re.IGNORECASE | re.DOTALL
_THE_ONLY = re.compile(rf"^(?P<lead>\s*(?:and\s+)?)(?:which|what)\s+(?P<aux>is|was|are|were)\s+the\s+(?:only|sole)\s+"
                       rf"(?P<noun>{_NOUN})(?P<rest>.*)$", _FLAGS)
_ONLY_ONE = re.compile(rf"^(?P<lead>\s*(?:and\s+)?)(?:which|what)\s+(?P<noun>{_NOUN}?)\s+(?P<aux>is|was)\s+the\s+"
                       rf"(?:only|sole)\s+one\b(?P<rest>.*)$", _FLAGS)
_NAME = re.compile(rf"^(?P<lead>\s*)name\s+(?:(?P<any>a|an|one|any)|the\s+(?P<only>only|sole)|(?:all\s+(?:of\s+)?)?the|all)"
                   rf"\s+(?P<noun>{_NOUN})(?P<rest>.*)$", _FLAGS)
_WHO = re.compile(r"^(?P<lead>(?:.*?,\s*)?(?:and\s+)?)who\s+(?!(?:did|does|do|will|would|can|could|should)\b)"
                  r"(?P<rest>[a-z]+\s.*)$", _FLAGS)
_PLAIN = re.compile(r"[A-Za-z][A-Za-z ]*[A-Za-z]")
_BARE = re.compile(rf"^(?P<lead>\s*)(?P<noun>{_NOUN}?)\s+(?P<rest>(?:that|who|with)\s.*)$", _FLAGS)


@dataclass(frozen=True)
class Asked:
    """What the question's opening asks of the rows its conditions pick: `kind` ONLY (exactly one)
    or ANY (any one of them), of the text column `column`, in the words `said`."""

    kind: str
    column: str
    said: str


def only_which_reading(question: str, lex: Lexicon, table: Table) -> tuple[str, str | None, Asked | None]:
    """(`question` restated as 'which <noun> ...', a note naming the column, what its opening asks)
    for the shapes of the module docstring; (`question`, None, None) for any other."""
    for pattern in (_THE_ONLY, _NAME):
        match = pattern.match(question)
        if match is None:
            continue
        kind = ONLY if pattern is _THE_ONLY or match.group("only") else ANY if match.group("any") else None
        found = _longest_column(question, match, lex, table)
        if found is not None:
            end, column = found
            return _restated(question, match, end, column, kind, match.groupdict().get("aux"))
        return question, None, None
    for pattern, kind in ((_ONLY_ONE, ONLY), (_BARE, None)):
        match = pattern.match(question)
        if match is None:
            continue
        noun = match.group("noun")
        column = text_column(tuple(noun.lower().split()), lex, table)
        if column is not None and (pattern is _ONLY_ONE or noun.lower().endswith("s")):
            return _restated(question, match, match.end("noun"), column, kind, match.groupdict().get("aux"),
                             rest=question[match.start("rest"):])
    return question, None, None


def who_rows_reading(question: str, table: Table) -> tuple[str, str] | None:
    """('who <verb> ...' restated as 'which <the one column of people or teams> ...', a note), or
    None (module docstring). Read only when the question as written is refused (router.py)."""
    match = _WHO.match(question)
    if match is None or re.match(r"(?:is|was|are|were)\s+the\b", match.group("rest"), re.IGNORECASE):
        return None  # 'who is the <noun> ...': router/who_which.py
    column = who_column(table)
    if column is None:
        return None
    restated = f"{match.group('lead')}which {column} {match.group('rest')}"
    return restated, f"read 'who' as 'which {column}' (the one column naming people or teams)"


def who_again(decision, table: Table, route):
    """`decision` (the router's on a question as written), or, when it refused a 'who <verb> ...'
    question on the words (not the table's rows), the decision `route` makes on the question read
    as 'which <column> ...' (`who_rows_reading`), kept when its plan is one `kept_who_plan` allows,
    under the question as written with the reading noted first."""
    again = None
    if decision.plan is None and decision.lookup is None and not decision.data_refused:
        again = who_rows_reading(decision.question, table)
    if again is None:
        return decision
    retried = route(again[0])
    if not kept_who_plan(retried.plan):
        return decision
    retried.question, retried.notes = decision.question, [again[1], *retried.notes]
    retried.elapsed_us += decision.elapsed_us
    return retried


def kept_who_plan(plan: object) -> bool:
    """True for the plans the second reading of 'who' may answer with: the label of the rows some
    conditions pick (DistinctArgs with conditions) or of a row ranked by a measure (RankArgs with a
    `by`: 'who has won the most total medals'), or the choice between named rows ('who was withdrawn
    due to a broken wrist, A or B?': router/which_of.py, the shown column IN the names). Not a row in
    file order: 'who was last?' asks for a standing, which the file's order need not be."""
    from agent.plan import Op
    from agent.queries import DistinctArgs, RankArgs

    if isinstance(plan, DistinctArgs):
        return bool(plan.where)
    return isinstance(plan, RankArgs) and (plan.by is not None or any(
        p.op is Op.in_ and p.column in plan.columns for p in plan.where))


def who_column(table: Table) -> str | None:
    """The one text column of names of people or teams with a value per row, written in plain words
    ('Team', 'Name'); None when there is none or several."""
    from agent.router.name_columns import holds_names
    from agent.router.rows import one_per_row
    from agent.router.who_row import names_people
    from agent.table_type import TEXT_ROLES

    found = [c for c in table.columns if table.roles.get(c) in TEXT_ROLES and names_people(c)
             and one_per_row(table, c) and holds_names(table, c)]
    return found[0] if len(found) == 1 and _PLAIN.fullmatch(found[0]) else None


def _longest_column(question: str, match: re.Match[str], lex: Lexicon, table: Table) -> tuple[int, str] | None:
    """(end of the noun, its column) for the longest run of the noun words naming one text column."""
    spans = [m.span() for m in re.finditer(_WORD, match.group("noun"))]
    start = match.start("noun")
    for size in range(len(spans), 0, -1):  # the longest column name first ('home team' before 'home')
        end = start + spans[size - 1][1]
        column = text_column(tuple(question[start:end].lower().split()), lex, table)
        if column is not None:
            return end, column
    return None


def _restated(question: str, match: re.Match[str], end: int, column: str, kind: str | None, aux: str | None,
              rest: str | None = None) -> tuple[str, str | None, Asked | None]:
    """The restatement 'which <noun> <rest>' with its note and Asked; unchanged when no condition
    follows the noun."""
    rest = (question[end:] if rest is None else rest).strip()
    if not re.search(r"\w", rest):
        return question, None, None  # 'what is the only team?': no condition says which
    noun = question[match.start("noun"):end]
    restated = f"{match.group('lead')}which {noun} {verb_words(aux or 'is', rest)}".rstrip()
    said = question[match.end("lead"):end].strip()
    note = f"read '{said}' as 'which {noun}' ({column}, the column the question names)"
    if kind == ONLY:
        note += "; 'only' asks for exactly one row"
    return restated, note, Asked(kind, column, said) if kind else None


def check_asked(plan: object, asked: Asked, table: Table, notes: list[str]) -> None:
    """Raises Abstain unless `plan` lists `asked.column` for the rows its conditions pick (or ranks
    rows: a superlative names its ties); DataAbstain when 'the only' finds several or no rows, or 'a/one'
    finds none. With ANY and several rows, notes ANY_ONE in `notes`."""
    from agent.predicates import selected
    from agent.queries import DistinctArgs, RankArgs

    if isinstance(plan, RankArgs) and plan.by is not None and plan.limit == 1:
        return  # 'which is the only team with the most wins': the top row, its ties named
    if not isinstance(plan, DistinctArgs) or plan.column != asked.column or not plan.where:
        raise Abstain(f"I read '{asked.said}' as asking for the {asked.column} of the rows the conditions pick, "
                      "but the rest of the question reads as something else.")
    from agent.ops.common import labels

    mask = selected(table, plan.where, allow_empty=True).mask
    values = list(dict.fromkeys(str(v) for v in labels(table, asked.column)[mask].dropna()))
    if not values:
        raise DataAbstain(f"No row passes the conditions, so no {asked.column} answers '{asked.said}'.")
    if asked.kind == ONLY and len(values) > 1:
        listed = ", ".join(repr(v) for v in values[:8]) + (f" and {len(values) - 8} more" if len(values) > 8 else "")
        raise DataAbstain(f"'{asked.said}' asks for one row, but {len(values)} rows pass the conditions "
                          f"({asked.column}: {listed}): not the single row the question expects.")
    if asked.kind == ANY and len(values) > 1:
        notes.append(f"{ANY_ONE} '{asked.said}' ({len(values)} rows pass the conditions)")


def any_one(notes: list[str]) -> bool:
    """True when the router's `notes` say several rows answer a 'name a <noun>' question (ANY_ONE)."""
    return any(n.startswith(ANY_ONE) for n in notes)


def any_one_text(notes: list[str], result: object) -> str:
    """The sentence an answer listing several values for 'name a <noun>' ends with: any one of them
    answers; '' for any other answer."""
    from agent.results import ValuesResult

    if not any_one(notes) or not isinstance(result, ValuesResult) or len(result.values) < 2:
        return ""
    return f" The question asks for one; any one of these {len(result.values)} answers it."
