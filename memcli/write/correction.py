"""A correction told in one sentence: its opener ("Sorry, I meant", 不好意思我说错了) and its negated
half (", not the 3rd", 不是三岁) are no fact; the corrected statement between them is.

:func:`split_correction` cuts a sentence into ``(opener, statement)`` so the clause units read the
statement alone (the opener is a unit of its own, chatter): before, the clause model read the whole
apology as chatter (the correction was not stored) or kept the denied value in the statement
(旺财今年是六岁不是五岁). The rules read the same sentence through :func:`~memcli.write.rules.en_words.corrected`
and :data:`~memcli.write.rules.zh_words.CORRECTION`. Pure functions over text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.write.rules.en_words import _CORRECTION as _EN_OPEN
from memcli.write.rules.en_words import _NOT_HALF as _EN_NOT_HALF
from memcli.write.rules.zh_words import ZH_CORRECTION_OPEN as _ZH_OPEN
from memcli.write.rules.zh_words import denial_last

#: the denied value at the end of a corrected statement: 六岁不是五岁 / 在上海，不是北京 / 而不是周五
_ZH_NOT_HALF = re.compile(r"[，,]?\s*(?:而)?(?:不是|并非)[^，,。！!；;我你他她]{1,12}([。！!]?)$")


def split_correction(sent: str, lang: str) -> tuple[str, str] | None:
    """``(opener, statement)`` when ``sent`` opens with a correction's opener and says a statement after
    it ("Sorry, I meant Kim's party is on the 9th, not the 2nd" → ("Sorry, I meant", "Kim's party is on
    the 9th")); the statement keeps its end mark. None: no opener, or nothing said after it."""
    m = (_ZH_OPEN if lang == "zh" else _EN_OPEN).match(sent)
    if m is None or m.end() == 0:
        return None
    rest = sent[m.end() :].strip()
    if lang == "zh":
        rest = _ZH_NOT_HALF.sub(r"\1", denial_last(rest)).strip()
        if len(re.sub(r"[^\u4e00-\u9fff\w]", "", rest)) < 2:
            return None
    else:
        rest = _EN_NOT_HALF.sub(r"\1", rest).strip()
        if not re.search(r"[A-Za-z]{2}.*\s.*[A-Za-z0-9]", rest):
            return None
        rest = rest[:1].upper() + rest[1:]
    return sent[: m.end()].strip(), rest
