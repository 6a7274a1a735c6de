"""One object swapped in a shared frame (issue 21): 我在学二胡 / 我在学古筝, 我每晚吃一粒鱼油 / 我每晚吃一粒钙片,
我在腾讯做产品经理 / 我在字节跳动做产品经理, "I take my kids to judo / to chess".
The two statements say the same words around one thing and name another thing in its place: another
fact (or, in a one-valued attribute, another value), never the same fact restated. A NOOP would drop
the new one, so :func:`memcli.write.decide.decide` never lets a judge merge such a pair.

Read without a model: the longest shared beginning and end (characters for Chinese, words for
English); what is left on each side must be short, share no character (Chinese) or stem (English)
with the other side, be no number and no relation word (女儿 / 闺女 may be one person), and in
Chinese be cut by jieba into noun-like words only (a swapped verb or adverb, 喜欢 / 爱, is a rewording).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import lang_of, pos_tags, to_simplified
from memcli.write.rules import Facts

__all__ = ["denies_old", "swapped_object", "swapped_value"]

#: jieba tags of words that can name a thing (nouns, names, Latin words, unknown or bound morphemes)
_ZH_NOUNISH = re.compile(r"^(?:n|nz|nr|ns|nt|nrt|nrfg|eng|x|j|b|g|vn|nw)")
_ZH_NUMBER = re.compile(r"[\d一二两三四五六七八九十百千万零点半个岁年月日号天周次]+")
_EN_STOP = frozenset("i me my we our us you your he him his she her they them their it its a an the is am are "
                     "was were be been m s re ve d ll t to of in on at for with and or but".split())
#: at most this many characters (Chinese) / words (English) on each side of the swap
_ZH_MAX, _EN_MAX = 6, 1


def _ends(a: list[str] | str, b: list[str] | str) -> tuple[int, int]:
    """The lengths of the shared beginning and of the shared end (not overlapping it)."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i and a[-1 - j] == b[-1 - j]:
        j += 1
    return i, j


def _tags_over(text: str, start: int, end: int) -> list[str]:
    """The jieba tags of the words of ``text`` that overlap ``[start, end)``."""
    out, pos = [], 0
    for w, f in pos_tags(text):
        if pos < end and pos + len(w) > start:
            out.append(f)
        pos += len(w)
    return out


@lru_cache(maxsize=8192)
def swapped_object(new: str, old: str) -> str | None:
    """``"old thing → new thing"`` when ``new`` and ``old`` are one frame with one object swapped
    (None otherwise). Pure, cached."""
    from memcli.write.pair_names import relations_of

    if lang_of(new) != lang_of(old):
        return None
    if lang_of(new) == "zh":
        a, b = (re.sub(r"[^\w\u4e00-\u9fff]", "", to_simplified(t)) for t in (new, old))
        i, j = _ends(a, b)
        ma, mb = a[i:len(a) - j], b[i:len(b) - j]
        if not ma or not mb or max(len(ma), len(mb)) > _ZH_MAX or i + j < 2 or set(ma) & set(mb):
            return None
        if any(_ZH_NUMBER.fullmatch(m) or relations_of(m) for m in (ma, mb)):
            return None
        for text, end in ((a, len(a) - j), (b, len(b) - j)):
            tags = _tags_over(text, i, end)
            if not tags or not all(_ZH_NOUNISH.match(f) or f == "m" for f in tags) or all(f == "m" for f in tags):
                return None
        return f"{mb} → {ma}"
    wa, wb = re.findall(r"[a-z0-9]+", new.casefold()), re.findall(r"[a-z0-9]+", old.casefold())
    i, j = _ends(wa, wb)
    ma, mb = wa[i:len(wa) - j], wb[i:len(wb) - j]
    frame = wa[:i] + wa[len(wa) - j:]
    if len(ma) != _EN_MAX or len(mb) != _EN_MAX or not [w for w in frame if w not in _EN_STOP]:
        return None
    x, y = ma[0], mb[0]
    if any(w in _EN_STOP or w.endswith(("ly", "ed", "ing")) or w.isdigit() for w in (x, y)):
        return None
    if x[:4] == y[:4] or relations_of(x) or relations_of(y):
        return None
    return f"{y} → {x}"


def swapped_value(new: Facts, old: Facts) -> str | None:
    """Why ``new`` changes the value of ``old``'s one-valued attribute (None: it does not): the same
    strong, functional slot (a job, a residence: :func:`memcli.slots.is_functional`), the same polarity,
    and one thing swapped in the same words (我老婆在协和医院当护士 / 在同仁医院当护士: one job, another
    hospital, though the slot's value — 护士 — is the same). A thing told with having one ("I have a
    dog named Momo") may be another one: :func:`memcli.write.change_rules.introduces_thing`."""
    from memcli.slots import is_functional
    from memcli.write.change_rules import introduces_thing
    from memcli.write.value_types import strong, types_apart

    if not (new.slot and new.slot == old.slot and strong(new.slot) and is_functional(new.slot)
            and new.positive == old.positive) or types_apart(new, old) or introduces_thing(new):
        return None  # (a company and a city: 在腾讯工作 / 在深圳工作 are two facts)
    swap = swapped_object(new.statement, old.statement)
    return None if swap is None else f"one thing swapped ({swap}) in a one-valued attribute ({new.slot}): a change"


_ZH_DENIED = re.compile(r"[，,]\s*(?:而|并|可)?(?:不是|并非)(.{1,12}?)[。.!！]?$")
_EN_DENIED = re.compile(r",\s*(?:and\s+)?not\s+((?:\w[\w'-]*)(?:\s+\w[\w'-]*){0,2})\s*[.!]?$", re.I)


def denies_old(new: str, old: str) -> str | None:
    """The negated half of a correction in ``new`` ("X, not Y", "X，不是Y") when ``old`` says Y (all of
    Y's content found in ``old``): the stored value is corrected, not refined. None otherwise."""
    from memcli.write.pair_facts import content_units

    zh = lang_of(new) == "zh"
    m = (_ZH_DENIED if zh else _EN_DENIED).search(to_simplified(new) if zh else new)
    if m is None:
        return None
    units = content_units(m.group(1))
    return m.group(1) if units and units <= content_units(old) else None
