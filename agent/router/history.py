"""History tables in the router: a status log (an id repeating with a date, a status-like column
that changes within an id: T1 open, then T1 closed). A count or filter over that status means each
id's latest row ('how many tickets are open' = tickets whose latest status is open), whatever the
phrasing; the rows themselves only when the question says rows ('status updates', 'entries'), and
'ever' means each id that had the status at any time. Where the two readings differ and the plan
cannot say the latest one (a percentage, a group-by, a date condition, an unclear id), it abstains."""

from __future__ import annotations

from dataclasses import dataclass

from agent import table_rows
from agent.plan import Agg, AggregateArgs, RatioArgs
from agent.queries import CheckArgs, FrequencyArgs, LatestArgs, RankArgs
from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon, header_words
from agent.router.reading import Reading
from agent.router.row_nouns import ROW_NOUN
from agent.router.draft import Abstain, Draft
from agent.router.file_noun import rows_named
from agent.router.history_words import ever_or_latest, not_a_count, on_a_date, two_dates, two_ids
from agent.table import Table
from agent.table_type import TEXT_ROLES



@dataclass(frozen=True)
class History:
    """The shape of a status log: `id` repeats, rows ordered by `date`, `status` changes within an id."""

    id: str
    date: str
    status: str


def status_like(table: Table, column: str) -> bool:
    """A text column holding a state that changes over time: its header says status/stage/phase, or
    says state and holds a status word (not a US state), or most of its values are status words
    (open, closed, pending...)."""
    if table.roles.get(column) not in TEXT_ROLES:
        return False
    words = set(header_words(column))
    values = {str(v).strip().casefold() for v in table_rows.distinct(table, column)}
    known = len(values & V.STATUS_VALUES)
    if words & {"status", "stage", "phase"}:
        return True
    return bool(values) and (("state" in words and known > 0) or known >= max(1, len(values) / 2))


def find_history(table: Table, lex: Lexicon, status: str, named: str | None, plan: object = None) -> History | None:
    """The history shape of `table` around `status`: the id (`named` when the question names it,
    else the one text column that repeats and within which `status` changes) and the one date
    column that varies within an id. None when `status` never changes within an id (not a log).
    Raises Abstain when several columns could be the id or the date (worded for `plan`: history_words)."""
    if not lex.date_columns or not status_like(table, status):
        return None
    candidates = [named] if named else [c for c in table.df.columns if table.roles[c] in TEXT_ROLES and c != status]
    ids = [c for c in candidates if changes_within(table, c, status)]
    if not ids:
        return None
    if len(ids) > 1:
        raise Abstain(two_ids(table.name, status, ids, plan))
    dates = [d for d in lex.date_columns if changes_within(table, ids[0], d)] or lex.date_columns
    if len(dates) > 1:
        raise Abstain(two_dates(status, ids[0], dates))
    return History(id=ids[0], date=dates[0], status=status)


def changes_within(table: Table, ident: str, column: str) -> bool:
    """True when `ident` repeats and `column` takes more than one value within some id."""
    pairs = table.df[[ident, column]].dropna()
    if pairs.empty or pairs[ident].nunique() == len(pairs):
        return False
    return bool((pairs.groupby(ident, observed=True)[column].nunique() > 1).any())


def _columns(plan: object) -> list[str]:
    """The columns a plan filters or counts by: where the status of a history table would matter."""
    match plan:
        case AggregateArgs() | RankArgs(): return [p.column for p in plan.where]
        case RatioArgs(): return [p.column for p in plan.where + plan.base]
        case CheckArgs(): return [p.column for p in plan.where + plan.condition]
        case FrequencyArgs(): return [plan.column, *(p.column for p in plan.where)]
    return []


LOG_NOUNS = frozenset({"histories", "logs", "changes", "updates", "events", "transitions", "snapshots", "audits",
                       "trails", "timelines", "movements", "activities", "steps", "stages", "statuses"})
"""File nouns that name a log's entries, not the things whose status changes (ticket_changes.csv)."""


def _named_rows(table: Table, lex: Lexicon) -> bool:
    """True when the file's name names the rows (orders.csv, appointments.csv: router/file_noun.py
    `rows_named`, which no identifier of a bare 'id' header repeating allows), not as a log's entries
    (LOG_NOUNS): each row is one of the file's things (a customer or a PatientID has several
    orders), not an update of an id."""
    noun = rows_named(table, lex)
    return noun is not None and noun not in LOG_NOUNS


def _counted(plan: object) -> str | None:
    """The column a plan counts or lists ('how many tickets', 'list the open tickets'): the id."""
    if isinstance(plan, AggregateArgs) and plan.op in (Agg.count, Agg.count_distinct):
        return plan.column
    if isinstance(plan, RankArgs) and plan.by is None and len(plan.columns) == 1:
        return plan.columns[0]
    return None


_EVER = {"ever", "got", "were", "was", "became", "been", "went", "gotten"}
"""An event in the past ('how many tickets got reopened', 'were closed', 'have ever been open')
asks which ids had the status at any time; the present ('are open', 'is closed') or no verb asks
for each id's latest row."""


def history_reading(plan: object, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> object:
    """`plan` read against a history table: a LatestArgs over each id's latest row when it counts or
    filters by a status of a status log; `plan` itself when the table is not one, the status is
    not used, or the question says rows or 'ever' (noted). Raises Abstain where the readings
    differ and the latest one cannot be planned (a list, a yes/no test, a most-common status...)."""
    status = next((c for c in _columns(plan) if status_like(table, c)), None) if lex.date_columns else None
    if status is None:
        return plan
    if draft.per_row or any(i.meanings[0].value != ROW_NOUN for i in reading.of("row")):
        draft.notes.append(f"read every row (each {status} update), not only each id's latest row")
        return plan  # 'rows', 'entries', the file's noun; a noun only guessed after 'how many' says nothing
    named = _counted(plan)
    unique = [c for c in table.df.columns if table.roles[c] in TEXT_ROLES and c != status and table.df[c].is_unique]
    if named is None and unique:  # each row is one loan, order, ...: rows are entities, not updates
        draft.notes.append(f"counted rows, each one {unique[0]} (not any id's latest {status})")
        return plan
    if named is None and _named_rows(table, lex):
        draft.notes.append(f"read every row: each is one of the {rows_named(table, lex)} ({table.name} names its rows), "
                           f"not an update of another column's {status}")
        return plan
    history = find_history(table, lex, status, named, plan)
    if history is None:
        return plan
    ident = history.id
    if isinstance(plan, AggregateArgs) and plan.op in (Agg.count, Agg.count_distinct) and not plan.group_by \
            and any(i.text.lower() in _EVER for i in reading.items) \
            and (any(i.text.lower() == "ever" for i in reading.items)
                 or not any(p.column == history.date for p in plan.where)):  # 'were open on <date>': as of a date
        draft.notes.append(f"counted each {ident} that ever had this {status}, at any time (read from "
                           f"'{next(i.text for i in reading.items if i.text.lower() in _EVER)}')")
        return AggregateArgs(op=Agg.count_distinct, column=ident, where=plan.where)
    if unique:
        raise Abstain(ever_or_latest(ident, status, unique[0]))
    return _latest(plan, history, table)


def _latest(plan: object, history: History, table: Table) -> LatestArgs:
    """The count (or aggregate) of `plan` over each id's latest row. Raises Abstain for a plan the
    latest rows cannot answer yet (a list, test, ranking, percentage or group-by; a date condition)."""
    ident, status = history.id, history.status
    if not isinstance(plan, AggregateArgs) or plan.group_by:
        raise Abstain(not_a_count(table.name, ident, status))
    if any(p.column == history.date for p in plan.where):
        raise Abstain(on_a_date(table.name, ident, status))
    counted = plan.op in (Agg.count, Agg.count_distinct) and plan.column in (None, ident)
    return LatestArgs(id=ident, date=history.date, op=Agg.count if counted else plan.op,
                      column=None if counted else plan.column, where=plan.where)
