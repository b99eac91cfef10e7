"""The words of percentiles the lexicon reads: quartiles named in words and the statistics
refused as words (the interquartile range). Apart from percentiles.py, which reads drafts, so that
the lexicon can take them without an import circle."""

from __future__ import annotations

QUARTILES = {"first quartile": 25.0, "lower quartile": 25.0, "second quartile": 50.0, "third quartile": 75.0,
             "upper quartile": 75.0}
"""Quartiles named in words, each the percentile it is; 'the 3rd quartile' (a number, then 'quartile')
is read by `percentile_q`."""
UNPLANNED = {"interquartile range": "the interquartile range (the 75th minus the 25th percentile)",
             "interquartile": "the interquartile range (the 75th minus the 25th percentile)",
             "iqr": "the interquartile range (the 75th minus the 25th percentile)"}
"""Statistics read as words but not computed as one number: refused, saying what to ask instead."""


def stat_phrases() -> dict[str, str]:
    """The phrases the lexicon reads as statistic words here: quartiles as 'percentile', the
    interquartile range as 'unplanned' (refused by `percentile_q` with what to ask instead)."""
    return {**{p: "percentile" for p in (*QUARTILES, "quartile")}, **{p: "unplanned" for p in UNPLANNED}}
