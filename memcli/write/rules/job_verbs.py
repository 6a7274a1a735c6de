"""An occupation told by its verb: what the person does for a living is their ``job``, as "works as" is.

"My sister teaches maths at a high school" was ``sister.fact.teach`` and "My dad drives a taxi" ``father.which.drive``:
a question for what they do ("What does my sister do?") asks the job slot, and found nothing. The verb names the
occupation, the object (what is taught, what is driven) qualifies it; the statement stays as said.

- English (present tense: "taught maths" is a past job, left to the other rules): teaches (X) → (X) teacher,
  coaches X → X coach, tutors (X) → (X) tutor, lectures at/in → lecturer, nurses (at/in) → nurse, drives a taxi
  / bus / truck… (a vehicle driven for others, never "a Honda") → taxi driver…, practises law / medicine →
  lawyer / doctor, bartends → bartender, waits tables → waiter, farms → farmer, cooks at a place → cook, cuts
  hair → hairdresser, fixes cars → mechanic, cleans houses / offices → cleaner, delivers mail / parcels →
  courier, freelances as X → X (round 48). Not a job: one taught or coached who is a person ("teaches my son to
  swim", "coaches me"), oneself ("teaches herself"), a verb of the moment ("is teaching a workshop today": the
  rules read -ing as passing).
- Chinese: (在X)教(Y) → (Y)老师 (教书 → 老师), 开出租(车) / 开公交 / 开货车… → 司机, 送外卖 → 外卖员,
  送快递 → 快递员, 种地 / 务农 → 农民, 行医 → 医生; not 教过 (past), 教我… / 教孩子… (a person taught).
- A job told with what the person does in it: 是做<X>的<occupation> (做前端开发的工程师, 教物理的老师, 开货车的司机)
  is the job, as said, and a stored bare occupation refined by it is an UPDATE of the same slot (it was read as
  ``is.<the whole>``, no job, and the refinement of a stored "是程序员" decided NOOP). English needs no rule: "is an
  engineer who does …" and "works as an engineer doing …" already read the job.
- A job told by its field, no occupation noun: 是搞财务的 / 是干装修的 / 是做外贸的 / 是从事金融行业的 → the job
  ``财务`` … (the field alone, so 是做会计的 and 是会计 are one value); the field a noun or a verb of a trade of two
  characters or more, never a question (干什么的) or a quality (搞笑的, 干净的).
- Round 46, the same jobs told in other words: 是开出租车的 (a fixed trade inside 是…的) → 出租车司机; a trade with
  no 的 (做装修, 在做销售, 干外贸) → the trade, only one of :data:`_ZH_TRADES` or an occupation (做饭, 在做作业: no
  job); an occupation ending in 人 (是装修工人, 是商人) → itself (it was read as a hometown: 是湖北人).

Pure functions of a cleaned predicate; :mod:`memcli.write.rules.en_facts` and :mod:`.zh_facts` call them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcli.write.rules.zh_words import _NOT_OCCUPATION, _OCCUPATION

__all__ = ["en_job_verb", "told_as_field", "zh_detailed_job", "zh_field_job", "zh_job_verb"]

#: a person (or oneself) as what is taught or coached: no occupation is told
_EN_PERSON = re.compile(r"^(?:me|my|him|her|his|them|their|us|our|you|your|myself|himself|herself|themselves|ourselves|"
                        r"yourself|it|people|someone|somebody|everyone|anyone|the kids how|kids how)\b")
#: what is taught or coached, up to where it is taught or when ("maths at a high school", "piano on weekends")
_EN_TEACH = re.compile(r"^(?P<verb>teach|teaches|coach|coaches|tutor|tutors)"
                       r"(?: (?P<what>(?!at\b|in\b|for\b|on\b|part|full)[a-z][a-z' -]{0,30}?))?"
                       r"(?: (?:at|in|for|on|to|part-time|full-time|online|privately)\b.*)?$")
_EN_NOUN = {"teach": "teacher", "teaches": "teacher", "coach": "coach", "coaches": "coach", "tutor": "tutor",
            "tutors": "tutor"}
_EN_VEHICLE = (r"(?P<vehicle>taxi|cab|bus|school bus|truck|lorry|van|delivery van|ambulance|forklift|tram|train|"
               r"tractor|limo|limousine|uber|lyft|fire engine|semi|big rig)")
_EN_FIXED = (
    (re.compile(r"^(?:lectures?) (?:at|in)\b.*$"), "lecturer"),
    (re.compile(r"^(?:nurses?)(?: (?:at|in|for)\b.*)?$"), "nurse"),
    (re.compile(r"^(?:practi[cs]es?) law\b.*$"), "lawyer"),
    (re.compile(r"^(?:practi[cs]es?) (?:medicine|family medicine)\b.*$"), "doctor"),
    (re.compile(r"^(?:practi[cs]es?) dentistry\b.*$"), "dentist"),
    (re.compile(r"^(?:bartends?)\b.*$"), "bartender"),
    (re.compile(r"^(?:waits?|waitresses) tables\b.*$"), "waiter"),
    (re.compile(r"^(?:farms?)(?: (?:wheat|corn|cattle|sheep|dairy|rice|land|for a living|in|out)\b.*)?$"), "farmer"),
    (re.compile(r"^(?:cooks?) (?:at|in|for) (?:a |an |the )?[a-z' -]*(?:restaurant|hotel|diner|cafe|café|bistro|"
                r"kitchen|canteen|cafeteria|pub)\b.*$"), "cook"),
    (re.compile(r"^(?:cuts?) hair\b.*$"), "hairdresser"),
    (re.compile(r"^(?:fix(?:es)?|repairs?) (?:cars|engines|trucks)\b.*$"), "mechanic"),
    (re.compile(r"^(?:cleans?) (?:houses|homes|offices|hotel rooms)\b.*$"), "cleaner"),
    (re.compile(r"^(?:delivers?) (?:the )?(?:mail|post|parcels|packages|pizzas?|food)\b.*$"), "courier"),
)
_EN_DRIVE = re.compile(rf"^(?:drives?) (?:a |an |the )?{_EN_VEHICLE}(?: (?:for|in|at|around|on)\b.*)?$")
#: round 48: "freelances as a copywriter (, mostly for …)": the occupation after "as", to where, whom for or a comma
_EN_FREELANCE = re.compile(r"^freelances? as (?:a |an )?(?!(?:well|much|needed|and|often|usual|such|long|soon|"
                           r"little|many|before)\b)(?P<job>[a-z][a-z -]{1,40}?)"
                           r"(?:,.*| (?:for|at|in|on|with|from|since|mostly|mainly|now)\b.*)?$")


def en_job_verb(predicate: str) -> str | None:
    """The occupation an English predicate (cleaned, case-folded: "teaches maths at a high school") tells by its
    verb ("maths teacher"), or None (see the module docstring)."""
    p = predicate.strip(" .!")
    if m := _EN_TEACH.match(p):
        what = (m.group("what") or "").strip()
        if what and _EN_PERSON.match(what):
            return None
        what = re.sub(r"^(?:a |an |the )", "", what)
        if what and (len(what.split()) > 3 or
                     re.search(r"\b(?:how|to|that|them|class|lesson|lessons|session)\b", what)):
            what = ""  # "teaches kids to swim", "teaches a class": the occupation without its object
        return f"{what} {_EN_NOUN[m.group('verb')]}".strip()
    if m := _EN_DRIVE.match(p):
        return f"{m.group('vehicle')} driver"
    if (m := _EN_FREELANCE.match(p)) and not _EN_PERSON.match(m.group("job")):
        return m.group("job").strip()
    return next((job for rx, job in _EN_FIXED if rx.match(p)), None)


#: (在X)教(Y): what is taught, Y; not a person taught (教我, 教孩子游泳), not a past one (教过)
_ZH_TEACH = re.compile(r"^(?:(?:现在|目前|一直)?在[^，,。]{1,12}?)?(?:教(?P<what>[^，,。过了着]{1,6}?)|教书)(?:课)?$")
_ZH_PERSON = re.compile(r"^(?:我|你|他|她|它|孩子|小孩|学生|别人|大家|人|我们|他们|她们)")
_ZH_FIXED = (
    (re.compile(r"^(?:在[^，,。]{1,12}?)?开(?:出租车?|的士|网约车|滴滴)$"), "出租车司机"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?开(?:公交车?|大巴车?|校车)$"), "公交司机"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?开(?:货车|卡车|大货车|大卡车|挂车)$"), "货车司机"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?送外卖$"), "外卖员"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?送快递$"), "快递员"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?(?:种地|务农|种田)$"), "农民"),
    (re.compile(r"^(?:在[^，,。]{1,12}?)?行医$"), "医生"),
)


#: trades told with a light verb and no 的 (做装修, 干外贸): a field of work, never a thing done once (做饭, 做作业);
#: 在 before 搞 / 干 is a thing under way (在搞装修: the home renovated), before 做 / 从事 the work done (在做销售)
_ZH_TRADES = re.compile(r"装修|装潢|外贸|金融|电商|餐饮|物流|保险|房地产|地产|中介|广告|建筑|美容|美发|财务|设计|"
                        r"审计|法务|人事|行政|会计|销售|市场|运营|证券|投资|IT|互联网|软件开发|开发|编程|翻译|教育|医疗")
_ZH_TRADE = re.compile(r"^(?:一直|主要|专门)?(?:在(?:做|从事)|做|干|搞|从事)(?P<what>[^，,。的了过着]{2,5}?)"
                       r"(?:这一?行|行业|工作)?$")
#: an occupation said with 人 (工人, 商人, 军人, 艺人, 主持人, 经纪人): the 人 of a hometown (湖北人) it is not
_ZH_PERSON_JOB = re.compile(r"^是(?:一名|一个|一位|个|名|位)?(?P<job>[\u4e00-\u9fff]{0,4}(?:工人|商人|军人|艺人|主持人|"
                            r"经纪人|承包人|创始人|合伙人|负责人))$")
#: a trade told inside 是…的 (是开出租车的, 是送外卖的): the trade's own words
_ZH_IS_DE = re.compile(r"^(?:是|就是)(.{2,10})的$")

#: a new trade taken up (改行 / 转行, round 44): what follows is the job now (改行做律师了, 转行当会计, 改行开出租车)
_ZH_RETRAINED = re.compile(r"^(?:已经|最近|去年|今年)?(?:改行|转行)(?:了|去|来)?(?:[，,])?"
                           r"(?P<rest>[^，,。]{2,12}?)了?$")
_ZH_BECAME = re.compile(r"^(?:去|来)?(?:做|当|干|成了|成为|变成)了?(?:一名|一个|一位|个|名)?(?P<job>[^，,。了]{1,8})$")


def zh_job_verb(predicate: str) -> str | None:
    """The occupation a Chinese predicate (after the subject: 在高中教数学) tells by its verb (数学老师), or None;
    one told as a new trade (改行做律师了 → 律师, 转行开出租车 → 出租车司机: round 44) too."""
    q = re.sub(r"^(?:现在|目前|一直|还|也|都|就)+", "", predicate.strip("。！!，, "))
    if m := _ZH_RETRAINED.match(q):
        rest = m.group("rest")
        if job := zh_job_verb(rest):
            return job
        m = _ZH_BECAME.match(rest)
        return m.group("job") if m and _OCCUPATION.search(m.group("job")) and not _NOT_OCCUPATION.search(
            m.group("job")) else None
    if (m := _ZH_TRADE.match(q)) and (_ZH_TRADES.fullmatch(m["what"]) or _OCCUPATION.search(m["what"]) and not
                                      _NOT_OCCUPATION.search(m["what"])):
        return m["what"]  # 做装修, 在做销售 (round 46)
    if m := _ZH_PERSON_JOB.match(q):
        return m["job"]  # 是装修工人, 是个商人: not a hometown (round 46)
    q = _ZH_IS_DE.sub(r"\1", q)  # 是开出租车的 → 开出租车 (round 46)
    if m := _ZH_TEACH.match(q):
        what = m.group("what") or ""
        if what and (_ZH_PERSON.match(what) or len(what) > 4):
            return None
        return f"{what}老师"
    return next((job for rx, job in _ZH_FIXED if rx.match(q)), None)


#: 做<X>的<occupation>: the work done (a verb of doing, not 喜欢/想 or a quality) and then the occupation
_ZH_DETAILED = re.compile(r"^(?:专门|主要)?(?:做|搞|从事|负责|教|研究|带|管|跑|写|开|卖|修|送)"
                          r"(?P<what>[^的，,。了过着]{1,8})的"
                          r"(?:一名|一个|一位|个|名|位)?(?P<job>[^的，,。]{1,8})$")

#: one good at a thing (高手, 能手, 一把好手, 达人): the 手 of 歌手 / 选手, no job
_ZH_SKILLED = re.compile(r"(?:高手|能手|好手|老手|熟手|新手|快手|达人)$")


def zh_detailed_job(value: str, occupation: re.Pattern[str], not_occupation: re.Pattern[str]) -> str | None:
    """The job a Chinese value after 是 tells with its detail (做前端开发的工程师 → itself), or None: the word
    after 的 an occupation (``occupation``, ``not_occupation``: the rules' vocabulary), not one good at a thing
    (做菜的高手); the detail no person (教我们的老师 says whose teacher: left as it was)."""
    m = _ZH_DETAILED.match(value)
    if not m or _ZH_PERSON.match(m.group("what")):
        return None
    job = m.group("job")
    if _ZH_SKILLED.search(job):
        return None  # 做菜的高手: good at it, no occupation
    return value if occupation.search(job) and not not_occupation.search(job) else None


#: the light verbs a field of work is told with (是搞财务的, 是做设计的)
_FIELD_VERB = r"(?:搞|干|做|从事)"
#: 是搞/干/做/从事<field>(工作/行业)的: the field of work told with a light verb and 的 (the statement's predicate)
_ZH_FIELD = re.compile(r"^(?:是|就是|也是)?(?:专门|主要|一直)?" + _FIELD_VERB + r"(?P<field>[^的，,。了过着在]{2,8}?)"
                       r"(?:这一?行|那一?行|行业|领域|方面|相关|工作|一行|生意|活儿?)?(?:工作)?的$")
#: not a field: a question, a quality or a thing done once (干什么的, 搞笑的, 做作的, 干净的)
_ZH_NOT_FIELD = re.compile(r"(?:什么|啥|嘛|哪|多少|笑|怪|作|净|错|砸|定|完|好|坏|掉|到|成|出来|起来|下去)")


def zh_field_job(predicate: str, pos: Callable[[str], list[tuple[str, str]]]) -> str | None:
    """The field of work a Chinese predicate tells with a light verb (是搞财务的 → 财务, 是干装修的 → 装修), or None
    (see the module docstring). ``pos``: the rules' part-of-speech tagger ((word, flag) pairs, jieba's flags)."""
    m = _ZH_FIELD.match(predicate.strip("。！!，, "))
    if not m or _ZH_NOT_FIELD.search(field := m.group("field")):
        return None
    tags = pos(field)
    last = tags[-1][1] if tags else ""
    if not (last[:1] in ("n", "j", "l") or last in ("vn", "eng", "nz") or last == "v" and len(tags[-1][0]) >= 2):
        return None
    return field


def told_as_field(statement: str, value: str, occupation: re.Pattern[str]) -> bool:
    """A job ``value`` that ``statement`` (simplified, case-folded, as ``value``) tells as a field of work with a
    light verb (是搞财务的, 是做设计的: the value 财务, 设计; :func:`zh_field_job`), not an occupation (``occupation``:
    the rules' vocabulary; 是做销售的 is a salesman: 销售)."""
    return bool(value) and not occupation.search(value) and \
        re.search(_FIELD_VERB + re.escape(value) + r"[^，,。]{0,6}的", statement) is not None
