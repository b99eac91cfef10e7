"""Retrieval quality of record search on a transactions file: lookup questions generated from the
data with known answers, scored by recall@1, recall@5 and MRR for each stage of the pipeline, and
a sweep over k (candidates before the rerank).

Gold: a question is made from one target row's values (a name, a merchant, a city, a date, an
amount range...), and its relevant rows are every row holding those same values, found by pandas
on the raw CSV (not through Tally's loader or predicates). recall@k = relevant rows in the top k /
min(k, relevant rows); MRR = mean of 1 / rank of the first relevant row (0 if none in the top 5).

Usage: python -m evals.retrieval FILE [--per-kind 10] [--no-sweep] [--out bench/retrieval_kaggle.md]"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from agent.config import load_config
from agent.plan import SearchArgs
from agent.router.router import Router
from agent.router.vocabulary import US_STATES
from agent.search.searcher import RecordSearch
from agent.table import load_table

STATE_NAMES = {code: name.title() for name, code in US_STATES.items()}


@dataclass
class Question:
    text: str
    kind: str
    facts: dict[str, object]
    """column -> value (or (low, high) for amounts) the relevant rows hold."""


def _merchant(name: str) -> str:
    return name.removeprefix("fraud_")


def _kind(category: str) -> str:
    """A category as people say it: 'grocery_pos' -> 'grocery', 'kids_pets' -> 'kids pets'
    (not a value of the column, so it can only rank records, never filter them)."""
    return " ".join(w for w in category.split("_") if w not in ("pos", "net"))


TEMPLATES = {
    "name": (("first", "last"), lambda r: f"Find transactions from {r['first']} {r['last']}"),
    "name+merchant": (("first", "last", "merchant"),
                      lambda r: f"Show me {r['first']} {r['last']}'s purchases at {_merchant(r['merchant'])}"),
    "merchant+city": (("merchant", "city"),
                      lambda r: f"Find transactions at {_merchant(r['merchant'])} in {r['city']}"),
    "category+city": (("category", "city"), lambda r: f"Show me {r['category']} transactions in {r['city']}"),
    "name+date": (("first", "last", "date"),
                  lambda r: f"Find transactions from {r['first']} {r['last']} on {r['date']}"),
    "amount+city": (("amt", "city"),
                    lambda r: f"Show me transactions between ${r['low']} and ${r['high']} in {r['city']}"),
    # soft: the category is said in words that are not its value, so only the ranking can find it
    "name+kind": (("first", "last", "category"), lambda r: f"Find {r['first']} {r['last']}'s {_kind(r['category'])} purchases"),
    "city+kind+about": (("city", "category", "about"),
                        lambda r: f"Show me the {_kind(r['category'])} purchase around ${r['round']:g} in {r['city']}"),
    "job+state": (("job", "state"),
                  lambda r: f"Find transactions by a {r['job'].split(',')[0]} in {STATE_NAMES.get(r['state'], r['state'])}"),
}


def generate(raw: pd.DataFrame, per_kind: int, seed: int = 7) -> list[tuple[Question, set[int]]]:
    """`per_kind` questions per template, each with its relevant row positions."""
    rng = random.Random(seed)
    raw = raw.assign(date=raw["trans_date_trans_time"].str.slice(0, 10))
    out = []
    for kind, (columns, text) in TEMPLATES.items():
        for row in rng.sample(range(len(raw)), per_kind):
            r = raw.iloc[row].to_dict()
            r["low"], r["high"] = round(r["amt"] * 0.98, 2), round(r["amt"] * 1.02, 2)
            r["round"] = max(1, round(r["amt"]))
            mask = pd.Series(True, index=raw.index)
            for c in columns:
                if c == "amt":
                    mask &= raw["amt"].between(r["low"], r["high"])
                elif c == "about":  # 'around $66': within 10% (the reading the router states)
                    mask &= raw["amt"].between(r["round"] * 0.9, r["round"] * 1.1)
                elif c == "job":
                    mask &= raw["job"].str.split(",").str[0] == r["job"].split(",")[0]
                else:
                    mask &= raw[c] == r[c]
            out.append((Question(text(r), kind, {c: r.get(c) for c in columns}), set(map(int, raw.index[mask]))))
    return out


def score(ranked: list[int], relevant: set[int]) -> tuple[float, float, float]:
    """(recall@1, recall@5, reciprocal rank) of one ranked list."""
    def recall(k: int) -> float:
        return len(set(ranked[:k]) & relevant) / min(k, len(relevant))
    rank = next((i for i, row in enumerate(ranked[:5], start=1) if row in relevant), None)
    return recall(1), recall(5), (1.0 / rank if rank else 0.0)


CONFIGS = [  # (label, use the router's pre-filter, exact terms, reranker, rank even when the filter covers the query)
    ("vector only", False, False, "none", True),
    ("pre-filter + vector", True, False, "none", True),
    ("+ exact terms (BM25, RRF)", True, True, "none", True),
    ("+ rerank (MaxSim)", True, True, "maxsim", True),
    ("no pre-filter: vector + BM25 + MaxSim", False, True, "maxsim", True),
    ("default: exact records when the filter covers the query, else the ranked stages", True, True, "maxsim", False),
]


def evaluate(path: Path, per_kind: int, sweep: tuple[int, ...] = (5, 10, 20, 50)) -> str:
    """Run every configuration and the k sweep; returns the report as markdown."""
    config = load_config()
    table = load_table(path)
    raw = pd.read_csv(path, index_col=0)
    router = Router(table, config.router, config.search)
    search = RecordSearch(table, config.search, money=router.lexicon.measure_candidates, lexicon=router.lexicon)
    started = time.perf_counter()
    built = search.build_index()
    build_s = time.perf_counter() - started
    questions = generate(raw, per_kind)
    parsed = {q.text: router.route(q.text) for q, _ in questions}
    lines = [f"# Record search quality: {table.name} ({table.rows:,} rows)", "",
             f"{len(questions)} lookup questions ({per_kind} per kind: {', '.join(TEMPLATES)}), gold rows by pandas "
             f"on the raw CSV. The router parsed a pre-filter for "
             f"{sum(d.lookup is not None and bool(d.lookup.where) for d in parsed.values())} of them "
             f"(abstained on {sum(d.lookup is None for d in parsed.values())}; those run unfiltered). "
             f"Index: {search.store.store.kind}; build {build_s:.1f} s for {built:,} rows embedded by this run.", "",
             "| pipeline | recall@1 | recall@5 | MRR | ms/query p50 |", "|---|---|---|---|---|"]

    def run(prefilter: bool, terms: bool, reranker: str, k: int, rank: bool = True) -> tuple[list[tuple], list[float], dict]:
        search.exact_terms, search.reranker_kind, search.always_rank = terms, reranker, rank
        search.__dict__.pop("reranker", None)
        scores, times, by_kind = [], [], {}
        for q, relevant in questions:
            decision = parsed[q.text]
            where = decision.lookup.where if (prefilter and decision.lookup) else []
            started = time.perf_counter()
            try:
                ranked = [r.row for r in search.search(SearchArgs(query=q.text, where=where, candidates=k, top_n=5)).records]
            except Exception:  # a filter that matches nothing: counted as a miss
                ranked = []
            times.append((time.perf_counter() - started) * 1000)
            s = score(ranked, relevant)
            scores.append(s)
            by_kind.setdefault(q.kind, []).append(s)
        return scores, times, by_kind

    def row(label: str, scores: list[tuple], times: list[float]) -> str:
        r1, r5, mrr = (statistics.fmean(s[i] for s in scores) for i in range(3))
        return f"| {label} | {r1:.3f} | {r5:.3f} | {mrr:.3f} | {statistics.median(times):.0f} |"

    kinds: dict[str, dict] = {}
    for label, prefilter, terms, reranker, rank in CONFIGS:
        scores, times, by_kind = run(prefilter, terms, reranker, 20, rank)
        lines.append(row(label, scores, times))
        kinds[label] = by_kind
    lines += ["", "Recall@5 by question kind:", "",
              "| pipeline | " + " | ".join(TEMPLATES) + " |", "|---|" + "---|" * len(TEMPLATES)]
    for label, by_kind in kinds.items():
        lines.append(f"| {label} | " + " | ".join(f"{statistics.fmean(s[1] for s in by_kind[k]):.2f}" for k in TEMPLATES) + " |")
    for reranker in ("none", "maxsim") if sweep else ():
        lines += ["", f"k sweep (pre-filter + vector + BM25, rerank {reranker}, top 5 returned):", "",
                  "| k (candidates) | recall@1 | recall@5 | MRR | ms/query p50 |", "|---|---|---|---|---|"]
        for k in sweep:
            scores, times, _ = run(True, True, reranker, k)
            lines.append(row(str(k), scores, times))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--per-kind", type=int, default=10)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--no-sweep", action="store_true", help="skip the k sweep (slow on big local-mode indexes)")
    args = parser.parse_args()
    report = evaluate(args.file, args.per_kind, () if args.no_sweep else (5, 10, 20, 50))
    print(report)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(report)


if __name__ == "__main__":
    main()
