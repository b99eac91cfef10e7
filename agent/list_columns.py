"""List columns: cells that each hold several items ('[No gluten, Vegan]', 'Rust, Python and
NodeJS', a Parquet LIST). Such a column is matched by membership, and counted by its items, never
as whole strings (agent/list_sql.py).

A column's `ListForm` is decided once from a sample of its cells (up to SAMPLE non-missing):
- native: the cells are lists already (Arrow/Parquet LIST; kept as JSON text in memory: json);
- brackets: at least 90% of the sampled cells (and 3 or more) are written '[...]'; items split on
  ',' or ';', quotes around items dropped, '[]' is the empty list;
- semicolons / and / commas (tried in that order): the cells split on ';' (or on ',' and ' and ',
  or on ',') must look like a list and not like free text or a compound value:
  * at least 3 cells, and at least 20% of them with 2 or more items;
  * cells hold different numbers of items (a fixed 'City, ST' or 'Last, First' shape is a value);
  * 95% of items are short (at most 3 words and 30 characters), none ends like a sentence, at
    most 20% are numbers, at most 5% are empty;
  * items recur: the distinct items are at most 60% of all items, and some item is found at
    different positions counted both from the start and from the end of its cells (lists put an
    item anywhere; an address always ends in its state).
Anything else stays text: free text with commas is never a list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import json
import re
from enum import StrEnum

if TYPE_CHECKING:
    import pandas as pd


SAMPLE = 200


class ListForm(StrEnum):
    """How a list column's cells hold their items (see the module doc)."""

    native = "native"
    json = "json"
    brackets = "brackets"
    semicolons = "semicolons"
    and_ = "and"
    commas = "commas"


SPLIT = {ListForm.brackets: r"\s*[,;]\s*", ListForm.semicolons: r"\s*;\s*",
         ListForm.and_: r"\s*,\s*(?:and\s+)?|\s+and\s+", ListForm.commas: r"\s*,\s*"}
"""The item separator of each text form, as a regular expression valid in Python and RE2 (DuckDB)."""
QUOTES = " '\""
_SENTENCE = re.compile(r"[.!?]$")
_NUMBER = re.compile(r"[-+]?\d[\d.,]*%?")


def split_items(cell: object, form: ListForm) -> list[str] | None:
    """The items of one cell, trimmed and unquoted; None for a missing cell, [] for an empty list."""
    if _missing(cell):
        return None
    if form is ListForm.native:
        return [str(v).strip(QUOTES) for v in cell]
    text = str(cell).strip()
    if form is ListForm.json:
        try:
            return [str(v) for v in json.loads(text)]
        except (ValueError, TypeError):
            return [text]
    if form is ListForm.brackets:
        text = re.sub(r"^\[|\]$", "", text)
    items = [item.strip(QUOTES) for item in re.split(SPLIT[form], text)]
    return [item for item in items if item]


def _missing(cell: object) -> bool:
    if cell is None or isinstance(cell, str):
        return cell is None
    import pandas as pd

    return cell is pd.NA or cell is pd.NaT or (isinstance(cell, float) and cell != cell)


def as_json_text(cell: object) -> object:
    """A native list cell (list, tuple, numpy array) as JSON text; anything else unchanged."""
    if _missing(cell):
        return None
    if hasattr(cell, "__len__") and not isinstance(cell, (str, bytes, dict)):
        return json.dumps([v.item() if hasattr(v, "item") else v for v in cell], default=str)
    return cell


def is_native(series: pd.Series) -> bool:
    """True when the non-missing cells of an object column are lists/arrays (a Parquet LIST)."""
    if series.dtype != object:
        return False
    head = [v for v in series.iloc[:SAMPLE].tolist() if not _missing(v)]
    return bool(head) and all(hasattr(v, "__len__") and not isinstance(v, (str, bytes, dict)) for v in head)


def list_form(series: pd.Series) -> ListForm | None:
    """The ListForm of a text column from its first SAMPLE non-missing cells, or None (see the
    module doc for the rule)."""
    if is_native(series):
        return ListForm.native
    return text_list_form(series.dropna().iloc[: SAMPLE * 2].tolist())


def text_list_form(head: list[object]) -> ListForm | None:
    """The ListForm of a text column from its first 2 x SAMPLE non-missing cells (file order), or
    None: the rule of `list_form` for a column that is not a native list."""
    cells = [str(v).strip() for v in head if str(v).strip()][:SAMPLE]
    if len(cells) < 3:
        return None
    if sum(bool(re.fullmatch(r"\[.*\]", c, re.S)) for c in cells) >= 0.9 * len(cells):
        return ListForm.brackets
    for form, mark in ((ListForm.semicolons, ";"), (ListForm.and_, " and "), (ListForm.commas, ",")):
        if any(mark in c for c in cells) and _looks_like_list([split_items(c, form) or [] for c in cells]):
            return form
    return None


def _looks_like_list(split: list[list[str]]) -> bool:
    counts = [len(items) for items in split]
    if sum(n >= 2 for n in counts) < max(2, 0.2 * len(split)) or len(set(counts)) < 2:
        return False
    items = [item for cell in split for item in cell]
    short = sum(len(i) <= 30 and len(i.split()) <= 3 for i in items)
    if short < 0.95 * len(items) or any(_SENTENCE.search(i) for i in items):
        return False
    if sum(bool(_NUMBER.fullmatch(i)) for i in items) > 0.2 * len(items):
        return False
    if len(set(items)) > 0.6 * len(items):
        return False
    starts: dict[str, set[int]] = {}
    ends: dict[str, set[int]] = {}
    for cell in split:
        for k, item in enumerate(cell):
            starts.setdefault(item, set()).add(k)
            ends.setdefault(item, set()).add(len(cell) - 1 - k)
    return any(len(starts[i]) >= 2 and len(ends[i]) >= 2 for i in starts)
