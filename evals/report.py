"""Metrics per set and mode, and the Markdown + JSON report."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from pydantic import BaseModel

from evals.run import CaseResult
from evals.score import Verdict


class Summary(BaseModel):
    """Figures for one (set, mode). Rates are fractions of `cases` (0-1)."""

    set: str
    mode: str
    cases: int
    accuracy: float
    abstention: float
    confident_wrong: float
    hedged_wrong: float
    routing_accuracy: float
    policy_rejections: int
    router_takeovers: int
    tool_calls_per_question: float
    latency_p50_ms: float
    latency_p95_ms: float
    tokens: int
    cassette_misses: int


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def summarize(results: list[CaseResult]) -> list[Summary]:
    """One Summary per (set, mode), plus an 'all' row per mode."""
    groups: dict[tuple[str, str], list[CaseResult]] = {}
    for r in results:
        groups.setdefault((r.set, r.mode), []).append(r)
        groups.setdefault(("all", r.mode), []).append(r)
    out = []
    for (name, mode), rows in groups.items():
        n = len(rows)
        share = lambda v: sum(r.verdict == v for r in rows) / n
        out.append(Summary(
            set=name, mode=mode, cases=n, accuracy=share(Verdict.correct), abstention=share(Verdict.abstained),
            confident_wrong=share(Verdict.confident_wrong), hedged_wrong=share(Verdict.hedged_wrong),
            routing_accuracy=sum(r.route_actual == r.route_expected for r in rows) / n,
            policy_rejections=sum(r.rejected for r in rows), router_takeovers=sum(r.status == "router_takeover" for r in rows),
            tool_calls_per_question=sum(r.tool_calls for r in rows) / n,
            latency_p50_ms=statistics.median(r.latency_ms for r in rows), latency_p95_ms=_pct([r.latency_ms for r in rows], 0.95),
            tokens=sum(r.tokens for r in rows), cassette_misses=sum(r.cassette_miss is not None for r in rows)))
    return sorted(out, key=lambda s: (s.mode, s.set == "all", s.set))


HEADER = ("| set | mode | cases | accuracy | abstained | confident-wrong | hedged-wrong | routing | rejections | "
          "takeovers | tool calls/q | p50 ms | p95 ms | tokens |")


def markdown_table(summaries: list[Summary]) -> str:
    """The summary as a Markdown table."""
    rows = [HEADER, "|" + "---|" * 14]
    for s in summaries:
        rows.append(f"| {s.set} | {s.mode} | {s.cases} | {s.accuracy:.1%} | {s.abstention:.1%} | "
                    f"{s.confident_wrong:.1%} | {s.hedged_wrong:.1%} | {s.routing_accuracy:.1%} | {s.policy_rejections} | "
                    f"{s.router_takeovers} | {s.tool_calls_per_question:.2f} | {s.latency_p50_ms:.1f} | "
                    f"{s.latency_p95_ms:.1f} | {s.tokens:,} |")
    return "\n".join(rows)


def write_report(results: list[CaseResult], summaries: list[Summary], folder: Path, extra: str = "") -> Path:
    """Write report.md (summary, confidently wrong cases, extra sections) and results.json (per
    case) into `folder`; returns the Markdown path."""
    folder.mkdir(parents=True, exist_ok=True)
    wrong = [r for r in results if r.verdict is Verdict.confident_wrong]
    lines = [f"# Tally eval, {time.strftime('%Y-%m-%d %H:%M')}", "", markdown_table(summaries), ""]
    lines += ["## Confidently wrong", ""] + ([f"- `{r.id}` ({r.mode}): {r.question!r}: answered {r.answer!r}, "
                                             f"expected {r.expected!r}" for r in wrong] or ["None."]) + [""]
    crashed = [r for r in results if r.error]
    if crashed:
        lines += ["## Errors inside Tally", ""] + [f"- `{r.id}` ({r.mode}): {r.question!r}: {r.error}"
                                                  for r in crashed] + [""]
    misses = [r for r in results if r.cassette_miss]
    if misses:
        lines += ["## Cassette misses", ""] + [f"- `{r.id}`: {r.cassette_miss}" for r in misses] + [""]
    path = folder / "report.md"
    path.write_text("\n".join(lines) + extra)
    (folder / "results.json").write_text(json.dumps([r.model_dump(mode="json") for r in results], indent=1, default=str))
    (folder / "summary.json").write_text(json.dumps([s.model_dump() for s in summaries], indent=1))
    return path
