"""Policy: every number in the model's final answer must appear in this run's tool results (or
in the question or tool arguments), allowing rounding and formatting: 1,140,033.24 matches
1140033.2437; 1.14 million matches 1,140,033; 14.9% matches 14.8812."""

from __future__ import annotations

import re
from collections.abc import Iterator

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.tools.base import ToolSuccess

_DATE = re.compile(r"\b\d{4}-\d{1,2}(-\d{1,2})?([ T]\d{1,2}:\d{2}(:\d{2})?)?\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b")
_NUMBER = re.compile(r"(?<![\w.])-?[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%|thousand|million|billion|[kKmMbB]\b)?")
_SCALE = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "billion": 1e9, "b": 1e9}


def answer_numbers(text: str) -> list[tuple[str, float, float]]:
    """(as written, value, half a unit of its last shown digit) for each number in `text`;
    dates are skipped. '1.14 million' -> ('1.14 million', 1140000.0, 5000.0)."""
    text = _DATE.sub(" ", text)
    out = []
    for m in _NUMBER.finditer(text):
        whole, decimals, unit = m.group(1).replace(",", ""), m.group(2) or "", (m.group(3) or "").lower()
        scale = _SCALE.get(unit, 1.0)
        value = float(whole + decimals) * scale * (-1 if m.group().startswith("-") else 1)
        places = len(decimals) - 1 if decimals else 0
        out.append((m.group().strip(), value, 0.5 * 10.0 ** -places * scale))
    return out


def written_as(value: float, known: float, half_unit: float, tolerance: float = 1e-9) -> bool:
    """True when `value`, written to the digits that give `half_unit`, is `known` rounded (or
    within `tolerance` relative of it): 1,140,033.24 is 1140033.2437; 14.9% is 14.8812."""
    return abs(value - known) <= max(half_unit * (1 + 1e-9), tolerance * abs(known))


def _numbers(node: object) -> Iterator[float]:
    if isinstance(node, bool):
        return
    if isinstance(node, (int, float)):
        yield float(node)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in ("elapsed_ms", "sha256"):
                yield from _numbers(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _numbers(value)


def known_numbers(run: Run) -> list[float]:
    """Every number in this run's successful tool results and arguments, and in the question."""
    known = [v for _, v, _ in answer_numbers(run.question)]
    for call in run.calls:
        if isinstance(call, ToolSuccess):
            known += list(_numbers(call.result.model_dump(mode="json")))
            known += list(_numbers(call.arguments))
    return known


class NumbersFromTools:
    """Rejects a final answer holding a number no tool produced. A written number matches a known
    one when it is that number rounded to the digits written (half a unit of the last digit), or
    within `tolerance` (relative) of it."""

    def __init__(self, tolerance: float = 1e-6):
        self.tolerance = tolerance

    def check(self, run: Run) -> Verdict:
        if run.final is None:
            return Allow()
        known = known_numbers(run)
        for written, value, half_unit in answer_numbers(run.final):
            if not any(written_as(value, k, half_unit, self.tolerance) for k in known):
                return Reject(f"the answer states {written}, which no tool result contains")
        return Allow()
