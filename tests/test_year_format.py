"""Values of a year column print as years: 1958, never '1,958' (trial: 'The range of Year is 65 (max
2,023 - min 1,958)', 'the lowest Year (1,958)'). Only for a column named as a year and values from
1000 to 2999; other numbers keep their thousands separators. Values by hand from the table below."""

from __future__ import annotations

from typer.testing import CliRunner

from agent.cli import app
from tests.helpers import router_ask

# Year: 1958, 1990, 2023 (range 65); Height: 1200, 3500, 2100 (range 2,300).
TOWERS = ("Name,City,Year,Height\nAlto,Oslo,1958,1200\nBrio,Oslo,1990,3500\nCima,Rome,2023,2100\n")
ENV = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "OPENAI_BASE_URL": "", "COLUMNS": "200"}


def test_the_range_of_a_year_column_names_its_years_without_separators():
    outcome, _ = router_ask(TOWERS, "What is the range of Year?")
    assert outcome.answer.startswith("The range of Year is 65 (max 2023 - min 1958)."), outcome.answer


def test_the_row_with_the_lowest_year_shows_the_year_as_a_year():
    outcome, _ = router_ask(TOWERS, "What is the Name of the row with the lowest Year?")
    assert "(1958)" in outcome.answer and "Alto" in outcome.answer and "1,958" not in outcome.answer


def test_other_numbers_keep_their_thousands_separators():
    outcome, _ = router_ask(TOWERS, "What is the range of Height?")
    assert outcome.answer.startswith("The range of Height is 2,300 (max 3,500 - min 1,200)."), outcome.answer


def test_the_table_view_of_an_average_year_per_group_writes_years(tmp_path):
    """MEAN(Year) by City: Oslo (1958 + 1990) / 2 = 1974, Rome 2023; in the sentence and the table."""
    (tmp_path / "towers.csv").write_text(TOWERS)
    result = CliRunner().invoke(app, ["ask", str(tmp_path / "towers.csv"), "What is the average Year by City?"],
                                env=ENV)
    assert result.exit_code == 0, result.output
    table = [line for line in result.output.splitlines() if line.startswith(("Oslo", "Rome"))]
    assert [line.split()[2] for line in table] == ["2023", "1974"], result.output
