"""The file's own noun names its rows: 'how many appointments' on appointments.csv (or
appointment.csv) counts rows, and 'how many appointments were cancelled' the rows with Status =
'Cancelled'. The last word of the file's name, singular or plural, read in its plural; only when
the lexicon knows no other meaning for it (a column, header word or value keeps its own) and no
identifier column repeats under a header that names nothing else (a history table 'tickets.csv'
whose 'id' repeats: its rows are updates of each ticket, not tickets). An identifier naming another
thing ('PatientID' repeating in appointments.csv: a patient has several appointments) leaves the
rows to the file's noun."""

from __future__ import annotations

import re
from pathlib import Path

from agent import table_rows
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.words import noun_words, singular
from agent.table import ColumnRole, Table

GENERIC = frozenset({
    "sample", "data", "dataset", "database", "table", "export", "report", "file", "sheet", "list", "output", "input",
    "test", "train", "copy", "backup", "master", "final", "clean", "cleaned", "summary", "extract", "dump", "main",
    "full", "latest", "current", "new", "old", "raw", "info", "information", "overview", "combined", "merged",
    "sorted", "filtered", "updated", "version", "draft", "template", "demo", "example", "first", "last", "history",
    "log"})
"""Singular words a file is often named by that name no thing its rows are (sample.csv, data.csv):
never read as a row noun in the plural ('samples')."""


def plural_of(word: str) -> str:
    """The regular plural of a singular noun: appointment -> appointments, category -> categories,
    box -> boxes, match -> matches, day -> days."""
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    return word + "s"


def file_noun(table: Table) -> str | None:
    """The plural noun of the file's name ('appointments' for appointments.csv, appointment.csv and
    clinic_appointments_2024.csv), or None for a name ending in a word under 4 letters or in a
    generic singular word (GENERIC: sample.csv, data.csv)."""
    words = re.findall(r"[a-z]+", Path(table.name).stem.lower())
    if not words or len(words[-1]) < 4:
        return None
    last = words[-1]
    if singular(last) != last:
        return last
    return None if last in GENERIC else plural_of(last)


def add_file_noun(lex: Lexicon, table: Table) -> None:
    """Read the file's noun (`file_noun`) as the rows (Meaning('row')); a plural file name's noun is
    kept as `lex.table_noun` too (its WordNet synonyms name the rows: router/synonyms.py), a singular
    one's plural is only the word itself. Nothing when the lexicon knows the word otherwise, an
    identifier repeats that names no other thing (see the module docstring), or the table lies in
    its file (a sample of its rows)."""
    noun = file_noun(table)
    if noun is None or table.lies_in_file or not _unknown(lex, noun) or _generic_id_repeats(table):
        return
    lex.add(noun, Meaning("row"))
    if _named_plural(table):
        lex.table_noun = noun


def rows_named(table: Table, lex: Lexicon) -> str | None:
    """The plural noun of a file named in the plural (orders.csv) when it names the rows: the lexicon
    reads it as the rows only (the router's own row words 'orders', 'transactions' included) and no
    identifier repeats that names no other thing; else None."""
    noun = file_noun(table)
    if noun is None or not _named_plural(table) or _generic_id_repeats(table):
        return None
    meanings = lex.phrases.get((noun,), [])
    return noun if meanings and all(m.kind == "row" for m in meanings) else None


def _unknown(lex: Lexicon, noun: str) -> bool:
    """True when no phrase, header word or value word is `noun` or its singular."""
    return not any((w,) in lex.phrases or w in lex.headers or w in lex.value_words for w in (noun, singular(noun)))


def _named_plural(table: Table) -> bool:
    """True when the file's name ends in a plural word (orders.csv), not a singular one."""
    words = re.findall(r"[a-z]+", Path(table.name).stem.lower())
    return bool(words) and singular(words[-1]) != words[-1]


def _generic_id_repeats(table: Table) -> bool:
    """True when an identifier column whose header names nothing but an id ('id', 'key') repeats a value."""
    return any(role is ColumnRole.identifier and not noun_words(str(c)) and not table_rows.counts(table, c).unique
               for c, role in table.roles.items())
