"""The demo: the reference article's nine questions on real transaction files, answered with no
API key (the router alone) unless a model is configured. Usage: python -m agent.demo FILE..."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from agent.cli import build_agent
from agent.config import load_config
from agent.errors import TallyError
from agent.render import render_outcome

QUESTIONS = [
    "What is the total spend by category?",
    "Which category has the highest average transaction amount?",
    "What is the total amount spent on grocery_pos?",
    "How many transactions were made by female customers?",
    "What is the total spend where amount is greater than 500?",
    "Which state has the lowest total spending?",
    "What percentage of transactions are fraudulent?",
    "Find transactions from Jennifer Banks",
    "Show me a sample transaction from Texas",
]


def main(paths: list[str]) -> int:
    """Ask every question of every file; returns a process exit code (1 if any run failed, 2 when a
    file cannot be read: named, with the make variable that points at the data)."""
    console = Console()
    config = load_config()
    failed = 0
    for path in paths:
        started = time.perf_counter()
        try:
            agent = build_agent(Path(path), config)
        except TallyError as exc:
            Console(stderr=True).print(f"{exc}\nThe demo reads the transaction files of ../shared/data/transactions; "
                                       "point it at their folder with `make demo DATA=<folder>`.", style="red",
                                       markup=False, highlight=False)
            return 2
        console.print(Rule(f"{agent.table.name}: {agent.table.rows:,} rows, loaded in "
                           f"{(time.perf_counter() - started) * 1000:.0f} ms"))
        for number, question in enumerate(QUESTIONS, start=1):
            console.print(f"\n{number}. {question}", style="bold cyan", markup=False, highlight=False)
            outcome = agent.ask(question)
            failed += outcome.status == "failed"
            render_outcome(console, outcome, model_name=config.model.name, max_rows=config.output.max_rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
