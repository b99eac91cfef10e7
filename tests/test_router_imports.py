"""The router package's structure, its subpackages (verify/) included: it imports nothing above it
(policies, the web app, the CLI, the agent loop, nor any other module that itself reaches the
router), its modules import each other without circles, and none grows past ~300 lines. Imports
are read with ast from the source files (every import: top level, inside functions, and under
TYPE_CHECKING), so a lazy import cannot hide a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import agent.router
from tests.test_import_graph import GRAPH, MODULES

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


def _files() -> list[Path]:
    """Every source file of the router package, its subpackages' included."""
    return sorted(ROUTER.rglob("*.py"))


def _name(path: Path) -> str:
    """The module a router file defines ('agent.router.verify' for verify/__init__.py)."""
    parts = path.relative_to(ROUTER).with_suffix("").parts
    return ".".join(["agent.router", *(parts[:-1] if parts[-1] == "__init__" else parts)])


def _graph() -> dict[str, set[str]]:
    modules = {_name(p): p for p in _files() if p != ROUTER / "__init__.py"}
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
    assert "agent.router.verify.parts" in graph["agent.router.verify"]  # the subpackage is read too
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_router_imports_nothing_above_it():
    offending = {_name(p): sorted(m for m in _imports(p) if m.startswith(ABOVE)) for p in _files()}
    assert {name: found for name, found in offending.items() if found} == {}


def _reaches_router(module: str) -> bool:
    """True when `module` imports a router module, directly or through other agent modules
    (tests/test_import_graph.py's GRAPH: every import of agent/, read with ast)."""
    seen, todo = {module}, [module]
    while todo:
        for nxt in GRAPH[todo.pop()] - seen:
            if nxt == "agent.router" or nxt.startswith("agent.router."):
                return True
            seen.add(nxt)
            todo.append(nxt)
    return False


def test_router_imports_no_module_that_uses_the_router():
    router = [m for m in MODULES if m == "agent.router" or m.startswith("agent.router.")]
    outside = {t for m in router for t in GRAPH[m] if not t.startswith("agent.router")}
    assert "agent.table" in outside and _reaches_router("agent.policies.agreement")
    assert sorted(t for t in outside if _reaches_router(t)) == []


def test_router_modules_stay_small():
    sizes = {_name(p): len(p.read_text().splitlines()) for p in _files()}
    assert {name: n for name, n in sizes.items() if n > 330} == {}
