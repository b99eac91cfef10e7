"""Two questions in one ('What is the total late fee, and how many loans were late?'): a plan
answers one of them, and the words of the other can be spent on it ('late' read as Late Fee), so
the second would be dropped without a word. Such a question is refused, naming both parts."""

from __future__ import annotations

import re

_OPENING = re.compile(r"^\s*(?:how|what|what's|which|who|when|where|is|are|was|were|does|do|did|list|show|give|"
                      r"tell|find|count)\b", re.I)
_SECOND = re.compile(r"(?:,\s*and\s+|[;?]\s*|\band\s+(?:also\s+)?)(?=(?:how many|how much|what(?:'s)?|which)\b)",
                     re.I)


def two_questions(question: str) -> str | None:
    """The refusal for `question` when it asks two questions: it opens as a question (a wh-word, an
    auxiliary or 'list'/'show') and, after ', and', ';', '?' or 'and', opens a second with 'how
    many', 'how much', 'what' or 'which'. None otherwise. A clause before the question ('Gabon is
    ranked 32, what country is next?') or a relative 'which' after a comma is no second question."""
    match = _SECOND.search(question)
    if match is None or not _OPENING.match(question[:match.start()]):
        return None
    first, second = question[:match.start()].strip(" ,;?"), question[match.end():].strip(" ?")
    return (f"This asks two questions ('{first}' and '{second}'); I answer one at a time, so that neither is "
            "dropped: ask them separately.")
