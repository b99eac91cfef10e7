"""One call of every compute tool over one small table, with the answer worked out by hand, for the
tests that every tool works through each way Tally exposes them (a toolset with several tables,
MCP, the web page's steps). `GAMES` is the table; `CALLS` maps each tool name to (arguments,
a function picking the answer out of the result's JSON, the expected answer)."""

from __future__ import annotations

from collections.abc import Callable

GAMES = """team,season,points,goals,played_on
Ash,2022,10,5,2022-03-01
Ash,2023,14,7,2023-03-01
Birch,2022,8,9,2022-04-01
Birch,2023,6,3,2023-04-01
Cedar,2023,12,4,2023-05-01
"""
"""Points by season: 2022 18 (10 + 8), 2023 32 (14 + 6 + 12); 50 in all, goals 28."""

ASH = {"column": "team", "op": "=", "value": "Ash"}


def value(result: dict) -> object:
    return result.get("value")


def first_row(column: str) -> Callable[[dict], object]:
    return lambda result: result["rows"][0][column]


CALLS: dict[str, tuple[dict, Callable[[dict], object], object]] = {
    "aggregate": ({"op": "sum", "column": "points"}, value, 50),
    "ratio": ({"where": [ASH]}, lambda r: r["percent"], 40.0),  # 2 of 5 rows
    "describe": ({"column": "points"}, lambda r: r["total_distinct"], 5),
    "check": ({"check": "any", "condition": [{"column": "points", "op": ">", "value": 13}]},
              lambda r: r["answer"], True),
    "rank": ({"by": "points", "limit": 1, "columns": ["team"]}, first_row("team"), "Ash"),  # 14
    "frequency": ({"column": "season", "limit": 1}, lambda r: (r["values"][0]["value"], r["values"][0]["rows"]),
                  (2023, 3)),
    "distinct": ({"column": "team", "order": "asc"}, lambda r: [v["value"] for v in r["values"]],
                 ["Ash", "Birch", "Cedar"]),
    "statistic": ({"op": "range", "column": "points"}, value, 8),  # 14 - 6
    "subset": ({"op": "sum", "column": "goals", "by": "points", "limit": 2}, value, 11),  # 14 -> 7, 12 -> 4
    "expression": ({"left": {"column": "points"}, "op": "-", "right": {"column": "goals"}, "agg": "sum"}, value, 22),
    "change": ({"column": "points", "key": "season", "start": 2022, "end": 2023}, lambda r: r["absolute"], 14),  # 32 - 18
    "latest": ({"id": "team", "date": "played_on", "op": "sum", "column": "points"}, value, 32),  # 14 + 6 + 12
    "position": ({"kind": "neighbour", "anchor": [{"column": "points", "op": "=", "value": 8}], "offset": -1,
                  "columns": ["team", "season"]}, first_row("season"), 2023),  # the row above Birch 2022
    "per_entity": ({"entity": "team", "inner": "sum", "column": "points", "outer": "max"}, value, 24),  # Ash 10 + 14
    "against": ({"column": "points", "cmp": ">", "anchor": [{"column": "goals", "op": "=", "value": 9}]}, value, 3),
    # the row with 9 goals (Birch 2022) has 8 points; 10, 14 and 12 are more
}

ROUTER_CALLS: dict[str, tuple[dict, Callable[[dict], object], object]] = {
    "run": ({"condition": [ASH]}, value, 2),  # Ash's rows are rows 1 and 2: a run of 2
}
"""The same for the tools only the router's plans run (agent.tools.ROUTER_TOOLS)."""
