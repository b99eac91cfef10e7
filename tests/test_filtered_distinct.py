"""A distinct count over rows picked by conditions is refused when the counted column repeats a
value among those rows and no word picks rows or distinct values (agent/router/verify/
filtered_distinct.py); it stands when rows and values agree, when a word picks, and for identifiers
and years. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.router.draft import Abstain
from tests.helpers import router_agent, verifier_abstention

# Scrubs was nominated four times in category Sidekick, every time at the same award (Teen Choice):
# 4 rows, 1 distinct Award among them.
AWARDS = ("Year,Award,Result,Category,Series\n"
          "2004,Teen Choice,Nominated,Sidekick,Scrubs\n"
          "2005,Teen Choice,Nominated,Sidekick,Scrubs\n"
          "2006,Teen Choice,Nominated,Sidekick,Scrubs\n"
          "2007,Teen Choice,Nominated,Sidekick,Scrubs\n"
          "2005,NAACP Image,Nominated,Lead Actor,Scrubs\n"
          "2006,BET Comedy,Won,Lead Actor,Scrubs\n")
SCRUBS = Predicate(column="Series", op=Op.eq, value="Scrubs")
SIDEKICK = [Predicate(column="Category", op=Op.eq, value="Sidekick"), SCRUBS,
            Predicate(column="Result", op=Op.eq, value="Nominated")]
DISTINCT_AWARDS = AggregateArgs(op=Agg.count_distinct, column="Award", where=SIDEKICK)


def test_a_distinct_count_of_a_repeated_value_among_the_rows_picked_refuses():
    reason = verifier_abstention(AWARDS, "how many sidekick award categories was scrubs nominated for?",
                                 DISTINCT_AWARDS)
    assert reason is not None and "4 rows" in reason and "1 different" in reason, reason


def test_the_router_refuses_it_naming_both_counts():
    outcome = router_agent(AWARDS).ask("how many sidekick award categories was scrubs nominated for?")
    assert outcome.status != "answered" or "4" in outcome.answer, outcome.answer  # never the distinct 1 alone
    if outcome.status == "answered":
        assert not outcome.answer.lstrip().startswith("1"), outcome.answer


def test_a_word_that_picks_the_count_lets_it_stand():
    question = "how many different awards was scrubs nominated for in sidekick?"
    assert verifier_abstention(AWARDS, question, DISTINCT_AWARDS) is None


def test_rows_and_values_that_agree_stand():
    # Lead Actor rows: NAACP Image and BET Comedy, 2 rows and 2 awards
    plan = AggregateArgs(op=Agg.count_distinct, column="Award",
                         where=[Predicate(column="Category", op=Op.eq, value="Lead Actor"), SCRUBS])
    assert verifier_abstention(AWARDS, "how many awards had scrubs in lead actor?", plan) is None


def test_years_count_as_the_years_themselves():
    # Ann won in 2001 twice (two events) and in 2003: the distinct years (2) are the years asked for,
    # so this rule lets them stand (counted.check_rows_or_distinct judges 'how many years' itself)
    from agent.router.link import read
    from agent.router.verify.filtered_distinct import check_filtered_distinct
    from agent.table import table_from_text

    table = table_from_text("Year,Event,Winner\n2001,Sprint,Ann\n2001,Relay,Ann\n2003,Sprint,Ann\n2003,Relay,Bo\n", "t.csv")
    plan = AggregateArgs(op=Agg.count_distinct, column="Year",
                         where=[Predicate(column="Winner", op=Op.eq, value="Ann")])
    reading = read("in how many seasons did ann win?", _lexicon(table), None)
    assert check_filtered_distinct(plan, reading, table) is None
    event = plan.model_copy(update={"column": "Event"})  # Sprint, Relay, Sprint: 3 rows, 2 events
    with pytest.raises(Abstain, match="3 rows .*2 different"):
        check_filtered_distinct(event, reading, table)


def _lexicon(table):
    from agent.config import load_config
    from agent.router.lexicon import build_lexicon

    return build_lexicon(table, load_config(env={}).router)
