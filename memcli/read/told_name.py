"""A person or pet the user told about by name, named again in a question or a request (round 45).

"John said he lives in Oslo", 建国说他住在杭州, 秀兰住在南京, "Kiwi is 9 years old" tell a fact of someone by
their name alone: no relation word (my brother John), no 叫 / "named" (a cat named Pixel), no ``person:…`` slot
when the write path gave none. "Where does John live?" and 建国住哪儿 name no user, no relative: read as questions
about the world (``world`` of :mod:`memcli.read.answer`), their hits got p = 0 and the block stayed empty.

:func:`subject_names` reads the names a stored statement opens with as its subject and the question names too: the
question then names someone the store holds facts of, as a person a hit's slot names does
(:class:`memcli.read.answer_pass.AnswerPass` adds them to the names the hits give). A world question sharing a
word with a stored fact stays one: the word must be the statement's subject, named in the question as a name
(English: capitalised, not the question's first word unless followed by 's; Chinese: the question and the
statement open with it, and it is no piece of a longer dictionary word of the statement, 长江 of 长江三峡, nor a
word of a kind of thing, 咖啡, 熊猫 — :mod:`memcli.read.kinds`). A place, a brand or an organisation is no one told
about ("Google now offers…", 长城脚下…, 华为发布了…: :mod:`memcli.org_names`, round 46).

:func:`request_names_zh` reads the names a Chinese request gives whom it is for (给团子买…, 志强生日送什么): the
caller keeps one only when a stored statement tells of it (:func:`tells_of`).

Rules on word order and capitalisation, both languages; no data set's words. Read path only.
"""

from __future__ import annotations

import re

from memcli.org_names import org_or_place_en, org_or_place_zh
from memcli.relazy import lazy

__all__ = ["request_names_zh", "subject_names", "tells_of"]

#: a statement opening with a capitalised name of one or two words before a lowercase word, 's or "and"
_OPENS_EN = lazy(r"^([A-Z][a-z]{2,15}(?: [A-Z][a-z]{2,15})?)(?='s\b| (?:[a-z]|and\b))")
#: capitalised words that open a statement and name no one
_NOT_NAME_EN = frozenset({"the", "this", "that", "these", "those", "there", "then", "yesterday", "today", "tonight",
                          "tomorrow", "last", "next", "every", "each", "some", "most", "all", "both", "our", "my",
                          "his", "her", "their", "its", "we", "they", "he", "she", "it", "you", "when", "after",
                          "before", "since", "because", "if", "while", "once", "maybe", "also", "just", "still"})
#: a word of a place's or a building's name ("Mount Fuji was foggy", "Lake Como is …"): a place, no one told about
_PLACE_EN = frozenset({"mount", "mt", "lake", "river", "ocean", "sea", "island", "isle", "bay", "beach", "park",
                       "street", "road", "avenue", "bridge", "tower", "museum", "castle", "cathedral", "church",
                       "palace", "university", "college", "school", "hospital", "airport", "station", "hotel",
                       "restaurant", "cafe", "café", "bar", "mall", "center", "centre", "library", "gym", "valley",
                       "canyon", "falls", "forest", "desert", "mountains", "hills", "city", "county", "state"})
#: a character a Chinese name does not open with: a pronoun, a demonstrative, a question word, a number, a time
_NOT_OPEN_ZH = frozenset("我你您他她它咱这那哪谁什怎为几多每各今明昨前后上下去来有是在一二三四五六七八九十两个")
_CJK = lazy(r"^[\u4e00-\u9fff]+$")


def _name_en(name: str) -> bool:
    from memcli.reltime import EN_MONTHS, EN_WEEKDAYS
    from memcli.text import STOPWORDS

    first = name.split()[0].casefold()
    if any(w in _PLACE_EN for w in name.casefold().split()):
        return False
    return first not in _NOT_NAME_EN and first not in STOPWORDS and first not in EN_WEEKDAYS \
        and first not in EN_MONTHS


def _named_in_question_en(question: str, name: str) -> bool:
    """``name`` (as written) is a whole word of ``question``, not only its capitalised first word (Where, Which),
    unless a possessive follows (John's birthday?)."""
    for m in re.finditer(rf"\b{re.escape(name)}\b", question):
        if m.start() > 0 or question[m.end():m.end() + 2] == "'s":
            return True
    return False


def _name_zh(name: str, statement: str) -> bool:
    """``name`` (2-3 CJK characters opening ``statement``) may be a name: no function character opens it, it is no
    word saying when, no kind of thing, and no piece of a longer dictionary word the statement opens with."""
    from memcli.read.kinds import kinds_of
    from memcli.read.tokens import WHEN_WORDS, is_dict_word

    if not _CJK.match(name) or name[0] in _NOT_OPEN_ZH or name in WHEN_WORDS or kinds_of(name):
        return False
    return not any(is_dict_word(statement[:n]) for n in range(len(name) + 1, min(len(statement), 5) + 1))


def subject_names(statement: str, question: str) -> set[str]:
    """Names ``statement`` opens with as its subject that ``question`` names too (see the module doc): English
    casefolded, Chinese as written. Both simplified Chinese or other text."""
    st, q = statement.strip().replace("’", "'"), question.strip().replace("’", "'")
    out: set[str] = set()
    if st.isascii():
        m = _OPENS_EN.match(st)
        if m and _name_en(m.group(1)) and not org_or_place_en(m.group(1), st[m.end():]):  # (Google…: r. 46)
            for name in dict.fromkeys((m.group(1), m.group(1).split()[0])):  # "John Smith …" is asked as John
                if _named_in_question_en(q, name):
                    out.add(name.casefold())
        return out
    for n in (2, 3):
        name = q[:n]
        if len(name) == n and st.startswith(name) and _name_zh(name, st) and not org_or_place_zh(name, st):
            out.add(name)
            break
    return out


#: whom a Chinese request is for, named after 给 / 为 / 帮 / 替 / 带 / 跟 / 和 (给团子买…, 带志强去…), or opening it
#: (志强生日送什么): two or three characters before a verb of the request or an occasion
_FOR_ZH = lazy(r"(?:^(?![给为帮替带跟和])|(?<=[给为帮替带跟和]))([\u4e00-\u9fff]{2,3}?)"
               r"(?=买|送|挑|选|做|准备|订|过|吃|喝|穿|玩|去|生日|过生日|的生日|庆生)")


def request_names_zh(request: str) -> tuple[str, ...]:
    """The names a Chinese ``request`` (simplified) may give whom it is for (see :data:`_FOR_ZH`), by the rules of
    :func:`subject_names` (no function character first, no word saying when, no kind of thing); () for none."""
    from memcli.read.kinds import kinds_of
    from memcli.read.tokens import WHEN_WORDS

    return tuple(dict.fromkeys(n for n in _FOR_ZH.findall(request)
                               if n[0] not in _NOT_OPEN_ZH and n not in WHEN_WORDS and not kinds_of(n)))


def tells_of(statement: str, name: str) -> bool:
    """Whether ``statement`` tells of ``name`` (casefolded for English) as someone: opens with it (志强今年二十八岁,
    "Kiwi is 9 years old"), gives it (叫团子, "a parrot named Kiwi": :func:`memcli.read.mismatch.names_given`) or says
    it right after a relation word (我弟弟志强…, "my son Leo": :func:`memcli.read.mismatch.relation_words`)."""
    from memcli.read.mismatch import names_given, relation_words

    st = statement.strip()
    if name.isascii():
        if re.match(rf"{re.escape(name)}(?:'s)?\b", st, re.IGNORECASE):
            return True
        return name in names_given(st, name) or any(
            re.match(rf"\s+{re.escape(name)}\b", st[m.end():], re.IGNORECASE) for m in relation_words()[1].finditer(st))
    return st.startswith(name) or name in names_given(st, name) or any(
        st[m.end():].startswith(name) for m in relation_words()[0].finditer(st))
