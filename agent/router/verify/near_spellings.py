"""Verifier rule: a text condition whose value has near spellings in its column that it does not
match. Conditions match a value's case and space variants ('Groceries', 'groceries', 'GROCERIES ');
a messy column may also hold the same category in another number ('Grocery') or with a letter
dropped or swapped ('utilties' for 'Utilities'). Counting only the spellings the words match gives
a number that looks whole and is not (trial 7: 'spending on groceries' summed 11 of 13 rows; 'on
utilities' left out the 5 'utilties' rows); reading a near spelling as the same value would be a
guess. Refused naming the spellings left out and their rows, so the person can name them ('groceries
or grocery') or say the one meant.

Near means: the same words once each is made singular (WordNet's noun lemma: 'groceries' and
'grocery'), or, for a value of letters and spaces six or more long, one letter dropped, added or
two neighbours swapped. Values with digits (codes, scores, years) are never near one another."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.plan import Op
from agent.router import word_senses as S
from agent.router.draft import Abstain
from agent.table import ColumnRole, Table

_TESTED = (Op.eq, Op.in_)
_TEXT = (ColumnRole.categorical, ColumnRole.text)
MIN_TYPO = 6
"""Shortest value (letters) for which one dropped, added or swapped letter counts as near."""


def check_near_spellings(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when an '=' / 'in' condition of `plan` (its `where` and `base`) on a text
    column leaves out a value of that column that is a near spelling of one it tests."""
    for p in [*(getattr(plan, "where", None) or []), *(getattr(plan, "base", None) or [])]:
        if p.op not in _TESTED or table.roles.get(p.column) not in _TEXT:
            continue
        wanted = {_norm(v) for v in (p.values if p.op is Op.in_ else [p.value]) if isinstance(v, str)}
        if not wanted:
            continue
        left = [(v, n) for v, n in table_rows.values(table, p.column)
                if isinstance(v, str) and _norm(v) not in wanted and any(_near(_norm(v), w) for w in wanted)]
        if left:
            spellings: dict[str, list[tuple[str, int]]] = {}
            for v, n in left:
                spellings.setdefault(_norm(v), []).append((v, n))
            shown = ", ".join(f"{', '.join(repr(v.strip()) for v, _ in same)} ({_rows(sum(n for _, n in same))})"
                              for same in list(spellings.values())[:4])
            said = " or ".join(f"'{w}'" for w in sorted(wanted))
            raise Abstain(f"{p.column} also holds {shown}, a near spelling of {said} that the condition does not "
                          f"match; name every spelling to count (e.g. {said} or '{left[0][0].strip()}'), or the one meant.")


def _rows(n: int) -> str:
    return f"{n} row{'s' if n != 1 else ''}"


def _norm(value: str) -> str:
    return " ".join(value.split()).lower()


def _near(a: str, b: str) -> bool:
    """True when `a` and `b` (normalised, different) are the same words in another number, or one
    edit apart (see the module doc)."""
    if any(c.isdigit() for c in a + b):
        return False
    if len(a.split()) == len(b.split()) and [S.lemma(w) for w in a.split()] == [S.lemma(w) for w in b.split()]:
        return True
    return min(len(a), len(b)) >= MIN_TYPO and all(c.isalpha() or c == " " for c in a + b) and _one_edit(a, b)


def _one_edit(a: str, b: str) -> bool:
    """One letter dropped or added, or two neighbouring letters swapped (no substitution: 'Brian' and
    'Bryan' are two names)."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1:]
