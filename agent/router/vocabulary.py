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
    "different": "count_distinct",
}
ORDER_WORDS: dict[str, str] = {
    "highest": "desc", "most": "desc", "largest": "desc", "biggest": "desc", "maximum": "desc",
    "max": "desc", "top": "desc", "greatest": "desc", "lowest": "asc", "least": "asc", "fewest": "asc",
    "smallest": "asc", "minimum": "asc", "min": "asc", "bottom": "asc", "best": "desc", "worst": "asc",
}
TIME_ORDER_WORDS: dict[str, str] = {
    "first": "earliest", "earliest": "earliest", "oldest": "earliest", "last": "latest",
    "latest": "latest", "newest": "latest", "most recent": "latest",
}
MULTIPLE_WORDS = {"times", "x", "fold", "×"}
"""After a number: a multiple of another quantity ('three times total cost'), not a threshold."""
RATIO_WORDS = {"percentage", "percent", "share", "proportion", "fraction", "rate", "ratio", "%"}
COMPARISONS: dict[str, str] = {
    "greater than": ">", "more than": ">", "higher than": ">", "larger than": ">", "above": ">",
    "over": ">", "exceeding": ">", "exceeds": ">", "exceed": ">", ">": ">",
    "at least": ">=", "no less than": ">=", ">=": ">=", "or more": ">=",
    "less than": "<", "fewer than": "<", "lower than": "<", "smaller than": "<", "below": "<",
    "under": "<", "<": "<", "at most": "<=", "no more than": "<=", "up to": "<=", "<=": "<=",
    "equal to": "=", "equals": "=", "exactly": "=", "between": "between", "better than": ">", "worse than": "<",
    "after": ">", "before": "<", "since": ">=", "until": "<=", "till": "<=",
    "older than": ">", "younger than": "<", "longer than": ">", "shorter than": "<", "taller than": ">",
    "bigger than": ">", "heavier than": ">", "lighter than": "<", "cheaper than": "<", "more expensive than": ">",
    **{f"{word} then": op for word, op in (("more", ">"), ("greater", ">"), ("higher", ">"), ("larger", ">"),
                                           ("less", "<"), ("fewer", "<"), ("lower", "<"), ("smaller", "<"))},
}
"""'more then 0.1' is 'more than' misspelt: a comparison needs a number or date after it, so the
misspelling can only be read so (conditions.comparison refuses it before anything else)."""
RANGE_ENDS = frozenset({"until", "till"})
"""Comparison words that end a range when one starts before them ('from 2 until 4'), else '<='."""
SIGN_WORDS = {"negative": "<", "positive": ">"}
"""'Is the highest X negative?': a comparison with 0 (negative: < 0, positive: > 0)."""
SAME_WORDS = {"same", "identical", "constant"}
"""'Is X the same across all rows?': the column holds one distinct value."""
DIMENSIONS = {"older than": "age", "younger than": "age", "longer than": "length", "shorter than": "length",
              "taller than": "height", "heavier than": "weight", "lighter than": "weight", "cheaper than": "price",
              "more expensive than": "price"}
"""A comparison that names its own quantity: 'older than 35' compares an age column."""
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
            "tenth": 10}
"""'the second highest X': rank with an offset ('first' is a time word: the earliest)."""
SUPERLATIVES: dict[str, tuple[tuple[str, ...], str]] = {
    "youngest": (("age",), "asc"), "oldest": (("age",), "desc"), "tallest": (("height",), "desc"),
    "heaviest": (("weight",), "desc"), "lightest": (("weight",), "asc"), "richest": (("worth", "wealth"), "desc"),
    "wealthiest": (("worth", "wealth"), "desc"), "poorest": (("worth", "wealth"), "asc"),
    "cheapest": (("price", "cost", "fare", "fee"), "asc"), "priciest": (("price", "cost", "fare", "fee"), "desc"),
    "costliest": (("price", "cost", "fare", "fee"), "desc"),
}
"""A superlative adjective over people or the rows' things naming its own quantity (header words,
any one of them) and order: 'the youngest billionaire' is the one with the lowest age, 'the cheapest
product' the one with the lowest price (router/superlatives.py). 'most'/'least expensive' read as
'priciest'/'cheapest'."""
UNIT_PHRASES = {"years old": "age", "year old": "age", "years of age": "age"}
"""A unit after a number naming the quantity it measures: '60 years old' is a value of the age column."""
QUANTITY_WORDS = {"qty", "quantity", "units", "pieces"}
"""Header words of a column counting items in a row: 'the amount of products in one transaction'."""
GROUP_WORDS = {"by", "per", "each", "every", "for each", "by each", "across"}
FREQUENCY_ORDER = {"by frequency": "desc", "most often": "desc", "most common": "desc", "most frequent": "desc", "most popular": "desc", "least common": "asc",
                   "least frequent": "asc", "least popular": "asc", "rarest": "asc", "most commonly": "desc",
                   "most frequently": "desc", "least commonly": "asc", "least frequently": "asc",
                   **{f"{verb} {the}{end}": order for verb in ("listed", "appears", "appeared", "occurs", "occurred")
                      for the in ("", "the ") for end, order in (("most", "desc"), ("least", "asc"))}}
"""'the most common X': the X value with the most rows; 'which venue is listed the most', 'what result
occurred the least': the value in the most (fewest) rows of the table."""
COUNT_ORDER = {"most", "fewest", "least", *FREQUENCY_ORDER}
"""Order words that rank by how many rows ('the most transactions'), not by a magnitude."""
CURRENCY_WORDS = {"dollars", "dollar", "usd", "bucks", "euros", "euro", "eur", "pounds", "gbp"}
DATE_NOUNS = {"day", "date", "time", "timestamp", "moment"}
"""After 'latest'/'first', these mean the table's date column ('the latest day')."""
YEAR_PREPOSITIONS = {"in", "during", "since", "for", "of", "before", "after", "from", "year"}
WHICH_WORDS = {"which", "what"}
NEGATIONS = {"not", "non", "no", "without", "excluding", "except", "other than", "apart from", "don't", "doesn't",
             "didn't", "haven't", "hasn't", "never", "besides", "aside from"}
EXCLUDING = frozenset({"excluding", "except", "other than", "apart from", "besides", "aside from"})
"""Negations that set one named value aside ('what other film is in malayalam besides koothara')."""
FOLLOW_UP_STARTS = ("and ", "what about", "how about", "only ", "just ", "now ", "same ", "but ")
REFERS_BACK = re.compile(r"\b(?:their|those|these|them|they|its|it)\b"
                         r"|\b(?:of|for|among|from|in|on|with)\s+(?:that|it|this|that one)\s*[?.!]*\s*$"
                         r"|" + r"".join(rf"(?<!\b{be} )" for be in ("is", "are", "was", "were", "be"))
                         + r"\bthere\b(?!\s*(?:'s|is|are|was|were|be|been|exists?|existed|remains?|seems?)\b)", re.I)
"""Words pointing at the rows of the last answer ('what is their total amount?', 'the average of
that?', 'how many orders there?' after 'total sales in Berlin': a 'there' of place, not the 'there'
of 'are there' / 'there are'): in a conversation the question keeps the previous conditions."""
STOPWORDS = frozenset("""
what which who whom whose is are was were be been being the a an of in on at for by to from with
where when that this these those there their its it do does did has have had made make me my our
them they
we you i please tell give all and as than only just overall any some were there's what's whats
happen happened recorded occurred done is there per each every one ones so far did the across
show much many how get got into within during whole entire name names about instead then also among through thru until
""".split())
SCALE_WORDS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""Full day names: a column of 'Sun', 'Mon', ... is asked for as 'Sunday' (see lexicon)."""
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
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "eleven": 11, "twelve": 12, "twenty": 20, "hundred": 100, "thousand": 1000}
ARTICLE_NUMBERS = {"hundred", "thousand"}
"""Read as numbers only after 'a' ('a thousand points')."""
FILLER = frozenset("""
list dataset answer true false our overall ever could would provide containing present existing exist
sold sell sells selling scored scoring achieved achieve got received earned brought yielded generated
possible kinds kind still currently available various respective respectively given single wise
associated among someone anyone somebody anybody company can take use classify classified including both
inclusive employ employs employed hire hired contain contains include includes
""".split())
"""Words that add nothing to a plan here (verbs of having or selling, 'list', 'answer true or false')."""
FILLER_PHRASES = frozenset({"in terms of"})
"""Phrases that only introduce what a ranking is measured by ('the most popular stores in terms of
number of purchases'): the words after them must still be read as a part of the plan."""
GENERIC_HEADER_WORDS = frozenset("""
type score rating number count total rate value id name level status date time year percent pct no num amount
category categories class group label
""".split())
"""Header words too common to link a column alone (a span must name the column's other words too)."""
YES_NO = re.compile(r"^\s*(?:is|are|was|were|do|does|did|has|have|had|can|will)\b(?!\s+you\b)", re.I)
"""A yes/no question ('Is the ...', 'Are there any ...', 'Did any ...'), not 'Can you list ...'."""
DISTINCT_LIST = re.compile(r"\b(?:unique|different|distinct|possible values)\b", re.I)
COUNT_WORDS = re.compile(r"\b(?:how many|number of|count)\b", re.I)
FREQUENT = re.compile(r"\b(?:most|least) (?:common(?:ly)?|frequent(?:ly)?|popular|often)\b|\brarest\b|\bby frequency\b",
                      re.I)
FILE_ORDER = re.compile(r"\b(?:first|last)\b", re.I)
STAT_WORDS = {"range": "range", "percentile": "percentile", "correlation": "correlation", "correlated": "correlation"}
CHANGE_WORDS = {"growth", "change", "increase", "decrease", "grew", "rose", "fell", "declined", "decline", "changed",
                "increased", "decreased"}
ALL_WORDS = re.compile(r"\b(?:all|every|each)\b", re.I)
ANY_WORDS = re.compile(r"\b(?:any|there|ever|some)\b", re.I)
PASSIVE_BY = re.compile(r"\b\w+(?:ed|en|ld|ht|ot)\s+by\b", re.I)
"""'scored by its players', 'sold by': 'by' names who did it, not a group-by."""
INSTRUCTION = re.compile(r"(?:(?<=[.?!])|^)\s*(?:answer (?:with|true|in|as)|the answer is|if there (?:are|is)|"
                         r"please answer)\b.*$", re.I | re.S)
"""A trailing instruction about the answer's form ('Answer True or False', 'If there are none
answer with an empty list'): not part of the question."""
FORM_ASIDE = re.compile(r"\(\s*(?:in|as)\s+(?:a\s+)?(?:numeric|numerical|number|text|list|decimal|integer)s?"
                        r"(?:\s+(?:form|format|values?))?\s*\)", re.I)
"""An aside about the answer's form ('(in numeric form)', '(as a list)'): not part of the question."""
IGNORABLE_VERBS = frozenset("""
offer provide carry bring consider record register log occur happen own hold keep say regard deem buy purchase
take belong go see
""".split())
"""Base forms of generic verbs (offering, having, recording, occurring, being regarded as) that add no
condition to a plan once every other word is linked: 'the job roles offered', 'the revenue provided by'."""
IGNORABLE_WORDS = frozenset("""
according regarding respectively actually really basically overall altogether
""".split())
"""Function words ignored like IGNORABLE_VERBS ('According to this database, ...')."""
MESSAGE_NOUNS = frozenset({"post", "posts", "message", "messages", "tweet", "tweets", "comment", "comments"})
"""Nouns for rows that are each one written message: the rows of a table with a column of free text
(router/lexicon.py `_add_message_nouns`), never of another table ('a job post')."""
ROW_SCOPE = {"single", "given", "one", "each"}
"""'in a single season', 'in one transaction': the noun after these names one row, not a column."""
LIST_START = re.compile(r"^\s*(?:list|what are|which are|give me|show(?: me)?|provide)\b", re.I)
"""A question asking for a list of values ('List the authors of books with ...')."""
TOTAL_SCOPE = re.compile(r"\b(?:overall|in total|altogether|combined|all[- ]time|career|in all)\b", re.I)
"""'the players with the most steals overall': totals per player, not single rows."""
STATUS_VALUES = frozenset("""
open opened closed close pending resolved new done active inactive cancelled canceled shipped delivered returned
approved rejected completed complete failed todo blocked reopened assigned escalated waiting submitted refunded
processing started finished review draft archived expired suspended
""".split()) | {"in progress", "on hold", "to do", "in review"}
"""Values of a status that changes over time ('open' then 'closed'): one marks a status-like column."""
ROW_COUNT_NOUNS = frozenset("""
updates update entries entry records record rows row events event logs log lines line
""".split())
"""After a column's name ('status updates', 'ticket entries'): the rows themselves are counted."""
CHANGE_NOUNS = frozenset({"changes", "transitions", "switches"})
"""After a column's name in a count ('state changes'): changes between rows, neither rows nor values."""
COPULAS = frozenset({"are", "is", "were", "was"})
NEGATIVE_PREFIXES = ("non", "un", "in", "im", "dis")
"""A prefix that turns a flag's name into its opposite: inactive, unpaid, nonmember, disapproved."""
FLAG_TRUE = frozenset({"yes", "y", "true", "t", "1"})
FLAG_FALSE = frozenset({"no", "n", "false", "f", "0"})
"""Explicit values after a flag's name ('active is no', 'member = N', 'paid is 0')."""
FLAG_LINKS = frozenset({"is", "=", "equals", "equal", "equal to", "to", "was", "are", "were", "of", "set"})
PERCENT_WORDS = frozenset({"percentage", "percent", "pct", "perc", "%"})
"""Words that, next to a column whose header is a percentage ('Discount %'), name that column."""
WHO_WORDS = frozenset({"who", "whom", "whose"})
NAMING_VERBS = frozenset({"name", "list", "give", "show", "identify", "tell", "mention"})
"""Opening a question, these ask for rows or values to be named, never for a count of them."""
"""A question starting with these asks for a row's label ('Who has the highest score'), not a number."""
PERIOD_WORDS = frozenset({"day", "days", "week", "weeks", "month", "months", "quarter", "quarters", "year", "years",
                          "monthly", "weekly", "yearly", "daily", "quarterly", "annually"})
"""Words of a period ('by month', 'in a single month'): a date bucketed, never a date column as it is
nor one row."""
