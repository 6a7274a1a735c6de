"""Whose fact, which attribute: the question side of :func:`memcli.read.answer.subject_feature`
and :func:`memcli.read.answer.attr_feature` beyond the slot keys.

- :func:`asks_me`: the question is about the user themself (我住在哪个城市, "where do I live"):
  it names no relation, and each 我的X / "my X" names an attribute (我的生日, "my job"), not a
  thing or a person of theirs (我的猫, "my cat"). A hit about a relative does not answer it.
- :func:`names_after_relation`: the name said right after a relation word (我的同事小张, "my
  coworker Jess", 我室友小林): two different names under one relation key are two people.
- :func:`hit_attribute`: the attribute a hit holds; for a generic slot (``fact.读``,
  ``daughter.is``, ``owns.…``: :data:`memcli.slots.CATCH_ALL_ATTRIBUTES` or no known attribute)
  read from its statement with the question-side reader (:func:`memcli.slot_query.query_slots`:
  我小女儿今年十岁 → age, "my daughter is in high school" → school), so "my daughter's name" sees
  that the hit holds another attribute; a statement that names an occupation and no attribute
  the reader knows (我爸爸退休前是铁路工人, "my dad used to be a firefighter": stored under
  ``….is`` / ``….fact.…``) holds a job (:data:`OCCUPATIONS`).

Query side only, pure regex and the slot vocabulary: no store access, no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memcli.relazy import LATIN, NON_ASCII, holding, lazy, words_gate
from memcli.slot_query import ZH_SURNAMES, nickname_kin_zh
from memcli.text import STOPWORDS

__all__ = ["OCCUPATIONS", "REQUEST_EN", "REQUEST_ZH", "asked_name", "asks_me", "hit_attribute", "named_subject",
           "names_after_relation", "names_given", "names_occupation", "relation_words", "said_attrs"]


@lru_cache(maxsize=1)
def _frame_words() -> frozenset[str]:
    """Words that name an attribute or a relation (生日, 名字, live, 妈妈, sister): a question's
    frame, not its topic."""
    from memcli.slots import ATTRIBUTES, EN_RELATIONS, ZH_RELATIONS

    words = {w.casefold() for a in ATTRIBUTES.values()
             for w in (*a.zh_nouns, *a.zh_verbs, *a.en_nouns, *a.en_verbs, *a.query)}
    return frozenset(words | set(ZH_RELATIONS) | {w.casefold() for w in EN_RELATIONS})


#: the requester's 我 / me of a request or of the lead to a question names no subject (帮我写…,
#: 我想问一下, "tell me a joke", "quick question")
REQUEST_ZH = lazy(r"帮我|给我|替我|为我|告诉我|跟我说|和我说|教我|我想问一下|我想问|我想知道|我想了解|"
                  r"问一下|请问", gate=NON_ASCII)
REQUEST_EN = lazy(r"\b(?:help me|tell me|give me|show me|teach me|let me|remind me|for me|can you|could you|"
                  r"i want to know|i'd like to know|i wonder|i was wondering|quick question)\b", re.IGNORECASE,
                  gate=LATIN)
#: the standard of a comparison ("Is Sam older than me?", "as tall as I am"): the user named beside the subject, not
#: as it (round 44: read as a question about the user, Sam's fact got subject -1 and was vetoed)
_STANDARD_EN = lazy(r"\b(?:than|as)\s+(?:me|myself|i(?:'m|\s+(?:am|do|did|was|have|had)\b)?)\b", re.IGNORECASE,
                    gate=LATIN)


@lru_cache(maxsize=1)
def relation_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Relation words of 2+ CJK / 3+ Latin characters; and 我 before any relation word (给我爸…:
    the 我 of someone of the user's, not of the requester)."""
    from memcli.slots import EN_RELATIONS, ZH_RELATIONS

    zh = sorted((w for w in ZH_RELATIONS if len(w) >= 2), key=len, reverse=True)
    en = sorted((w for w in EN_RELATIONS if len(w) >= 3 and w.isascii()), key=len, reverse=True)
    mine = sorted(ZH_RELATIONS, key=len, reverse=True)
    # each compiled at the first text it can match (memcli.relazy's gates)
    return (lazy("|".join(map(re.escape, zh)), gate=words_gate(zh, NON_ASCII)),
            lazy(r"\b(?:" + "|".join(map(re.escape, en)) + r")s?\b", re.IGNORECASE, gate=words_gate(en, LATIN)),
            lazy("我的?(?:" + "|".join(map(re.escape, mine)) + ")", gate=holding("我")))


_EN_MY = lazy(r"\b(?:my|our)\s+", re.IGNORECASE, gate=LATIN)
#: round 31: "we" asks of the user as "I" does ("Where do we live now?" by a user living with someone)
_EN_I = lazy(r"\b(?:i|i'm|i've|i'd|me|we|we're|we've|we'd)\b", re.IGNORECASE, gate=LATIN)
_ZH_MY = lazy(r"我的([\u4e00-\u9fff]{1,4})", gate=holding("我的"))
_ZH_I = lazy(r"我(?![的们])", gate=holding("我"))
_ZH_NAME = lazy(r"(?:小|老|阿)[\u4e00-\u9fff]", gate=holding("小", "老", "阿"))
_EN_NAME = lazy(r"\s+([A-Z][a-z]{1,15})\b", gate=LATIN)
#: a Latin name right after a Chinese relation word (我哥哥 David, 我同事Alice)
_EN_NAME_AFTER_ZH = lazy(r"\s*([A-Z][a-z]{1,15})(?![A-Za-z])", gate=LATIN)


def asks_me(question: str) -> bool:
    """The question asks about the user themself (see the module doc). ``question``: simplified
    Chinese or other text, the question sentence."""
    from memcli.read.kin import question_relation

    q = question.replace("’", "'")
    q = REQUEST_EN.sub(" ", REQUEST_ZH.sub(" ", q))  # 我想问一下 / "tell me": the requester
    q = _STANDARD_EN.sub(" ", q)  # "… older than me": the standard, not the subject
    zh, en, mine = relation_words()
    if zh.search(q) or en.search(q) or mine.search(q) or question_relation(q):
        return False
    en_frame, zh_frame = _frames()
    low = q.casefold()
    if any(not _starts_with_word(low[m.end():], en_frame) for m in _EN_MY.finditer(low)):
        return False  # my cat, my car: something of the user's, not an attribute of theirs
    if any(not m.group(1).startswith(zh_frame) for m in _ZH_MY.finditer(q)):
        return False
    return bool(_EN_MY.search(q) or _EN_I.search(q) or _ZH_MY.search(q) or _ZH_I.search(q))


@lru_cache(maxsize=1)
def _frames() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The English and the Chinese attribute and relation words (no regex to compile: cold path)."""
    return (tuple(w for w in _frame_words() if w.isascii() and w),
            tuple(w for w in _frame_words() if not w.isascii()))


def _starts_with_word(text: str, words: tuple[str, ...]) -> bool:
    """``text`` starts with one of ``words`` as a whole word (my name…, not my namesake)."""
    return text.startswith(words) and any(text.startswith(w) and not text[len(w):len(w) + 1].isalnum()
                                          for w in words)


def names_after_relation(text: str) -> set[str]:
    """Names said right after a relation word (我同事小陈 → 小陈, 我妹妹林兰 → 林兰, "my coworker Sam" → sam):
    a 小/老/阿 + one character name or a surname-led full name (:func:`_full_names_zh`, every reading) in
    Chinese, a capitalised word in English."""
    zh, en, _ = relation_words()
    out: set[str] = set()
    for m in zh.finditer(text):
        rest = text[m.end():]
        n = _ZH_NAME.match(rest)
        if n and not zh.match(rest):
            out.add(n.group(0))
        elif latin := _EN_NAME_AFTER_ZH.match(rest):  # 我最好的朋友 Tom 下个月结婚 (round 46): asked as Tom either way
            out.add(latin.group(1).casefold())
        elif not zh.match(rest):
            out.update(_full_names_zh(rest))
    for m in en.finditer(text):
        n = _EN_NAME.match(text[m.end():])
        if n:
            out.add(n.group(1).casefold())
    return out


_GIVEN_ZH = lazy(r"(?:名字是|名叫|叫做|称为|名为|叫)([\u4e00-\u9fffA-Za-z0-9]{2,12})",
                 gate=holding("名字是", "叫", "称为", "名为"))
_GIVEN_EN = lazy(r"\b(?:called|named)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})", gate=holding("called", "named"))


def _full_names_zh(rest: str) -> set[str]:
    """The full names that may open ``rest``, the text after a relation word (我妹妹林兰下个月… → 林兰下…):
    a common surname (:data:`_SURNAMES`) and one or two characters, every reading — the caller keeps one
    only when the question holds it. A two-character reading that is a dictionary word (周末, 高兴) is
    no name; a three-character one (王建国) is taken as written."""
    from memcli.read.tokens import is_dict_word

    if not rest or rest[0] not in _SURNAMES:
        return set()
    out = set()
    for n in (2, 3):
        cand = rest[:n]
        if len(cand) == n and all("\u4e00" <= c <= "\u9fff" for c in cand) and (n == 3 or not is_dict_word(cand)):
            out.add(cand)
    return out


#: characters that, after a surname character, make no name (刘也…, 王说…): a word of the sentence goes on
_NOT_GIVEN = frozenset("的了也又就在是说和跟去来都还不没要会把给被让对向从到着过们这那")


def opens_with_name_zh(rest: str) -> bool:
    """Whether ``rest``, the text right after a relation word, opens with a person's name: a nickname (小陈,
    老王, 阿杰) or a common surname and a character with which it makes no dictionary word nor a word of the
    sentence (我跟老伴儿刘桂芳两个人住, 我妹妹林兰下个月…; not 我妈白天上班: 白天 is a word, nor 我爸也…).
    Round 32: the apposition a name question is answered by."""
    if _ZH_NAME.match(rest):
        return True
    from memcli.read.tokens import is_dict_word

    return (len(rest) >= 2 and rest[0] in _SURNAMES and "\u4e00" <= rest[1] <= "\u9fff" and rest[1] not in _NOT_GIVEN
            and not is_dict_word(rest[:2]))


def names_given(text: str, question: str) -> set[str]:
    """Names ``text`` gives a thing or a person of the user's (那个公园叫翠湖公园 → 翠湖公园; "a café
    called Blue Door") that ``question`` names too, casefolded. A Chinese name is the longest run of
    3+ characters after 叫/名叫/名字是… that the question holds (a name has no end mark in Chinese), or a run of
    two that ends there (叫豆豆, 叫陈伟。); an
    English one the capitalised words after called/named. A name the user gave makes a question that
    names it a question about the user's thing, not the world ("I climbed Mount Rainier" gives no name:
    "How tall is Mount Rainier?" stays a question about the world)."""
    from memcli.read.tokens import has_word

    low = question.casefold()
    out: set[str] = set()
    for m in _GIVEN_ZH.finditer(text):
        run = m.group(1)
        # a run of two ends at a mark or the text's end (叫豆豆, 我老公叫陈伟。): the whole name, not a prefix
        for end in range(len(run), 1 if len(run) == 2 else 2, -1):
            if run[:end].casefold() in low:
                out.add(run[:end].casefold())
                break
    for m in _GIVEN_EN.finditer(text):
        words = m.group(1).split()
        for end in range(len(words), 0, -1):
            name = " ".join(words[:end]).casefold()
            if len(name) > 2 and has_word(low, name):  # round 32: a whole name, not a piece of a word
                out.add(name)
                break
    return out


#: occupation words (a gazetteer written for memcli; no word that also names a taste: 歌手, 作家)
OCCUPATIONS = (
    "工人 律师 医生 护士 老师 教师 工程师 程序员 会计 设计师 厨师 司机 警察 消防员 军人 农民 公务员 销售 记者 "
    "编辑 演员 建筑师 药剂师 牙医 兽医 飞行员 空姐 保安 快递员 服务员 教授 研究员 科学家 翻译 "
    "电工 木匠 技师 理发师 律师助理 会计师 审计 医药代表 护工 保姆 育儿嫂 店长 售货员 导游 主播 客服 前台 精算师",
    "worker, lawyer, attorney, doctor, nurse, teacher, engineer, programmer, developer, accountant, designer, chef, "
    "driver, police officer, firefighter, soldier, farmer, civil servant, salesperson, journalist, editor, actor, "
    "architect, pharmacist, dentist, vet, veterinarian, pilot, professor, researcher, scientist, translator, "
    "electrician, plumber, carpenter, mechanic, librarian, paramedic, pediatrician, surgeon, therapist, "
    "physiotherapist, consultant, banker, cashier, hygienist, midwife, paralegal, barista, waiter, "
    "waitress, bartender, cleaner, receptionist, tutor, analyst")


@lru_cache(maxsize=1)
def _occupation_pattern() -> re.Pattern[str]:
    zh, en = OCCUPATIONS
    words = sorted({*zh.split(), *(w.strip() for w in en.split(",") if w.strip())}, key=len, reverse=True)
    return re.compile("|".join(rf"\b{re.escape(w)}s?\b" if w.isascii() else re.escape(w) for w in words),
                      re.IGNORECASE)


def names_occupation(statement: str) -> bool:
    """The statement names an occupation (:data:`OCCUPATIONS`): 铁路工人, "a firefighter"."""
    return bool(_occupation_pattern().search(statement))


@lru_cache(maxsize=4096)
def _statement_attrs(statement: str) -> tuple[str, ...]:
    from memcli.slot_query import query_slots
    from memcli.slots import split_slot

    return tuple(split_slot(k)[1] for k in query_slots(statement))


def said_attrs(statement: str) -> frozenset[str]:
    """Every attribute a statement names, whatever slot its memory got (its clauses read as a question's:
    :func:`memcli.slot_query.query_slots`; "… and his birthday is on June 3rd" → birthday; 不太能吃咸了 → allergy,
    the ability to eat something); a calling by others names the nickname (round 47: "my friends call me Mags")."""
    from memcli.slot_query import CALLED_BY_OTHERS

    return frozenset(_statement_attrs(statement)) | ({"nickname"} if CALLED_BY_OTHERS.search(statement) else
                                                     frozenset())


def hit_attribute(hit_slot: str, statement: str, specific: frozenset[str]) -> str:
    """The attribute of a hit: its slot's, or for a generic slot the first ``specific`` one its
    statement names (see the module doc); the generic one when it names none."""
    from memcli.slots import CATCH_ALL_ATTRIBUTES, attribute, split_slot

    have = split_slot(hit_slot)[1]
    if have in CATCH_ALL_ATTRIBUTES or attribute(have) is None:
        read = [a for a in _statement_attrs(statement) if a in specific]
        if not read and "job" in specific and names_occupation(statement):
            return "job"
        return read[0] if read else have
    return have


#: a person named as the subject of an English question: "does Sam …", "is Dev …", "Sam's …",
#: "Sam lives/works/is …" at the start (not a place after from/in: "the colleague from Bristol")
_EN_NAMED = (lazy(r"\b(?:does|do|did|is|was|has|will|can|about)\s+([A-Z][a-z]{2,})\b(?!')"),
             lazy(r"\b([A-Z][a-z]{2,})'s\b"),
             lazy(r"^([A-Z][a-z]{2,})\s+(?:is|was|has|does|did|lives|works|likes)\b"))
#: a Chinese nickname opening the question sentence (老王住在哪里, 小陈对什么过敏, 阿杰是哪里人): 小/老 + a
#: common surname (the hundred most frequent), or 小/老/阿 + a character making no dictionary word
_SURNAMES = ZH_SURNAMES
_ZH_NAMED = lazy(r"^[小老阿][\u4e00-\u9fff]")
#: a question comparing or joining two people (和/与/跟/还是/比, and/or/than) names more than one subject
_TWO_PEOPLE = lazy(r"[和与跟比]|还是|\b(?:and|or|than|both|either)\b", re.IGNORECASE)


def named_subject(sentence: str) -> str | None:
    """The person a question names as its subject by a name, case-folded (老王住在哪里 → 老王,
    "where does Sam live" → sam), None when it names none. Only a nickname opening a Chinese
    question sentence (not 老师, 小时, 阿姨: a dictionary word whose second character is no common
    surname), or an English name of 3+ letters after an auxiliary verb or with 's; None for a question
    that joins or compares (和, 比, and, than: 老王和小李谁大 asks of two people); a question naming
    the user (我, I/my) is the caller's to rule out. ``sentence``: the question sentence
    (:func:`memcli.slot_query.question_focus`)."""
    s = sentence.strip().lstrip("\"'“‘「").replace("’", "'")
    if _TWO_PEOPLE.search(s):  # 老王和小李谁大, "is Sam older than Kim": two subjects, neither the only one
        return None
    nick = nickname_kin_zh(s[:2])  # round 48: 陈姐全名叫什么, 刘哥是谁: a person so called, no sister or brother
    if nick:
        return nick[0]
    m = _ZH_NAMED.match(s)
    if m:
        from memcli.read.tokens import is_dict_word

        nick = m.group(0)
        return nick if (nick[0] != "阿" and nick[1] in _SURNAMES) or not is_dict_word(nick) else None
    for rx in _EN_NAMED:
        for m in rx.finditer(s):
            if m.group(1).casefold() not in STOPWORDS:
                return m.group(1).casefold()
    return None


def asked_name(question: str, query_slots: Sequence[str]) -> str | None:
    """:func:`named_subject` of a question that names neither the user (我, I/my:
    :func:`asks_me`) nor a relation (its slots' or its words'); else None.
    ``question``: simplified Chinese or other text."""
    from memcli.read.kin import question_relation
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE, split_slot

    if question_relation(question) or asks_me(question) or query_subject(question) not in (ME, SOMEONE):
        return None
    if any(split_slot(k)[0] not in (ME, SOMEONE) for k in query_slots):
        return None
    from memcli.slot_query import question_focus

    return named_subject(question_focus(question))
