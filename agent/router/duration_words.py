"""Times said in a question about a table with one duration column (agent.durations: race, track or
song times read as seconds): 'faster than 1:03.59', 'finished in less than 1:55', 'at least 4
minutes long', 'the fastest', restated over that column in seconds before the question is read
('Time < 63.59'), the restatement noted.

What is read (`duration_reading`), only when the table has exactly one duration column:

- a time written as a duration ('1:03.59', '2:30', '4:14:05.7') or as 'N minutes' / 'N seconds'
  ('4 minutes', 'one minute'), after a comparison ('under', 'less than', 'at least', 'faster
  than'...), is a threshold on that column: 'faster'/'quicker'/'shorter' than is less than,
  'slower'/'longer' than more than. A verb of making a time just before ('swam', 'finished in',
  'lasted', 'took') and the column's own word ('a time of', 'with a time') are part of the
  phrase; so are a unit after a written time ('3:02 minutes') and 'long' / 'in length'.
  A time of two parts ('3:59') on a column of hours:minutes:seconds is left as written
  (3 hours 59 or 3 minutes 59?), and so is a time with no comparison before it.
- 'between 2:30 and 2:40' (both times written as durations, with hours on a column of hours) is
  a range of that column, both ends included.
- 'the fastest' / 'the quickest' (the lowest time), 'the slowest' (the highest), 'the longest' /
  'the shortest' (highest / lowest), alone or before the column's word ('the longest time'),
  are the column's highest or lowest; 'fastest' and the like are left alone when another
  numeric column measures speed (mph, km/h: 'faster' is then its higher), 'longest'/'shortest'
  when another numeric column measures a length (distance, height, metres)."""

from __future__ import annotations

import re

from agent import durations
from agent.table_type import ColumnRole, Table

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "a": 1, "an": 1}
_LESS = {"faster than": "less than", "quicker than": "less than", "shorter than": "less than",
         "less than": "less than", "fewer than": "less than", "lower than": "less than", "under": "under",
         "below": "below", "at most": "at most", "within": "at most", "no more than": "at most",
         "in under": "under", "in less than": "less than", "<": "less than", "<=": "at most"}
_MORE = {"slower than": "more than", "longer than": "more than", "more than": "more than",
         "greater than": "more than", "higher than": "more than", "over": "over", "above": "above",
         "at least": "at least", "no less than": "at least", ">": "more than", ">=": "at least"}
_COMPARISONS = {**_LESS, **_MORE}
_SPEED_WORDS = frozenset({"faster", "quicker", "slower"})
_VERBS = ("swam", "swum", "ran", "run", "raced", "finished", "finish", "completed", "clocked", "lasted", "last",
          "lasting", "took", "take", "skated", "skied", "rode", "drove", "timed", "recorded")
_TIME = r"\d{1,3}(?::[0-5]\d){1,2}(?:\.\d{1,3})?"
_UNIT = r"(?:minutes?|mins?|seconds?|secs?)"
_SPEED_HEADERS = frozenset({"speed", "mph", "kmh", "kph", "velocity"})
_LENGTH_HEADERS = frozenset({"length", "distance", "height", "km", "miles", "mi", "metres", "meters", "m", "ft",
                             "feet", "yards", "yd", "laps", "long", "size", "depth", "width"})


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.split(r"[^A-Za-z]+", text) if w}


def _phrase(column_words: set[str]) -> re.Pattern:
    own = "|".join(sorted(re.escape(w) for w in column_words | {"time", "times"}))
    cmp = "|".join(sorted((re.escape(c).replace(r"\ ", r"\s+") for c in _COMPARISONS), key=len, reverse=True))
    verbs = "|".join(_VERBS)
    number = r"\d+(?:\.\d+)?|" + "|".join(_NUMBER_WORDS)
    return re.compile(
        rf"(?:\b(?P<be>are|is|were|was)\s+|\b(?P<verb>{verbs})\s+(?:(?:in|at)\s+)?)?"
        rf"(?:\b(?:with\s+)?(?:a\s+|the\s+|an?\s+)?(?:(?:{own})\s+)+(?:of\s+)?)?"
        rf"(?<![\w<>=])(?P<cmp>{cmp})\s+"
        rf"(?:(?:a\s+|the\s+)?(?:(?:{own})\s+)+(?:of\s+)?)?"
        rf"(?:(?P<time>{_TIME})(?:\s+(?P<after>{_UNIT}))?|(?P<n>{number})\s+(?P<unit>{_UNIT}))(?![\w:])"
        rf"(?:\s+(?:long|in\s+length|in\s+duration))?", re.IGNORECASE)


def _seconds_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}".rstrip("0")


def _others(table: Table, column: str) -> set[str]:
    """The header words of the table's other numeric columns."""
    return set().union(*[_words(c) for c, role in table.roles.items()
                         if c != column and role is ColumnRole.numeric]) if table.roles else set()


def duration_reading(question: str, table: Table) -> tuple[str, str | None]:
    """(`question` with its times restated over the table's one duration column, a note naming
    what was read), or (`question`, None) when nothing was (see the module's rule)."""
    forms = getattr(table, "durations", None) or {}
    if len(forms) != 1 or not re.search(r"\d|fast|quick|slow|long|short", question, re.IGNORECASE):
        return question, None
    (column, form), = forms.items()
    others = _others(table, column)
    notes: list[str] = []

    def threshold(m: re.Match) -> str:
        cmp = re.sub(r"\s+", " ", m["cmp"].lower())
        if cmp.split()[0] in _SPEED_WORDS and others & _SPEED_HEADERS:
            return m.group()
        if m["time"] is not None:
            parts = m["time"].count(":") + 1
            if form.hours and parts == 2 and m["after"] is None:
                return m.group()  # '3:59' on h:mm:ss cells: hours or minutes?
            if m["after"] is not None and m["after"].lower().startswith(("sec",)):
                return m.group()  # '1:02 seconds': no such time
            value = durations.seconds(m["time"])
        else:
            n = m["n"].lower()
            value = float(_NUMBER_WORDS[n]) if n in _NUMBER_WORDS else float(n)
            value *= 60 if m["unit"].lower().startswith("min") else 1
        if value is None:
            return m.group()
        said = re.sub(r"\s+", " ", m.group().strip())
        restated = f"{column.lower()} {_COMPARISONS[cmp]} {_seconds_text(value)}"
        notes.append(f"read '{said}' as {column} {_COMPARISONS[cmp]} {_seconds_text(value)} (seconds of the duration "
                     f"column {column})")
        return f"with {restated}" if m["be"] else restated

    def between(m: re.Match) -> str:
        low, high = durations.seconds(m["low"]), durations.seconds(m["high"])
        if low is None or high is None or form.hours and (m["low"].count(":") < 2 or m["high"].count(":") < 2):
            return m.group()
        restated = f"{column.lower()} between {_seconds_text(low)} and {_seconds_text(high)}"
        notes.append(f"read '{m.group().strip()}' as {column} between {_seconds_text(low)} and {_seconds_text(high)} "
                     f"(seconds of the duration column {column})")
        return restated

    own = "|".join(sorted(re.escape(w) for w in _words(column) | {"time", "times"}))
    out = re.sub(rf"(?:\b(?:a\s+|the\s+)?(?:(?:{own})\s+)+)?\bbetween\s+(?P<low>{_TIME})\s+and\s+(?P<high>{_TIME})(?![\w:])",
                 between, question, flags=re.IGNORECASE)
    out = _phrase(_words(column)).sub(threshold, out)
    out = _superlatives(out, column, others, notes)
    if not notes:
        return question, None
    return out, "; ".join(notes)


_SUPERLATIVE = re.compile(r"\b(?P<the>the\s+)?(?P<word>fastest|quickest|slowest|longest|shortest)\b"
                          r"(?:\s+(?P<own>(?:(?:run|running|playing|race|finishing)\s+(?=times?\b))?\w+))?", re.IGNORECASE)
_LOWEST = frozenset({"fastest", "quickest", "shortest"})
_NOT_NOUNS = frozenset({"on", "in", "of", "and", "or", "for", "at", "to", "from", "with", "by", "one", "ones", "is",
                        "was", "among", "ever", "overall", "recorded"})
"""Words after a superlative that are no noun of the rows ('the fastest in the race')."""


def _superlatives(question: str, column: str, others: set[str], notes: list[str]) -> str:
    """'the fastest [time]' as 'the lowest <column>', 'the slowest/longest [time]' as the highest
    (the module's rule); the words noted in `notes`."""
    own = _words(column) | {"time", "times"}

    def one(m: re.Match) -> str:
        word = m["word"].lower()
        if word in ("fastest", "quickest", "slowest") and others & _SPEED_HEADERS:
            return m.group()
        if word in ("longest", "shortest") and others & _LENGTH_HEADERS:
            return m.group()
        rank = "lowest" if word in _LOWEST else "highest"
        after = (m["own"] or "").lower().split()[-1] if m["own"] else ""
        if after and after not in own and after not in _NOT_NOUNS and m["the"]:  # 'the shortest song'
            notes.append(f"read '{m.group()}' as the {m['own']} with the {rank} {column} (the duration column {column})")
            return f"the {m['own']} with the {rank} {column.lower()}"
        said = m.group() if after in own else m.group()[:m.end("word") - m.start()]
        restated = f"the {rank} {column.lower()}"
        notes.append(f"read '{said}' as the {rank} {column} (the duration column {column})")
        return restated + m.group()[len(said):]

    return _SUPERLATIVE.sub(one, question)
