"""The router package's structure: it imports nothing above it (policies, the web app, the CLI, the
agent loop), its modules import each other without circles, and none grows past ~300 lines. Imports
are read with ast from the source files (every import: top level, inside functions, and under
TYPE_CHECKING), so a lazy import cannot hide a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import agent.router

ROUTER = Path(agent.router.__file__).parent
ABOVE = ("agent.policies", "agent.web", "agent.cli", "agent.loop")


def _imports(path: Path) -> set[str]:
    """Every module name `path` imports ('from agent.router import vocabulary' -> agent.router.vocabulary)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _graph() -> dict[str, set[str]]:
    modules = {f"agent.router.{p.stem}": p for p in ROUTER.glob("*.py") if p.stem != "__init__"}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph` as a path [a, b, ..., a], or None (depth-first search)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_cycle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_imports_parse_every_form(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("import os\nfrom agent.router import vocabulary as V\n"
                      "def f():\n    from agent.router.link import Item\n")
    assert {"os", "agent.router.vocabulary", "agent.router.link"} <= _imports(source)


def test_router_modules_have_no_import_circles():
    graph = _graph()
    assert len(graph) > 10 and "agent.router.parse" in graph["agent.router.router"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_router_imports_nothing_above_it():
    offending = {p.name: sorted(m for m in _imports(p) if m.startswith(ABOVE)) for p in ROUTER.glob("*.py")}
    assert {name: found for name, found in offending.items() if found} == {}


def test_router_modules_stay_small():
    sizes = {p.name: len(p.read_text().splitlines()) for p in ROUTER.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 330} == {}
