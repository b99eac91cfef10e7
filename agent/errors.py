"""Typed errors. Each carries structured fields so callers (the loop, other agents, tests)
branch on fields, never on message text."""

from __future__ import annotations

import difflib
from pathlib import Path


def near(word: str, candidates: list[str], n: int = 5) -> list[str]:
    """Up to `n` candidates closest to `word` (difflib ratio >= 0.5, case-insensitive)."""
    lowered = {c.lower(): c for c in candidates}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.5)
    return [lowered[h] for h in hits]


class TallyError(Exception):
    """Base of every error Tally raises on purpose. `kind` is a stable machine-readable tag."""

    kind = "error"

    def to_dict(self) -> dict[str, object]:
        """Fields for a JSON tool message: {"error": kind, "message": str, ...structured fields}."""
        fields = {k: v for k, v in vars(self).items() if not k.startswith("_")}
        return {"error": self.kind, "message": str(self), **fields}


MAX_QUESTION_CHARS = 2000
"""The longest question taken (the CLI, the web API): a longer one is refused as bad input."""


class QuestionTooLong(TallyError):
    """A question over MAX_QUESTION_CHARS characters; the message gives its length, not its text."""

    kind = "bad_request"

    def __init__(self, length: int):
        super().__init__(f"the question is too long ({length:,} characters): at most {MAX_QUESTION_CHARS:,} "
                         "characters, please shorten it")


class TableLoadError(TallyError):
    """A file could not be read as a table. Names the file and, where known, the line or column."""

    kind = "table_load"

    def __init__(self, path: str | Path, reason: str, *, line: int | None = None, column: str | None = None):
        self.path = str(path)
        self.reason = reason
        self.line = line
        self.column = column
        where = f" (line {line})" if line is not None else ""
        where += f" (column {column!r})" if column is not None else ""
        super().__init__(f"{self.path}{where}: {reason}")


class ToolError(TallyError):
    """A tool call that cannot be answered as asked; the message goes back to the model."""

    kind = "tool_error"


class UnknownColumn(ToolError):
    """`column` is not in the table; `suggestions` are the nearest column names."""

    kind = "unknown_column"

    def __init__(self, column: str, columns: list[str]):
        self.column = column
        self.suggestions = near(column, columns)
        hint = f" Did you mean {', '.join(repr(s) for s in self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"No column {column!r}.{hint} Columns: {', '.join(columns)}.")


class WrongType(ToolError):
    """The operation does not apply to the column's role (e.g. SUM of a text column)."""

    kind = "wrong_type"

    def __init__(self, column: str, role: str, operation: str, cells: tuple[str, ...] = ()):
        """`cells`: a few of the column's present values as written, when it is text; the message
        then says what they hold (agent.text_reason.why_not_numbers)."""
        from agent.text_reason import why_not_numbers

        self.column = column
        self.role = role
        self.operation = operation
        self.cells = list(cells)
        why = why_not_numbers(list(cells))
        super().__init__(f"Cannot compute {operation} of column {column!r}: it is {role}, not numeric"
                         f"{': ' + why if why else ''}.")


class BadPredicate(ToolError):
    """A predicate is malformed for its column (missing value, unparseable date, ...)."""

    kind = "bad_predicate"

    def __init__(self, column: str, op: str, reason: str):
        self.column = column
        self.op = op
        self.reason = reason
        super().__init__(f"Bad predicate on {column!r} ({op}): {reason}")


class NoRowsMatched(ToolError):
    """The predicates select no row. `near_values` suggests values of text columns compared."""

    kind = "no_rows_matched"

    def __init__(self, condition: str, rows_scanned: int, near_values: dict[str, list[str]]):
        self.condition = condition
        self.rows_scanned = rows_scanned
        self.near_values = near_values
        hint = "".join(f" Near values of {c!r}: {', '.join(v)}." for c, v in near_values.items() if v)
        super().__init__(f"No rows matched {condition} (of {rows_scanned:,} rows scanned).{hint}")
