"""Offline extraction rules for Chinese first-person facts.

Recognised (each gives a :class:`~memcli.write.facts.Match` with kind and, where derivable,
a ``subject.attribute`` slot): preferences and dislikes (喜欢 / 不喜欢 / 讨厌 / 不加糖),
health (过敏), identity and attributes (我叫 / 我住在 / 我在…工作 / 我是…人 / 今年…岁),
relatives and their facts (我妈妈的生日是3月5号), habits (每天 / 经常 / 总是).

Not memories: questions (…吗？ 什么 / 怎么), calendar-like statements (明天下午三点开会:
memory is not a calendar source) and anything not in the first person (chatter).
"""

from __future__ import annotations

import re

from memcli.write.facts import Match

__all__ = ["extract_matches", "is_calendar", "is_question", "match_clause", "prepare", "subject_of"]

RELATIVES = {
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "妈": "mother", "爸爸": "father", "父亲": "father",
    "老爸": "father", "爸": "father", "老婆": "wife", "妻子": "wife", "太太": "wife", "老公": "husband",
    "丈夫": "husband", "女儿": "daughter", "儿子": "son", "哥哥": "elder_brother", "弟弟": "younger_brother",
    "姐姐": "elder_sister", "妹妹": "younger_sister", "爷爷": "grandfather", "奶奶": "grandmother",
    "外公": "maternal_grandfather", "外婆": "maternal_grandmother", "姥爷": "maternal_grandfather",
    "姥姥": "maternal_grandmother", "男朋友": "boyfriend", "女朋友": "girlfriend", "男友": "boyfriend",
    "女友": "girlfriend", "孩子": "child", "宝宝": "child", "室友": "roommate", "同事": "colleague",
    "老板": "boss", "闺蜜": "best_friend", "朋友": "friend", "舅舅": "uncle", "叔叔": "uncle", "伯伯": "uncle",
    "姑姑": "aunt", "阿姨": "aunt", "姨妈": "aunt", "舅妈": "aunt", "婶婶": "aunt", "表哥": "cousin",
    "表姐": "cousin", "表弟": "cousin", "表妹": "cousin", "堂哥": "cousin", "堂姐": "cousin", "堂弟": "cousin",
    "堂妹": "cousin", "公公": "father_in_law", "婆婆": "mother_in_law", "岳父": "father_in_law",
    "岳母": "mother_in_law",
}
_REL = "|".join(sorted(RELATIVES, key=len, reverse=True))
_TERMS = {"咖啡": "coffee", "茶": "tea", "奶茶": "milk_tea", "红茶": "tea", "绿茶": "tea", "糖": "sugar",
          "奶": "milk", "牛奶": "milk", "冰": "ice", "盐": "salt", "蜂蜜": "honey", "辣": "spicy"}

_FILLER = re.compile(r"^(?:嗯+|啊+|哦+|噢+|对了|其实|话说|说真的|老实说|顺便说一下|顺便说|告诉你|跟你说|我跟你说|你知道吗|另外|还有|而且)[，,、\s]*")  # noqa: E501
_ADVERBS = re.compile(r"现在|目前|最近|一直|已经|开始|其实|真的|确实|本来|平时")
_TAIL = re.compile(r"[了啊呀呢哦哈嘛吧的啦～~\s]+$")
_PRONOUN = re.compile(r"^(?:你|您|他|她|它|这个|那个|这|那|什么|谁)$")

_QUESTION = re.compile(r"[?？]\s*$|[吗呢]\s*[。.!！]?\s*$|什么|怎么|为什么|哪里|哪儿|哪个|谁|几点|多少|是不是|有没有|能不能|可不可以|要不要")  # noqa: E501
_REL_DAY = re.compile(r"明天|后天|大后天|今天|今晚|今早|明早|明晚|下周|下星期|下礼拜|下个?月|这周|本周|这个周末|"
                      r"[周星期礼拜](?:[一二三四五六日天])")
_CLOCK = re.compile(r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*[点:：](?:半|钟|\d{2}|[一二三四五]十)?|上午|下午|晚上\d|中午\d")  # noqa: E501
_EVENT = re.compile(r"开会|会议|约了|预约|面试|提醒|航班|飞机|火车|见面|聚会|截止|考试|上课|出差|看病|挂号|例会")

_HABIT = re.compile(r"每天|每周|每晚|每早|每个?周末|每年|每个月|经常|常常|总是|通常|一般都?|习惯|平时|天天|偶尔")


def prepare(text: str) -> str:
    """One clause ready to match: fillers and trailing punctuation removed."""
    t = _FILLER.sub("", text.strip())
    return re.sub(r"[。！!？?；;，,\s]+$", "", t).strip()


def is_question(sentence: str) -> bool:
    """A question, not a statement (…吗？ / 什么 / 怎么 / ends with ？)."""
    return bool(_QUESTION.search(sentence))


def is_calendar(sentence: str) -> bool:
    """Calendar-like: a relative day or weekday with a clock time or an event (明天下午三点开会)."""
    rel, clock, event = _REL_DAY.search(sentence), _CLOCK.search(sentence), _EVENT.search(sentence)
    return bool((rel and (clock or event)) or (clock and event))


def _obj(text: str) -> str | None:
    """Clean an object phrase; None when empty, a pronoun or implausibly long."""
    t = _TAIL.sub("", text).strip("，,。 ")
    if not t or _PRONOUN.match(t) or len(t) > 20:
        return None
    return t


def _m(stmt: str, kind: str, slot: str | None, value: str | None, sal: float, conf: float = 0.7) -> Match:
    return Match(statement=stmt, kind=kind, slot=slot, value=value, salience=sal, confidence=conf)


def _relative_fact(stmt: str, m: str) -> Match | None:
    r = re.match(rf"^(?:我的?|我们的?)?({_REL})(?:的)?(.*)$", m)
    if not r or not r.group(2):
        return None
    rel, rest = RELATIVES[r.group(1)], r.group(2)
    for pat, attr, kind in (
        (r"^生日(?:是|在)?(.+)$", "birthday", "relationship"),
        (r"^(?:的名字|名字)?(?:叫|名字是|名叫)(.+)$", "name", "relationship"),
        (r"^在(.+?)(?:工作|上班|任职)$", "workplace", "relationship"),
        (r"^(?:住在|住|家在|搬到了?|生活在)(.+?)(?:住|生活)?$", "residence", "relationship"),
        (r"^(?:从.+?)?(?:搬到了?|搬去了?)(.+)$", "residence", "relationship"),
        (r"^(?:的)?(?:工作|职业)是(.+)$", "occupation", "relationship"),
        (r"^是(?:一名|一个|一位|个)?(.+?(?:师|员|生|家|者|医生|护士|工程师|老板|经理|记者|作家|司机|厨师))$",
         "occupation", "relationship"),
        (r"^(?:对)?(.+?)过敏$", "allergy", "health"),
    ):
        x = re.match(pat, rest)
        if x and _obj(x.group(1)):
            val = _obj(x.group(1))
            slot = f"{rel}.{attr}" + (f".{val}" if attr == "allergy" else "")
            return _m(stmt, kind, slot, val, 0.8)
    x = re.match(r"^(?:很|非常|特别|最|超|也)?(?:不太|不怎么|不|从不|从来不)?(?:喜欢|爱|热爱|喜爱|讨厌|受不了)(?:吃|喝|看|听|玩)?(.+)$", rest)  # noqa: E501
    if x and _obj(x.group(1)):
        return _m(stmt, "relationship", f"{rel}.like.{_obj(x.group(1))}", _obj(x.group(1)), 0.7)
    x = re.match(r"^是(.+)$", rest)
    if x and _obj(x.group(1)):
        return _m(stmt, "relationship", f"{rel}.identity", _obj(x.group(1)), 0.7)
    return None


_REL_PREFIX = re.compile(rf"^(?:我的?|我们的?)?({_REL})")


def subject_of(text: str) -> str:
    """``me``, or the relative a statement is about (我老公… → husband)."""
    r = _REL_PREFIX.match(_ADVERBS.sub("", prepare(text)))
    return RELATIVES[r.group(1)] if r else "me"


def match_clause(clause: str) -> Match | None:
    """The fact one Chinese clause states, or None (not first person / not a fact)."""
    stmt = clause.strip()
    if not stmt:
        return None
    m = _ADVERBS.sub("", stmt)
    if _REL_PREFIX.match(m):  # about a relative: only the relative rules apply
        return _relative_fact(stmt, m)
    x = re.match(r"^我最喜欢的(.{1,6}?)是(.+)$", m) or re.match(r"^(.+?)是我最喜欢的(.{1,6})$", m)
    if x:
        thing, val = (x.group(1), x.group(2)) if m.startswith("我最喜欢的") else (x.group(2), x.group(1))
        if _obj(val) and _obj(thing):
            return _m(stmt, "preference", f"favourite.{_obj(thing)}", _obj(val), 0.7)
    if not m.startswith("我") or m.startswith("我们"):
        return None
    x = re.match(rf"^我有(?:一个|一位|两个|个|一)?({_REL})", m)
    if x:
        return _m(stmt, "relationship", f"has.{RELATIVES[x.group(1)]}", "yes", 0.6, 0.65)
    for pat, slot, kind, sal in (
        (r"^我的(?:职业|工作)是(.+)$", "occupation", "identity", 0.8),
        (r"^我的?生日(?:是|在)?(.+)$", "birthday", "identity", 0.8),
        (r"^我(?:的名字|名字)?(?:叫|名字是|名叫)(.+)$", "name", "identity", 0.9),
        (r"^我的名字(?:是|叫)(.+)$", "name", "identity", 0.9),
        (r"^我(?:从.+?)?(?:搬到了?|搬去了?|搬家到)(.+)$", "residence", "identity", 0.8),
        (r"^我.*?[，,](?:住在|搬到了?)([^，,]+)$", "residence", "identity", 0.8),
        (r"^我(?:家)?(?:住在|住|家在|搬到了?|搬家到|生活在)(.+?)(?:住|生活)?$", "residence", "identity", 0.8),
        (r"^我在(.+?)(?:工作|上班|任职)$", "workplace", "identity", 0.8),
        (r"^我(?:来自|老家在|老家是)(.+)$", "hometown", "identity", 0.7),
        (r"^我是(.+?)人$", "hometown", "identity", 0.7),
        (r"^我是(?:一名|一个|一位|个)?(.+?(?:师|员|生|家|者|医生|护士|工程师|老板|经理|记者|作家|司机|厨师))$",
         "occupation", "identity", 0.8),
        (r"^我今年(.+?)岁", "age", "identity", 0.7),
    ):
        x = re.match(pat, m)
        if x and _obj(x.group(1)):
            return _m(stmt, kind, slot, _obj(x.group(1)), sal)
    x = re.match(r"^我(?:对)?(.+?)(?:不|没有?|也)?过敏", m)
    if x and _obj(x.group(1)) and not x.group(1).startswith(("不", "没")):
        return _m(stmt, "health", f"allergy.{_obj(x.group(1))}", _obj(x.group(1)), 0.9, 0.75)
    x = re.search(r"(咖啡|奶茶|红茶|绿茶|茶).*?(?:加|放)了?.{0,3}?(糖|牛奶|奶|冰|盐|蜂蜜)", m)
    if x:
        drink, add = _TERMS[x.group(1)], _TERMS[x.group(2)]
        return _m(stmt, "preference", f"{drink}.{add}", None, 0.7)
    x = re.match(r"^我(?:也|还)?(?:很|非常|特别|最|超|挺|比较|更)?(不太|不怎么|不|从不|从来不)?(?:喜欢|爱|热爱|喜爱|偏爱|偏好)"  # noqa: E501
                 r"(?:吃|喝|看|听|玩|做|去)?(.+)$", m)
    if x and _obj(x.group(2)):
        return _m(stmt, "preference", f"like.{_obj(x.group(2))}", _obj(x.group(2)), 0.6)
    x = re.match(r"^我(?:很|非常|特别|最|超|挺|比较)?(?:讨厌|不喜欢|受不了|厌恶|怕|害怕)(?:吃|喝|看|听|玩|做)?(.+)$", m)
    if x and _obj(x.group(1)):
        return _m(stmt, "preference", f"like.{_obj(x.group(1))}", _obj(x.group(1)), 0.6)
    x = re.match(r"^我(?:从来不|从不|不再|不|没)(吃|喝)(.+)$", m)
    if x and _obj(x.group(2)):
        val = _obj(x.group(2))
        return _m(stmt, "preference", f"{'eat' if x.group(1) == '吃' else 'drink'}.{_TERMS.get(val, val)}", val, 0.6)
    if re.match(r"^我(?:吃素|是素食者|只吃素)", m):
        return _m(stmt, "preference", "diet", "vegetarian", 0.7)
    if _HABIT.search(stmt):
        return _m(stmt, "habit", None, None, 0.5, 0.6)
    return None


_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]*")


def extract_matches(text: str) -> list[Match]:
    """Facts stated in a Chinese utterance: split into sentences and clauses, questions and
    calendar-like sentences skipped, the subject 我 carried into clauses that drop it
    (我住在上海，在一家咖啡店工作 → 我在一家咖啡店工作)."""
    out: list[Match] = []
    for sent in _SENTENCE.findall(text):
        sent = sent.strip()
        if not sent or is_question(sent) or is_calendar(sent):
            continue
        subject = False
        for part in re.split(r"[，,]", sent):
            clause = prepare(part)
            if not clause:
                continue
            if clause.startswith("我"):
                subject = True
            elif subject and re.match(r"^(?:在|也|还|不|很|喜欢|讨厌|住|每天|经常|对|是|有|平时|一般)", clause):
                clause = "我" + clause
            hit = match_clause(clause)
            if hit is not None:
                out.append(hit)
    return out
