"""The deterministic pre-router: a one-way pipeline, one stage a file, a typed value between stages.

tokens (str -> list[Token]) -> link (tokens + the table's Lexicon -> Reading: items linked to columns
and values) -> kind (Reading -> Kind: what the question asks for) -> parse/planner/queries (-> a typed
plan, or Abstain naming the part it could not map). `Router` runs the stages; `RouterDecision` is its
verdict."""
