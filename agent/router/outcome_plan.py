"""The count by outcome from a verified count and the outcome words (agent/router/outcomes.py): 'how
many games did the falcons win in 1981' was read as COUNT(*) WHERE Date = 1981, and becomes
COUNT(*) WHERE Date = 1981 AND Result IN (the cells recording a win: 'W 27-0', 'W 31-17', ...), a
plain predicate of the plan types, compiled like any other (restated 'Result is a win'). 'How many
games did they play in February' keeps its count and, where rows in scope record no game ('Bye'),
leaves them out (Result NOT IN ('Bye')). Refuses, naming the words, where the count is not clearly
one reading: a rest that is no plain count of rows, no result column or several, a column named by
an outcome word ('Wins', 'W': 'how many wins' is then its total, not a count of rows), and result
cells in scope recording neither an outcome nor no game ('Nominated', '24-17'), which could be either,
and a condition leaving out cells holding its value ('at Cleveland Freeze' beside 'Cleveland Freeze')."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.predicates import select
from agent.router.draft import Abstain, DataAbstain
from agent.router.outcome_cells import no_game_spellings, odd_cells, outcome_spellings, result_column, result_columns
from agent.router.outcomes import OutcomeAsk
from agent.router.words import header_words
from agent.table import Table

COLUMN_WORDS = frozenset({"w", "l", "d", "t", "win", "wins", "won", "loss", "losses", "lost", "draw", "draws", "drawn",
                          "tie", "ties", "tied", "victories", "defeats", "gp", "played", "pld", "games", "matches"})
"""Header words naming a column of counted outcomes or games ('Wins', 'W', 'GP'): a table of totals."""


PLURAL = {"win": "wins", "loss": "losses", "draw": "draws"}


def count_by_outcome(plan: object, ask: OutcomeAsk, table: Table, notes: list[str]) -> AggregateArgs:
    """The count plan for `plan` (the verified count of the question without its outcome words) with
    the result column's outcome among its conditions. Raises Abstain (the words do not read as one
    count by outcome) or DataAbstain (the rows spoil it)."""
    said = f"'{ask.said}'"
    if not isinstance(plan, AggregateArgs) or plan.group_by or plan.limit is not None or plan.op is not Agg.count \
            or plan.column is not None or plan.order is not None:
        raise Abstain(f"I read {said} as a count of games by their result, but the rest of the question is no "
                      "count of rows I could add the result to.")
    results = set(result_columns(table))
    named = [c for c in table.columns if c not in results and COLUMN_WORDS & set(header_words(c))]
    if named:
        raise Abstain(f"I read {said} as a count of games by their result, but {', '.join(named)} may already "
                      "count them; ask for that column by name.")
    _no_wider_cells(plan, table, said)
    if ask.winner:
        notes.append(f"read {said} as the rows naming {ask.subject!r} as the winner")
        return plan
    scope = list(select(table, plan.where).mask)
    if ask.outcome is None:
        return _played(plan, table, scope, said, notes)
    column = result_column(table, ask.outcome, f"A count of {PLURAL[ask.outcome]}")
    odd = odd_cells(table, column, scope)
    if odd:
        shown = ", ".join(map(repr, odd[:3]))
        raise DataAbstain(f"{column} holds cells that record no win or loss ({shown}) among the rows counted: "
                          "I could not tell whether they count.")
    spellings = outcome_spellings(table, column, ask.outcome)
    if not spellings:
        raise DataAbstain(f"No cell of {column} records a {ask.outcome}.")
    notes.append(f"read {said} as the rows whose {column} records a {ask.outcome} (first word "
                 f"{'/'.join(sorted({s.split()[0] for s in spellings}))})")
    where = [*plan.where, Predicate(column=column, op=Op.in_, values=spellings)]
    return plan.model_copy(update={"where": where})


def _played(plan: AggregateArgs, table: Table, scope: list[bool], said: str, notes: list[str]) -> AggregateArgs:
    """A count of games played: the rows in scope, less those whose result records no game ('Bye')."""
    columns = result_columns(table)
    if len(columns) > 1:
        raise DataAbstain(f"I read {said} as a count of games played, but several columns record results "
                          f"({', '.join(columns)}); I could not tell which says a game was played.")
    if not columns:
        notes.append(f"read {said} as a count of the rows (each row one game)")
        return plan
    odd = odd_cells(table, columns[0], scope)
    if odd:
        shown = ", ".join(map(repr, odd[:3]))
        raise DataAbstain(f"{columns[0]} holds cells that record no result ({shown}) among the rows counted: "
                          "I could not tell whether those games were played.")
    byes = no_game_spellings(table, columns[0])
    missing = table.df[columns[0]].isna().to_numpy()
    if not byes and not any(m and s for m, s in zip(missing, scope)):
        notes.append(f"read {said} as a count of the rows (each row's {columns[0]} records a game)")
        return plan
    notes.append(f"read {said} as the rows whose {columns[0]} records a game (rows recording none left out)")
    kept = Predicate(column=columns[0], op=Op.not_in, values=byes) if byes else \
        Predicate(column=columns[0], op=Op.not_null)
    return plan.model_copy(update={"where": [*plan.where, kept]})


def _no_wider_cells(plan: AggregateArgs, table: Table, said: str) -> None:
    """Raises DataAbstain when a text condition of `plan` leaves out cells that hold its value inside
    them: 'the cleveland freeze' picks 'Cleveland Freeze' but not 'at Cleveland Freeze' (an away game
    against the same side)."""
    for p in plan.where:
        if p.op not in (Op.eq, Op.in_) or p.column not in table.columns:
            continue
        wanted = {str(v).strip().casefold() for v in ([p.value] if p.op is Op.eq else p.values or [])}
        cells = {str(v) for v in table.df[p.column].dropna().unique() if isinstance(v, str)}
        wider = sorted(c for c in cells if c.strip().casefold() not in wanted
                       and any(w and w in c.casefold() for w in wanted))
        if wider:
            raise DataAbstain(f"I read {said} over the rows where {p.column} is {', '.join(sorted(wanted))}, but "
                              f"other cells of {p.column} hold it too ({', '.join(map(repr, wider[:3]))}); I could "
                              "not tell whether they count.")
