"""The router's typed outcome for one question (agent.router.router.Router.route): a plan, a
record lookup or the reason it abstains, with the notes of how its words were read."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from agent.plan import AggregateArgs, RatioArgs, SearchArgs
from agent.queries import QueryPlan
from agent.router.kind import Classification, Kind


class RouterDecision(BaseModel):
    """The router's verdict on one question: its classification, and either a plan or the reason
    it abstains. `notes` say how words were read ("read 'female' as gender = 'F'")."""

    model_config = ConfigDict(defer_build=True)  # built when first used (agent/field_docs.py says why)

    question: str
    classification: Classification
    kind: Kind = Kind.aggregate
    """The question's kind (recognise): aggregate/ratio/lookup, or a typed query kind."""
    plan: AggregateArgs | RatioArgs | QueryPlan | None = None
    lookup: SearchArgs | None = None
    """For a record lookup (retrieval): the search the router would run."""
    abstain: str | None = None
    data_refused: bool = False
    """The abstention came after every word was read into a plan: the table's rows, not the
    question's words, keep it from an exact answer (agent.router.draft.DataAbstain)."""
    notes: list[str] = Field(default_factory=list)
    elapsed_us: float = 0.0
    """Classification plus parsing time in microseconds (embedding links included)."""
    embedding_us: float = 0.0
    """Of elapsed_us, the time spent on embedding links (0 when linking was lexical)."""
