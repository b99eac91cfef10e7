"""Policy: a model's answer to a record lookup must rest on the router's filter. When the router
read the lookup into exact predicates (first = 'Jennifer' AND last = 'Banks'), the model's last
successful search or compute call must hold every one of them; an answer built on a looser query
(the last name dropped after 'no rows matched') is taken over by the router's own search."""

from __future__ import annotations

from agent.plan import Predicate
from agent.policies.base import Allow, Run, Takeover, Verdict
from agent.tools.base import ToolSuccess


def _key(p: Predicate | dict) -> tuple:
    p = p if isinstance(p, Predicate) else Predicate.model_validate(p)
    norm = lambda v: str(v).strip().casefold() if v is not None else None  # noqa: E731
    return p.column.strip().casefold(), p.op.value, norm(p.value), norm(p.upper), tuple(map(norm, p.values or []))


class LookupAgreement:
    """Takeover when the model's final answer rests on no successful call holding all of the
    router's lookup predicates."""

    def check(self, run: Run) -> Verdict:
        lookup = run.router.lookup
        if run.final is None or lookup is None or not lookup.where:
            return Allow()
        wanted = {_key(p) for p in lookup.where}
        for call in reversed(run.calls):
            if isinstance(call, ToolSuccess):
                held = {_key(p) for p in call.arguments.get("where", []) or []}
                if wanted <= held:
                    return Allow()
                break
        missing = " AND ".join(f"{p.column} {p.op.value} {p.value!r}" for p in lookup.where)
        return Takeover(f"the model's answer does not rest on the lookup's filter ({missing})")
