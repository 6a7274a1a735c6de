"""An exception told beside a fact stays with it (round 45, zh and en).

我不喝酒，过年除外; 我平时不喝咖啡，除了加班的时候; 我什么肉都吃，就是不吃羊肉;
除了榴莲，我什么水果都喜欢; "I never drink coffee except on Mondays": the exception limits the fact.
Before round 45 a comma cut it off and it was lost (我平时不喝咖啡 stored alone, the opposite of what
holds on a late night), read as a fact of its own (我只有科幻片例外 as a thing owned, 就是不吃羊肉 as
我是不吃羊肉), or read into the fact's value (``like.coffee except on monday``).

:func:`split_exceptions` takes the exception parts out of the text the extractor reads (the fact is read, and slotted,
without them) and :func:`with_exceptions` puts each back into the statement of every candidate read from the clause it
limits, in the user's words and order. An exception part is a comma part (or, in English, the tail of a clause)

- that opens with 除了 / 除开 / 除去 (…以外 / 之外) after its clause, or before a clause that holds
  all or none of a kind (都, 全, 任何, 什么, 不, 没: 除了榴莲，我什么水果都喜欢) — not 除了…还 / 也,
  which adds (除了跑步，我还喜欢游泳);
- that ends with 除外 / 例外 (过年除外, 只有科幻片例外);
- that opens with 就是 / 只是 / 只有 / 唯独 + a "no" after a clause of all of a kind (…都吃，就是不吃羊肉) — not a
  doubt (…，就是不知道会持续多久);
- English: ", except (for) …", " except …", ", apart from …", ", other than …" ending a clause.

Pure functions of text and candidates; no model, no store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from memcli.models import Candidate, Kind

__all__ = ["Told", "split_exceptions", "unread_limits", "with_exceptions"]

_ZH_BESIDES = re.compile(r"^(?:但是?|不过|可是)?(?:除了|除开|除去)")
_ZH_ENDS_EXCEPT = re.compile(r"(?:除外|例外)[了的啦吧]?$")
_ZH_ADDS = re.compile(r"还|也|另外|以及|再")
#: a clause of all or none of a kind (什么…都, 全, 任何, 一概, 从不…)
_ZH_ALL = re.compile(r"都|全|任何|一概|什么|哪|不|没")
#: a clause of all of a kind (我什么肉都吃): what 就是不… / 只是不… after it is an exception of
_ZH_EVERY = re.compile(r"都|全|任何|一概|什么")
#: 就是 / 只是 / 唯独 + a "no" — not a doubt (就是不知道…, 只是不确定…: a hedge of its own, round 45)
_ZH_BUT_NOT = re.compile(r"^(?:就是|只是|只有|唯独|单单)(?![^，,]*(?:不|没)(?:知道|清楚|确定|晓得|记得|了解))"
                         r"[^，,]{0,8}?(?:不|没|别)")
#: an English exception ending a clause: ", except (for) …", " except …", ", apart from …", ", other than …" ("I live
#: apart from my family" is no exception)
_EN_EXCEPT = re.compile(r"(?:,\s*|\s+)except(?: for| when| on| at| in| if)?\s+[^,.;!?]+|,\s*(?:apart from|other than)"
                        r"\s+[^,.;!?]+", re.I)
_SENT = re.compile(r"[^。！!？?；;\n]+[。！!？?；;\n]*")
_END = re.compile(r"[。！!？?；;\n\s]*$")


@dataclass(frozen=True)
class Told:
    """One exception told: ``clause`` (the part it limits, as said), ``words`` (the exception as said, without its
    comma) and ``lead`` (said before its clause: 除了榴莲，我…)."""

    clause: str
    words: str
    lead: bool = False
    sep: str = "，"


def _zh_sentence(sent: str) -> tuple[str, list[Told]]:
    body, end = sent[:len(sent) - len(m.group())] if (m := _END.search(sent)) else sent, m.group() if m else ""
    parts = [p for p in re.split(r"[，,]", body)]
    if len(parts) < 2 or any(not p.strip() for p in parts):
        return sent, []
    keep = [True] * len(parts)
    found: list[Told] = []
    for i, p in enumerate(parts):
        p = p.strip()
        if _ZH_ADDS.search(p) and not _ZH_ENDS_EXCEPT.search(p):
            continue
        if i > 0 and keep[i - 1] and (_ZH_BESIDES.match(p) or _ZH_ENDS_EXCEPT.search(p) or _ZH_BUT_NOT.match(p) and (
                _ZH_EVERY.search(parts[i - 1]))):
            keep[i] = False
            found.append(Told(parts[i - 1].strip(), p))
        elif i == 0 and _ZH_BESIDES.match(p) and not _ZH_ADDS.search(parts[1]) and _ZH_ALL.search(parts[1]) \
                and len(parts) > 1:
            keep[i] = False
            found.append(Told(parts[1].strip(), p, lead=True))
    if not found:
        return sent, []
    return "，".join(p for p, k in zip(parts, keep, strict=True) if k) + end, found


def split_exceptions(text: str) -> tuple[str, list[Told]]:
    """``(text without its exception parts, the exceptions)`` (see the module doc); ``(text, [])`` when it tells
    none. 我平时不喝咖啡，除了加班的时候。→ ``("我平时不喝咖啡。", [Told("我平时不喝咖啡", "除了加班的时候")])``."""
    if not re.search(r"除|例外|就是|只是|只有|唯独|单单|but|except|apart from|other than", text, re.I):
        return text, []
    if re.search(r"[\u3400-\u9fff]", text):
        out, found = [], []
        for m in _SENT.finditer(text):
            s, f = _zh_sentence(m.group())
            out.append(s)
            found += f
        return ("".join(out), found) if found else (text, [])
    found = []
    for m in _SENT.finditer(text):
        for e in _EN_EXCEPT.finditer(m.group()):
            found.append(Told(m.group()[:e.start()].strip(), e.group().strip(" ,"),
                              sep=", " if e.group().lstrip().startswith(",") else " "))
    return (_EN_EXCEPT.sub("", text), found) if found else (text, [])


def _content(s: str) -> set[str]:
    if re.search(r"[\u3400-\u9fff]", s):
        return set(re.findall(r"[\u3400-\u9fff]", s)) - set("我的了是")
    return {w.casefold() for w in re.findall(r"[A-Za-z']{3,}", s)} - {"the", "and", "don't", "never"}


def with_exceptions(cands: list[Candidate], found: list[Told]) -> list[Candidate]:
    """``cands`` with each exception of ``found`` put back into the statement of every candidate read from the clause
    it limits (most of the candidate's content words in that clause), after it (or before it, for one said before);
    a candidate that says it already is left as it is. A new list."""
    if not found:
        return cands
    out = []
    for c in cands:
        st = c.statement
        have = _content(st)
        for t in found:
            if t.words in st or not have or len(have & _content(t.clause)) < 0.7 * len(have):
                continue
            bare = st.rstrip("。.!！ ")
            st = f"{t.words}{t.sep}{bare}" if t.lead else f"{bare}{t.sep}{t.words}"  # (a lead: Chinese only)
        out.append(c if st == c.statement else c.model_copy(update={"statement": st}))
    return out


#: a clause of all of a kind liked (我什么肉都吃, 我什么水果都喜欢): the kind and the verb
_ZH_ANY_OF = re.compile(r"^我?(?:基本上?|几乎)?什么(?P<kind>[\u4e00-\u9fff]{1,4}?)都(?:能|爱|会|敢)?"
                        r"(?P<verb>吃|喝|喜欢|爱|看|听|玩)$")


def unread_limits(cands: list[Candidate], found: list[Told], at: datetime, confidence: float) -> list[Candidate]:
    """A candidate for each exception of ``found`` whose clause no candidate of ``cands`` carries, when that clause
    likes all of a kind (我什么肉都吃，就是不吃羊肉; 除了榴莲，我什么水果都喜欢): the clause and its exception whole,
    slotted as the liking of the kind (``like.肉``, what 我喜欢吃肉 is). Said ``at``, with ``confidence``. Empty
    otherwise."""
    from memcli.write.rules import analyze

    out = []
    for t in found:
        m = _ZH_ANY_OF.match(t.clause.rstrip("。！!~～ "))
        if m is None or any(t.words in c.statement for c in cands):
            continue
        verb = m.group("verb")
        facts = analyze(f"我喜欢{'' if verb in ('喜欢', '爱') else verb}{m.group('kind')}")
        if not facts.slot:
            continue
        clause = t.clause if t.clause.startswith("我") else "我" + t.clause
        st = f"{t.words}，{clause}" if t.lead else f"{clause}，{t.words}"
        out.append(Candidate(statement=st, kind=Kind.PREFERENCE, slot=facts.slot, salience=0.6, confidence=confidence,
                             valid_from=at))
    return out
