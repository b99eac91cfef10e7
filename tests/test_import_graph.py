"""The import graph of agent/, read from the source with ast (every import, at module level or
inside a function): no circles through the engine or the layers under it, and no module of a
lower layer imports one of a higher layer. `from package import submodule` counts as importing
the submodule only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "agent"

LAYERS = [
    # 0: values and plans, no table
    ["agent.against", "agent.errors", "agent.field_docs", "agent.numbers", "agent.per_entity", "agent.plan", "agent.positions", "agent.runs", "agent.queries",
     "agent.sqlish", "agent.summary_rows", "agent.typed_view", "agent.prompts", "agent.list_columns", "agent.text_files",
     "agent.frames", "agent.cell_rules", "agent.scratch", "agent.text_reason", "agent.mixed_dates", "agent.durations"],
    # 1: the Table type, its profile, results, row predicates, the one opener and its cache
    ["agent.table_type", "agent.profile", "agent.results", "agent.predicates", "agent.relation", "agent.list_sql",
     "agent.table_rows", "agent.table_cache", "agent.parse_reports", "agent.typing_sql", "agent.whole_sql",
     "agent.value_frame_sql", "agent.answer_words"],
    # 2: file loaders
    ["agent.table", "agent.sources"],
    # 3: the engine
    ["agent.engine"],
    # 4: the pandas reference of the typed queries (test oracle)
    ["agent.ops"],
]
"""Bottom to top; a name covers its submodules. Everything else in agent/ sits above."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _target(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str) -> set[str]:
    """The agent modules `module` imports anywhere in its source."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            names.update(subs)
            if len(subs) < len(node.names):
                names.add(base)
    return {t for t in map(_target, names) if t and t != module and t.startswith("agent")}


GRAPH = {m: imports(m) for m in MODULES}


def layer(module: str) -> int:
    """The index of the layer `module` belongs to; len(LAYERS) for everything above them."""
    for i, names in enumerate(LAYERS):
        if any(module == n or module.startswith(n + ".") for n in names):
            return i
    return len(LAYERS)


def cycles(nodes: set[str]) -> list[list[str]]:
    """Strongly connected components of more than one module among `nodes` (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v] & nodes:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while (w := stack.pop()) != v:
                component.append(w)
            if component:
                found.append(sorted([v, *component]))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_is_read():
    assert "agent.engine.sql_engine" in GRAPH["agent.engine.query_engine"]
    assert "agent.engine.compile" in GRAPH["agent.engine.sql_engine"]
    assert "agent.typed_view" in GRAPH["agent.relation"]
    assert layer("agent.engine.compile") == 3 and layer("agent.router.parse") == len(LAYERS)


def test_cycles_are_found():
    saved = dict(GRAPH)
    try:
        GRAPH.update({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
        assert cycles({"a", "b", "c", "d"}) == [["a", "b", "c"]]
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


def test_no_import_circles_in_the_engine_and_the_layers_under_it():
    core = {m for m in MODULES if layer(m) < len(LAYERS)}
    assert cycles(core) == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) < len(LAYERS)))
def test_no_module_imports_upward(module):
    upward = sorted(t for t in GRAPH[module] if layer(t) > layer(module))
    assert upward == [], f"{module} (layer {layer(module)}) imports {upward}"
