"""Linking stage, last pass: unmatched words that are generic English verbs or function words
('offered', 'provided', 'carried', 'bring', 'considered', 'According') are ignored, each noted, when
nothing in the table resembles them. A word that could carry a constraint (a number, a negation, a
comparative or superlative, a capitalised name inside the sentence) is never in these lists, and
capitalised words are kept unless they open the question."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon, Meaning, stem
from agent.router.reading import Item, Reading
from agent.router.tokens import Token

_IRREGULAR = {"brought": "bring", "bought": "buy", "said": "say", "held": "hold", "took": "take", "taken": "take",
              "kept": "keep", "fell": "fall", "fallen": "fall", "had": "have", "has": "have", "gone": "go",
              "went": "go", "seen": "see", "saw": "see"}


def base_forms(word: str) -> set[str]:
    """Candidate base forms of an English verb form: 'carried' -> {carri, carry, ...}, 'provided' ->
    {provid, provide}, 'offers' -> {offer}, 'brought' -> {bring}. Over-generates on purpose: the
    caller only tests membership in a closed list of base forms."""
    word = word.lower()
    if word in _IRREGULAR:
        return {_IRREGULAR[word]}
    forms = {word}
    for suffix in ("ied", "ies"):
        if word.endswith(suffix):
            forms.add(word[: -len(suffix)] + "y")
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            root = word[: -len(suffix)]
            forms |= {root, root + "e"}
    return forms


def resembles_table(word: str, lex: Lexicon) -> bool:
    """True when the word (or a base form) is a value word or a column stem, or shares a 4+ letter
    start with a header word ('recorded' and 'Recorder', 'offered' and 'Discount Offer')."""
    forms = {f for f in base_forms(word) | {word} if len(f) >= 4}
    if any(f in lex.value_words or stem(f) in lex.stems for f in forms):
        return True
    return any(h.startswith(f) or f.startswith(h) for f in forms for h in lex.headers if len(h) >= 4)


def ignorable(token: Token, pos: int, lex: Lexicon) -> bool:
    """True for a word the plan can do without: a generic verb or function word (vocabulary
    IGNORABLE_VERBS / IGNORABLE_WORDS), lowercase unless it opens the question, resembling nothing
    in the table."""
    if token.kind != "word" or (pos > 0 and token.text != token.lower):
        return False
    known = token.lower in V.IGNORABLE_WORDS or bool(base_forms(token.lower) & V.IGNORABLE_VERBS)
    return known and not resembles_table(token.lower, lex)


def drop_fillers(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without the ignorable words; each ignored word is noted in
    `reading.notes` so the answer's 'read as' shows the full reading, and kept as a stop item (so
    'provided by' still reads as a passive 'by', not a group-by)."""

    kept, ignored = [], []
    for pos in rest:
        (ignored if ignorable(tokens[pos], pos, lex) else kept).append(pos)
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("stop")]) for p in ignored)],
                           key=lambda it: it.pos)
    if ignored:
        words = ", ".join(f"'{tokens[p].text}'" for p in ignored)
        reading.notes.append(f"ignored {words} (generic wording that names no column, value or condition)")
    return kept


COLUMN_NOUNS = frozenset({"column", "columns", "field", "fields", "variable", "attribute", "col"})
"""Words that name a column as a column ('the price column', 'the Age field'): layout, not a value."""


def column_nouns(tokens: list[Token], rest: list[int], reading: "Reading") -> list[int]:
    """The unmatched positions `rest` without a column noun right after a column's name ('the
    price column'); a value item read from such a noun ('column' of a value 'Column') is undone the
    same way. Each is kept as a stop item and noted."""
    from agent.router.reading import Item

    named = {i.pos + len(i.text.split()) for i in reading.items if i.kind == "column"}
    dropped = [p for p in rest if tokens[p].lower in COLUMN_NOUNS and p in named]
    for item in reading.items:
        if item.kind == "value" and item.text.lower() in COLUMN_NOUNS and item.pos in named:
            item.meanings, item.kind = [Meaning("stop")], "stop"
            dropped.append(item.pos)
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("stop")]) for p in dropped
                                              if p in rest)], key=lambda it: it.pos)
    for p in dropped:
        reading.notes.append(f"read '{tokens[p].text}' as naming the column before it (not a value)")
    return [p for p in rest if p not in dropped]


FLAG_NOUNS = frozenset({"experience", "status", "history", "background"})
"""Nouns that say a yes/no column holds for the row ('research experience' for a 0/1 `Research`,
'smoking status' for `smoker`): part of the flag's phrase, not a column or value of their own."""


def flag_nouns(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without a flag noun right after a yes/no column's word ('no
    research experience'); each is kept as a stop item and noted. Only right after the flag word:
    'experience' elsewhere stays unmatched."""
    after = {i.pos + len(i.text.split()): i for i in reading.items if i.kind == "flag"
             or (i.kind == "column" and i.column in lex.flag_values)}
    dropped = [p for p in rest if tokens[p].lower in FLAG_NOUNS and p in after]
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("stop")]) for p in dropped)],
                           key=lambda it: it.pos)
    for p in dropped:
        reading.notes.append(f"read '{after[p].text} {tokens[p].text}' as {after[p].column or after[p].text} "
                             f"(a yes/no column; '{tokens[p].text}' names no column of its own)")
    return [p for p in rest if p not in dropped]



def column_modifiers(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without a word right before a named column that is a derived
    form of another word of that column's header ('unitary price' for unit_price: 'price' names the
    column, 'unitary' starts with its 'unit'). The column is already decided by the word after; the
    modifier only agrees with it, so it is kept as a stop item and noted, never linked on its own."""
    dropped = []
    for p in rest:
        token, column = tokens[p], _column_at(reading, p + 1)
        if token.kind != "word" or column is None:
            continue
        said = {w.lower() for w in column.text.split()}
        others = {h for h in lex.header_words.get(column.column, ()) if h not in said and len(h) >= 4}
        if any(token.lower.startswith(h) and len(token.lower) > len(h) for h in others):
            dropped.append(p)
            reading.notes.append(f"read '{token.text} {column.text}' as {column.column} ('{token.text}' is a form of "
                                 f"a word of its header)")
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("stop")]) for p in dropped)],
                           key=lambda it: it.pos)
    return [p for p in rest if p not in dropped]


def _column_at(reading: Reading, pos: int) -> Item | None:
    item = reading.at(pos)
    return item if item is not None and item.kind == "column" and not item.similar else None
