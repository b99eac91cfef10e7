"""Mutation test of the router (issue 18): take questions the router answers, change them in a way
that must change their meaning, and check that the router then refuses or changes its plan, never
gives the same plan. Three mutations, each at a seeded random place:

- replace: one content word (a word the reading linked to a column, value, operation, order,
  comparison or number) becomes a word unrelated to any table ('volcano');
- insert: an unrelated word is put before a content word ('the total volcano spend');
- negate: 'not' is put before a condition (a value or a comparison: 'in TX' -> 'not in TX').

`python -m evals.mutate --set databench --set demo` prints the rate per set (refused or
re-planned over mutated questions; the target is 100%) and the mutations that kept their plan."""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from agent.config import RouterConfig, load_config
from agent.router.router import Router
from agent.router.tokens import tokenize
from agent.table import Table, load_table, table_from_text
from evals.cases import Case, load_set

UNRELATED = ("volcano", "harmonica", "glacier", "saxophone", "umbrella", "octopus", "trampoline", "lighthouse",
             "cactus", "accordion", "walrus", "meteorite")
"""Words no eval table is about; each mutation takes the first one the table's lexicon does not know."""
CONTENT_KINDS = {"column", "value", "flag", "op", "order", "comparison", "number", "date", "month", "time", "ratio",
                 "stat", "sign", "unit", "ordinal", "change", "measure"}
CONDITION_KINDS = {"value", "flag", "comparison"}


@dataclass
class Outcome:
    """One mutated question: its kind, text, and whether the router refused or changed its plan."""

    case: str
    set: str
    kind: str
    question: str
    mutated: str
    held: bool
    """True when the router refused or built another plan (the mutation test passes)."""


@dataclass
class Report:
    """Outcomes of a mutation run, with the rate per set."""

    outcomes: list[Outcome] = field(default_factory=list)

    def rate(self, name: str | None = None) -> tuple[int, int]:
        """(held, mutated) for one set, or for all."""
        chosen = [o for o in self.outcomes if name is None or o.set == name]
        return sum(o.held for o in chosen), len(chosen)


def _unrelated(router: Router) -> str:
    lex = router.lexicon
    return next(w for w in UNRELATED if (w,) not in lex.phrases and w not in lex.headers and w not in lex.value_words)


def _plan_key(decision) -> str | None:
    plan = decision.plan
    return None if plan is None else f"{type(plan).__name__}:{plan.model_dump_json()}"


def _splice(question: str, start_word: str, index: int, replacement: str, replace: bool) -> str | None:
    """`question` with its `index`-th occurrence-ordered token `start_word` replaced by (or preceded
    by) `replacement`, matched in the text case-insensitively; None when it cannot be found."""
    lowered = question.lower()
    at, pos = -1, 0
    for _ in range(index + 1):
        at = lowered.find(start_word.lower(), pos)
        if at < 0:
            return None
        pos = at + 1
    end = at + len(start_word)
    return question[:at] + replacement + question[end:] if replace else question[:at] + replacement + " " + question[at:]


def mutations(question: str, router: Router, rng: random.Random) -> list[tuple[str, str]]:
    """(kind, mutated question) for the three mutations of `question` that apply to it. Only words
    of the question proper are mutated, never a trailing instruction about the answer's form
    ('The answer is a list with five values'), which the router sets aside before reading."""
    from agent.router import vocabulary as V
    from agent.router.link import read

    asked = V.FORM_ASIDE.sub("", V.INSTRUCTION.sub("", question)).strip() or question  # as the router reads it
    reading = read(asked, router.lexicon)
    content = [i for i in reading.items if i.kind in CONTENT_KINDS]
    if not content:
        return []
    word = _unrelated(router)
    out = []
    target = rng.choice(content)
    nth = [i.text.lower() for i in reading.items if i.pos < target.pos].count(target.text.lower())
    replaced = _splice(question, target.text, nth, word, replace=True)
    if replaced:
        out.append(("replace", replaced))
    target = rng.choice(content)
    nth = [i.text.lower() for i in reading.items if i.pos < target.pos].count(target.text.lower())
    inserted = _splice(question, target.text, nth, word, replace=False)
    if inserted:
        out.append(("insert", inserted))
    conditions = [i for i in content if i.kind in CONDITION_KINDS]
    if conditions:
        target = rng.choice(conditions)
        nth = [i.text.lower() for i in reading.items if i.pos < target.pos].count(target.text.lower())
        negated = _splice(question, target.text, nth, "not", replace=False)
        if negated and "not not" not in negated.lower():
            out.append(("negate", negated))
    return out


class _Routers:
    def __init__(self, config: RouterConfig) -> None:
        self.config, self.routers = config, {}

    def get(self, case: Case) -> Router:
        key = str(case.table_path) if case.table else f"inline:{case.id}"
        if key not in self.routers:
            table: Table = load_table(case.table_path) if case.table else table_from_text(case.csv or "", f"{case.id}.csv")
            self.routers[key] = Router(table, self.config)
        return self.routers[key]


def run(cases: list[Case], seed: int = 18, config: RouterConfig | None = None) -> Report:
    """Mutate every case the router answers with a plan (lookups and refusals are skipped) and
    route each mutation; seeded, so the same cases give the same mutations."""
    routers, report = _Routers(config or load_config(env={}).router), Report()
    for case in cases:
        router = routers.get(case)
        original = _plan_key(router.route(case.question))
        if original is None:
            continue
        rng = random.Random(f"{seed}:{case.id}")
        for kind, text in mutations(case.question, router, rng):
            if [t.lower for t in tokenize(text)] == [t.lower for t in tokenize(case.question)]:
                continue
            held = _plan_key(router.route(text)) != original
            report.outcomes.append(Outcome(case.id, case.set, kind, case.question, text, held))
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--set", dest="sets", action="append", default=None)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    sets = args.sets or ["demo", "databench", "databench_train", "wtq"]
    report = run([c for name in sets for c in load_set(name)[::args.every]], seed=args.seed)
    print("| set | mutated | refused or re-planned | rate |\n|---|---|---|---|")
    for name in sets:
        held, total = report.rate(name)
        print(f"| {name} | {total} | {held} | {100 * held / total if total else 100:.1f}% |")
    held, total = report.rate()
    print(f"| all | {total} | {held} | {100 * held / total if total else 100:.1f}% |")
    for o in report.outcomes:
        if not o.held:
            print(f"kept its plan: {o.set} {o.case} {o.kind}: {o.mutated!r} (from {o.question!r})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
