"""English vocabulary of the pre-router: signal words per tier, operator words, comparison words,
filler words, month names and US state names. Language only; nothing about any one dataset."""

from __future__ import annotations

import re

# Tier 1: aggregation signals. Tier 2: numeric comparisons. Tier 3: record retrieval.
TIER1 = re.compile(
    r"\b(?:total|sum|how many|how much|count|number of|average|avg|mean|median|lowest|highest|"
    r"most|least|fewest|max(?:imum)?|min(?:imum)?|percent(?:age)?|share|proportion|fraction|rate|ratio|top|"
    r"bottom|distinct|unique|std|standard deviation|largest|smallest|biggest|first|last|latest|"
    r"earliest|oldest|newest|most recent)\b", re.I)
TIER2 = re.compile(
    r"(?:\b(?:greater|more|less|fewer|higher|lower|larger|smaller) than\b|\b(?:above|below|over|under|"
    r"exceed(?:s|ing)?|at least|at most|between|no more than|no less than)\b|[<>]=?)", re.I)
TIER3 = re.compile(
    r"\b(?:find|show(?: me)?|list|fetch|get|display|give me|look ?up|search|retrieve|sample|example|"
    r"records? (?:of|from|for)|details|who)\b", re.I)

# Phrase -> aggregate op (checked longest first).
OP_WORDS: dict[str, str] = {
    "how many": "count", "number of": "count", "count": "count", "how much": "sum", "total": "sum",
    "sum": "sum", "average": "mean", "avg": "mean", "mean": "mean", "median": "median",
    "standard deviation": "std", "std": "std", "distinct": "count_distinct", "unique": "count_distinct",
}
ORDER_WORDS: dict[str, str] = {
    "highest": "desc", "most": "desc", "largest": "desc", "biggest": "desc", "maximum": "desc",
    "max": "desc", "top": "desc", "greatest": "desc", "lowest": "asc", "least": "asc", "fewest": "asc",
    "smallest": "asc", "minimum": "asc", "min": "asc", "bottom": "asc",
}
TIME_ORDER_WORDS: dict[str, str] = {
    "first": "earliest", "earliest": "earliest", "oldest": "earliest", "last": "latest",
    "latest": "latest", "newest": "latest", "most recent": "latest",
}
RATIO_WORDS = {"percentage", "percent", "share", "proportion", "fraction", "rate", "ratio", "%"}
COMPARISONS: dict[str, str] = {
    "greater than": ">", "more than": ">", "higher than": ">", "larger than": ">", "above": ">",
    "over": ">", "exceeding": ">", "exceeds": ">", "exceed": ">", ">": ">",
    "at least": ">=", "no less than": ">=", ">=": ">=", "or more": ">=",
    "less than": "<", "fewer than": "<", "lower than": "<", "smaller than": "<", "below": "<",
    "under": "<", "<": "<", "at most": "<=", "no more than": "<=", "up to": "<=", "<=": "<=",
    "equal to": "=", "equals": "=", "exactly": "=", "between": "between",
    "after": ">", "before": "<", "since": ">=",
}
GROUP_WORDS = {"by", "per", "each", "every", "for each", "by each", "across"}
FREQUENCY_ORDER = {"most common": "desc", "most frequent": "desc", "most popular": "desc", "least common": "asc",
                   "least frequent": "asc", "least popular": "asc", "rarest": "asc"}
"""'the most common X': the X value with the most rows."""
COUNT_ORDER = {"most", "fewest", "least", *FREQUENCY_ORDER}
"""Order words that rank by how many rows ('the most transactions'), not by a magnitude."""
CURRENCY_WORDS = {"dollars", "dollar", "usd", "bucks", "euros", "euro", "eur", "pounds", "gbp"}
DATE_NOUNS = {"day", "date", "time", "timestamp", "moment"}
"""After 'latest'/'first', these mean the table's date column ('the latest day')."""
YEAR_PREPOSITIONS = {"in", "during", "since", "for", "of", "before", "after", "from", "year"}
WHICH_WORDS = {"which", "what"}
NEGATIONS = {"not", "non", "no", "without", "excluding", "except", "other than", "apart from"}
FOLLOW_UP_STARTS = ("and ", "what about", "how about", "only ", "just ", "now ", "same ", "but ")
STOPWORDS = frozenset("""
what which who whom whose is are was were be been being the a an of in on at for by to from with
where when that this these those there their its it do does did has have had made make me my our
we you i please tell give all and as than only just overall any some were there's what's whats
happen happened recorded occurred done is there per each every one ones so far did the across
show much many how get got into within during whole entire name names about instead then also among through thru until
""".split())
SCALE_WORDS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME",
    "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
    "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
}
MONEY_HINTS = ("amount", "amt", "price", "sales", "revenue", "total", "cost", "value", "spend",
               "spending", "fare", "charge", "payment", "paid", "income", "salary")
