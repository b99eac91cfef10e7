"""Linking stage, before the first pass: a run of CJK characters (Chinese has no spaces between
words) split into the table's own header and value strings and the aggregate, comparison and
function words below, longest match first at each position. A header or value keeps its text; a
vocabulary word becomes the English words the parser reads ('总和' -> 'total', '平均' -> 'average',
'多少个' -> 'how many'), noted in the reading; characters nothing matched stay one unmatched word,
so the router refuses naming them and never returns a count in place of the measure asked."""

from __future__ import annotations

import re

from agent.router.lexicon import Lexicon
from agent.router.tokens import CJK, Token

_CJK_CHAR = re.compile(f"[{CJK}]")

WORDS: dict[str, str] = {
    # aggregates
    "总和": "total", "合计": "total", "总计": "total", "总额": "total", "之和": "total", "求和": "total", "总": "total",
    "累计": "total", "平均": "average", "平均值": "average", "均值": "average", "平均数": "average",
    "中位数": "median", "标准差": "standard deviation",
    "多少个": "how many", "多少条": "how many", "多少行": "how many rows", "多少名": "how many", "多少位": "how many",
    "多少人": "how many", "多少家": "how many", "多少种": "how many", "几个": "how many", "数量": "number of",
    "个数": "number of", "计数": "count", "不同": "distinct", "不重复": "distinct", "唯一": "unique",
    # order
    "最大": "highest", "最大值": "highest", "最高": "highest", "最多": "most", "最小": "lowest", "最小值": "lowest",
    "最低": "lowest", "最少": "fewest",
    # comparisons
    "大于": "more than", "超过": "more than", "高于": "more than", "多于": "more than", "小于": "less than",
    "低于": "less than", "少于": "less than", "至少": "at least", "不少于": "at least", "大于等于": "at least",
    "至多": "at most", "不超过": "at most", "小于等于": "at most", "等于": "equal to", "介于": "between",
    # grouping, which, negation, or
    "每个": "by", "每": "per", "各": "by", "各个": "by", "按": "by", "按照": "by", "分别": "by",
    "哪个": "which", "哪些": "which", "哪一个": "which", "哪": "which", "什么": "what",
    "不是": "not", "不": "not", "非": "not", "没有": "without", "或": "or", "或者": "or",
    # rows
    "行": "rows", "记录": "records", "条记录": "records", "条目": "entries",
    # function words, read as nothing
    "的": "", "是": "", "有": "", "了": "", "吗": "", "呢": "", "在": "", "中": "", "为": "", "请": "", "所有": "",
    "全部": "", "数据": "", "表": "", "里": "", "一共": "", "总共": "", "共": "", "计算": "", "求": "", "给出": "",
    "告诉我": "", "值": "", "列": "", "多少": "", "和": "", "与": "", "及": "", "并且": "", "且": "", "的话": "",
}
"""Chinese aggregate, order, comparison and function words -> the English words the parser reads
('' for a function word that adds nothing: 的, 是, 有; bare 多少 'how much/what' asks for nothing
by itself)."""
_LONGEST = max(map(len, WORDS))


def has_cjk(tokens: list[Token]) -> bool:
    """True when any token is a run of CJK characters."""
    return any(t.kind == "cjk" for t in tokens)


def segment(tokens: list[Token], lex: Lexicon, notes: list[str]) -> list[Token]:
    """`tokens` with each CJK run split into the lexicon's CJK phrases (headers, values) and WORDS
    (replaced by their English words), longest first; unmatched characters are kept together as one
    word. Notes each vocabulary word read ("read '总和' as 'total'")."""
    out: list[Token] = []
    for token in tokens:
        if token.kind != "cjk":
            out.append(token)
            continue
        for piece, english in _split(token.text, lex):
            if english is None:
                out.append(Token(piece, piece.lower(), "word"))
            elif english:
                notes.append(f"read '{piece}' as '{english}'")
                out.extend(Token(w, w, "word") for w in english.split())
    return out


def _split(run: str, lex: Lexicon) -> list[tuple[str, str | None]]:
    """(piece, English words or None for a table string / unmatched characters) for one CJK run:
    the segmentation leaving the fewest characters unmatched, then the most characters in table
    strings, then the fewest pieces, then the longest first piece ('平均数量' over a header 数量 is
    平均 + 数量, not 平均数 + 量)."""
    longest = max(_LONGEST, lex.cjk_longest)
    # best[i]: the cost (unmatched characters, -table characters, pieces) and the pieces of run[i:]
    best: list[tuple[tuple[int, int, int], list[str | None]]] = [((0, 0, 0), [])] * (len(run) + 1)
    for i in range(len(run) - 1, -1, -1):
        options = []
        for j in range(min(len(run), i + longest), i, -1):  # longest first: it wins a tie
            piece = run[i:j]
            if piece in lex.cjk_phrases or piece in WORDS:
                (unmatched, table, count), tail = best[j]
                own = len(piece) if piece in lex.cjk_phrases else 0
                options.append(((unmatched, table - own, count + 1), [piece, *tail]))
        (unmatched, table, count), rest = best[i + 1]
        options.append(((unmatched + 1, table, count + 1), [None, *rest]))  # run[i] unmatched
        best[i] = min(options, key=lambda option: option[0])
    pieces: list[tuple[str, str | None]] = []
    i, unknown = 0, ""
    for piece in best[0][1]:
        if piece is None:  # unmatched characters are kept together as one word
            unknown, i = unknown + run[i], i + 1
            continue
        if unknown:
            pieces.append((unknown, None))
            unknown = ""
        pieces.append((piece, None if piece in lex.cjk_phrases else WORDS[piece]))
        i += len(piece)
    return pieces + ([(unknown, None)] if unknown else [])


def cjk_phrase(word: str) -> bool:
    """True when a lexicon key word holds a CJK character (a Chinese header or value)."""
    return bool(_CJK_CHAR.search(word))
