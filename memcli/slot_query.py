"""The question side of the slot vocabulary (:mod:`memcli.slots`): which sentence of a message asks
(:func:`question_focus`), whom a question is about (:func:`query_subject`) and which slots it asks
(:func:`query_slots`). Read by the read path and by the write path's question checks.

A leaf beside :mod:`memcli.slots`: it imports only the vocabulary. Pure data and pure functions, no jieba.
"""

from __future__ import annotations

import re

from memcli.owned_name import owned_name
from memcli.relazy import lazy
from memcli.slots import (
    ATTRIBUTES,
    CATCH_ALL_ATTRIBUTES,
    EN_MY_RELATION_RE,
    EN_REL_OF_RE,
    ME,
    SOMEONE,
    ZH_RELATION_RE,
    ZH_RELATIONS,
    Attribute,
    relation_en,
)

__all__ = ["CALLED_BY_OTHERS", "ZH_SURNAMES", "nickname_kin_zh", "question_focus", "query_slots", "query_subject"]

_SKIP_QUERY = CATCH_ALL_ATTRIBUTES


def _query_words(a: Attribute) -> list[str]:
    return [w for w in (*a.query, *a.zh_nouns, *a.en_nouns) if w]


_SENTENCE_END = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.!?] )")
_CLAUSE = lazy(r"[，,、：:]")
#: a clause that only leads into the question of a long message (对了, 顺便问一下, "by the way", "quick question")
_LEAD_IN = lazy(r"(?:哦|噢|嗯|哎|唉|好吧|所以|那么|另外|还有|总之)?(?:对了|对啦|话说回来|话说|顺便|顺带|请问)?"
                r"(?:我)?(?:想|就想)?(?:问一下|问问|问一句|问你个问题|问个问题|问下|请教一下)?(?:啊|呀|哈)?"
                r"|(?:oh|so|well|ok|okay|also|anyway|anyways|btw|by the way|and|one more thing|quick question|"
                r"random question|just wondering|i was wondering|i wanted to ask|question)(?: (?:oh|so|well|also|"
                r"anyway|by the way|quick question))*")


def question_focus(text: str) -> str:
    """The sentence a long message asks its question in: the last one ending in ？/?, else the
    whole text. Chatter before it (天气…朋友推荐的咖啡馆…) names relations and attributes the
    question is not about."""
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]
    if len(parts) < 2:
        return text
    asked = [p for p in parts if p.endswith(("?", "？"))]
    if not asked:
        return text
    clauses = _CLAUSE.split(asked[-1])  # 对了，我想问一下，X？ → X？ (a lead-in says nothing the question asks)
    lead = 0
    while lead < len(clauses) - 1 and _LEAD_IN.fullmatch(clauses[lead].strip().casefold()):
        lead += 1
    return asked[-1][sum(len(c) + 1 for c in clauses[:lead]):].strip() if lead else asked[-1]


def _someone(t: str) -> bool:
    """A clause describes a third person (那个…的人, the person who…) without naming the user."""
    return any(_THIRD_PERSON.search(c) and not _FIRST_PERSON.search(c) for c in _CLAUSE.split(t))


def query_subject(text: str) -> str:
    """Whom a question is about: a relation key (我爸爸… → ``father``, "my boss" → ``boss``), or
    ``me`` when it names no relation; read in :func:`question_focus`. Traditional Chinese must be
    simplified by the caller."""
    return _subject_of_query(question_focus(text))


#: (round 47) what someone calls the user: the user's name or nickname, whoever calls them so ("What do my friends
#: call me?", "What does everyone call me?")
_CALLS_ME = re.compile(r"\bwhat (?:do|does|did|would|will|should) (?:[a-z']+ ){0,4}?call(?:s|ed)? me\b")
#: (round 47) the user called so by others, told ("my friends call me Mags", "I'm Kat, but everyone calls me Kit", "I
#: go by Kit", 大家都叫我小红): the user's, a nickname told
CALLED_BY_OTHERS = re.compile(r"\b(?:everyone|everybody|people|friends|they|family|folks|[a-z]+s) (?:all |usually |"
                              r"just )?calls? me\b|\bi go by\b|"
                              r"(?:大家|朋友们?|别人|他们|同事们?|家里人)(?:都|一般)?(?:叫|喊)我", re.I)


#: the hundred most frequent Chinese surnames (a nickname's first character: 老王, 小陈, 陈姐, 刘哥)
ZH_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
               "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
#: round 48: a surname and an elder sibling's word (陈姐, 刘哥, 王姐): what one calls a colleague or a neighbour, no
#: sister or brother of the user's (我姐, 表哥, 大姐 and 姐夫 are; 向/于 before 哥哥 are prepositions)
_NICK_KIN = lazy("(?<![我你他她的表堂亲大二三四老小])[" + ZH_SURNAMES.replace("向", "").replace("于", "")
                 + "](?:姐|哥)(?![姐哥夫们])")


def nickname_kin_zh(text: str) -> list[str]:
    """The nicknames of a surname and 姐/哥 in ``text`` (陈姐全名叫什么 → ["陈姐"]): a person named so, not a
    relative (the relation word 姐 alone is ``elder_sister``). Simplified Chinese."""
    return [m.group(0) for m in _NICK_KIN.finditer(text)] if "姐" in text or "哥" in text else []


def _subject_of_query(text: str) -> str:
    t = text.casefold()
    if _CALLS_ME.search(t) or CALLED_BY_OTHERS.search(t):
        return ME  # (my friends: who calls, not whom it is about)
    nicks = {m.start() + 1 for m in _NICK_KIN.finditer(text)} if "姐" in text or "哥" in text else set()
    m = next((m for m in ZH_RELATION_RE.finditer(text) if m.start() not in nicks), None)
    if m:
        return ZH_RELATIONS[m.group(0)]
    m = EN_MY_RELATION_RE.search(t)
    of = m and m.group(0).endswith("'s") and EN_REL_OF_RE.match(t, m.end())  # my sister's husband: sister.husband
    return ".".join(filter(None, (relation_en(m.group(1)), of and relation_en(of.group(1))))) or ME if m else ME


#: one-letter predicates that set an attribute but, in a question, mostly ask about something
#: else (我周日做什么运动 is not about the job; 我周三晚上干嘛 neither): not query words
_NOT_QUERY_VERBS = frozenset({"当", "做", "干", "爱", "迷", "怕", "有", "是"})
#: "what does my brother do (now / these days)": the job, or what takes the days of someone not working — a school, a
#: study (round 43: "What does my daughter do?" of "My daughter Mia starts school in September"); "for a living" /
#: "for work" asks the job only
_WHAT_DO_ALL = r"\bwhat (?:do|does|did) [a-z' -]{1,40}? do(?: now| these days)?\s*[?.!]*\s*$"
_WHAT_DO = _WHAT_DO_ALL + (r"|\bwhat (?:do|does|did) [a-z' -]{1,40}? do for (?:a living|work|money)\b"
                           r"|\bdo for (?:a living|work)\b")
#: English question shapes whose attribute word is not in the question (what does my brother
#: *do* → job; where is my husband *from* → hometown; where does my sister *live* → residence)
_EN_QUERY_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), a) for p, a in (
    (_WHAT_DO, "job"),
    # what one does is a job or a study: a daughter starting school, a son at university (round 43)
    (_WHAT_DO_ALL, "school"), (_WHAT_DO_ALL, "education"),
    (r"\bwhere (?:(?:am|is|are|was|were) [^?]{1,40}? from|did [^?]{1,40}? grow up)\b", "hometown"),
    (r"\b(?:person|one|guy|woman|man|friend|relative|someone|who)\b[^?]{0,20}?\b(?:from|grew up in)\b", "hometown"),
    (r"\b(?:where|(?:which|what) [a-z]+) (?:do|does|did) [^?]{1,40}? live\b", "residence"),  # which street (r32)
    (r"\b(?:where|(?:which|what) [a-z]+) (?:have|has|had) [^?]{1,40}? lived\b", "residence"),  # over time (r41)
    (r"\bwhere (?:do|does|did|am|is|are|was|were) [^?]{1,40}? work(?:ing)?\b", "workplace"),
    (r"\b(?:where|(?:which|what) [a-z]+) (?:have|has|had) [^?]{1,40}? worked\b", "workplace"),
    (r"\b(?:which|what) (?:jobs|careers|occupations|professions)\b", "job"),
    (r"\bwhere (?:do|does|did|am|is|are|was|were) [^?]{1,40}? (?:study|studying|go(?:ing)? to school)\b", "school"),
    (r"\bhow old\b", "age"),
    (_CALLS_ME.pattern, "nickname"), (_CALLS_ME.pattern, "name"),  # (round 47) "What do my friends call me?"
    # what one does with the time work leaves (free time, for fun, weekends; 业余时间, 闲下来, 周末一般…干嘛):
    # the likings and hobbies, not the job that "what does X do" asks (not a past weekend: did, 上周末, 干什么了)
    (r"\bwhat (?:do|does) [^?]{1,40}?\b(?:do|get up to)\b[^?]{0,12}?\b(?:in (?:his|her|my|their|your|our|the) "
     r"(?:free|spare|leisure|down) ?time|for fun|to (?:relax|unwind)|on (?:the )?weekends?|at weekends?|after "
     r"(?:work|school)|in (?:the|his|her|my|their|your) evenings?)\b", "like"),
    # (round 47) "what is my son into (these days)?", "what are the kids interested in?": the likings
    (r"\bwhat (?:is|are|am|'s|'re) [^?]{1,40}? (?:into|interested in|obsessed with|passionate about)\b", "like"),
    (r"(?<![上这个])(?:业余|空闲|闲暇|闲下来|有空|没事|休息|下班后|放学后|周末)(?:时间|的?时候|时)?(?:一般|通常|平时|都|会|喜欢|爱)*"
     r"(?:干嘛|干什么|干啥|做什么|做啥|玩什么|玩啥|有什么(?:爱好|消遣))(?!了)", "like"),
))


_THIRD_PERSON = lazy(r"那个[^？?]{0,40}?(?:的人|的那位|的那个)|那位|哪位|是谁|"
                     r"\b(?:the|that) (?:person|one|guy|woman|man|friend|relative|colleague|coworker)\b|"
                     r"\bsomeone\b|\bwho (?:is|was)\b")
_FIRST_PERSON = lazy(r"我|\b(?:i|my|me|i'm|mine)\b")
#: "Who is my wife?", 我爱人是谁: a relative asked by who they are, which their name answers (round 41)
_WHO_IS = re.compile(r"^\s*who(?:'s| is| was)\b|是谁\s*[?？]*\s*$")


def query_slots(text: str) -> list[str]:
    """Slot keys a question asks about, best first (``我住在哪`` → ``["residence"]``,
    "When is my mom's birthday?" → ``["mother.birthday"]``, 我对什么过敏 → ``["allergy"]``).

    Keyed attributes come back without an object (``allergy``, ``like``): match stored slots
    by prefix. A question about someone named by another fact, not by a relation (那个来自重庆的人
    叫什么名字, "the person from Chicago") gets the subject :data:`SOMEONE`; the name of a thing of the user's
    ("What's my dog's name?") not ``name`` (:func:`memcli.owned_name.owned_name`). Empty when no attribute
    word is found; a relative asked with who is / 是谁 asks their ``name``. Substring matching (an English word's
    pattern compiled only when the word is asked)."""
    text = question_focus(text)
    t = " " + re.sub(r"\s+", " ", text.casefold().replace("’", "'")) + " "
    subject = _subject_of_query(text)
    if subject == ME and _someone(t):
        subject = SOMEONE  # 那个老家在九江的人叫什么 asks about someone named by a fact, not the user
    names: list[str] = [a for rx, a in _EN_QUERY_PATTERNS if rx.search(t)]  # the question's shape first
    if subject not in (ME, SOMEONE) and _WHO_IS.search(t):
        names.append("name")  # who is my wife → wife.name (a marriage told with a name is stored so: r. 41)
    hits: list[tuple[str, str]] = []
    for a in ATTRIBUTES.values():
        if a.name in _SKIP_QUERY or a.name in names:
            continue
        verbs = [v for v in a.zh_verbs if v not in _NOT_QUERY_VERBS]
        found = [w for w in _query_words(a) + verbs + [v for v in a.en_verbs if " " in v or len(v) > 4]
                 if w in t and (not w.isascii() or re.search(r"\b" + re.escape(w) + r"\b", t) is not None)]
        if found:
            hits.append((a.name, max(found, key=len)))  # the longest word found (邮箱地址, not 邮箱)
    # a word found only inside another attribute's longer word is not asked (地址 in 邮箱地址)
    names += [a for a, w in hits if not any(b != a and w in v and w != v and t.count(w) == t.count(v)
                                            for b, v in hits)]
    names = list(dict.fromkeys(names))
    return [f"{subject}.{n}" for n in names] if subject != ME else owned_name(t, names)  # (my dog's name)
