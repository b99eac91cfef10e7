"""The deterministic pre-router: classify a question, then parse it into a typed plan from the
table's own profile, or abstain naming what it could not map."""

from __future__ import annotations

import time

from pydantic import BaseModel

from agent.config import RouterConfig, SearchConfig
from agent.plan import AggregateArgs, RatioArgs
from agent.list_sql import memberships
from agent.router.day_first import day_first_dates
from agent.router.periods import period_ranges
from agent.queries import CheckArgs, CheckKind, LatestArgs, RankArgs
from agent.router.decision import RouterDecision
from agent.router.kind import Classification, Kind, classify, recognise
from agent.router.history import history_reading
from agent.router.identifiers import count_entities
from agent.router.lexicon import build_lexicon
from agent.router.lookup import lookup_plan
from agent.router.draft import Abstain, DataAbstain, Draft
from agent.router.parse import build_draft
from agent.router.planner import to_plan
from agent.router.differences import read_difference
from agent.router.compared import compared_reading
from agent.router.two_way import two_way_plan, two_way_reading
from agent.router.verify.two_way import check_two_way
from agent.router.set_aside import set_aside_reading
from agent.router.entity import read_per_entity
from agent.router.entity_mean import entity_mean
from agent.router.file_order import check_file_order, read_top_bottom, table_words
from agent.router.standings import placing_verbs
from agent.router.per_row import rows_not_groups
from agent.router.group_gaps import note_blank_negations, rank_real_groups
from agent.router.positions import read_position
from agent.router.which_of import read_which_of
from agent.router.who_row import read_who_row
from agent.router.who_which import who_which_reading
from agent.router.only_which import ONLY, Asked, check_asked, only_which_reading, who_again
from agent.router.row_value import read_row_value
from agent.router.than_row import read_than_row
from agent.router.between import read_between
from agent.router.extremes import read_extremes
from agent.router.limits import take_file_order, take_limit, take_periods
from agent.router.queries import build_query
from agent.router.rows import one_row_key
from agent.router.superlatives import superlative_reading
from agent.router.postfix import postfix_comparisons
from agent.router.restating import may_say
from agent.router.row_nouns import check_row_count
from agent.router.value_rows import check_value_rows
from agent.router.rank import check_who_shown
from agent.router.row_asked import check_row_asked
from agent.router.id_nouns import counted_entity_ids
from agent.router.link import Reading, read
from agent.router.verify import drop_layout, verify
from agent.table import Table
from agent.router import vocabulary as V
from agent.router.follow_up import opens_question, refers_back
from agent.router.two_asks import two_questions
from agent.router.streaks import streak_reading
from agent.router.streak_plan import run_from_count
from agent.router.verify.runs import check_run
from agent.router.outcomes import OutcomeAsk, outcome_reading, winner_reading
from agent.router.outcome_plan import count_by_outcome
from agent.router.verify.outcomes import check_outcome
from agent.router.duration_words import duration_reading


class Router:
    """Routes questions about one table. The lexicon is built once per table and cached on it."""

    def __init__(self, table: Table, config: RouterConfig, search: SearchConfig | None = None):
        self.table = table
        self.config = config
        self.search = search or SearchConfig()
        self.lexicon = build_lexicon(table, config)

    def _take(self, kind: Kind, reading) -> object:
        """What a query kind reads before the draft: the N of a top-N, the first/last of file
        order, the two periods of a change."""
        match kind:
            case Kind.frequency | Kind.rank | Kind.select: return take_limit(reading)
            case Kind.file_order:
                table_words(reading)
                placing_verbs(reading)
                return take_file_order(reading)
            case Kind.change: return take_periods(reading, self.lexicon, self.table)
        return None

    def route(self, question: str, previous: AggregateArgs | RatioArgs | LatestArgs | None = None) -> RouterDecision:
        """Classify and parse `question`. `previous` is the last plan of a conversation, used when
        the question only adds conditions ("and for TX?"). Never raises for a question it cannot
        parse: the decision carries `abstain` instead. A question refused as it is that counts games
        by their outcome ('how many games did they win?': outcomes.py) is read again as a count of
        rows with the result column's outcome, and a 'who <verb> ...' question refused as written
        once more as 'which <the column of names> ...' (router/only_which.py); either second
        reading is the decision only when it plans."""
        started = time.perf_counter()
        decision = self._outcome_pass(question, previous)
        if previous is None:
            decision = who_again(decision, self.table, lambda q: self._outcome_pass(q, None))
        decision.elapsed_us = (time.perf_counter() - started) * 1e6
        return decision

    def _outcome_pass(self, question: str, previous: AggregateArgs | RatioArgs | LatestArgs | None) -> RouterDecision:
        """One reading of `question`, read again by outcome when it is refused (route)."""
        decision = self._route(question, previous)
        fresh = previous is None or not refers_back(question)  # a follow-up keeps its refusal
        for reading in (outcome_reading, winner_reading):
            if decision.plan is None and decision.lookup is None and fresh:
                retry = self._route(question, None, outcomes=reading)
                decision = retry if retry.plan is not None else decision
        return decision

    def _route(self, question: str, previous: AggregateArgs | RatioArgs | LatestArgs | None,
               outcomes=None) -> RouterDecision:
        """route's one pass; with `outcomes` (outcomes.outcome_reading or winner_reading), the
        question is read as a count by outcome, or abstains at once when it is in no such shape."""
        classification = classify(question)
        decision = RouterDecision(question=question, classification=classification)
        follow_up = previous is not None and refers_back(question)
        asked = V.FORM_ASIDE.sub("", _without_instruction(question)).strip() or question
        asked, layout = drop_layout(asked)
        asked, timed = duration_reading(asked, self.table)
        said, (asked, streak, unread) = asked, _streak_reading(asked)
        outcome = None
        if outcomes:
            asked, outcome = outcomes(asked) if streak is None and unread is None else (asked, None)
            if outcome is None:
                return decision
        rest = asked  # the count's question, before the later readings rewrite it
        asked, offered = two_way_reading(asked)
        asked, compared = compared_reading(asked)
        asked, aside = set_aside_reading(asked)
        asked, postfix = postfix_comparisons(asked)
        asked, day_first = day_first_dates(asked)
        asked, period = period_ranges(asked)
        asked, superlative = superlative_reading(asked, self.lexicon, self.table)
        asked, who, only = who_which_reading(asked, self.lexicon, self.table)
        label = Asked(ONLY, *only) if only else None
        if not who:
            asked, who, label = only_which_reading(asked, self.lexicon, self.table)
        if who:  # 'which swimmer is ...' is classified as asked, not as the 'who' lookup it was
            classification = classify(asked)
            decision.classification = classification
        try:
            if (two := two_questions(asked)) is not None or unread is not None:
                raise Abstain(two) if two is not None else unread
            self._route_asked(decision, classification, question, asked, previous, follow_up)
            if label is not None and decision.plan is not None:
                check_asked(decision.plan, label, self.table, decision.notes)
            if streak is not None:
                self._run(decision, streak, said, rest)
            if offered is not None:  # 'more or less': the test's yes and no are the two words (two_way.py)
                decision.plan = two_way_plan(decision.plan, offered, self.table, decision.notes)
                check_two_way(decision.plan, said)
            if outcome is not None:
                self._by_outcome(decision, outcome, said, rest)
        except Abstain as exc:
            decision.plan, decision.abstain = None, exc.reason
            decision.data_refused = isinstance(exc, DataAbstain)
        if decision.plan is not None and self.table.lists:  # what runs, and is restated: 'tags contains X'
            decision.plan = memberships(decision.plan, self.table.lists)
        for note in (who, superlative, period, day_first, postfix, aside, compared, layout, timed):
            if note:
                decision.notes.insert(0, note)
        return decision

    def _route_asked(self, decision: RouterDecision, classification: Classification, question: str, asked: str,
                     previous: AggregateArgs | RatioArgs | LatestArgs | None, follow_up: bool) -> None:
        """Read `asked` (the question without asides and layout) into `decision`: a position, query
        or aggregate plan, each verified, or a record lookup for a retrieval question no plan reads.
        `classification` is the question's own (before a plan upgrades it). Raises Abstain."""
        embed = (self.config.embedding_min, self.config.embedding_margin) if self.config.embedding_link else None
        reading = read(asked, self.lexicon, embed)
        decision.embedding_us = reading.embedding_ms * 1000
        if not follow_up and self._position(decision, reading, asked):
            kind = decision.kind  # checked as every plan is (below): never returned unverified
        else:
            kind = Kind.aggregate if follow_up else recognise(asked, reading, self.lexicon)
        taken = None if decision.plan is not None else self._take(kind, reading)
        decision.kind = kind
        query, draft = self._query(decision, classification, kind, reading, taken, previous, follow_up)
        if query is not None and draft is None:  # a position, first/last, difference or per-entity plan
            verify(query, asked, reading, self.lexicon, self.table)
        elif query is not None:
            decision.plan = self._checked(query, reading, draft, asked)
            decision.notes = [*reading.notes, *draft.notes]
            decision.classification = classification.model_copy(update={  # every word was linked
                "kind": "computation", "confidence": max(classification.confidence, 0.8)})
        elif classification.kind == "retrieval" and not follow_up:
            decision.lookup, decision.notes = lookup_plan(question, self.lexicon, self.table, self.search)
        else:
            if isinstance(taken, int) and draft.limit is None:
                draft.limit = taken  # 'List the 2 players with the most steals overall': top 2 groups
            # a question asking for something with conditions or a row noun of its own ('how many
            # orders are there?'), and no follow-up cue, is complete: it inherits no last conditions
            # or one opening with a wh-word ('What was the date of the first loan?') that names a
            # condition or a column of its own
            named = bool(draft.predicates) or bool(reading.of("row"))
            complete = not follow_up and named and (draft.asks or opens_question(asked))
            previous = None if complete else previous
            plan = to_plan(draft, reading, self.lexicon, self.table, previous, follow_up)
            plan = entity_mean(plan, reading, self.table, draft.notes)
            decision.plan = self._checked(plan, reading, draft, asked, previous)
            decision.notes = [*reading.notes, *draft.notes]

    def _query(self, decision: RouterDecision, classification: Classification, kind: Kind, reading: Reading,
               taken: object, previous: BaseModel | None, follow_up: bool) -> tuple[BaseModel | None, Draft | None]:
        """(query plan, draft): the plan a position reading already holds (no draft), else the draft
        and the typed query its kind reads (None for an aggregate, or in a conversation). A
        retrieval question no query kind reads keeps (None, draft or None) for the lookup; any other
        Abstain propagates."""
        query, draft = decision.plan, None
        if query is None and (kind is not Kind.aggregate or classification.kind != "retrieval" or follow_up):
            try:
                draft = build_draft(reading, self.lexicon, self.table)
                decision.notes = [*reading.notes, *draft.notes]
                query = build_query(kind, reading, draft, taken, self.lexicon, self.table) if not follow_up else None
                if kind is Kind.file_order and isinstance(query, RankArgs) and query.by is None:
                    query = check_file_order(reading, query, self.lexicon, self.table)
            except Abstain:
                named = kind is Kind.select and bool(reading.of("column"))  # values of a column, not records
                if classification.kind != "retrieval" or follow_up or kind in (Kind.yes_no, Kind.distinct) or named:
                    raise  # a retrieval question the query kinds cannot read goes to lookup as before
        return query, draft

    def _position(self, decision: RouterDecision, reading: Reading, asked: str) -> bool:
        """True when the question asks for a position in the table's order (agent/router/positions.py),
        the first/last row of the file (file_order.py), the difference of two rows' values
        (differences.py) or an aggregate per entity (entity.py), and `decision` now holds its plan,
        not yet verified (route runs the verifier on it). Raises Abstain when it asks for one that
        cannot be read."""
        before = len(reading.notes)
        for kind, read_kind in ((Kind.position, read_position), (Kind.file_order, read_top_bottom),
                                (Kind.change, read_difference), (Kind.aggregate, read_per_entity),
                                (Kind.rank, read_which_of), (Kind.statistic, read_extremes), (Kind.change, read_between),
                                (Kind.select, read_who_row), (Kind.select, read_row_value),
                                (Kind.select, read_than_row)):
            decision.kind = kind
            plan = read_kind(reading, self.lexicon, self.table)
            if plan is not None:
                break
        else:
            decision.kind = Kind.aggregate
            return False
        decision.plan, decision.notes = plan, reading.notes[before:]
        decision.classification = decision.classification.model_copy(update={
            "kind": "computation", "confidence": max(decision.classification.confidence, 0.8)})
        return True

    def _run(self, decision: RouterDecision, streak, said: str, rest: str) -> None:
        """`decision` (the verified count of `rest`, the question `said` without its run words) as
        the longest run those words name (streak_plan.py), checked against the words taken out
        (verify/runs.py). Raises Abstain."""
        if decision.plan is None:
            raise Abstain(f"I read '{streak.said}' as a run of consecutive rows, but the rest of the question "
                          "asks for records, not a count of rows.")
        decision.plan = run_from_count(decision.plan, streak, self.table, decision.notes)
        check_run(decision.plan, said, rest)

    def _by_outcome(self, decision: RouterDecision, outcome: OutcomeAsk, said: str, rest: str) -> None:
        """`decision` (the verified count of `rest`, the question `said` without its outcome words)
        as the count of rows with that outcome (outcome_plan.py), checked against the words taken out
        (verify/outcomes.py). Raises Abstain."""
        if decision.plan is None:
            raise Abstain(f"I read '{outcome.said}' as a count of games by their result, but the rest of the "
                          "question asks for records, not a count of rows.")
        decision.plan = count_by_outcome(decision.plan, outcome, self.table, decision.notes)
        check_outcome(decision.plan, outcome, said, rest, self.table)

    def _checked(self, plan: BaseModel, reading: Reading, draft: Draft, asked: str,
                 previous: BaseModel | None = None) -> BaseModel:
        """The last stages every plan passes: identifiers counted as entities, a history table's
        latest rows, no similarity link left unused, then the verifier (agent.router.verify: every
        word accounted for by the plan, every part of it resting on words). Raises Abstain."""
        plan = count_entities(plan, self.table, reading, draft.notes)
        plan = counted_entity_ids(plan, reading, self.table, draft.notes)
        plan = rows_not_groups(plan, reading, self.table, draft.notes)
        plan = history_reading(plan, reading, draft, self.lexicon, self.table)
        _named_columns_used(reading, plan, self.table)
        check_row_count(plan, reading, self.table)
        check_value_rows(reading, self.table)
        check_who_shown(plan, reading, self.table)
        check_row_asked(plan, reading, self.table)  # 'what is the highest rated book': a book, not MAX(rating)
        verify(plan, asked, reading, self.lexicon, self.table, previous)
        note_blank_negations(plan, self.table, draft.notes)
        return rank_real_groups(plan, self.table, draft.notes)


def _named_columns_used(reading: Reading, plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a column the question names plays no part in the plan, where that is
    surely a misreading: a word linked by embedding similarity alone ('the average rating of
    females' linked 'females' to gender, then the plan ran over every row), or any named column
    beside a test that only finds one row ('Is Bob Chen remote?' read as 'is there a Bob Chen')."""
    used = plan.model_dump_json()
    for item in reading.items:
        if item.similar and item.kind == "column" and f'"{item.column}"' not in used:
            raise Abstain(f"I linked '{item.text}' to {item.column} by similarity, but could not tell how it applies "
                          f"(a value of {item.column}? a grouping?); name the value, e.g. '{item.column} = ...'.")
        if item.kind == "column" and f'"{item.column}"' not in used and _one_row_exists(plan, table):
            raise Abstain(f"'{item.text}' names {item.column}, which the test I could build does not use (it only "
                          f"finds the row); say which value of {item.column} to test, e.g. '{item.column} = ...'.")


def _streak_reading(asked: str):
    """(asked, the run it names, None) from agent.router.streaks, or (asked, None, the Abstain it raised)."""
    try:
        return (*streak_reading(asked), None)
    except Abstain as exc:
        return asked, None, exc


def _without_instruction(question: str) -> str:
    """`question` without a trailing instruction about the answer's form (vocabulary.INSTRUCTION),
    whose every wording says 'answer' or 'if there'."""
    return V.INSTRUCTION.sub("", question) if may_say(question, ("answer", "if there")) else question


def _one_row_exists(plan: BaseModel, table: Table) -> bool:
    """True for 'is there a row with <a key naming one row>' ('Is Bob Chen remote?' read as 'is
    there a Bob Chen'): an existence test that cannot be what a question naming another column asks."""
    return isinstance(plan, CheckArgs) and plan.check is CheckKind.any and \
        one_row_key(plan.condition + plan.where, table) is not None
