"""Tally's compute tools for other agents, without Tally's loop.

    from agent.toolset import Toolset
    tools = Toolset.load("transactions.csv")
    outcome = tools.call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"]})

Each tool has a name, a description, a JSON schema derived from its pydantic arguments model and
a `call` that validates and runs it through the same `call_tool` seam and engine the agent loop
uses, so results carry the same provenance and failures the same typed errors. With several
tables every tool takes a required `table` argument, typed as the enum of the loaded names."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field, create_model

if TYPE_CHECKING:
    import pandas as pd

from agent.engine import Engine, duckdb_engine
from agent.profile import TableProfile, profile_table
from agent.table import Table
from agent.config import SearchConfig
from agent.search import lazy_searcher
from agent.tools import ALL_TOOLS, Tool, ToolOutcome, call_tool
from agent.tools.search import make_search_tool

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def table_names(paths: list[Path]) -> list[str]:
    """Table names for `paths`: file stems, with `_2`, `_3`... appended to repeats, in order."""
    names: list[str] = []
    for path in paths:
        name, n = path.stem, 1
        while name in names:
            n += 1
            name = f"{path.stem}_{n}"
        names.append(name)
    return names


def with_table_field(args: type[BaseModel], names: list[str]) -> type[BaseModel]:
    """A subclass of `args` with a required `table: Literal[*names]` field (so its JSON schema
    stays derived: the table becomes an enum). Same class name, so schema titles do not change.
    A tool runs the plan `plan_of` makes of it, never the subclass itself."""
    table_type = Literal[tuple(names)]  # type: ignore[valid-type]
    return create_model(args.__name__, __base__=args, __module__=__name__, __doc__=args.__doc__,
                        table=(table_type, Field(description="Table to query (by its name).")))


def plan_of(tool: Tool, args: BaseModel) -> BaseModel:
    """`args` (validated against `with_table_field(tool.args, ...)`) as the tool's own plan model,
    without `table`: operations are dispatched by the plan's exact type (agent.ops, the SQL query
    engine), which the derived subclass is not."""
    return tool.args.model_validate(args.model_dump(exclude={"table"}))


def _searcher_of(table: Table, searchers: dict[int, object]) -> object:
    """The table's RecordSearch; IndexUnavailable for a table read where it lies."""
    make = searchers[id(table)]
    if make is None:
        from agent.search.status import IndexUnavailable

        raise IndexUnavailable(f"{table.name} is read where it lies ({table.rows:,} rows, not loaded): record "
                               "search works from rows in memory. Ask for a count, total or ranking instead.")
    return make()


@dataclass(frozen=True)
class ToolsetTool:
    """One exposed tool, bound to a toolset's tables and engine.

    `args` is the pydantic model arguments are validated against (the plan model, plus a `table`
    field when the toolset has several tables); `parameters` is its plain JSON schema."""

    tool: Tool
    toolset: Toolset = field(repr=False)

    @property
    def name(self) -> str:
        """The tool name, e.g. 'aggregate'."""
        return self.tool.name

    @property
    def description(self) -> str:
        """What the tool computes, for a model choosing among tools."""
        return self.tool.description

    @property
    def args(self) -> type[BaseModel]:
        """The pydantic model arguments are validated against."""
        return self.tool.args

    @property
    def parameters(self) -> dict[str, object]:
        """Plain JSON schema (pydantic's `model_json_schema`) of the arguments."""
        return self.tool.args.model_json_schema()

    def openai(self) -> dict[str, object]:
        """The OpenAI chat `tools` entry, strict: {"type": "function", "function": {name,
        description, parameters, strict: true}}."""
        return self.tool.definition()

    def json_schema(self) -> dict[str, object]:
        """A standalone JSON Schema (draft 2020-12) document of the arguments, titled with the
        tool name and carrying the tool description."""
        return {"$schema": JSON_SCHEMA_DIALECT, **self.parameters, "title": self.name,
                "description": self.description}

    def call(self, arguments: dict[str, object] | str) -> ToolOutcome:
        """Validate `arguments` (a dict or JSON text) and run the tool. Returns ToolSuccess (typed
        result with provenance) or ToolFailure (error kinds: bad_arguments, unknown_column,
        wrong_type, bad_predicate, no_rows_matched); never raises for bad input."""
        return self.toolset.call(self.name, arguments)


class Toolset:
    """Tally's compute tools over one or more loaded tables.

    `tools` maps tool name to ToolsetTool. Build with `Toolset.load(*paths)`, or directly from
    `Table` objects (names must be unique)."""

    def __init__(self, tables: dict[str, Table], engine: Engine | None = None, *,
                 low_cardinality: int = 30, search: SearchConfig | None = None):
        if not tables:
            raise ValueError("a toolset needs at least one table")
        self.tables = dict(tables)
        self.engine = engine or duckdb_engine()
        self.low_cardinality = low_cardinality
        tools = dict(ALL_TOOLS)
        self.searchers: dict[str, object] = {}
        """Table name -> factory of its RecordSearch (empty without `search`)."""
        if search is not None:  # record search, each table's index opened (or built) on its first search
            searchers = {id(t): lazy_searcher(t, search) for t in self.tables.values()}
            self.searchers = {name: searchers[id(t)] for name, t in self.tables.items() if searchers[id(t)]}
            tools["search"] = make_search_tool(lambda table: _searcher_of(table, searchers))
        self._tools = {name: self._bind(tool) for name, tool in tools.items()}
        self.tools = {name: ToolsetTool(tool, self) for name, tool in self._tools.items()}

    @classmethod
    def load(cls, *paths: str | Path, engine: Engine | None = None, low_cardinality: int = 30,
             search: SearchConfig | None = None) -> Toolset:
        """Load each file (CSV, TSV, Parquet, JSON lines, each sheet of an Excel workbook or one
        named 'book.xlsx#Sheet') as a table named by its stem (deduplicated); with
        `search`, the toolset also offers record search. Raises TableLoadError naming the file that
        cannot be read, ValueError with no paths."""
        from agent.sources import expand, open_table, table_names as names_of

        specs = expand(list(paths))
        tables = {name: open_table(spec) for name, spec in zip(names_of(specs), specs)}
        return cls(tables, engine, low_cardinality=low_cardinality, search=search)

    @classmethod
    def from_frames(cls, frames: dict[str, "pd.DataFrame"], engine: Engine | None = None, *,
                    low_cardinality: int = 30) -> Toolset:
        """Tools over DataFrames another agent already holds, one table per name. Typed columns
        (numbers, datetimes) are used as they are and DuckDB scans them in place; text columns are
        typed like a file's (messy numbers and dates read, the readings reported). No record search."""
        from agent.table import table_from_frame

        return cls({name: table_from_frame(frame, name) for name, frame in frames.items()}, engine,
                   low_cardinality=low_cardinality)

    @property
    def names(self) -> list[str]:
        """Table names, in load order."""
        return list(self.tables)

    def _bind(self, tool: Tool) -> Tool:
        """The tool as exposed: unchanged for one table; with several, its args gain `table` and
        its run picks that table (the derived args subclass the plan model, so engines accept them)."""
        if len(self.tables) == 1:
            return tool
        return Tool(name=tool.name, description=tool.description,
                    args=with_table_field(tool.args, self.names),
                    run=lambda engine, _table, args: tool.run(engine, self.tables[args.table], plan_of(tool, args)))

    def call(self, name: str, arguments: dict[str, object] | str) -> ToolOutcome:
        """Validate and run tool `name` (see ToolsetTool.call); an unknown name is a ToolFailure
        with error 'unknown_tool'."""
        first = next(iter(self.tables.values()))
        return call_tool(self._tools, name, arguments, engine=self.engine, table=first)

    def table(self, name: str | None = None) -> Table:
        """The named table, or the only one when `name` is None. Raises ValueError when `name`
        is unknown, or None with several tables."""
        if name is None and len(self.tables) == 1:
            return next(iter(self.tables.values()))
        if name not in self.tables:
            raise ValueError(f"No table {name!r}. Tables: {', '.join(self.tables)}.")
        return self.tables[name]

    def profile(self, table: str | None = None) -> TableProfile:
        """The profile of the named table (or the only one). Raises ValueError like `table`."""
        return profile_table(self.table(table), self.low_cardinality)

    def openai(self) -> list[dict[str, object]]:
        """Every tool's strict OpenAI definition, for `tools=` of a chat completion."""
        return [t.openai() for t in self.tools.values()]

    def json_schemas(self) -> list[dict[str, object]]:
        """Every tool's standalone JSON Schema document."""
        return [t.json_schema() for t in self.tools.values()]
