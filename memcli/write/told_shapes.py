"""Chinese clauses kept by their shape whatever the clause model's probability (round 31).

Two kinds of the user's own news the fitted model scored low and lost (P(fact) 0.03–0.49 against a
threshold of 0.93): the model was fitted on few such clauses, and its rule signals mark a plan word as a
plan and an amount with no attribute noun as nothing.

- **A told value change**: an amount of the user's (or of no one named: the speaker's) said to have risen,
  fallen or become another amount — ``<what>涨到/降到/跌到/升到/加到/减到/调到/变成(了)<amount>`` or
  ``<what>涨了/降了/少了/多了<amount>``: 房租涨到了四千八, 我的工资涨了两千, 我家电费变成了每月三百. The
  amount has a number (digits or Chinese numerals); what changed is a noun of one to six characters, not a
  person's (他/她/朋友…: their news, not the user's world).
- **A plan of the user's**: the user (我, 我们, 我们家, a relative of the user's) with a plan verb (打算, 准备, 计划,
  决定) or a coming time with 要 (下个月要, 明年要), then what is to be done, a verb phrase: 我准备换一辆电动车,
  我下个月要搬到城西 (要 needs a time a month or more away: 下周三要去复查 is a visit). Not a wish (想, 希望), a
  condition (如果, 要是), a question, a hedge, nor a plan denied
  (不打算: the change of a plan, left to the model). A start told with its day (我下礼拜一开始去新单位报到,
  从下个月起去驾校学车) is a plan too.
- **A change done to the speaker**: ``(someone)给/把/帮我(的X)换成/调到/改成/涨了…`` what it is now:
  医生给我换成了降脂药, 公司把我调到了财务部, 房东给我涨了房租 — the new medicine, department or rent is the user's.
- **A schedule told changed**: a topic, then 改成/改到/调到/推迟到… a new time or number: 上班时间改成九点了,
  孩子的兴趣班从下周起改到周六上午了 — not another's (同事的…), not a question, a wish or hearsay.

A plan said with no subject at all (…，打算明年换个大点的) is the speaker's when no one else is whom the turn
is about: :func:`memcli.write.rules.zh_carry.with_subjects` puts 我 back before it (round 31).

:func:`told_by_shape` reads one clause unit; the fitted extractor keeps a unit it accepts as a candidate in
the speaker's words (:mod:`memcli.write.fitted_extract`). A pure function of the unit's text.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.text import to_simplified
from memcli.textcache import short_cached
from memcli.write.told_shapes_en import en_as_stated, en_plan_told, en_value_changed, en_wished

__all__ = ["as_stated", "changed_by", "changed_for_me", "lasting_plan", "only_wished", "owned_step", "plan_told",
           "schedule_changed", "told_by_shape", "value_changed"]

#: the user as the owner or the one who plans: 我 / 我的 / 我家(的) / 我们家(的) / 咱家
_MINE = r"(?:我们家|咱们家|我家|咱家|我们|咱们|我)(?:的)?"
#: a number said in digits or Chinese numerals (四千八, 2000, 一万二, 两块)
_AMOUNT = r"[^，,。！？?!]{0,6}?(?:\d|[一二两三四五六七八九十百千万])[^，,。！？?!]{0,10}"
#: adverbs between what changed and its verb (房租又涨到…, 工资终于涨了…)
_ADV = r"(?:现在|又|已经|也|都|终于|总算|一下子|突然|这个月|今年|从下个?月起?|从这个月起?)*"
#: a verb of an amount changed, to a new amount or by one
_TO = r"(?:涨到|降到|跌到|升到|提到|提高到|加到|增加到|增到|减到|减少到|调到|调整到|变成|变为|改成|改为)"
_BY = r"(?:涨|降|跌|少|多|加|减|提|升)"
#: a time before it all (这个月开始房租涨到了…, 今年我的工资涨到了…)
_LEAD = r"(?:(?:从)?(?:这个?月|下个?月|上个?月|今年|去年|明年|最近|年初|月初)(?:开始|起)?[，,]?)?"
_CHANGED = re.compile(rf"^{_LEAD}(?:{_MINE})?(?P<what>(?:(?!的)[\u4e00-\u9fff]){{1,6}}?){_ADV}(?:{_TO}了?|{_BY}了)"
                      rf"(?P<amount>{_AMOUNT})(?:了|啦|呢)?$")
#: one who is not the user (their amount is their news): a pronoun or a person named as such
_OTHERS = re.compile(r"^(?:你|您|他|她|它|他们|她们|人家|别人|朋友|同事|邻居|同学|大家)")

#: a later time a plan is for
_LATER = (r"(?:明年|下半年|年底|年后|下个?月(?:初|中|底)?|(?:下周|下星期|下礼拜)[一二三四五六日天末]?|"
          r"[一二三四五六七八九十\d]{1,2}月(?:份|底|初|中)?|暑假|寒假|过年|国庆|春节|五一|今年(?:年底|下半年)?)")
#: a time of a plan told with 要: a month or more away (下个月, 明年, 年底, 暑假), no day of next week
_FAR = re.sub(r"\|\(\?:下周\|下星期\|下礼拜\)\[[^]]*\]\?", "", _LATER)
_REL = "|".join(sorted(map(re.escape, slots.ZH_RELATIONS), key=len, reverse=True))
#: (who)(a time)(plan verb | a time + 要)(a time) what: a verb phrase of two characters or more
_PLAN = re.compile(rf"^(?:{_LATER})?(?:我们家|我们|我和[^，,。我]{{1,4}}|我(?:的)?(?:{_REL})|我)(?:{_LATER})*"
                   rf"(?:也|还|就)?(?P<verb>打算|准备|计划|决定|要)(?:{_LATER})*(?:要)?"
                   r"(?P<what>[\u4e00-\u9fffA-Za-z0-9]{2,16})(?:了|啦)?$")
#: what one is to undergo or do once in one's life, told with 要 and no time (要做个小手术, 要搬家, 要考驾照)
_UNDERTAKING = re.compile(r"^(?:去)?(?:做(?:个|一个|一次)?(?:小)?手术|动(?:个)?(?:小)?手术|开刀|住院|搬家|结婚|"
                          r"出国|留学|考研|考驾照|生二胎|退休|辞职|换工作)")
#: a start told with its day: (从)(a later day)开始/起 (就)去/到/在 what (下礼拜一开始去新单位报到)
_START = re.compile(rf"^(?:{_LATER})?(?:我们|我)(?:从)?(?:{_LATER}|明天|后天)(?:开始|起)(?:就)?(?:去|到|在)"
                    r"(?P<what>[\u4e00-\u9fffA-Za-z0-9]{2,16})(?:了|啦)?$")
#: not a plan told: a wish, a condition, a doubt, a question, a denial
_NOT_PLAN = re.compile(r"想|希望|如果|要是|假如|万一|可能|也许|或许|大概|好像|不知道|还没|吗|呢|吧|什么|怎么|哪|谁|几|"
                       r"不打算|不准备|不计划|不要|没打算|没准备")


def _change(text: str) -> re.Match[str] | None:
    """The match of a told value change of the user's in ``text`` (stripped of end punctuation), None: not one."""
    t = text.strip("。！!，, ")
    m = _CHANGED.match(t)
    if m is None or _OTHERS.match(t) or re.search(r"吗|呢$|？|\?|什么|多少|怎么", t) or \
            m.group("what").endswith("了") or slots.ZH_RELATION_RE.match(m.group("what")):  # (我同事工资: theirs)
        return None
    return m


def value_changed(text: str) -> bool:
    """``text`` (a simplified Chinese clause) tells an amount of the user's changed (see the module doc)."""
    return _change(text) is not None


def as_stated(text: str) -> str | None:
    """A told value change said as the value it states now (房租涨到了四千八 → 我的房租是四千八; 我家电费变成了
    每月三百 → 我的电费是每月三百): the statement whose parse gives the slot of the amount, so the change meets the
    amount told before (:func:`memcli.write.clauses.generic_slot`); None for any other clause. An amount changed
    by so much (涨了三千) states no value now: None."""
    if text.isascii():
        return en_as_stated(text)  # (round 31: an English change, my rent went up to … → My rent is …)
    m = _change(text)
    if m is None or not re.search(_TO, m.string[m.end("what"):m.start("amount")]):
        return None
    return f"我的{m.group('what')}是{m.group('amount')}"  # (我家的电费: the household's is the user's)


def changed_by(text: str) -> str | None:
    """What a told value change by so much changed (工资涨了两千 → 工资; 我家电费少了五十 → 电费), None for any
    other clause (涨到了四千八 states the amount now: :func:`as_stated`)."""
    m = _change(text)
    if m is None or re.search(_TO, m.string[m.end("what"):m.start("amount")]):
        return None
    return m.group("what")


def owned_step(text: str) -> str:
    """``text`` (a Chinese clause, either script) with the user's 我的 before what a change by so much changed when
    no owner is said (工资涨了两千 → 我的工资涨了两千; 这个月起电费少了五十 → 这个月起我的电费少了五十): said bare,
    a question about the amount (我的工资是多少？) read the step as no answer to it. Any other text as it is."""
    t = to_simplified(text)
    m = _CHANGED.match(t.rstrip("。！!，, "))
    if m is None or changed_by(t) is None or re.match(rf"{_LEAD}{_MINE}", t) or len(t) != len(text):
        return text
    return text[:m.start("what")] + "我的" + text[m.start("what"):]


def plan_told(text: str) -> bool:
    """``text`` (a simplified Chinese clause, or an English one: :func:`~memcli.write.told_shapes_en.en_plan_told`)
    tells a plan of the user's (see the module doc)."""
    if text.isascii():
        return en_plan_told(text)
    t = text.strip("。！!，, ")
    if _START.match(t) and not _NOT_PLAN.search(t):
        return True
    m = _PLAN.match(t)
    if m is None or _NOT_PLAN.search(t) or m.group("what").startswith(("好", "着", "完", "过")):  # 准备好了: ready
        return False
    # 要: with a time past the coming days only (下周三要去复查 is a day's errand or visit, not a plan), or an
    # undertaking of one's life whenever it is (要做个小手术, 要搬家: round 31)
    return m.group("verb") != "要" or re.search(_FAR, t[:m.start("verb")]) is not None or \
        _UNDERTAKING.match(m.group("what")) is not None


#: a verb of a schedule, an arrangement or a thing of the user's changed to a new one
_RESET = r"(?:改成|改到|改为|调成|调到|调整到|换成|换到|推迟到|推到|提前到|挪到)"
#: a new time or number a schedule changed to (九点, 周六上午, 五点放学, 每月两次)
_WHEN = (r"[^，,。！？?!]{0,8}?(?:[\d一二两三四五六七八九十]+(?:点|号|日|个?月|天|次|分钟?|个?小时|个钟头|个?星期|周|"
         r"节|半)|周[一二三四五六日天末]|星期|礼拜|上午|下午|早上|晚上|中午|傍晚)[^，,。！？?!]{0,12}")  # (not 一家…)
#: when the new schedule starts, between the topic and its verb (从下周开始, 下个月起, 从明天起)
_FROM = rf"(?:(?:从)?(?:{_LATER}|明天|后天|今天|这周|这个?月|下学期|新学期)(?:开始|起)?)?"
_SCHEDULE = re.compile(rf"^{_LEAD}(?:{_MINE})?(?P<what>[\u4e00-\u9fffA-Za-z]{{2,12}}?){_FROM}{_ADV}{_RESET}了?"
                       rf"(?P<value>{_WHEN})(?:了|啦)?$")
#: (someone) to / for the speaker (the speaker's thing) a verb of change, then what it is now
_FOR_ME = re.compile(rf"^(?P<agent>[\u4e00-\u9fff]{{0,8}}?)(?:又|已经|也|都|终于|刚)?(?:给|把|帮|替)我(?:的)?"
                     rf"(?P<what>[\u4e00-\u9fff]{{0,6}}?)(?:{_RESET}|调去|分到|分配到|安排到|转到|升为|涨到|降到|涨了|降了)"
                     r"了?(?P<value>[\u4e00-\u9fffA-Za-z0-9]{0,16}?)(?:了|啦)?$")
#: not a change told as it is: a wish, a condition, a plan, a doubt, a question, hearsay
_NOT_TOLD = re.compile(r"想|希望|如果|要是|假如|万一|打算|准备|能不能|可不可以|可能|也许|好像|是不是|吗|呢|吧|什么|"
                       r"多少|怎么|几|哪|谁|说|听|会|不|没|别")
#: another's schedule (同事的上班时间): their news, not the user's
_THEIRS = re.compile(r"同事|朋友|邻居|同学|老板|领导|别人|人家|[他她](?!们)")  # (孙子他们幼儿园: the household's)


def _first_piece(text: str) -> str:
    return re.split(r"[，,]", text.strip("。！!，, "), maxsplit=1)[0]


def schedule_changed(text: str) -> bool:
    """``text`` (a simplified Chinese clause; its first comma piece is read) tells a schedule of the user's or
    the household's changed to a new time (see the module doc)."""
    t = _first_piece(text)
    m = _SCHEDULE.match(t)
    return m is not None and not _NOT_TOLD.search(t) and not _OTHERS.match(t) and \
        not _THEIRS.search(m.group("what")) and not re.search(r"[？?]", text)


def changed_for_me(text: str) -> bool:
    """``text`` (a simplified Chinese clause; its first comma piece is read) tells a change done to the speaker
    that says what is the speaker's now (see the module doc): a new value or what changed is named."""
    t = _first_piece(text)
    m = _FOR_ME.match(t)
    return m is not None and bool(m.group("what") or m.group("value")) and not _NOT_TOLD.search(t) and \
        not re.search(r"[？?]", text)


#: a time of the coming days (下周末, 下礼拜三, 这周, 明天): a plan for it is a day's errand
_NEAR = re.compile(r"(?:下周|下星期|下礼拜|这周|这星期|这礼拜|本周)[一二三四五六日天末]?|明天|后天|今晚|今天|周末")


def lasting_plan(text: str) -> bool:
    """``text`` (a Chinese clause, subject included) tells a plan of the user's (:func:`plan_told`) that is
    no errand of the coming days (我下周末准备带狗去打疫苗 is one) — a start told with its day is a plan
    whenever it is (我下礼拜一开始去新单位报到): a plan said with no subject is kept only so (round 31)."""
    t = _first_piece(text)
    return plan_told(t) and (_START.match(t) is not None or not _NEAR.search(t))


@short_cached(1000, 16384)
def told_by_shape(text: str, lang: str) -> bool:
    """A clause (``lang`` ``zh`` or ``en``) the fitted extractor keeps by its shape: a told value change or a plan
    (English: :mod:`memcli.write.told_shapes_en`), in English also a deed of a person named by a bare first name
    (:func:`~memcli.write.named_deed.en_named_deed`, round 42) or the speaker's own deed dated in the past
    (:func:`~memcli.write.rules.en_own_deed.en_own_deed`, round 44); in Chinese also a schedule told changed, a change
    done to the speaker, or a thing's detail told after it (:func:`~memcli.write.rules.zh_tails.told_detail`)
    (round 31), or the end of having a being or thing, or a life event of someone, told by a bare name (咪咪去年送人了,
    冬冬离职了: :func:`~memcli.write.thing_ended.name_ended_zh`, :func:`~memcli.write.thing_ended.name_event_zh`,
    round 45).
    Cached (round 35): a drain asks it of the same clause of many users' turns."""
    from memcli.write.named_deed import en_named_deed
    from memcli.write.rules.en_own_deed import en_own_deed
    from memcli.write.rules.zh_tails import told_detail
    from memcli.write.thing_ended import name_ended_zh, name_event_zh
    from memcli.write.zh_news_told import person_moving

    if lang == "en":
        return en_value_changed(text) or en_plan_told(text) or en_named_deed(text) or en_own_deed(text)
    return lang == "zh" and (value_changed(text) or plan_told(_first_piece(text)) or schedule_changed(text)
                             or changed_for_me(text) or told_detail(text) or name_ended_zh(text)
                             or name_event_zh(text) or person_moving(text))  # (round 48: 阿敏要去上海进修)


def only_wished(text: str, lang: str) -> bool:
    """An English clause (``lang`` ``en``) that is only a wish or a hedge (I'd love to…, I'm thinking about…), which
    the fitted extractor does not keep whatever its probability (:func:`~memcli.write.told_shapes_en.en_wished`)."""
    return lang == "en" and en_wished(text)
