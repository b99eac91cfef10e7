"""The deterministic pre-router: classify a question, then parse it into a typed plan from the
table's own profile, or abstain naming what it could not map."""

from __future__ import annotations

import time

from pydantic import BaseModel, Field

from agent.config import RouterConfig, SearchConfig
from agent.plan import AggregateArgs, RatioArgs, SearchArgs
from agent.router.kind import Classification, classify
from agent.router.lexicon import build_lexicon
from agent.policies.lookup import lookup_plan
from agent.router.parse import Abstain, build_draft
from agent.router.planner import to_plan
from agent.router.link import read
from agent.table import Table
from agent.router.vocabulary import FOLLOW_UP_STARTS


class RouterDecision(BaseModel):
    """The router's verdict on one question: its classification, and either a plan or the reason
    it abstains. `notes` say how words were read ("read 'female' as gender = 'F'")."""

    question: str
    classification: Classification
    plan: AggregateArgs | RatioArgs | None = None
    lookup: SearchArgs | None = None
    """For a record lookup (retrieval): the search the router would run."""
    abstain: str | None = None
    notes: list[str] = Field(default_factory=list)
    elapsed_us: float = 0.0
    """Classification plus parsing time in microseconds."""


class Router:
    """Routes questions about one table. The lexicon is built once per table and cached on it."""

    def __init__(self, table: Table, config: RouterConfig, search: SearchConfig | None = None):
        self.table = table
        self.config = config
        self.search = search or SearchConfig()
        self.lexicon = build_lexicon(table, config)

    def route(self, question: str, previous: AggregateArgs | RatioArgs | None = None) -> RouterDecision:
        """Classify and parse `question`. `previous` is the last plan of a conversation, used when
        the question only adds conditions ("and for TX?"). Never raises for a question it cannot
        parse: the decision carries `abstain` instead."""
        started = time.perf_counter()
        classification = classify(question)
        decision = RouterDecision(question=question, classification=classification)
        follow_up = previous is not None and question.strip().lower().startswith(FOLLOW_UP_STARTS)
        try:
            if classification.kind == "retrieval" and not follow_up:
                decision.lookup, decision.notes = lookup_plan(question, self.lexicon, self.table, self.search)
                decision.elapsed_us = (time.perf_counter() - started) * 1e6
                return decision
            reading = read(question, self.lexicon)
            draft = build_draft(reading, self.lexicon, self.table)
            decision.plan = to_plan(draft, reading, self.lexicon, self.table, previous)
            decision.notes = draft.notes
        except Abstain as exc:
            decision.abstain = exc.reason
        decision.elapsed_us = (time.perf_counter() - started) * 1e6
        return decision
