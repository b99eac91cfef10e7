"""Drive Tally's tools from another program, twice: in-process through the Python toolset and over
MCP (the official SDK's stdio client spawning `tally mcp`). Prints both answers to the seven demo
computation questions side by side; exits 1 if any pair differs. Usage: drive_tools.py FILE.csv"""

import json
import sys

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from agent.toolset import Toolset

PLANS = [  # the demo's computation questions, as typed tool calls
    ("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"]}),
    ("aggregate", {"op": "mean", "column": "amt", "group_by": ["category"], "order": "desc", "limit": 1}),
    ("aggregate", {"op": "sum", "column": "amt", "where": [{"column": "category", "op": "=", "value": "grocery_pos"}]}),
    ("aggregate", {"op": "count", "where": [{"column": "gender", "op": "=", "value": "F"}]}),
    ("aggregate", {"op": "sum", "column": "amt", "where": [{"column": "amt", "op": ">", "value": 500}]}),
    ("aggregate", {"op": "sum", "column": "amt", "group_by": ["state"], "order": "asc", "limit": 1}),
    ("ratio", {"where": [{"column": "is_fraud", "op": "=", "value": 1}]}),
]


def answer(outcome: dict) -> object:
    """The exact answer of an outcome dict: percent, the value, the (key, value) groups, or the error."""
    if not outcome["ok"]:
        return outcome["error"]
    result = outcome["result"]
    if result["kind"] == "ratio":
        return result["percent"]
    return result["value"] if not result["group_by"] else [(g["key"], g["value"]) for g in result["groups"]]


async def over_mcp(path: str) -> list[dict]:
    server = StdioServerParameters(command=sys.executable, args=["-m", "agent", "mcp", path])
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return [(await session.call_tool(name, args)).structured_content for name, args in PLANS]


def main(path: str) -> int:
    toolset = Toolset.load(path)
    local = [toolset.call(name, args).model_dump(mode="json") for name, args in PLANS]
    remote = anyio.run(over_mcp, path)
    mismatches = 0
    for (name, args), here, there in zip(PLANS, local, remote):
        a, b = answer(here), answer(there)
        mismatches += a != b
        print(f"{'ok  ' if a == b else 'DIFF'} {name} {json.dumps(args)}\n     toolset: {a}\n     mcp:     {b}")
    print(f"{len(PLANS) - mismatches}/{len(PLANS)} answers equal")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
