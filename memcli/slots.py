"""The slot vocabulary, shared by the write path (extraction, decisions) and the read path
(query-side slot detection: :mod:`memcli.slot_query`): who a fact is about and which attribute it sets.

A **slot** is ``[subject.]attribute[.object]``:

- *subject*: omitted for the user (``residence``); a normalised relation key
  (``mother.birthday``, ``maternal_aunt.height``, ``wife.elder_brother.workplace``); a named
  person (``person:赵敏.birthday``); a thing the user owns or uses (``thing:跑鞋.is``);
- *attribute*: an English name from :data:`ATTRIBUTES` (``name``, ``residence``, ``job``…);
- *object*: only for **keyed** attributes, where one subject holds many values side by
  side (``like.川菜``, ``allergy.peanut``, ``owns.dog``); a **functional** attribute holds
  one value at a time (``residence``, ``birthday``), so another value is a contradiction.

Slot keys are English on purpose: their words are indexed for lexical search, so an
English question can find a Chinese memory (``mother.birthday`` → ``mother``, ``birthday``).

A leaf module: it imports nothing from memcli. Pure data and pure functions, no jieba.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memcli.relazy import lazy

__all__ = ["ATTRIBUTES", "Attribute", "CATCH_ALL_ATTRIBUTES", "EN_RELATIONS", "GENERAL_RELATIONS", "GROUP_RELATIONS",
           "PLURAL_RELATIONS", "ZH_RELATIONS", "ZH_RELATION_RE", "attribute", "gender_fits", "is_functional",
           "same_relation", "relation_en", "relation_zh", "slot_attribute", "slot_subject", "split_slot"]

ME = "me"


@dataclass(frozen=True)
class Attribute:
    """One attribute: its memory kind, whether it holds one value at a time, its trigger words.

    ``zh_nouns``/``en_nouns``: nouns that name the attribute (生日, birthday);
    ``zh_verbs``/``en_verbs``: predicates that set it (住在, live in). ``query``: extra words
    that ask about it (哪里住 is covered by 住; "where … live" by live).
    """

    name: str
    kind: str
    functional: bool
    zh_nouns: tuple[str, ...] = ()
    zh_verbs: tuple[str, ...] = ()
    en_nouns: tuple[str, ...] = ()
    en_verbs: tuple[str, ...] = ()
    query: tuple[str, ...] = ()


def _A(name: str, kind: str, functional: bool, zh_nouns: str = "", zh_verbs: str = "", en_nouns: str = "",
       en_verbs: str = "", query: str = "") -> Attribute:
    def split(words: str) -> tuple[str, ...]:
        return tuple(w for w in words.split("|") if w)

    return Attribute(name, kind, functional, split(zh_nouns), split(zh_verbs), split(en_nouns), split(en_verbs),
                     split(query))


#: every attribute the rules set; the order is the order query detection tries them in
ATTRIBUTES: dict[str, Attribute] = {a.name: a for a in (
    _A("name", "identity", True, zh_nouns="名字|姓名|全名|大名", zh_verbs="叫|名叫|叫做|姓",
       en_nouns="name|full name", en_verbs="called|named|goes by|go by",
       query="叫什么|what's my name"),
    # round 46: a nickname is no name (one may have several; a new one ends neither the name nor another nickname);
    # round 47: a relative's English name is one more name they go by (我妹妹英文名叫Lily: not her Chinese name's end)
    _A("nickname", "identity", False, zh_nouns="外号|小名|昵称|绰号|乳名|花名|英文名",
       en_nouns="nickname|nick name|pet name",
       query="外号|小名|昵称|绰号|nickname"),
    _A("age", "identity", True, zh_nouns="年龄|年纪|岁数", zh_verbs="岁", en_nouns="age",
       en_verbs="years old|year old|aged", query="多大|几岁|how old"),
    _A("height", "identity", True, zh_nouns="身高|个子|个头", zh_verbs="米|厘米|公分", en_nouns="height",
       en_verbs="tall", query="多高|how tall"),
    _A("weight", "identity", True, zh_nouns="体重", zh_verbs="斤|公斤|千克", en_nouns="weight",
       en_verbs="weigh|weighs|kg|pounds", query="多重"),
    _A("birthday", "identity", True, zh_nouns="生日|出生日期|生辰", zh_verbs="出生于|生于",
       en_nouns="birthday|date of birth", en_verbs="born on", query="哪天生日|when is my birthday"),
    _A("hometown", "identity", True, zh_nouns="老家|家乡|故乡|籍贯|出生地|祖籍", zh_verbs="来自|出生在|生在|长大",
       en_nouns="hometown|home town|birthplace",
       en_verbs="am from|is from|are from|come from|comes from|grew up in|was born in|were born in",
       query="哪里人|哪儿人|哪里的人|哪儿的人|哪的人|什么地方的人|什么地方人|老家在哪|"
             "where am i from|where do i come from"),
    _A("residence", "identity", True, zh_nouns="住址|地址|住处", zh_verbs="住在|住|家在|搬到|搬去|搬家到|生活在|定居",
       en_nouns="address|home",
       en_verbs="live in|lives in|living in|moved to|moves to|relocated to|reside in|resides in|live at|lives at",
       query="住哪|住在哪|where do i live|where i live"),
    _A("workplace", "identity", True, zh_nouns="单位|公司|工作单位", zh_verbs="上班|工作|任职|就职|供职|实习",
       en_nouns="workplace|employer|company",
       en_verbs="work at|works at|work for|works for|employed by|working at|working for|intern at",
       query="在哪上班|在哪工作|在哪儿上班|在哪里上班|在哪里工作|在哪儿工作|工作地|工作地点|上班的地方|"
             "where do i work|who do i work for|work"),
    _A("department", "identity", True, zh_nouns="部门|科室", query="哪个部门|什么部门|哪个科室|哪个部|什么科室"),
    _A("job", "identity", True, zh_nouns="职业|工作|职位|职务|岗位|行业|身份", zh_verbs="当|做|干|担任",
       en_nouns="job|occupation|profession|position|role",
       en_verbs="work as|works as|working as",
       query="做什么工作|干什么工作|做什么的|干什么的|是干什么|是做什么|干哪行|做哪行|什么工作|what's my job"),
    _A("education", "identity", True, zh_nouns="学历|文凭|学位|专业|母校|教育背景|教育程度|文化程度",
       zh_verbs="毕业于|毕业|读到|读的是|学的是|在读",
       en_nouns="degree|major|education",
       en_verbs="graduated from|graduated in|studied|studies|majored in|major in",
       query="什么学历|哪毕业|what did i study"),
    _A("school", "identity", True, zh_nouns="学校|大学|中学|小学|幼儿园", zh_verbs="上学|读书|念书|上大学",
       en_nouns="school|university|college",
       en_verbs="goes to|attends|study at|studies at", query="在哪上学|which school"),
    _A("phone", "identity", True, zh_nouns="电话|手机号|手机号码|电话号码|号码|联系电话|联系方式",
       en_nouns="phone|phone number|number", query="电话多少|phone number"),
    _A("email", "identity", True, zh_nouns="邮箱|电子邮件|邮件地址|邮箱地址|电子邮箱",
       en_nouns="email|e-mail|email address"),
    _A("blood_type", "health", True, zh_nouns="血型", en_nouns="blood type"),
    _A("zodiac", "identity", True, zh_nouns="星座|属相", zh_verbs="属", en_nouns="star sign|zodiac sign|zodiac"),
    _A("diet", "preference", True, zh_nouns="饮食", zh_verbs="吃素|素食", en_nouns="diet",
       en_verbs="vegetarian|vegan|pescatarian"),
    _A("allergy", "health", False, zh_verbs="过敏", en_nouns="allergy", en_verbs="allergic to",
       query="对什么过敏|allergic|能吃|能不能吃|可以吃|能喝|能不能喝|可以喝|can i eat|can i have|can i drink"),
    _A("like", "preference", False, zh_nouns="爱好|兴趣", zh_verbs="喜欢|爱|热爱|喜爱|偏爱|迷|讨厌|厌恶|受不了|怕",
       en_nouns="hobby|favourite",
       en_verbs="like|likes|love|loves|enjoy|enjoys|prefer|prefers|hate|hates|dislike|dislikes|can't stand|"
                "is into|am into",
       query="喜欢什么|爱好|兴趣爱好|爱吃|爱喝|爱看|爱听|爱玩|what do i like|hobbies|interests"),
    _A("owns", "other", False, zh_verbs="有|养|养了|买了|领养",
       en_verbs="have|has|own|owns|bought|adopted", query="养了什么|宠物|pet"),
    _A("habit", "habit", False),
    _A("goal", "goal", False, en_nouns="goal|goals|dream|dreams|ambition|ambitions|aspiration|aspirations",
       query="what do i hope|what do i dream|what would i love|bucket list|my goals|my dreams"),  # round 48: hopes
    _A("favourite", "preference", True, zh_nouns="最喜欢的|最爱的", en_nouns="favorite|favourite"),
    _A("brand", "preference", True, zh_nouns="牌子|品牌", en_nouns="brand|make"),
    _A("is", "identity", False, zh_verbs="是", en_verbs="is|am|are"),
    _A("opinion", "preference", False),
    _A("event", "other", False),
    _A("fact", "other", False),
    _A("which", "other", True),
)}

#: Chinese relation words → normalised keys. Distinct people keep distinct keys (表哥 ≠ 表妹,
#: 舅舅 ≠ 叔叔): facts about different subjects never conflict. A word that means what an English one
#: means takes the English key (阿姨 / aunt → ``aunt``); a narrower one keeps its own, which
#: :data:`GENERAL_RELATIONS` links to the broader English key (舅舅 → ``maternal_uncle`` ⊂ ``uncle``).
ZH_RELATIONS: dict[str, str] = {
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "妈": "mother", "我妈": "mother", "娘": "mother",
    "爸爸": "father", "父亲": "father", "老爸": "father", "爸": "father", "爹": "father",
    "老婆": "wife", "妻子": "wife", "太太": "wife", "媳妇": "wife", "爱人": "spouse", "对象": "partner",
    "老公": "husband", "丈夫": "husband", "先生": "husband", "老伴": "spouse", "老伴儿": "spouse",
    "女儿": "daughter", "闺女": "daughter", "儿子": "son", "孩子": "child", "宝宝": "child", "小孩": "child",
    "哥哥": "elder_brother", "哥": "elder_brother", "弟弟": "younger_brother", "弟": "younger_brother",
    "姐姐": "elder_sister", "姐": "elder_sister", "妹妹": "younger_sister", "妹": "younger_sister",
    "爷爷": "paternal_grandfather", "奶奶": "paternal_grandmother", "外公": "maternal_grandfather",
    "外婆": "maternal_grandmother", "姥爷": "maternal_grandfather", "姥姥": "maternal_grandmother",
    "男朋友": "boyfriend", "女朋友": "girlfriend", "男友": "boyfriend", "女友": "girlfriend",
    "未婚夫": "fiance", "未婚妻": "fiancee",
    "舅舅": "maternal_uncle", "舅": "maternal_uncle", "舅妈": "maternal_uncle_wife",
    "叔叔": "paternal_uncle", "叔": "paternal_uncle", "婶婶": "paternal_uncle_wife", "婶": "paternal_uncle_wife",
    "伯伯": "paternal_elder_uncle", "伯父": "paternal_elder_uncle", "大伯": "paternal_elder_uncle",
    "伯母": "paternal_elder_uncle_wife", "姑姑": "paternal_aunt", "姑妈": "paternal_aunt",
    "姑父": "paternal_aunt_husband",
    "姨妈": "maternal_aunt", "小姨": "maternal_aunt", "大姨": "maternal_aunt_elder", "姨": "maternal_aunt",
    "姨夫": "maternal_aunt_husband", "阿姨": "aunt",
    "表哥": "cousin_elder_male", "表姐": "cousin_elder_female", "表弟": "cousin_younger_male",
    "表妹": "cousin_younger_female", "堂哥": "paternal_cousin_elder_male", "堂姐": "paternal_cousin_elder_female",
    "堂弟": "paternal_cousin_younger_male", "堂妹": "paternal_cousin_younger_female",
    "公公": "father_in_law", "婆婆": "mother_in_law", "岳父": "father_in_law", "岳母": "mother_in_law",
    "丈母娘": "mother_in_law", "老丈人": "father_in_law", "儿媳": "daughter_in_law", "女婿": "son_in_law",
    "孙子": "grandson", "孙女": "granddaughter", "外孙": "grandson", "儿媳妇": "daughter_in_law",
    "外孙女": "granddaughter", "外甥": "nephew", "外甥女": "niece", "侄子": "nephew", "侄女": "niece",
    "领导": "boss", "上司": "boss", "老板": "boss", "主管": "boss", "经理": "manager", "上级": "boss",
    "同事": "colleague", "下属": "subordinate", "同学": "classmate", "室友": "roommate", "舍友": "roommate",
    "邻居": "neighbour", "朋友": "friend", "好朋友": "friend", "闺蜜": "best_friend", "死党": "best_friend",
    "好友": "friend", "哥们": "friend", "兄弟": "friend", "老师": "teacher", "导师": "advisor", "医生": "doctor",
    "班主任": "teacher",  # (round 48: 我儿子的班主任姓周 → son.teacher.name, as 我儿子的老师姓周)
    "教练": "coach", "师傅": "mentor", "前男友": "ex_boyfriend", "前女友": "ex_girlfriend", "前妻": "ex_wife",
    "前夫": "ex_husband", "家人": "family", "父母": "parents", "爸妈": "parents",
    "姐夫": "elder_sister_husband", "妹夫": "younger_sister_husband", "嫂子": "elder_brother_wife",
    "弟媳": "younger_brother_wife", "小舅子": "wife_younger_brother", "大舅子": "wife_elder_brother",
    "小姑子": "husband_younger_sister", "大姑姐": "husband_elder_sister", "小姨子": "wife_younger_sister",
    "大姨子": "wife_elder_sister", "小叔子": "husband_younger_brother", "大伯子": "husband_elder_brother",
    "连襟": "wife_sister_husband",
    "妯娌": "husband_brother_wife", "继父": "stepfather", "继母": "stepmother", "干妈": "godmother",
    "干爸": "godfather", "发小": "childhood_friend", "老同学": "classmate", "大学同学": "classmate",
    "高中同学": "classmate", "初中同学": "classmate", "实习生": "intern", "合伙人": "business_partner",
    "客户": "client", "房东": "landlord", "保姆": "housekeeper", "搭档": "partner_at_work", "队友": "teammate",
    "CEO": "ceo", "总监": "director", "组长": "team_lead", "部门经理": "manager"
}

#: English relation words → the same keys where the language is as precise (cousin stays cousin)
EN_RELATIONS: dict[str, str] = {
    "mother": "mother", "mom": "mother", "mum": "mother", "mommy": "mother", "mama": "mother", "ma": "mother",
    "father": "father", "dad": "father", "daddy": "father", "papa": "father", "wife": "wife", "husband": "husband",
    "spouse": "spouse", "partner": "partner", "daughter": "daughter", "son": "son", "kid": "child", "child": "child",
    "baby": "child", "brother": "brother", "sister": "sister", "older brother": "elder_brother",
    "big brother": "elder_brother", "elder brother": "elder_brother", "younger brother": "younger_brother",
    "little brother": "younger_brother", "older sister": "elder_sister", "big sister": "elder_sister",
    "elder sister": "elder_sister", "younger sister": "younger_sister", "little sister": "younger_sister",
    "grandfather": "grandfather", "grandpa": "grandfather", "granddad": "grandfather", "grandmother": "grandmother",
    "grandma": "grandmother", "granny": "grandmother", "boyfriend": "boyfriend", "girlfriend": "girlfriend",
    "fiance": "fiance", "fiancé": "fiance", "fiancee": "fiancee", "fiancée": "fiancee", "aunt": "aunt",
    "auntie": "aunt", "uncle": "uncle", "cousin": "cousin", "nephew": "nephew", "niece": "niece",
    "grandson": "grandson", "granddaughter": "granddaughter", "mother-in-law": "mother_in_law",
    "father-in-law": "father_in_law", "brother-in-law": "brother_in_law", "sister-in-law": "sister_in_law",
    "son-in-law": "son_in_law", "daughter-in-law": "daughter_in_law", "stepmother": "stepmother",
    "stepfather": "stepfather", "stepmom": "stepmother", "stepdad": "stepfather", "boss": "boss",
    "manager": "manager", "supervisor": "boss", "colleague": "colleague", "coworker": "colleague",
    "co-worker": "colleague", "classmate": "classmate", "roommate": "roommate", "flatmate": "roommate",
    "housemate": "roommate", "neighbor": "neighbour", "neighbour": "neighbour", "friend": "friend",
    "best friend": "best_friend", "bestie": "best_friend", "teacher": "teacher", "advisor": "advisor",
    "doctor": "doctor", "therapist": "therapist", "coach": "coach", "mentor": "mentor", "landlord": "landlord",
    "ex": "ex", "ex-wife": "ex_wife", "ex-husband": "ex_husband", "ex-boyfriend": "ex_boyfriend",
    "ex-girlfriend": "ex_girlfriend", "parents": "parents", "family": "family", "twin": "twin",
    "twin brother": "twin_brother", "twin sister": "twin_sister", "ceo": "ceo", "intern": "intern",
    "teammate": "teammate", "client": "client", "housekeeper": "housekeeper", "nanny": "nanny", "landlady": "landlord",
    "childhood friend": "childhood_friend", "college friend": "friend", "college roommate": "roommate",
    "team lead": "team_lead", "grandparents": "grandparents", "in-laws": "in_laws",
    "stepson": "stepson", "stepdaughter": "stepdaughter", "godmother": "godmother", "godfather": "godfather",
}

#: relations a user typically has several of: a functional attribute of "my friend" with
#: another value may be another friend, so the decision does not call it a contradiction
#: (kin are read as one person: "my sister" is the sister the user keeps talking about)
PLURAL_RELATIONS: frozenset[str] = frozenset(
    "colleague classmate roommate neighbour friend teacher doctor coach mentor subordinate family parents "
    "auntie childhood_friend intern client teammate grandparents in_laws".split())
#: relation keys that name a group (家人, parents): any relative's fact may answer a question about it
GROUP_RELATIONS: frozenset[str] = frozenset({"family", "parents", "grandparents", "in_laws"})

ZH_RELATION_RE = re.compile("|".join(sorted(map(re.escape, ZH_RELATIONS), key=len, reverse=True)))  # longest first
_EN_REL_ALT = "|".join(sorted(map(re.escape, EN_RELATIONS), key=len, reverse=True))
EN_MY_RELATION_RE = re.compile(r"\bmy (" + _EN_REL_ALT + r")s?(?:'s)?\b")  # "my mom", "my brothers'"
EN_REL_OF_RE = re.compile(r" (" + _EN_REL_ALT + r")\b")  # "my sister's husband": the relation after 's


#: a general relation key → the specific keys it may name (爱人/spouse is the wife or the husband;
#: "my brother" the elder or the younger one; "my cousin" any 表/堂 cousin). Two specific keys of
#: one general key are still two people (哥哥 / 弟弟).
GENERAL_RELATIONS: dict[str, frozenset[str]] = {
    "spouse": frozenset({"wife", "husband", "partner"}),
    "partner": frozenset({"wife", "husband", "spouse", "boyfriend", "girlfriend", "fiance", "fiancee"}),
    "brother": frozenset({"elder_brother", "younger_brother", "twin_brother"}),
    "sister": frozenset({"elder_sister", "younger_sister", "twin_sister"}),
    "twin": frozenset({"twin_brother", "twin_sister"}),
    "child": frozenset({"son", "daughter", "stepson", "stepdaughter"}),
    "cousin": frozenset({"cousin_elder_female", "cousin_elder_male", "cousin_younger_female", "cousin_younger_male",
                         "paternal_cousin_elder_female", "paternal_cousin_elder_male",
                         "paternal_cousin_younger_female", "paternal_cousin_younger_male"}),
    # an aunt or uncle by blood or by marriage (舅妈, 姑父): English has one word for each
    "aunt": frozenset({"maternal_aunt", "maternal_aunt_elder", "paternal_aunt", "auntie", "maternal_uncle_wife",
                       "paternal_uncle_wife", "paternal_elder_uncle_wife"}),
    "uncle": frozenset({"maternal_uncle", "paternal_uncle", "paternal_elder_uncle", "maternal_aunt_husband",
                        "paternal_aunt_husband"}),
    "brother_in_law": frozenset({"elder_sister_husband", "younger_sister_husband", "wife_elder_brother",
                                 "wife_younger_brother", "husband_elder_brother", "husband_younger_brother"}),
    "sister_in_law": frozenset({"elder_brother_wife", "younger_brother_wife", "husband_elder_sister",
                                "husband_younger_sister", "wife_elder_sister", "wife_younger_sister"}),
    "ex": frozenset({"ex_wife", "ex_husband", "ex_boyfriend", "ex_girlfriend"}),
    "boss": frozenset({"manager", "team_lead", "director"}),  # 我领导 / my manager: maybe one person
    "grandmother": frozenset({"maternal_grandmother", "paternal_grandmother"}),
    "grandfather": frozenset({"maternal_grandfather", "paternal_grandfather"}),
}


def same_relation(a: str, b: str) -> bool:
    """``a`` and ``b`` (relation keys) may name the same person: equal, or one is the general
    key of the other (spouse / wife, brother / elder_brother)."""
    return a == b or b in GENERAL_RELATIONS.get(a, ()) or a in GENERAL_RELATIONS.get(b, ())


def relation_zh(word: str) -> str | None:
    """The key of a Chinese relation word (小姨 → maternal_aunt), or None."""
    return ZH_RELATIONS.get(word)


def relation_en(words: str) -> str | None:
    """The key of an English relation phrase ("older sister" → elder_sister, "moms" → mother)."""
    w = words.casefold().strip()
    return EN_RELATIONS.get(w) or (EN_RELATIONS.get(w[:-1]) if w.endswith("s") else None)


def attribute(name: str) -> Attribute | None:
    """The attribute called ``name`` (the middle part of a slot), or None."""
    return ATTRIBUTES.get(name)


def slot_attribute(slot: str | None) -> Attribute | None:
    """The known attribute a slot key names (``mother.birthday`` → birthday), None for none or no slot."""
    return ATTRIBUTES.get(split_slot(slot)[1]) if slot else None


@lru_cache(maxsize=8192)
def split_slot(slot: str) -> tuple[str, str, str | None]:
    """``(subject, attribute, object)`` of a slot key: ``mother.birthday`` → (mother, birthday,
    None); ``like.川菜`` → (me, like, 川菜); ``wife.elder_brother.job`` → (wife.elder_brother, job, None)."""
    parts = slot.split(".")
    for i, p in enumerate(parts):
        if p in ATTRIBUTES:
            subject = ".".join(parts[:i]) or ME
            obj = ".".join(parts[i + 1:]) or None
            return subject, p, obj
    return (".".join(parts[:-1]) or ME), parts[-1], None


def join_slot(subject: str, attr: str) -> str:
    """The slot key of ``attr`` of ``subject``, :func:`split_slot`'s inverse: (me, workplace) →
    ``workplace``; (mother, workplace) → ``mother.workplace``; (me, like.川菜) → ``like.川菜``."""
    return attr if subject == ME else f"{subject}.{attr}"


_FEMALE = lazy(r"(?:step|god|grand|great)?(?:mother|sister|wife|daughter|girlfriend|aunt|auntie|niece|female)")
_MALE = lazy(r"(?:step|god|grand|great)?(?:father|brother|husband|son|boyfriend|uncle|nephew|male)")


def gender_fits(subject: str, female: bool) -> bool:
    """Whether 她/she (``female``) or 他/he may stand for ``subject`` (a relation key or ``person:…``):
    false only when the relation names the other gender (she → ``brother``, ``elder_sister_husband``)."""
    words = [w for w in subject.rsplit(".", 1)[-1].split("_") if w not in ("in", "law", "elder", "younger", "ex")]
    last = words[-1] if words else ""
    return not (_MALE.fullmatch(last) if female else _FEMALE.fullmatch(last))


def slot_subject(slot: str | None) -> str:
    """Whom a slot is about (``me`` for the user's own attributes)."""
    return split_slot(slot)[0] if slot else ME


@lru_cache(maxsize=8192)
def is_functional(slot: str) -> bool:
    """True when the slot holds one value at a time for one definite subject, so that another
    value contradicts it. False for keyed attributes (like.X), unknown attributes and
    attributes of a relation the user has several of (my friend, my colleague)."""
    subject, attr, obj = split_slot(slot)
    a = ATTRIBUTES.get(attr)
    if a is None or not a.functional:
        return False
    last = subject.rsplit(".", 1)[-1]
    return last not in PLURAL_RELATIONS


#: attributes that name no attribute of their own: a verb or a catch-all read as the slot's attribute
CATCH_ALL_ATTRIBUTES = frozenset({"is", "opinion", "event", "habit", "owns", "fact", "which"})

#: the subject of a question about someone named by another fact (那个来自重庆的人叫什么, "the person
#: from Chicago"): its keys (``someone.name``) match no stored slot; subject expansion uses the attribute
SOMEONE = "someone"
