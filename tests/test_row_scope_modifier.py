"""A word after 'each'/'a single' that qualifies the noun after it is no row noun
(agent/router/link.py, _row_scope and _modifier): 'list each bicentenary stamp set' (a word of Stamp set's values) keeps
'bicentenary' unread (the rows are stamp sets; it says which), so nothing answers with every row;
'in a single season' and 'the smallest single product price' (no value holds 'product') still read
'season' and 'product' as one row."""

from __future__ import annotations

from agent.router.lexicon import build_lexicon
from agent.router.link import read
from agent.table import table_from_text

STAMPS = ("Stamp issue date,Stamp set,Qty\n16 May 1973,County Cricket,20000\n19 Feb 1975,Bicentenary of Turner,46250\n"
          "2 Jun 1976,American Bicentenary,60950\n30 Jun 1976,Roses,34250\n")
SEASONS = "Player,Season,Blocks\nAnn,2001,40\nBea,2002,55\nAnn,2003,61\n"


def _kinds(csv: str, question: str) -> dict[str, str]:
    table = table_from_text(csv, "t.csv")
    from agent.config import load_config

    reading = read(question, build_lexicon(table, load_config(env={}).router))
    return {i.text.lower(): i.kind for i in reading.items}


def test_a_word_qualifying_a_column_after_each_is_no_row_noun():
    kinds = _kinds(STAMPS, "list each bicentenary stamp set")
    assert kinds.get("stamp set") == "column" and kinds.get("bicentenary") != "row"


def test_the_noun_after_a_single_is_still_one_row():
    assert _kinds(SEASONS, "what is the most blocks in a single season?").get("season") == "row"


PRODUCTS = "product_name,product_category,unit_price\nEarl Grey,Tea,3.5\nVanilla,Flavours,0.8\nMocha,Coffee,2.0\n"


def test_a_row_noun_before_a_column_that_no_value_holds_is_still_the_row():
    assert _kinds(PRODUCTS, "which category has the smallest single product price?").get("product") == "row"
