"""'who is/was ...' asks for one person's name, not for records (agent/router/lookup.py,
_check_one_person): the lookup refuses it, as it refuses 'what is ...'; 'who are the swimmers
...' asks for rows; 'who <past verb> ...' and 'the only <noun>' ask for one value too."""

from __future__ import annotations

import pytest

from agent.router.draft import Abstain
from agent.router.lookup import _check_asks_for_rows, _check_one_person
from agent.router.lexicon_data import Meaning
from agent.router.reading import Item, Reading


@pytest.mark.parametrize("question", ["who is the only person to rank from jamaica?",
                                      "who was the only swimmer from jamaica?"])
def test_who_with_a_singular_verb_is_no_record_lookup(question):
    people = Reading(items=[Item("person", 4, [Meaning("entity")])])
    assert _check_asks_for_rows(question, people) is None  # it names people, as a lookup does
    with pytest.raises(Abstain, match="asks for a value"):
        _check_one_person(question)


def test_who_with_a_plural_verb_naming_the_rows_is_a_lookup():
    people = Reading(items=[Item("swimmers", 3, [Meaning("entity")])])
    assert _check_asks_for_rows("who are the swimmers from australia?", people) is None
    assert _check_one_person("who are the swimmers from australia?") is None


@pytest.mark.parametrize("question", ['who produced the track "no main topic"?',
                                      "who directed the film from 1999?",
                                      "tell me the only player from new zealand on the list."])
def test_a_past_verb_after_who_or_the_only_asks_for_a_value(question):
    with pytest.raises(Abstain, match="value"):
        _check_one_person(question)

