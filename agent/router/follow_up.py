"""Follow-up questions in a conversation: a question that only adds conditions, only changes the
aggregate ('how many?', 'and the average?') or refers back ('their total') is read against the
previous plan."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, Predicate, RatioArgs
from agent.queries import LatestArgs
from agent.router.draft import Abstain, Draft
from agent.router.vocabulary import FOLLOW_UP_STARTS, REFERS_BACK

Plan = AggregateArgs | RatioArgs | LatestArgs


def refers_back(question: str) -> bool:
    """True when `question` reads as a follow-up of the last turn: it opens with 'and', 'what
    about', 'only'... (FOLLOW_UP_STARTS) or points back ('their', 'those', 'of it': REFERS_BACK)."""
    return question.strip().lower().startswith(FOLLOW_UP_STARTS) or bool(REFERS_BACK.search(question))


QUESTION_OPENINGS = ("what", "what's", "which", "who", "who's", "whom", "whose", "when", "where", "why",
                     "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "could")
"""Words that open a question in its own right ('What was the date of the first loan?'), as a
fragment ('in TX?', 'fraud only', 'how many?') does not."""


def opens_question(question: str) -> bool:
    """True when `question` opens with a wh-word or an auxiliary (QUESTION_OPENINGS): with a
    condition or a column of its own and no follow-up cue (refers_back), it is a complete question
    and inherits nothing from the last turn. 'How' is left out: 'how many?' alone is a follow-up."""
    words = question.strip().lower().split(maxsplit=1)
    return bool(words) and words[0].strip(",?!.") in QUESTION_OPENINGS


def follow_up_op(draft: Draft, previous: Plan, predicates: list[Predicate]) -> Plan:
    """'how many?' / 'and the average?' after a plan: the previous conditions, the new aggregate."""
    if isinstance(previous, RatioArgs):
        raise Abstain("I cannot turn the previous percentage into a new aggregate; ask in full.")
    if isinstance(previous, LatestArgs):  # 'how many?' after a count over each id's latest row
        if draft.op != "count" or previous.op is not Agg.count:
            raise Abstain("I cannot turn the previous count over each id's latest row into a new aggregate; ask in full.")
        return merge(previous, predicates) if predicates else previous
    column = None if draft.op == "count" else previous.column
    if draft.op != "count" and column is None:
        raise Abstain(f"I could not tell which column to take the {draft.op} of.")
    if Agg(draft.op) is not previous.op:
        # 'how many does it have?' after 'which dept has the highest total salary': re-ranking by a
        # new measure would name another group's figure
        _not_top_groups(previous)
    merged = merge(previous, predicates) if predicates else previous
    return AggregateArgs(op=Agg(draft.op), column=column, where=merged.where, group_by=previous.group_by,
                         order=previous.order if previous.group_by else None, limit=previous.limit)


def carry(previous: Plan, plan: Plan, draft: Draft) -> Plan:
    """`plan` (a question naming its own measure) over the rows of `previous`: the previous
    conditions are kept unless the new question sets one on the same column ('what is their total
    amount?' after 'how many fraud transactions in TX?': SUM(amt) WHERE is_fraud = 1 AND state =
    'TX'). A ratio's population takes them. Raises Abstain when the previous rows are not a plain
    set of rows (a percentage, each id's latest row, the top groups of a ranking)."""
    if isinstance(previous, RatioArgs):
        raise Abstain("I cannot tell whether 'their'/'those' means the previous percentage's rows or its "
                      "population; ask in full.")
    if isinstance(previous, LatestArgs):
        raise Abstain("The previous answer counted each id's latest row; ask in full which rows to aggregate.")
    _not_top_groups(previous)
    if not previous.where and not previous.group_by:
        return plan
    ratio = isinstance(plan, RatioArgs)
    if ratio and previous.group_by:
        raise Abstain("I cannot take a percentage per group of the previous answer; ask in full.")
    said = {q.column for q in plan.where + (plan.base if ratio else [])}
    kept = [p for p in previous.where if p.column not in said]
    if kept:
        draft.notes.append(f"kept the previous conditions on {', '.join(dict.fromkeys(p.column for p in kept))}")
    if ratio:
        return plan.model_copy(update={"base": kept + plan.base})
    if previous.group_by and not plan.group_by:  # 'count by state' -> 'and their total amount?': per state
        draft.notes.append(f"kept the previous grouping by {', '.join(previous.group_by)}")
        return plan.model_copy(update={"where": kept + plan.where, "group_by": previous.group_by,
                                       "order": previous.order})
    return plan.model_copy(update={"where": kept + plan.where})


def _not_top_groups(previous: AggregateArgs) -> None:
    """Raises Abstain when `previous` answered with its top groups ('which dept has the highest
    total salary'): a follow-up about 'it' means that group, which the plan does not hold."""
    if previous.group_by and previous.limit is not None:
        raise Abstain(f"The previous answer was the top {previous.group_by[0]}; name it to ask about its rows.")


def merge(previous: Plan, added: list[Predicate]) -> Plan:
    """`previous` with `added` predicates; an added predicate replaces one on the same column."""
    columns = {p.column for p in added}
    if isinstance(previous, RatioArgs):
        base = [p for p in previous.base if p.column not in columns] + added
        return previous.model_copy(update={"base": base})
    where = [p for p in previous.where if p.column not in columns] + added
    return previous.model_copy(update={"where": where})
