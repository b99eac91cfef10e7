"""List columns: a Parquet LIST column and text columns holding delimited lists are matched by
membership and counted by their items, in memory and in the typed view (SQL over the file).
Expected values are counted by hand from the rows below."""

from __future__ import annotations

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from agent.list_columns import ListForm, list_form, split_items
from agent.profile import profile_table
from agent.sources import open_table
from agent.toolset import Toolset

PRODUCTS = ["Tofu", "Bread", "Salad", "Cake", "Soup", "Rice"]
LABELS = [["No gluten", "Vegan"], [], ["Vegan"], None, ["Organic", "Vegan"], ["No gluten"]]
PRICES = [3.0, 2.0, 5.0, 4.0, 6.0, 1.0]
# by hand: Vegan on Tofu, Salad, Soup (3 rows, prices 3+5+6); No gluten on Tofu, Rice (2; 3+1);
# Organic on Soup (1; 6); no label: Bread ([]) and Cake (missing).


def _text(cell) -> str | None:
    return None if cell is None else "[" + ", ".join(cell) + "]"


@pytest.fixture(params=["parquet-memory", "parquet-view", "csv-memory", "csv-view"])
def tools(request, tmp_path):
    kind, path_kind = request.param.split("-")
    if kind == "parquet":
        path = tmp_path / "products.parquet"
        pq.write_table(pa.table({"product": PRODUCTS, "labels": LABELS, "price": PRICES}), path)
    else:
        path = tmp_path / "products.csv"
        pd.DataFrame({"product": PRODUCTS, "labels": [_text(c) for c in LABELS], "price": PRICES}).to_csv(path, index=False)
    table = open_table(path) if path_kind == "memory" else open_table(path, frame_rows=2)  # 6 rows: left in the file
    assert "labels" in table.lists and table.lies_in_file is (path_kind == "view")
    return Toolset({"products": table})


def _count(tools, *where):
    outcome = tools.call("aggregate", {"op": "count", "where": list(where)})
    assert outcome.ok, outcome.error
    return outcome.result


def test_membership_counts_rows_carrying_the_item(tools):
    result = _count(tools, {"column": "labels", "op": "contains", "value": "Vegan"})
    assert result.value == 3 and "labels CONTAINS 'Vegan'" in result.provenance.operation
    assert _count(tools, {"column": "labels", "op": "=", "value": "vegan"}).value == 3  # '=' reads as membership
    assert _count(tools, {"column": "labels", "op": "in", "values": ["Organic", "No gluten"]}).value == 3
    assert _count(tools, {"column": "labels", "op": "=", "value": "[Vegan, No gluten]"}).value == 1  # a whole list: Tofu
    assert _count(tools, {"column": "labels", "op": "!=", "value": "Vegan"}).value == 2  # Bread, Rice
    assert _count(tools, {"column": "labels", "op": "not in", "values": ["Vegan", "Organic"]}).value == 2


def test_one_item_cells_text_tests_the_item(tools):
    """A value index may offer a one-item cell's text ('["Vegan"]', '[Vegan]'); '=' with it tests
    the item (trial 4: 'How many trips were tagged airport?' matched no row): Vegan on 3 rows."""
    for spelled in ('["Vegan"]', "[Vegan]", "['Vegan']"):
        result = _count(tools, {"column": "labels", "op": "=", "value": spelled})
        assert result.value == 3 and "labels CONTAINS 'Vegan'" in result.provenance.operation, spelled


def test_no_labels_is_an_empty_or_missing_list(tools):
    assert _count(tools, {"column": "labels", "op": "is null"}).value == 2
    assert _count(tools, {"column": "labels", "op": "is not null"}).value == 4


def test_frequency_distinct_and_count_distinct_are_of_items(tools):
    top = tools.call("frequency", {"column": "labels", "limit": 3})
    assert top.ok and [(v.value, v.rows) for v in top.result.values] == [("Vegan", 3), ("No gluten", 2), ("Organic", 1)]
    listed = tools.call("distinct", {"column": "labels", "order": "asc"})
    assert [v.value for v in listed.result.values] == ["No gluten", "Organic", "Vegan"]
    distinct = tools.call("aggregate", {"op": "count_distinct", "column": "labels"})
    assert distinct.ok and distinct.result.value == 3


def test_group_by_a_list_column_groups_by_item(tools):
    outcome = tools.call("aggregate", {"op": "sum", "column": "price", "group_by": ["labels"], "order": "desc"})
    assert outcome.ok, outcome.error
    assert {g.key[0]: g.value for g in outcome.result.groups} == {"Vegan": 14, "No gluten": 4, "Organic": 6}


def test_profile_lists_items(tools):
    column = next(c for c in profile_table(tools.table()).columns if c.name == "labels")
    assert (column.dtype, column.distinct, column.nulls, column.values) == ("list", 3, 2, ["No gluten", "Organic", "Vegan"])


def test_ordering_a_list_column_is_refused_with_a_typed_failure(tools):
    outcome = tools.call("aggregate", {"op": "count", "where": [{"column": "labels", "op": ">", "value": "a"}]})
    assert not outcome.ok and outcome.error["error"] == "bad_predicate"


def test_text_list_with_commas_and_and(tmp_path):
    path = tmp_path / "devs.csv"
    path.write_text("name,languages\nAnn,\"Rust, Python and NodeJS\"\nBo,Python\nCy,Go and Rust\nDi,\"Python, Go\"\n"
                    "Ed,NodeJS\n")
    table = open_table(path)
    assert table.lists == {"languages": ListForm.and_}
    tools = Toolset({"devs": table})
    assert _count(tools, {"column": "languages", "op": "contains", "value": "Python"}).value == 3
    assert _count(tools, {"column": "languages", "op": "contains", "value": "Rust"}).value == 2
    top = tools.call("frequency", {"column": "languages", "limit": 1})
    assert [(v.value, v.rows) for v in top.result.values] == [("Python", 3)]


@pytest.mark.parametrize("cells, form", [
    (["[a, b]", "[]", "['c']", "[a]"], ListForm.brackets),
    (["a;b", "b", "c;a;b", "a", "c"], ListForm.semicolons),
    (["red, blue", "blue", "green, red, blue", "red", "green"], ListForm.commas),
    (["Austin, TX", "Dallas, TX", "Reno, NV", "Austin, TX"], None),  # a fixed two-part value
    (["Smith, John", "Doe, Jane", "Smith, Anna", "Lee"], None),
    (["Great product, would buy again", "Bad, broke after a day", "Fine", "ok, works"], None),  # free text
    (["Springfield, IL", "12 Main St, Springfield, IL", "Peoria, IL", "Peoria"], None),  # addresses end alike
    (["1,200", "3,400", "5"], None),
    (["mystery; thriller", "romance", "fantasy; adventure; epic", "literary", "mystery", "literary; historical",
      "fantasy; epic", "adventure; travel", "thriller"], ListForm.semicolons),  # a small table's tags
    (["Paris", "Paris, TX", "London", "London, ON", "Paris, TX", "London"], None),  # a city, its state after it
    (["Good food; slow service", "Too loud; cold food", "Fine", "Good food; cold food; rude staff"], None),  # remarks
])
def test_the_list_rule_from_a_sample(cells, form):
    assert list_form(pd.Series(cells, dtype="str")) == form


def test_split_items():
    assert split_items("['No gluten', \"Vegan\"]", ListForm.brackets) == ["No gluten", "Vegan"]
    assert split_items("[]", ListForm.brackets) == []
    assert split_items("Rust, Python, and NodeJS", ListForm.and_) == ["Rust", "Python", "NodeJS"]


def test_a_frame_handed_in_with_list_cells(tmp_path):
    """A DataFrame another agent holds, its cells Python lists (as pandas reads a Parquet LIST):
    opened without a traceback (its digest hashes the lists' JSON text), matched by item."""
    frame = pd.DataFrame({"product": PRODUCTS, "labels": LABELS, "price": PRICES})
    tools = Toolset.from_frames({"products": frame})
    assert tools.table().lists == {"labels": ListForm.json}
    result = tools.call("aggregate", {"op": "sum", "column": "price",
                                      "where": [{"column": "labels", "op": "contains", "value": "Vegan"}]})
    assert result.ok and result.result.value == 3 + 5 + 6  # Tofu, Salad, Soup
    again = Toolset.from_frames({"products": frame.copy()}).table()
    assert again.sha256 == tools.table().sha256  # the same cells, the same digest
    other = frame.assign(labels=[["Vegan"], *LABELS[1:]])
    assert Toolset.from_frames({"products": other}).table().sha256 != tools.table().sha256


def test_a_small_table_of_semicolon_tags(tmp_path):
    """Nine books whose tags are '; '-separated (no item at two places from both ends): counted by
    tag. By hand: mystery, thriller, fantasy, adventure, epic and literary are on 2 books each;
    romance, historical and travel on 1; 9 distinct tags."""
    path = tmp_path / "books.csv"
    tags = ["mystery; thriller", "romance", "fantasy; adventure; epic", "literary", "mystery",
            "literary; historical", "fantasy; epic", "adventure; travel", "thriller"]
    path.write_text("title,tags\n" + "".join(f"B{i},{t}\n" for i, t in enumerate(tags)))
    for table in (open_table(path), open_table(path, frame_rows=2)):
        assert table.lists == {"tags": ListForm.semicolons}
        tools = Toolset({"books": table})
        top = tools.call("frequency", {"column": "tags", "limit": 9})
        assert top.ok, top.error
        assert sorted((v.rows, v.value) for v in top.result.values) == sorted(
            [(2, t) for t in ("mystery", "thriller", "fantasy", "adventure", "epic", "literary")]
            + [(1, t) for t in ("romance", "historical", "travel")])
        distinct = tools.call("aggregate", {"op": "count_distinct", "column": "tags"})
        assert distinct.ok and distinct.result.value == 9
        assert _count(tools, {"column": "tags", "op": "contains", "value": "fantasy"}).value == 2


def test_cell_texts_in_in_and_not_equal_test_the_items(tools):
    """'in' / 'not in' / '!=' with one-item cells' texts test the items too: Vegan or Organic on
    Tofu, Salad, Soup (3); not Vegan on Bread, Rice (2: the missing cell matches neither)."""
    assert _count(tools, {"column": "labels", "op": "in", "values": ['["Vegan"]', '["Organic"]']}).value == 3
    assert _count(tools, {"column": "labels", "op": "!=", "value": '["Vegan"]'}).value == 2
    assert _count(tools, {"column": "labels", "op": "not in", "values": ['["Vegan"]']}).value == 2


TRIPS = '''trip_id,tags,km
1,"[""airport""]",12
2,"[""airport"", ""night""]",30
3,"[""night""]",8
4,[],5
5,"[""airport""]",14
6,"[""business"", ""airport""]",22
'''
# by hand: airport on trips 1, 2, 5, 6; night on 2, 3; both on 2; either on 1, 2, 3, 5, 6


@pytest.mark.parametrize(("question", "count", "read_as"), [
    ("How many trips were tagged airport?", 4, "tags contains 'airport'"),
    ("How many trips were tagged airport and night?", 1, "tags contains 'airport' and tags contains 'night'"),
    ("How many trips were tagged airport or night?", 5, "tags is one of 'airport', 'night'"),
])
def test_the_router_reads_list_words_as_membership(question, count, read_as):
    """The router's plan itself tests membership, so the restatement says what ran ('contains', the
    item), not the cell text its value index matched ('tags = '["airport"]''); 'and' between two
    items asks for both on one cell, 'or' for either."""
    from tests.helpers import router_ask

    outcome, result = router_ask(TRIPS, question)
    assert result.value == count
    assert read_as in outcome.restatement and '["' not in outcome.restatement
