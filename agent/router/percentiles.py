"""Which percentile a question asks for: the number written right before 'percentile' ('the 90th
percentile', 'the 25 percentile', 'the 90th-percentile fee'), or a quartile named in words ('the
first quartile' = 25, 'the upper quartile' = 75). That number is the statistic's q, never a
condition on a column that happens to hold it (90 in a column of fees picks no rows), and a
percentile with no number before it refuses instead of taking any number of the question."""

from __future__ import annotations

from agent.router.draft import Abstain
from agent.router.reading import Item, Reading

from agent.router.percentile_words import QUARTILES, UNPLANNED, stat_phrases  # noqa: F401 (read here)


def q_number(stat: Item, reading: Reading) -> Item | None:
    """The number item written right before the statistic word `stat` ('90th percentile'), or None."""
    before = reading.at(stat.pos - 1)
    return before if before is not None and before.kind == "number" and before.pos == stat.pos - 1 else None


def mark_q(reading: Reading) -> None:
    """Mark the number before each 'percentile' used: it is the q of the statistic, so no condition
    is read from it (parse.build_draft reads only the numbers left unused). Raises Abstain for
    several percentiles listed ('the 90th and 50th percentile')."""
    for stat in reading.of("stat"):
        if stat.meanings[0].value == "percentile" and (number := q_number(stat, reading)) is not None:
            _one_number(number, stat, reading)
            number.used = True


def percentile_q(reading: Reading, column: str) -> float:
    """The q (0-100) of the percentile `reading` asks for of `column`. Raises Abstain, naming the
    words and what to ask instead, for a percentile with no number right before it, a number
    outside 0-100, two percentiles, or a statistic read but not computed (the interquartile range)."""
    stats = reading.of("stat")
    unplanned = [s for s in stats if s.meanings[0].value == "unplanned"]
    if unplanned:
        what = UNPLANNED[unplanned[0].text.lower()]
        raise Abstain(f"I cannot compute {what} as one number; ask for 'the 25th percentile of {column}' and "
                      f"'the 75th percentile of {column}'.")
    asked = [s for s in stats if s.meanings[0].value == "percentile"]
    if len(asked) != 1:
        raise Abstain(f"The question names {len(asked)} percentiles ({', '.join(repr(s.text) for s in asked)}); "
                      f"ask for one at a time ('the 90th percentile of {column}').")
    stat = asked[0]
    if stat.text.lower() in QUARTILES:
        return QUARTILES[stat.text.lower()]
    number = q_number(stat, reading)
    if number is None or number.number is None:
        raise Abstain(f"'{stat.text}' needs its number right before it: ask for 'the 90th percentile of {column}' "
                      "(or the median, the 25th, the 75th...).")
    if stat.text.lower() == "quartile":
        if number.number not in (1, 2, 3):
            raise Abstain(f"'{number.text} {stat.text}': the quartiles are the 1st, 2nd and 3rd (the 25th, 50th "
                          f"and 75th percentiles of {column}); ask for one of them.")
        return 25.0 * number.number
    if not 0 <= number.number <= 100:
        raise Abstain(f"'{number.text} {stat.text}': a percentile runs from 0 to 100; ask for one in that range.")
    return float(number.number)


_LISTED = frozenset({"and", "or", "to", "&", "through", "versus", "vs"})


def _one_number(number: Item, stat: Item, reading: Reading) -> None:
    """Raises Abstain when the q follows another number and a list word ('the 90th and 10th
    percentile', 'the 10th, 50th and 90th'): several percentiles are asked, and the other number
    is no condition."""
    tokens = reading.tokens
    at = number.pos - 1
    if at >= 1 and tokens[at].lower in _LISTED and tokens[at - 1].kind == "number" or \
            at >= 0 and tokens[at].kind == "number":
        first = tokens[at - 1] if tokens[at].kind != "number" else tokens[at]
        raise Abstain(f"'{first.text} ... {number.text} {stat.text}' asks for several percentiles; ask for one at a "
                      f"time ('the {number.text} {stat.text} of ...').")
