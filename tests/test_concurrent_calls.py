"""Tool calls running in several threads at once over one fresh table (the way `tally mcp` and
`tally serve` run them). CI found `distinct` failing with an internal error (`'NoneType' object is
not iterable`): a per-table cache entry was published as None while another thread was still
filling it. Every tool is called by 8 threads released together, on 15 fresh tables, and each
answer must be the one worked out by hand (tests/tool_calls.py)."""

from __future__ import annotations

import threading

from agent.table import table_from_text
from agent.tools import ToolSuccess
from agent.toolset import Toolset
from tests.tool_calls import CALLS, GAMES

THREADS = 8


def test_every_tool_answers_when_called_from_many_threads_at_once():
    failures: list[object] = []
    for round_ in range(15):
        toolset = Toolset({"games": table_from_text(GAMES, f"games{round_}.csv")})
        start = threading.Barrier(THREADS)

        def work(offset: int) -> None:
            start.wait()
            names = list(CALLS)
            for name in names[offset % len(names):] + names[:offset % len(names)]:
                arguments, pick, expected = CALLS[name]
                outcome = toolset.call(name, arguments)
                if not isinstance(outcome, ToolSuccess):
                    failures.append((name, outcome))
                elif pick(outcome.result.model_dump(mode="json")) != expected:
                    failures.append((name, "wrong answer"))
        threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not failures, failures[:3]
