"""Dictionary-encoded text columns (agent/engine/dictionary.py): once grouped or filtered by, a
text column of few values is an ENUM in the engine's copy, and every answer over it is the one
the text gave: values, order (ties and merged spellings included), misses and near values."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.errors import NoRowsMatched
from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.table import table_from_text
from tests.helpers import column_type

ROWS = ["b,1", "a ,2", "A,4", ",8", "é,16", "Z,32", "b,64", "Z,128", "b,256"]
CSV = "shop,amount,note\n" + "".join(f"{row},n{i}\n" for i, row in enumerate(ROWS + ROWS))
"""Every row twice (so few enough distinct shops to encode); `note` is unique per row."""


@pytest.fixture()
def encoded():
    engine, table = duckdb_engine(), table_from_text(CSV, "t.csv")
    engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", where=[Predicate(column="shop", op=Op.eq, value="b")]))
    assert column_type(engine, table, "shop").startswith("ENUM")  # the case under test
    assert column_type(engine, table, "note") == "VARCHAR"  # unique values: left as text
    return engine, table


def test_group_by_an_encoded_column_keeps_values_and_label_order(encoded):
    engine, table = encoded
    result = engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", group_by=["shop"]))
    # 'a ' and 'A' differ in case and spaces only: merged under the more frequent... (one each: the
    # cleanest, 'A'); by hand, twice: a=2+4, b=1+64+256, z=32+128, é=16, the blank cells 8.
    got = {g.key[0]: g.value for g in result.groups}
    assert got == {"A": 12, "b": 642, "Z": 320, "é": 32, None: 16}
    ordered = engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", group_by=["shop"], order="desc"))
    assert [g.key[0] for g in ordered.groups] == ["b", "Z", "é", None, "A"]


def test_predicates_on_an_encoded_column(encoded):
    engine, table = encoded
    def total(op, value):
        p = Predicate(column="shop", op=op, values=value) if isinstance(value, list) else \
            Predicate(column="shop", op=op, value=value)
        return engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", where=[p])).value
    assert total(Op.eq, "B") == 2 * 321  # case and spaces ignored, as for text
    assert total(Op.ne, "b") == 2 * (2 + 4 + 16 + 32 + 128)  # the missing cell is neither
    assert total(Op.in_, ["a", "é"]) == 2 * 22
    assert total(Op.contains, "z") == 2 * 160
    with pytest.raises(NoRowsMatched) as caught:  # a value not in the dictionary: no row, near values named
        total(Op.eq, "bb")
    assert "b" in str(caught.value.to_dict())


def test_records_ordered_by_an_encoded_column_keep_text_order(encoded):
    engine, table = encoded
    rows, count, _ = engine.records(table, [Predicate(column="amount", op=Op.gt, value=1)], order_by=[("shop", False)],
                                    limit=20)
    # DuckDB's text order is by bytes: 'A' < 'Z' < 'a ' < 'b' < 'é'; the missing cells last
    assert count == 16
    assert [r["shop"] for r in rows] == ["A", "A", "Z", "Z", "Z", "Z", "a ", "a ", "b", "b", "b", "b", "é", "é", None, None]
    assert all(isinstance(r["shop"], str) for r in rows[:-2])
