"""A Chinese job told by what was left and what came next, and a workplace told by its kind alone (round 43).

- **An organisation after 一家 / 一所 / 一间 is a workplace.** 我在一家咨询公司, 我老公在一家医院, 现在在一所中学: where
  someone is, told by an employer's kind (公司, 医院, 银行, 出版社, 律所, 工厂, 学校…) and nothing after it, is where
  they work (``workplace``), not a fact keyed by the kind's word (``fact.咨询``, ``fact.一家``: 我在哪工作 found
  nothing). A place one visits as often as works at (餐厅, 咖啡馆, 超市, 商场, 酒店) is not read so, nor a moment
  (今天在一家医院: the clause must open with 在 or 现在/目前/如今 在).
- **A job left, then the place gone to.** After a clause that tells the job was left (辞职, 离职, 辞掉, 不干了, 离开
  + an employer, 不在 … 上班 / 工作 / 教书 了), what comes next — 去了一家出版社, 进了一家药企, 现在在腾讯 — is the new
  workplace, read as 我现在在Y上班 (``workplace``, the change marker 现在 lets the decision end the old one); alone,
  我去了一家出版社 is a visit and stays as said.
- :data:`ZH_JOB_LEFT` is the same reading of a job left for the decision (:mod:`memcli.write.linked_change`): 我离开
  医院了 ends the workplace it names, as 我从医院辞职了 does (it was read as a restatement and reinforced it).

Pure functions of clauses (prepared: :func:`memcli.write.rules.zh_conj.prepare`); no model, no store.
"""

from __future__ import annotations

import re

from memcli.text import pos_tags

__all__ = ["ZH_JOB_LEFT", "employer_alone", "employer_named", "zh_after_left", "zh_left_named"]

#: the closing word of an employer's kind (an organisation one works at, rarely one visits alone)
EMPLOYER = (r"(?:公司|企业|药企|外企|国企|央企|私企|集团|银行|医院|诊所|卫生院|律所|事务所|出版社|报社|杂志社|电视台|"
            r"电台|工厂|厂|研究所|研究院|设计院|机构|单位|学校|中学|小学|大学|学院|幼儿园|工作室|基金会|券商|"
            r"网点|药房|物流公司|[A-Za-z]{2,}公司)")
#: (现在 / 目前 / 如今)在一家 / 一所 / 一间 + an employer's kind, nothing after it (了 at most)
_ALONE = re.compile(rf"^(?:现在|目前|如今|也|还|一直)*在"
                    rf"(?P<org>(?:一|这)(?:家|所|间)[^，,。我在]{{0,10}}?{EMPLOYER})了?$")
#: a job left, said of the one the clause is about (a no before it is no leaving: 没辞职)
ZH_JOB_LEFT = (r"(?<![刚才])离开了?(?:[^，,。！!]{0,10}?)" + EMPLOYER + r"了?(?=[，,。！!～~]|$)|"
               r"不在(?!家)[^，,。]{1,12}?(?:上班|工作|教书|任职|干|做事|实习)了")  # (不在家工作了: the arrangement)
_LEFT = re.compile(r"辞职|离职|辞掉|辞了|不干了|裸辞|被裁|被辞退|被开除|下岗|不(?:当|干)[^，,。]{1,6}?了$|"
                   + ZH_JOB_LEFT)
#: 离开了 + an organisation named by its own name (离开了招商银行, 离开了华为: round 44); a place, a home or a person
#: left is no job left (:func:`employer_named`)
_LEFT_NAMED = re.compile(r"(?<![刚才])离开了?(?P<org>[^，,。！!我你他她]{2,10}?)了?$")
_NOT_LEFT = re.compile(r"没有?|不想|想|打算|准备|考虑|要不要|会不会|如果|要是")
#: what comes next: 去了 / 到了 / 进了 / 跳到 (一家) Y (上班 / 工作), or (现在 / 目前) 在 Y (上班 / 工作)
_NEXT = re.compile(r"^(?:现在|目前|如今|后来|然后|就|又)*(?P<verb>去了|到了|进了|跳到了?|在|加入了?|入职了?|加盟了?)"
                   r"(?P<org>[^，,。我]{2,14}?)(?:上班|工作|打工|任职)?了?$")
#: where one goes or stays that is no employer: a trip, a rest, a home, a place far or near (去了一趟杭州, 在家)
_NOT_EMPLOYER = re.compile(r"[了过着吧吗呢趟]|一起|旅|玩|逛|看|吃|住|休息|待着|呆着|^家|家$|老家|国外|外地|外面|附近|"
                           r"这里|那里|"
                           r"这儿|那儿|哪|他|她|你|朋友|同学|医院看|学校读|^(?:一|几)(?:天|周|个月)")
#: the closing character of a place's name (杭州, 海淀区, 日本国): a town or a region, no employer
_PLACE_END = re.compile(r"[省市县区镇村州乡岛国]$")
#: the closing character of a place one goes to or stays at (健身房, 图书馆, 公园, 广场, 海边, 酒吧, 山, 街)
_VISITED_END = re.compile(r"[房馆园场边吧厅店山海湖河江寺庙街路里上下城]$")
#: where an organisation is, not the organisation: 在杭州 + 上班 is a place of work told by its town (kept as said)
_ORG_VERB = re.compile(r"加入|入职|加盟|进了")


def employer_alone(q: str) -> str | None:
    """The workplace a predicate tells by an employer's kind alone (在一家咨询公司 → 一家咨询公司, 现在在一所中学 →
    一所中学), or None (在一家餐厅: a place one visits; 今天在一家医院: a moment; 在一家公司做会计: read as the job)."""
    m = _ALONE.match(q)
    return m.group("org") if m else None


def employer_named(org: str, joined: bool = False) -> bool:
    """Whether ``org``, said where an employer stands (after 去了 / 在 / 加入 / 入职 / 离开了, before 上班), is one:
    an employer's kind (一家叫星河的公司, 律所), a Latin name, or a name of one to three words jieba tags as it may
    (华为 ``nr``, 星河 ``n``, 腾讯 ``nz``, 拼多多 ``v`` + ``m``) — not a trip, a rest, a home or a person
    (:data:`_NOT_EMPLOYER`), nor a place's name (杭州 ``ns``, 海淀区), which ``joined`` (加入 / 入职 / 进了: only
    organisations are joined) lets through (入职了京东 ``ns``, 加入了小红书, 入职了联想 ``v``)."""
    if re.fullmatch(r"(?:(?:一|这)(?:家|所|间))?[^，,。]{0,10}?" + EMPLOYER, org) or \
            re.fullmatch(r"[A-Za-z][\w&.-]+", org):
        return True
    if _NOT_EMPLOYER.search(org) or not 2 <= len(org) <= 8 or re.match(r"^[一这那][家所间个座]", org):
        return False  # (一家咖啡馆: a kind one visits)
    if joined:
        return True  # 加入了小红书, 入职了联想: only an organisation is joined, whatever its words
    tags = [f for _, f in pos_tags(org)]
    if tags == ["ns"] or _PLACE_END.search(org) or _VISITED_END.search(org) or re.fullmatch(r"[老小阿].", org):
        return False  # (杭州, 海淀区, 健身房; 小王, 老李: a person)
    return len(tags) <= 3 and tags[0][:1] not in "dacpruyt" and tags[0] not in ("vd", "ad") and tags != ["v"]
    # (在努力工作, 在准备工作: 在 the progressive, no place; 拼多多 v + m is a name)


def _left(clause: str) -> bool:
    m = _LEFT.search(clause)
    if m is None and (n := _LEFT_NAMED.search(clause)) and employer_named(n.group("org"), joined=True) and \
            not re.fullmatch(r"[老小阿].", n.group("org")):
        m = n  # 我离开了招商银行: an employer left by its name (a town left too: what comes next tells; not 小王)
    return m is not None and not _NOT_LEFT.search(clause[:m.start()])


#: 我离开了X (its time before the verb): an employer left by its name, nothing after it
_LEFT_CLAUSE = re.compile(r"^我(?P<when>[^，,。离]{0,6}?)离开了?(?P<org>[^，,。！!我你他她]{2,10}?)了?$")


def zh_left_named(clause: str) -> str | None:
    """A prepared clause that leaves an employer named by its own name (我离开了平安保险, 我上个月离开了中信) as the
    job left it tells (我从平安保险离职了 / 我上个月从中信离职了: round 44 — as said, no fact was read, and the old
    workplace stayed; 我离开了工商银行 too); None for anything else: an employer left told 离开X了 (我离开诊所了:
    kept as said, :data:`ZH_JOB_LEFT` reads it), a place, a home or a person left (我离开了杭州, 离开了家, 离开了小王;
    a lone personal name, 张伟 ``nr``, too)."""
    m = _LEFT_CLAUSE.match(clause)
    if m is None or clause.endswith("了") and "离开了" not in clause or _NOT_LEFT.search(m.group("when")):
        return None
    org = m.group("org")
    if not employer_named(org) or [f for _, f in pos_tags(org)] == ["nr"] and len(org) <= 3:
        return None
    return f"我{m.group('when')}从{org}离职了"


def zh_after_left(clause: str, last: str) -> str | None:
    """``clause`` as the workplace now (我现在在Y上班) when the clause before it, ``last``, tells a job left and this
    one where the speaker went (去了一家出版社, 现在在一家咨询公司, 进了腾讯); None otherwise — alone, 去了一家出版社
    is a visit. Both clauses prepared; the clause has no subject of its own, or 我."""
    if not last or not _left(last) or clause.startswith(("我们", "我的")):
        return None
    m = _NEXT.match(clause[1:] if clause.startswith("我") else clause)
    if not m or _left(clause):
        return None
    org = re.sub(r"^(?:一家|一间)叫(?P<n>[^，,。的]{1,8})的(?=公司|企业|工作室|机构)", r"\g<n>", m.group("org"))
    # (一家叫星河的公司 → 星河公司: the name is what the question's answer says)
    if not employer_named(org, joined=_ORG_VERB.match(m.group("verb")) is not None):
        return None  # 去了趟云南 / 去了国外 / 在家待着 / 去了杭州: a trip, a rest or a town, no workplace
    return f"我现在在{org}上班"
