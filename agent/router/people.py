"""Kinds of person that are conditions, not the rows (trial 10): on a table of one row per
respondent, 'How many respondents are managers?', 'How many volunteers in HR?' and 'How many
borrowers are students?' had counted every row (or every borrower), the person noun read as 'the
people the rows are about' or 'the rows counted'. Managers are some respondents: a condition, and
no column holds it, so the word must stay unread and the question refused naming it.

Two shapes, both on strong evidence only:
- the rows' people are already named by the table: its unique id's header is a person noun
  (WordNet's first sense: 'Respondent ID', 'Passenger No'), so a different person noun
  ('volunteers') names some of them (`people_named_otherwise`);
- a person noun after 'are'/'is' that follows the rows' noun or a person column ('respondents are
  managers', 'borrowers are students'): it says what those people are (`predicate_people`)."""

from __future__ import annotations

from agent.router.draft import Abstain
from agent.router.lexicon_data import Lexicon
from agent.router.words import header_words, noun_words
from agent.router.reading import Reading
from agent.router.word_senses import lemma, person_sense

GENERIC_PEOPLE = frozenset({"person", "people", "individual", "human", "persons", "individuals", "humans"})
"""Person nouns that name anyone: never a condition."""
_COPULAS = frozenset({"are", "is", "were", "was"})


def rows_people(lex: Lexicon) -> dict[str, str]:
    """{person noun: column} of the table's unique ids whose header, id words aside, is one person
    noun ('Respondent ID' -> {'respondent': 'Respondent ID'}); cached on the lexicon."""
    found = lex.__dict__.get("_rows_people")
    if found is None:
        found = {}
        for column in lex.unique_ids:
            words = noun_words(column)
            if len(words) == 1 and words[0].isalpha() and person_sense(words[0]):
                found[words[0]] = column
        lex.__dict__["_rows_people"] = found
    return found


def people_named_otherwise(word: str, lex: Lexicon) -> str | None:
    """The column that names the rows' people when the person noun `word` ('volunteers') is
    another kind of person, e.g. "the column Respondent ID"; None when no unique id names people,
    `word` is that noun ('respondents'), or `word` names anyone ('people')."""
    if word in GENERIC_PEOPLE:
        return None
    named = rows_people(lex)
    if not named or lemma(word) in named or word in named:
        return None
    return f"the column {next(iter(named.values()))}"


def some_people(text: str, lex: Lexicon, reading: Reading, word: str | None = None) -> bool:
    """True, noting why in `reading`, when the words `text` (as WordNet's key `word`: 'managers',
    'head_coaches'; `text` lowercased when None) are a kind of person by their first sense and the
    table names its rows' people otherwise (`people_named_otherwise`): 'volunteers' on one row per
    Respondent ID are some respondents, a condition no column holds, never the rows."""
    word = word or text.lower()
    other = people_named_otherwise(word, lex)
    if other is None or not person_sense(lemma(word)):
        return False
    reading.notes.append(f"'{text}' is a kind of person, but {other} names the rows' people; '{text}' would be a "
                         "condition no column holds")
    return True


def predicate_people(reading: Reading, lex: Lexicon) -> None:
    """Raises Abstain for a person noun said of the rows' people ('how many respondents are
    managers', 'borrowers are students': module docstring): an entity item (a person noun nothing
    else reads) right after a copula that follows a row or entity item or a column whose header is a
    person noun."""
    tokens = reading.tokens
    for p in range(2, len(tokens)):
        word = tokens[p].lower
        if tokens[p - 1].lower not in _COPULAS or word in GENERIC_PEOPLE or not word.isalpha():
            continue
        said = reading.at(p)
        if said is None or said.kind != "entity":
            continue  # a value, column or condition word reads it; an unread word is refused anyway
        if not person_sense(lemma(word)):
            continue
        subject = reading.at(p - 2)
        people = subject is not None and (subject.kind in ("row", "entity") or subject.kind == "column" and any(
            person_sense(w) for w in header_words(subject.column) if w.isalpha()))
        if people:
            raise Abstain(f"'{tokens[p].text}' says what the {subject.text} are, a condition no column of the table "
                          f"holds; name a column and value for it.")
