"""A Chinese change of plan told against the old one: 不去京都了，改去北海道 → one fact, the new destination;
a trip planned (我们计划十月去云南旅游) and one called off (那次旅行取消了), in the same ``plan.destination`` /
``event.cancelled`` slots the English rules give (:mod:`memcli.write.rules.en_plan`).

The clause that drops the old plan (我们不去成都了) states nothing the rules read on its own (a "no" of a
plan), and the clause after it (改去西安) has no subject; together they are the user's plan as it now
stands, told with what it replaces. 我们 (the speaker's household) going somewhere is the user's plan.

A pure function on two clauses; :func:`memcli.write.rules.zh.match_clause` calls it.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.match import Match
from memcli.write.rules.zh_words import _REL

__all__ = ["plan_cancelled", "plan_change", "plan_had", "plan_made", "plan_moved", "plan_redirected", "plan_set"]

#: the time a changed plan keeps, told before its "no" or its new place (五一不去云南了，改去新疆; round 40)
_KEPT_TIME = (r"(?:明年|今年|下个?月|下半年|年底|年初|[一二三四五六七八九十\d]{1,2}月(?:份|底|初|中)?|暑假|寒假|"
              r"春节|过年|国庆|五一|十一|端午|中秋|元旦|圣诞|[春夏秋冬]天|假期|年假|蜜月)*")
#: the old plan dropped: (我/我们/我们家)(+ its time)(就/也/都)不去/不回/没去 + the place (+ 了)
_DROPPED = re.compile(rf"^{_KEPT_TIME}(?:我们家|我们|我家|我)?{_KEPT_TIME}(?:就|也|都|又)?(?:不|没|不再)(?:去|到|回)"
                      r"(?P<old>[^，,。]{1,10}?)(?:了)?$")
#: (round 46) the place told first, then the "no": 冰岛不去了, 我们日本也不去了
_DROPPED_FIRST = re.compile(rf"^(?:我们家|我们|我家|我)?{_KEPT_TIME}(?P<old>[^，,。我你他她它们不]{{1,10}}?)"
                            r"(?:就|也|都)?(?:不|没|不再)(?:去|到|回)(?:了)?$")
#: the new one: (我们)(+ its time)(就)改去/改成去/换成去/改到/改成 + the place, what is done there trimmed
_CHANGED = re.compile(rf"^{_KEPT_TIME}(?:我们|我)?{_KEPT_TIME}(?:就|也|还是)?(?:改|换)(?:(?:成|为)(?:去|到)?|去|到)"
                      r"(?P<new>[^，,。]{1,10}?)(?:看[^，,。]{1,4}|玩|旅游|旅行|度假|过年|了|吧)*$")


def plan_change(clause: str, last: str) -> Match | None:
    """The plan as changed when ``clause`` (prepared: 改去西安) takes the place of the plan ``last`` (the
    clause before it, prepared: 我们不去成都了) drops: statement ``<last>，<clause>`` (我 added when the dropped
    plan does not name the speaker), slot ``plan.destination``, value the new place; None for any other pair."""
    old, new = _DROPPED.match(last) or _DROPPED_FIRST.match(last), _CHANGED.match(clause)
    if not old or not new or new.group("new") == old.group("old"):
        return None
    said = f"{last}，{clause}"
    return Match(statement=said if "我" in last else "我" + said, kind="other", slot="plan.destination",
                 value=new.group("new"), salience=0.6)


#: a trip's new place told alone, by the trip or its time (我们的旅行改成去新疆了, 五一改去新疆了): what changes, then
#: 改成/换成/改去 + the place
_REDIRECTED = re.compile(rf"^(?:我们家|我们|我家|我)?(?:的)?(?P<t>{_KEPT_TIME})(?:的)?(?:那次|这次|那个|这个)?"
                         r"(?P<trip>旅行|旅游|行程|出游|度假|计划|目的地)?(?:也|就|又|还是)?(?:改成|换成|改为|改去|换去|改到)"
                         r"(?:去|到)?(?P<new>[^，,。我你他她]{2,10}?)(?:玩|旅游|旅行|度假|过年|了|吧)*$")


def plan_redirected(clause: str) -> Match | None:
    """A trip's new place told without the old one (prepared: 我们的旅行改成去新疆了, 五一改去新疆了; round 40):
    statement as told (我 added when it does not name the speaker), slot ``plan.destination``, value the new place;
    None without a trip word or a time (改成周五: a habit's day, :mod:`memcli.write.rules.habit_moved`)."""
    m = _REDIRECTED.match(clause)
    if m is None or not (m.group("t") or m.group("trip")):
        return None
    return Match(statement=clause if clause.startswith("我") else "我" + clause, kind="other",
                 slot="plan.destination", value=m.group("new"), salience=0.6)


#: a plan called off, told topic first (那次旅行取消了, 日本的旅行也取消了, 去云南的计划取消了): the plan, then 取消
_CANCELLED = re.compile(rf"^(?:我们|我(?P<rel>{_REL})?|我)?(?:的)?(?:那次|这次|那个|这个)?"
                        r"(?P<what>[^，,。我你他她]{0,10}?(?:旅行|旅游|行程|之行|计划|安排|出行|出游|度假|露营|自驾|野餐|聚餐|婚礼|婚宴|聚会|派对|演出|音乐会|比赛))"
                        r"(?:已经|也|都|就|彻底|全|被)*(?:取消|泡汤|黄)了(?:[啊呀吧]*)$")


def plan_cancelled(clause: str) -> Match | None:
    """A plan called off (prepared: 日本那次旅行取消了): statement as told, slot ``event.cancelled`` (what is
    kept: the plan as it ended), value the plan; None otherwise.
    The decision ends the stored plan it names (:func:`memcli.write.linked_change.stopped_doing`)."""
    m = _CANCELLED.match(clause)
    if m is None or not m.group("what").strip("那这次个的"):
        return None
    return Match(statement=clause, kind="relationship" if m.group("rel") else "other",
                 slot=f"{_owner(m.group('rel'))}event.cancelled", value=m.group("what"), salience=0.6)


#: a time past the day it is said (a month, a season, a holiday, next year): a trip, not a day's errand (one word of
#: a time said in several: 明年 + 三月)
_LATER = r"(?:明年|今年|下个?月|下半年|年底|年初|[一二三四五六七八九十\d]{1,2}月(?:份|底|初|中)?|暑假|寒假|春节|过年|国庆|五一|十一|端午|中秋|元旦|圣诞|[春夏秋冬]天|假期|年假|蜜月)"  # noqa: E501
#: what is done there, after the place: a trip word
_TRIP = (r"(?:旅游|旅行|玩|度假|度蜜月|过年|过春节|探亲|出差|留学|自驾游?|看[^，,。我]{1,8}|参加[^，,。我]{1,8}|"
         r"一趟|一次)")
#: a trip planned: (我/我们/我们家/我和X/我 + a relative)(+ a time)计划/打算/准备/决定(+ a time)(一起)去/到/飞/回 + the
#: place (+ a trip word); a time may be said in more than one word (明年三月, 今年十月底)
#: a time of the coming days (下周, 下星期三, 这周末): a trip's only with a trip word (下周去深圳出差; round 42)
_AHEAD = r"下个?月|明年|后年|下半年|下周|下星期|下礼拜"
_NEAR = r"(?:下周[一二三四五六日天末]?|下星期[一二三四五六日天]?|下礼拜[一二三四五六日天]?|这周末|周末)"
_MADE = re.compile(rf"^(?P<t0>(?:{_LATER}|{_NEAR})*)"
                   rf"(?P<who>我们家|我们|我和[^，,。我]{{1,4}}?|我(?:的)?(?P<rel>{_REL})|我)?"
                   rf"(?P<t1>(?:{_LATER}|{_NEAR})*)(?P<verb>计划|打算|准备|决定|要|将要|会)?(?P<t2>{_LATER}*)"
                   r"(?:一起|全家|带[^，,。]{1,4})?(?:去|到|飞|回|来)(?![了过])"
                   rf"(?P<place>[^，,。我你他她]{{2,10}}?)(?P<trip>{_TRIP}*)(?:[一两三四五六七八九十几\d]+(?:天|周|个?星期|个?月|晚))?了?$")


def _owner(rel: str | None) -> str:
    """The slot prefix of whose plan it is: the user's (and the household's) none, a relative's their key."""
    return "" if not rel else f"{slots.relation_zh(rel)}."


def _said_by(m: re.Match[str], clause: str, who: tuple[str, str] | None) -> tuple[str, str]:
    """(slot prefix, statement) of a plan or event ``m`` read from ``clause``: a relative the clause names, else
    ``who`` — the subject in effect (key, phrase as written) when the clause drops it (我老婆怀孕了，预产期在…:
    hers) — else the user's."""
    if m.group("rel"):
        return _owner(m.group("rel")), clause
    if who and not m.group(0).startswith("我") and who[0] != slots.ME and not who[0].startswith("thing:"):
        return f"{who[0]}.", who[1] + ("" if who[1].endswith("的") else "的") * clause.startswith(_DATE_NOUNS) + clause
    return "", clause


def plan_made(clause: str, who: tuple[str, str] | None = None) -> Match | None:
    """A trip the user (or the household, 我们, or a relative: 我妹妹计划下个月去云南) plans (prepared: 我们计划十月去
    云南旅游): statement as told, slot ``plan.destination`` (a relative's: ``younger_sister.plan.destination``),
    value the place; None for anything else. A trip needs a time past the day it is said (a month, next year,
    the holidays) or a trip word (旅游, 度假, 看樱花): 我打算明天去超市 is an errand."""
    m = _MADE.match(clause)
    later = bool(re.search(_LATER, "".join(m.group("t0", "t1", "t2")))) if m else False
    if m is None or not (later or m.group("trip")):
        return None
    if m.group("verb") in ("要", "将要", "会") and not (later or m.group("trip") and (m.group("t0") or m.group("t1"))):
        return None  # 要去北京: only a time past today makes 要/会 a plan (下周要去深圳出差: with a trip word)
    when = "".join(m.group("t0", "t1", "t2"))
    if m.group("verb") is None and not (re.search(_AHEAD, when) or when and m.group("trip")):
        return None  # told with no verb (round 42): a time only ahead (下个月去成都), or a time and a trip word
        # (下周去深圳出差, 五一去三亚度假); 今年三月去北京 may be told of the past
    owner, said = _said_by(m, clause, who)
    return Match(statement=said, kind="relationship" if owner else "other", slot=f"{owner}plan.destination",
                 value=m.group("place"), salience=0.6)


#: an event that has a time (a wedding, an operation, an interview...): what a postponement moves
_EVENT = (r"(?:婚礼|婚宴|旅行|旅游|行程|手术|考试|面试|会议|聚会|聚餐|生日会|派对|比赛|演出|音乐会|航班|搬家|体检|"
          r"复查|预约|约会|培训|答辩|入职|出差|讲座|典礼|年会|订婚宴|满月酒|宴席|"
          # round 48: a school's, a workplace's or a household's own dated event (家长会, 团建, 运动会...)
          r"家长会|家长开放日|开放日|运动会|亲子活动|春游|秋游|家访|团建|例会|周会|晨会|述职|评审|年终总结|"
          r"联欢会|晚会|同学会|同学聚会|发布会|验房|看房|年检|签约)")
#: a time it is moved to (明年五月, 下周三, 月底, 10号, 国庆以后): not another form (改成线上)
_WHEN = re.compile(r"明年|今年|后年|下个?(?:月|周|星期|礼拜)|周[一二三四五六日天末]|星期|礼拜|[月年](?:底|初|中)|\d|"
                   r"[一二三四五六七八九十两]+(?:月|号|日|点|天|周)|明天|后天|[上下]午|晚上|早上|中午|春节|国庆|五一|元旦|"
                   r"假期|暑假|寒假|以后|之后|[春夏秋冬]天")
#: an event moved to another time (婚礼推迟到明年五月了, 我的面试改到下周三了, 我妈的手术推迟到月底): what, then
#: 推迟/改/提前 to when
_MOVED = re.compile(rf"^(?:我们|我(?P<rel>{_REL})?|我)?(?:的)?(?:那次|这次|那个|这个)?"
                    rf"(?P<what>[^，,。我你他她]{{0,8}}?{_EVENT})(?:时间)?(?:已经|也|又|都|被|临时)*"
                    r"(?:推迟|延期|延后|推后|改|提前|挪)(?:到|至|在|成)(?P<when>[^，,。]{1,12}?)(?:了|啦)?$")


def _event_of(what: str) -> str:
    """The event word of ``what`` (跟腾讯的面试 → 面试): the value two times of one event share; what qualifies it
    (腾讯, 阿里) stays in the statement, where it tells two events apart."""
    m = re.search(f"(?:{_EVENT}|{'|'.join(_DATE_NOUNS)})$", what)
    return m.group(0) if m else what


#: (round 48) who relayed a move, before it: 老师说…, 班主任刚在群里通知…, 领导已经说了，…
_RELAYED_BY = re.compile(r"^(?!我)[\u4e00-\u9fff]{1,4}?(?:刚|刚刚|刚才|又|已经|也)?(?:在[\u4e00-\u9fff]{0,4}群里?)?"
                         r"(?:说|通知|讲)(?:了)?(?:说)?[，,：:]?")


def plan_moved(clause: str) -> Match | None:
    """An event moved to another time (prepared: 婚礼推迟到明年五月了): statement as told, slot
    ``event.rescheduled`` (a relative's: ``mother.event.rescheduled``), value the event; None otherwise.
    The decision ends the stored memory that dates the same event (:func:`memcli.write.event_change.rescheduled`)."""
    if (by := _RELAYED_BY.match(clause)) and _MOVED.match(clause[by.end():]):
        clause = clause[by.end():]  # 老师说团建改到10月19号了: the move itself, whoever relayed it (round 48)
    m = _MOVED.match(clause)
    if m is None or not _WHEN.search(m.group("when")):
        return None
    return Match(statement=clause, kind="relationship" if m.group("rel") else "other",
                 slot=f"{_owner(m.group('rel'))}event.rescheduled", value=_event_of(m.group("what")), salience=0.6)


#: an event given its time (我的答辩定在6月12号, 我爸的体检安排在下周三): what, then 定在/安排在 when
#: a date of one's own that is told like an event's (预产期在明年二月)
_DATE_NOUNS = ("预产期", "婚期", "手术日期", "考试时间")
_SET = re.compile(rf"^(?:我们|我(?P<rel>{_REL})?|我)?(?:的)?(?:那次|这次|那个|这个)?"
                  rf"(?P<what>[^，,。我你他她]{{0,8}}?(?:{_EVENT}|{'|'.join(_DATE_NOUNS)}))(?:时间)?(?:已经|也|就)*"
                  r"(?:定在|安排在|约在|定于|订在|是在|在|是)(?P<when>[^，,。]{1,12}?)(?:了|啦)?$")


def plan_set(clause: str, who: tuple[str, str] | None = None) -> Match | None:
    """An event given its time (prepared: 我的答辩定在6月12号): statement as told, slot ``event.scheduled`` (a
    relative's: ``father.event.scheduled``), value the event; None otherwise. A later :func:`plan_moved` ends it."""
    m = _SET.match(clause)
    if m is None or not _WHEN.search(m.group("when")):
        return None
    owner, said = _said_by(m, clause, who)
    return Match(statement=said, kind="relationship" if owner else "other", slot=f"{owner}event.scheduled",
                 value=_event_of(m.group("what")), salience=0.6)


#: a day an event is had on (round 21): 周五, 下周二, 明天下午, 这周六, 12号, 6月3号, 下个月初 — a day, not a past span
_NUMBER = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_DAY = (r"(?:(?:下|这|本)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]|下(?:个)?(?:周|星期|礼拜|月)(?:初|中|底)?|"
        r"明天|后天|"
        rf"明晚|今晚|{_NUMBER}月{_NUMBER}[号日]|{_NUMBER}[号日]|月底|月初)(?:[上下]午|晚上|早上|中午)?")
#: a visit that is an appointment (看牙医, 复诊, 洗牙): the event is the visit as said
_VISIT = r"(?:看牙医?|看医生|看病|看中医|看急诊|复诊|复查|拔牙|洗牙|补牙|产检|体检|打疫苗)"
#: (round 48) who holds an event told without a verb (下周五公司团建, 周三学校开家长会): the user's event all the same
_HOST = r"(?:公司|学校|单位|部门|班里|班上|组里|孩子学校|幼儿园)"
#: an event had on a day: (我/我们/我 + a relative)(+ the day)(要/得/还要)(去)(+ the day) a visit, or
#: 有(个/一个/场) + the event (我周五要去看牙医, 下周二有个面试, 我妈明天上午要去复查)
_HAD = re.compile(rf"^(?:我们|我(?P<rel>{_REL})?|我)?(?P<t1>{_DAY})?(?:我)?(?:也|还|又)?(?:要|得|需要|会)?(?:去)?"
                  rf"(?P<t2>{_DAY})?"
                  rf"(?:(?P<visit>{_VISIT})|有(?:个|一个|一场|场|一次|次)?(?P<what>[^，,。我你他她]{{0,8}}?{_EVENT})|"
                  # (round 48) an event held, said with no 有: 下周五开家长会, 下周一公司团建 — its words only, no clock
                  # time nor an errand's verb before it (这周六上午十点去参加…: a calendar entry, as before)
                  rf"(?<!去){_HOST}?(?:开|搞|办)?(?:个|一个|一场|场|一次|次)?(?P<held>[^，,。我你他她去飞趟点到回参要]{{0,4}}?"
                  rf"{_EVENT}))了?$")


def plan_had(clause: str, who: tuple[str, str] | None = None) -> Match | None:
    """An event had on a day (prepared: 我周五要去看牙医, 下周二有个面试; round 21: they were read as nothing, or as
    owning the thing): statement as told, slot ``event.scheduled`` (a relative's: ``mother.event.scheduled``), value
    the event (面试) or the visit (看牙医); None without a day or an event. A later :func:`plan_moved` ends it."""
    m = _HAD.match(clause)
    if m is None or not (m.group("t1") or m.group("t2")):
        return None
    owner, said = _said_by(m, clause, who)
    return Match(statement=said, kind="relationship" if owner else "other", slot=f"{owner}event.scheduled",
                 value=m.group("visit") or _event_of(m.group("what") or m.group("held")), salience=0.6)
