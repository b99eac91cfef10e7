"""Reading of 'who <verb or column> in <year>' ('who won in 2011', 'who was the runner-up in 2015'):
the year picks one row of a year column holding one value per row, and 'who' names the one text
column of people or teams (a header word whose first WordNet noun sense is a kind of person or a
social group: 'Winner', 'Player', 'Team'). With several such columns the column is the one the
question names by its header, or the one a verb derives from with it ('won' and `Winner` both
derive from 'win'); otherwise the reading refuses naming the candidates. Planned as RankArgs (the
one row, its column shown). None when the question has another shape."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.queries import RankArgs
from agent.router import word_senses as S
from agent.router import vocabulary as V
from agent.router import wordnet as W
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.router.rows import one_per_row, year_column
from agent.router.words import header_words
from agent.table import ColumnRole, Table

AUXILIARIES = frozenset({"is", "was", "were", "are", "did", "does", "do", "has", "had", "the", "a", "an"})
"""Words between 'who' and the condition that decide nothing."""
YEAR_WORDS = frozenset({"in", "during", "of", "for"})
"""A preposition before the year ('in 2011')."""
_GROUPS = ("person.n.01", "causal_agent.n.01", "social_group.n.01")
_NAMED = (ColumnRole.categorical, ColumnRole.text)


def read_who_row(reading: Reading, lex: Lexicon, table: Table) -> RankArgs | None:
    """The plan for 'who <words> in <year>', or None for another shape (no opening 'who', no year
    number at the end after a preposition). Raises Abstain when the shape fits but the year does not
    pick one row of one year column, or 'who' could name no column or several."""
    words = [t.lower for t in reading.tokens]
    while words and not any(ch.isalnum() for ch in words[-1]):
        words = words[:-1]
    if len(words) < 3 or words[0] not in V.WHO_WORDS or words[-2] not in YEAR_WORDS:
        return None
    number = next((i for i in reading.of("number") if i.pos == len(words) - 1), None)
    if number is None or number.number is None or not float(number.number).is_integer():
        return None
    year = _year_key(int(number.number), table)
    middle = range(1, len(words) - 2)
    shown = _shown(reading, middle, table)
    number.used = True
    reading.notes.append(f"read '{words[-2]} {int(number.number)}' as the row where {year} = {int(number.number)} "
                         f"and 'who' as {shown}")
    return RankArgs(by=None, order="asc", limit=1, columns=[shown],
                    where=[Predicate(column=year, op=Op.eq, value=float(number.number))])


def _year_key(value: int, table: Table) -> str:
    """The one year column holding `value`, which must hold one value per row. Raises Abstain."""
    holders = [c for c in table.columns if year_column(c, table) and (table.df[c] == value).any()]
    if len(holders) != 1:
        where = ", ".join(holders) if holders else "no year column"
        raise Abstain(f"I could not tell which row {value} picks ({where} holds it).")
    if not one_per_row(table, holders[0]):
        raise Abstain(f"{holders[0]} = {value} may be several rows ({holders[0]} repeats); name the column "
                      "to read and ask for one of them.")
    return holders[0]


def _shown(reading: Reading, middle: range, table: Table) -> str:
    """The column 'who' names: one named by its header among the middle words, else the one people
    or team column, else the one of those a middle verb derives from. Raises Abstain naming the words
    or the candidate columns."""
    strong = reading.strong_columns()
    named = {strong[p] for p in middle if p in strong and table.roles.get(strong[p]) in _NAMED}
    rest = [reading.tokens[p].lower for p in middle if p not in strong and reading.tokens[p].lower not in AUXILIARIES]
    if len(named) == 1 and not rest:
        return named.pop()
    if named or len(rest) > 1:
        raise Abstain(f"I read 'who ... in <year>' but not the words {', '.join(repr(w) for w in rest) or sorted(named)}.")
    people = [c for c in table.columns if table.roles.get(c) in _NAMED and _names_people(c)]
    candidates = [c for c in people if _derives(rest[0], c)] if rest else people
    if len(candidates) != 1:
        said = f"; '{rest[0]}' derives from none of them (as 'won' from Winner)" if rest and people else ""
        raise Abstain(f"'who' could name {' or '.join(people) if people else 'no column of people or teams'}"
                      f"{said}; name the column to show ('who was the <column> in <year>').")
    if rest:
        _link_verb(reading, [p for p in middle if p not in strong and reading.tokens[p].lower == rest[0]][0],
                   candidates[0])
    return candidates[0]


def _link_verb(reading: Reading, pos: int, column: str) -> None:
    """The verb at token `pos` becomes a link to `column` (replacing any other link of it, and taking
    it off the unmatched words), noted: header evidence, as the header word derives from the verb
    ('won' -> Winner: WordNet's derivationally related forms), not a sense relation."""
    word = reading.tokens[pos].text
    reading.items = [i for i in reading.items if i.pos != pos]
    reading.unmatched = [u for u in reading.unmatched if u.lower() != word.lower()]
    item = Item(text=word, pos=pos, meanings=[Meaning("column", column)], used=True, evidence=Evidence.header)
    reading.items = sorted([*reading.items, item], key=lambda i: i.pos)
    reading.notes.append(f"read '{word}' as {column} (WordNet: both derive from one verb)")


def names_people(column: str) -> bool:
    """True when a header word of `column` is 'name' or its first WordNet noun sense is a kind of
    person, agent or social group ('Winner', 'Driver', 'Team'); False without WordNet."""
    return _names_people(column)


def _names_people(column: str) -> bool:
    """True when a header word is 'name' or its first noun sense is a kind of person, agent or social
    group ('Winner', 'Runner-up', 'Driver', 'Team', 'Country'); False without WordNet."""
    wn = W.wordnet()
    if wn is None:
        return False
    groups = {wn.synset(name) for name in _GROUPS}
    for word in header_words(column):
        if word == "name":
            return True
        first = wn.synsets(S.lemma(word), "n")[:1]
        if first and not first[0].instance_hypernyms() and \
                groups & {first[0], *first[0].closure(lambda s: s.hypernyms())}:
            return True
    return False


def _derives(verb: str, column: str) -> bool:
    """True when `verb` and a header word of `column` derive from one verb lemma ('won' and
    `Winner`: win.v)."""
    said = {r for r in S.roots(verb) if r.endswith(".v")}
    return any(said & S.roots(word) for word in header_words(column))
