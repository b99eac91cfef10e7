"""Field descriptions from attribute docstrings, read once per module from its syntax tree.

The typed plans (agent/plan.py, queries.py, positions.py, per_entity.py) document each field with
a string under it; the tools' JSON schemas carry that string as the field's description. pydantic's
own `use_attribute_docstrings` finds each class's source by walking the interpreter's frames and
asking `inspect.getmodule` of each (a scan of every loaded module) and then tokenizes the class
block: about 40 ms of a cold `tally ask`, for 18 classes. `Documented` reads the same strings from
one `ast.parse` of the module's file (cached per file) and gives each field its string before
pydantic collects the fields, so the descriptions, schemas and validation are the ones pydantic's
option gives (pydantic's rule: a string statement right after an annotated name; `cleandoc`ed;
a description set on the field itself wins).

Every model of Tally's own is built when first used (`defer_build=True` in its config, here and
in plan, queries, positions, per_entity, results, outcome, config, profile, models, tools/base,
router/kind, router/router): a cold `tally ask` imports 55 models and uses 9 of them (with what
they hold), so pydantic's schema and validator building of the rest, about 50 ms of its CPU
time, is skipped; a model's validation, dumps and JSON schema are the same either way."""

from __future__ import annotations

import ast
import functools
import inspect
import sys

from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo

_UNSET = object()

@functools.cache
def _docs(path: str) -> dict[str, dict[str, str]]:
    """Top-level class name -> {field: its docstring} of the module source at `path`; a class
    name defined twice maps to both bodies' strings merged (none of ours is)."""
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    found: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found.setdefault(node.name, {}).update(_attribute_docs(node))
    return found


def _attribute_docs(node: ast.ClassDef) -> dict[str, str]:
    """pydantic's DocstringVisitor over one class body: a str constant statement right after an
    annotated assignment documents the last annotated name."""
    attrs: dict[str, str] = {}
    target: str | None = None
    previous: type[ast.AST] | None = None
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign):
            if isinstance(statement.target, ast.Name):
                target = statement.target.id
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                and isinstance(statement.value.value, str) and previous is ast.AnnAssign:
            if target:
                attrs[target] = inspect.cleandoc(statement.value.value)
            target = None
        previous = type(statement)
    return attrs


class Documented(BaseModel):
    """A model whose fields take their attribute docstrings as descriptions (module doc)."""

    model_config = ConfigDict(defer_build=True)  # built when first used (module doc)

    def __init_subclass__(cls, **kwargs: object) -> None:
        module = sys.modules.get(cls.__module__)
        path = getattr(module, "__file__", None)
        docs = _docs(path).get(cls.__name__, {}) if path and path.endswith(".py") else {}
        for name in inspect.get_annotations(cls):  # its own annotations, as written
            if name not in docs:
                continue
            value = cls.__dict__.get(name, _UNSET)
            if isinstance(value, FieldInfo):  # Field(default_factory=list), Field(default=1, ge=1): set as if passed
                if value.description is None:
                    value.description = docs[name]
                    value._attributes_set["description"] = docs[name]  # what pydantic copies when it collects the field
            elif value is _UNSET:  # annotated only: a required field
                setattr(cls, name, Field(description=docs[name]))
            else:
                setattr(cls, name, Field(default=value, description=docs[name]))
        super().__init_subclass__(**kwargs)
