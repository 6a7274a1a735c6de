"""A habit told in degree: cut down (not given up), narrowed to a kind of it (round 41).

- "I've been cutting down on coffee" beside "I drink coffee every day", 我最近少喝点奶茶了 beside 我每天都喝奶茶: the
  judge read a restatement (NOOP) and the cutting down was never stored. A reduction told (cut down / back on,
  less, fewer; 少喝 / 少吃 / 少抽 / 减少 / 少…点) is another fact beside the habit — it goes on, less: ADD
  (:func:`reduction_beside`).
- "These days I only read crime novels" beside "I read novels", 我现在只喝普洱茶 beside 我喜欢喝茶: the judge ended
  the broader fact (CONFLICT), but a kind of it is still it. "only" / 只 with the stored thing's head narrowed by a
  word of its own (crime novels; 普洱茶: a 茶) is the same fact told more narrowly: UPDATE (:func:`narrowed`).

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules.match import Facts, expand_en

__all__ = ["narrowed", "reduction_beside"]

_EN_REDUCED = re.compile(r"\b(?:cut(?:ting)? (?:down|back)|cuts (?:down|back)|less|fewer|reduc(?:e|ed|ing))\b")
_ZH_REDUCED = re.compile(r"少(?:喝|吃|抽|玩|看|刷|用|买|点)|减少|减量|少了")
_EN_ONLY = re.compile(r"\bonly\b\s+(?:\w+\s+)?(?P<rest>.+)$")
#: a broad word whose kinds end in another head (爵士乐 is a 音乐, 纪录片 a 电影)
_ZH_HEADS = {"音乐": ("乐", "曲", "音乐"), "电影": ("片", "电影"), "歌": ("歌", "曲"), "书": ("书", "小说")}
#: words that may stand before the stored thing without narrowing it ("I like milk", "I read my novels")
_EN_PLAIN_BEFORE = frozenset("i like likes love loves enjoy enjoys drink drinks eat eats read reads put puts take "
                             "takes have has use uses listen listens to watch watches play plays with some my a an "
                             "the prefer prefers".split())
_ZH_ONLY = re.compile(r"只(?P<v>[喝吃听看读用玩穿])(?P<o>[\u4e00-\u9fff]{2,6}?)(?:了|的)?$")


def _text(s: str) -> str:
    return to_simplified(s) if lang_of(s) == "zh" else expand_en(s)


def reduction_beside(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``old`` by ``new`` is two facts: ``new`` tells a habit cut down that ``old`` tells as it was
    (see the module doc). A one-line reason, or None."""
    n, o = _text(new.statement), _text(old.statement)
    rx = _ZH_REDUCED if lang_of(n) == "zh" else _EN_REDUCED
    if not rx.search(n) or rx.search(o):
        return None
    return "a habit cut down is told beside it as it was: another fact, not a restatement"


def narrowed(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT of ``old`` by ``new`` is an UPDATE: ``new`` narrows ``old``'s thing to a kind of it with
    "only" / 只 (see the module doc), both positive and of one language. A one-line reason, or None."""
    if not (new.positive and old.positive) or lang_of(new.statement) != lang_of(old.statement):
        return None
    n, o = _text(new.statement), _text(old.statement)
    if lang_of(n) == "zh":
        m = _ZH_ONLY.search(n)
        was = re.search(m["v"] + r"(?P<o>[\u4e00-\u9fff]{1,6}?)(?:了|的)?$", o) if m else None
        if m and was and m["o"] != was["o"] and m["o"].endswith(_ZH_HEADS.get(was["o"], (was["o"],))):
            return f"only {m['o']} now: a kind of {was['o']}, the same fact told more narrowly"
        return None
    m = _EN_ONLY.search(n)
    if m is None:
        return None
    words = re.findall(r"[a-z]+", m["rest"])
    said, was = content_units(o), re.findall(r"[a-z]+", o)
    for before, w in zip(words, words[1:], strict=False):
        bare = all(p in _EN_PLAIN_BEFORE for p, x in zip(["i", *was], was, strict=False)
                   if content_units(x) == content_units(w))  # the stored thing had no word narrowing it
        if bare and content_units(w) and content_units(w) <= said and content_units(before) and \
                not content_units(before) & said:
            return f"only {before} {w} now: a kind of {w}, the same fact told more narrowly"
    return None
