"""The refusals of a status log (router/history.py) in words a user can follow: what the table
looks like (a status that changes from row to row within the same id), the two readings of the
question ('every row with Status = closed' or 'each id's latest row'), and a question to ask for
each reading that the router answers. Only wording: nothing here decides a plan."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs, Op
from agent.restate import restate


def _what(plan: object) -> str:
    """'the total hours where status = 'closed'' (the plan restated), or 'this'."""
    said = restate(plan) if plan is not None else None
    return said.removeprefix("Read as: ") if said else "this"


def _status_value(plan: object, status: str) -> str | None:
    """The one value the plan asks `status` to equal ('closed'), or None."""
    found = [p for p in getattr(plan, "where", []) if p.column == status and p.op in (Op.eq, Op.in_)]
    if len(found) != 1:
        return None
    values = found[0].values or [found[0].value]
    return str(values[0]) if len(values) == 1 else None


def _within(ids: list[str]) -> str:
    """'ticket_id' or 'ticket_id (and also within owner, priority)'."""
    return ids[0] + (f" (and also within {', '.join(ids[1:])})" if len(ids) > 1 else "")


def _counts(plan: object) -> bool:
    return isinstance(plan, AggregateArgs) and plan.op in (Agg.count, Agg.count_distinct) and not plan.group_by


def two_ids(table_name: str, status: str, ids: list[str], plan: object) -> str:
    """The refusal when `status` changes within several columns that could each be the log's id."""
    lead = (f"{table_name} looks like a log: {status} changes from row to row within the same {_within(ids)}, "
            f"so its rows may be updates over time rather than one row per {ids[0]}.")
    value = _status_value(plan, status)
    if _counts(plan) and value is not None:
        return (f"{lead} Count every row with {status} = '{value}' (ask 'how many rows have {status} {value}'), "
                f"or each {ids[0]} whose latest {status} is '{value}' (ask 'how many {ids[0]} values are "
                f"{value}')? I cannot tell which is meant.")
    rows = f" (ask '{_what(_without_where(plan))} of the rows where {status} is {value}')" if value else \
        " (say 'of the rows' in the question)"
    return (f"{lead} Should {_what(plan)} use every row with that {status}{rows}, or only each {ids[0]}'s latest "
            "row? I cannot tell which is meant.")


def two_dates(status: str, ident: str, dates: list[str]) -> str:
    """The refusal when several date columns could order each id's rows."""
    return (f"{status} changes from row to row within the same {ident}, and {' and '.join(dates)} could each "
            f"say which of its rows is the latest; I cannot tell which. To use every row instead, say 'rows' "
            f"('how many rows have {status} ...').")


def ever_or_latest(ident: str, status: str, unique: str) -> str:
    """The refusal for a past event ('were closed') where each row is one `unique` of an `ident`."""
    return (f"Each row is one {unique}, and {status} changes within the same {ident}: count each {ident} that "
            f"ever had this {status} (say 'ever': 'how many {ident} values were ever ...'), or each {ident} by its "
            f"latest {unique} (say 'are': 'how many {ident} values are ...')? I cannot tell which is meant.")


def not_a_count(table_name: str, ident: str, status: str) -> str:
    """The refusal for a plan over each id's latest row other than a plain aggregate (a list, a test,
    a ranking, a group-by)."""
    return (f"{table_name} looks like a log of each {ident} ({status} changes from row to row within the same "
            f"{ident}). Over each {ident}'s latest row I can count ('how many {ident} values are ...') or total "
            f"a column, but not yet list, test, rank or group them; to read every row instead, say 'rows' in the "
            "question.")


def on_a_date(table_name: str, ident: str, status: str) -> str:
    """The refusal for a status asked as of a date on a log."""
    return (f"{table_name} looks like a log of each {ident} ({status} changes over time): a {status} on a date "
            f"needs each {ident}'s row as of that date, which I cannot compute yet. Ask without the date for each "
            f"{ident}'s latest {status}, or say 'rows' to count the updates made on that date.")


def _without_where(plan: object) -> object:
    """The plan without its conditions (for 'the total hours of the rows where ...')."""
    return plan.model_copy(update={"where": []}) if hasattr(plan, "where") else plan
