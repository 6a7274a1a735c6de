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

__all__ = ["ZH_JOB_LEFT", "employer_alone", "zh_after_left"]

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
_LEFT = re.compile(r"辞职|离职|辞掉|辞了|不干了|裸辞|被裁|被辞退|被开除|下岗|" + ZH_JOB_LEFT)
_NOT_LEFT = re.compile(r"没有?|不想|想|打算|准备|考虑|要不要|会不会|如果|要是")
#: what comes next: 去了 / 到了 / 进了 / 跳到 (一家) Y (上班 / 工作), or (现在 / 目前) 在 Y (上班 / 工作)
_NEXT = re.compile(r"^(?:现在|目前|如今|后来|然后|就|又)*(?:去了|到了|进了|跳到了?|在)(?P<org>[^，,。我]{2,14}?)"
                   r"(?:上班|工作|打工|任职)?了?$")


def employer_alone(q: str) -> str | None:
    """The workplace a predicate tells by an employer's kind alone (在一家咨询公司 → 一家咨询公司, 现在在一所中学 →
    一所中学), or None (在一家餐厅: a place one visits; 今天在一家医院: a moment; 在一家公司做会计: read as the job)."""
    m = _ALONE.match(q)
    return m.group("org") if m else None


def _left(clause: str) -> bool:
    m = _LEFT.search(clause)
    return m is not None and not _NOT_LEFT.search(clause[:m.start()])


def zh_after_left(clause: str, last: str) -> str | None:
    """``clause`` as the workplace now (我现在在Y上班) when the clause before it, ``last``, tells a job left and this
    one where the speaker went (去了一家出版社, 现在在一家咨询公司, 进了腾讯); None otherwise — alone, 去了一家出版社
    is a visit. Both clauses prepared; the clause has no subject of its own, or 我."""
    if not last or not _left(last) or clause.startswith(("我们", "我的")):
        return None
    m = _NEXT.match(clause[1:] if clause.startswith("我") else clause)
    if not m or _left(clause):
        return None
    org = m.group("org")
    if re.search(r"[了过着吧吗呢]|一起|旅|玩|逛|看|吃|住|家$|老家|国外|外地", org):
        return None  # 去了趟云南 / 去了国外 / 在家待着: a trip or a rest, no workplace
    named = re.fullmatch(r"(?:(?:一|这)(?:家|所|间))?[^，,。]{0,10}?" + EMPLOYER, org) or re.fullmatch(
        r"[A-Za-z][\w&.-]+", org) or [f for _, f in pos_tags(org)] in (["nt"], ["nz"])  # 腾讯, 华为: a name
    return f"我现在在{org}上班" if named else None
