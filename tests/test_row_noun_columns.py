"""A row noun that is also a column's name, or a word of a text cell, stands for the rows only where
it names what is counted (agent/router/verify/row_columns.py): 'how many titles have only one
artist?' over a column Artist leaves the condition unread; 'how many games back were the brewers?'
over a cell 'Milwaukee Brewers' leaves the row unread. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs
from tests.helpers import router_ask, verifier_abstention

SONGS = "Release,Artist,Title\n2004,Rimi Natsukawa,Deigo\n2005,Chage with Rimi,Boku\n2009,Rimi Natsukawa,Tada\n"
STANDINGS = "Team,Wins,GB\nDetroit Tigers,104,0\nToronto Blue Jays,89,15\nMilwaukee Brewers,67,37\n"


@pytest.mark.parametrize("csv, question, plan, word", [
    (SONGS, "how many titles have only one artist?", AggregateArgs(op=Agg.count_distinct, column="Title"), "'artist'"),
    (STANDINGS, "how many games back were the brewers?", AggregateArgs(op=Agg.sum, column="GB"), "'brewers'"),
])
def test_a_row_noun_naming_a_column_or_cell_is_not_every_row(csv, question, plan, word):
    reason = verifier_abstention(csv, question, plan)
    assert reason is not None and word in reason, reason


def test_the_counted_row_noun_still_counts_rows():
    # 'how many artists' counts the artists: Rimi Natsukawa, Chage with Rimi -> 2 distinct by hand
    assert verifier_abstention(SONGS, "how many artists are there?",
                               AggregateArgs(op=Agg.count_distinct, column="Artist")) is None
    _, result = router_ask(STANDINGS, "how many teams have more than 80 wins?")
    assert result.value == 2  # Tigers 104, Blue Jays 89


def test_a_single_row_noun_and_the_tables_own_rows_still_read():
    # 'by a single artist' is every row; the highest Release is 2009 by hand
    assert verifier_abstention(SONGS, "what is the highest release by a single artist?",
                               AggregateArgs(op=Agg.max, column="Release")) is None


def test_a_guessed_row_noun_after_how_many_is_the_rows_even_when_a_cell_holds_its_word():
    # 3 billionaires, one a row; 'Billionaire Club' is a cell of org: 'how many billionaires' still counts rows (3)
    from tests.helpers import router_agent

    csv = "personName,org,finalWorth\nAnn,Billionaire Club,100\nBob,Acme,80\nCy,Acme,60\n"
    outcome = router_agent(csv).ask("How many billionaires are there?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3


PEOPLE = ("name,age,worth,bio\n"
          "Ann Lee,71,120,Ann Lee became a billionaire through her shipping firm\n"
          "Bo Chan,34,95,He founded a chip maker and became a billionaire at 30\n"
          "Cy Diaz,58,80,Inherited a brewery and grew it across three countries\n")


def test_a_guessed_row_noun_in_free_text_sentences_still_means_the_rows():
    """'billionaire' in the bio sentences names no rows (free text, not a name or label): the
    youngest billionaire's age is the lowest age over every row, 34 by hand."""
    _, result = router_ask(PEOPLE, "What is the age of the youngest billionaire?")
    assert [row["age"] for row in result.rows] == [34]
