"""Shared test helpers: paths of the shared real data, and DuckDB as the independent oracle."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

DATA = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data").resolve()
TRANSACTIONS = DATA / "transactions"
SPARKOV = TRANSACTIONS / "sparkov_2019_100k.csv"
KAGGLE = TRANSACTIONS / "kaggle_fraud_train_first5039.csv"


def need(path: Path) -> Path:
    """Skip the test when a shared data file is absent."""
    if not path.exists():
        pytest.skip(f"{path} not present")
    return path


def shown(text: str, output: str) -> bool:
    """`text` is in a command's `output` once the error console's line wraps (80 columns when not a
    terminal, whatever COLUMNS says) are undone: a wrap at a space (a phrase), or inside a word (a
    long temporary path, 10 characters longer under pytest-xdist)."""
    return text in " ".join(output.split()) or text in output.replace("\n", "")


def sql(query: str, path: Path) -> list[tuple]:
    """Run `query` with the table `t` bound to the CSV or Parquet file at `path` (DuckDB's own reader)."""
    con = duckdb.connect()
    reader = f"read_parquet('{path}')" if path.suffix == ".parquet" else f"read_csv_auto('{path}', header=true)"
    con.execute(f"CREATE VIEW t AS SELECT * FROM {reader}")
    return con.execute(query).fetchall()


def column_type(engine, table, column: str) -> str:
    """The DuckDB data type of `column` in the engine's copy (or view) of `table` ('VARCHAR', 'ENUM(...)')."""
    name = engine.schema(table).table
    (kind,), = engine.backend.connection.execute(
        "SELECT data_type FROM information_schema.columns WHERE table_name = ? AND column_name = ?",
        [name, column]).fetchall()
    return kind


def agent_over(table, engine=None, config=None):
    """An Agent with no model over the typed `table`: the router answers alone, on `engine` (a new
    DuckDB engine when None), with `config` (the default config, read with no environment, when None)."""
    from agent.config import load_config
    from agent.engine import duckdb_engine
    from agent.loop import Agent
    from agent.router.router import Router

    config = config or load_config(env={})
    return Agent(table=table, engine=engine or duckdb_engine(), router=Router(table, config.router), config=config)


def router_agent(csv: str, name: str = "t.csv", engine=None):
    """`agent_over` a table written as CSV text, named `name`."""
    from agent.table import table_from_text

    return agent_over(table_from_text(csv, name), engine)


def router_ask(csv: str, question: str):
    """(outcome, last result) of the router alone answering `question` over `csv`; fails when it
    does not answer."""
    outcome = router_agent(csv).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def verifier_abstention(csv: str, question: str, plan) -> str | None:
    """The verifier's abstention for `plan` as a reading of `question` over the table `csv`, or None
    when it passes (the router's default config: lexicon, linking, then agent.router.verify)."""
    from agent.config import load_config
    from agent.router.draft import Abstain
    from agent.router.lexicon import build_lexicon
    from agent.router.link import read
    from agent.router.verify import verify
    from agent.table import table_from_text

    config = load_config(env={}).router
    table = table_from_text(csv, "t.csv")
    lex = build_lexicon(table, config)
    reading = read(question, lex, (config.embedding_min, config.embedding_margin))
    try:
        verify(plan, question, reading, lex, table)
    except Abstain as exc:
        return exc.reason
    return None


def write_table(header, rows, kind: str, stem: Path, frame_rows: int | None = None):
    """`header` and `rows` written as `stem`.csv (None as a blank cell, a cell with a comma quoted)
    or `stem`.xlsx (openpyxl), then opened as a user's file is (agent.sources.open_table)."""
    from agent.sources import open_table

    if kind == "csv":
        import csv

        path = stem.with_suffix(".csv")
        with path.open("w", newline="") as out:
            csv.writer(out, lineterminator="\n").writerows([header, *rows])
    else:
        from openpyxl import Workbook

        book = Workbook()
        for row in [header, *rows]:
            book.active.append(row)
        path = stem.with_suffix(".xlsx")
        book.save(path)
    return open_table(path, frame_rows=frame_rows)

