"""A change of workplace told in passing, with the job kept: read as the two facts it tells.

- "New job at City General, still a nurse" / "Started a new job at Meta, still an engineer": the workplace
  now, in the words as said (``New job at City General``; the rest, the job said again, is read on);
- 换到市第一医院上班了 / 跳槽到字节跳动了: the workplace now (我现在在市第一医院上班); 还是当护士 / 还是护士:
  the job as it was (我还是护士). A pro-drop clause is the speaker's.
- Round 42: the change told with where it left (从华为跳槽到了腾讯) is the same new workplace; a transfer (调到 /
  转到) to a department named alone (调到了市场部) is the department now (我现在在市场部工作, slot ``department``); one
  to a branch or a town (调到苏州分公司) is read by the rules as said.
- A new job told as a start, a hire, a join or a move (round 29: stored with no job slot, or ``event.joined_…``,
  so the job question's ``context`` left it out and the old job stayed active): "Next week I start at a bank as
  a teller", "I got hired as a barista at a cafe", "I joined a firm as a paralegal", "I took a job as a chef",
  "I switched to a startup as a designer" → the job (the occupation after "as", in the sentence as said, its time
  too) and the workplace (the organisation before "as", in the words up to it; one after "as" stays in the job's
  statement, as for "started as a nurse at …"); 入职X / 加入X (an organisation) / 去X报到 / 被X录用(为Y) /
  新工作是Y → 我现在在X上班 / 我现在在X当Y / 我现在是Y. A job told as
  starting later holds from when it is told (the memory is the user's new job; its words keep the date), and
  ends the old job as a plain new job does; "also" / 兼职 keeps both (:mod:`memcli.write.job_pair`).

The workplace's change marker (now, 现在) lets the decision end the old workplace; the job said again
reinforces the job (one attribute each: a new workplace is no new job). Pure functions of one clause.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcli.write.rules.en_events import event_time
from memcli.write.rules.en_joined import been_at, job_lost, joined_when, with_dropped_i
from memcli.write.rules.en_plan import plan_of, trip_off
from memcli.write.rules.en_words import _NOT_OCCUPATION as _EN_NOT_OCCUPATION
from memcli.write.rules.en_words import _OCCUPATION as _EN_OCCUPATION
from memcli.write.rules.match import Match
from memcli.write.rules.spots import is_department, is_spot
from memcli.write.rules.zh_words import _NOT_OCCUPATION, _OCCUPATION

__all__ = ["en_occupation", "job_started", "plan_or_job", "zh_job_moved", "zh_moved_to", "zh_occupation"]

#: "(I) (just) started / got / landed a new job at X": the new workplace (up to a comma or the end)
_EN_NEW = re.compile(
    r"^(?:(?:i |we )?(?:just |recently |finally )?(?:started|got|landed|took|have|found|began) )?"
    r"(?:a |my )?new (?:job|position|role) (?:at|with) (?P<place>[^,;.!]{2,40}?)(?P<rest>[,;.!].*)?$",
    re.I,
)
#: "I (just) got / landed / took / found a job at X" (round 39): a new job told without "new", as :data:`_EN_NEW`
_EN_GOT = re.compile(
    r"^(?:i |i've |i have )?(?:just |recently |finally )?(?:got|landed|took|found|accepted) (?:a |the )?"
    r"(?:job|position|role) (?:at|with) (?P<place>[^,;.!]{2,40}?)(?P<rest>[,;.!].*)?$", re.I)
#: an organisation named by its kind, its town after it (round 39): "a hospital pharmacy in Hull", "the bank on
#: Queen Street", "a small law firm" — a new job "at" it is a workplace as a named one is
_EN_ORG_NOUN = (r"(?i:hospital|clinic|surgery|pharmacy|bank|school|academy|college|university|"
                r"company|firm|agency|start-?up|shop|store|supermarket|restaurant|caf[eé]|bakery|hotel|factory|"
                r"warehouse|office|practice|charity|council|library|museum|studio|garage|salon|nursery|care home|"
                r"newspaper|lab|laboratory|consultancy|brewery|farm|airline|airport)")
_EN_ORG_PHRASE = re.compile(
    rf"(?:[Aa]n?|[Aa]nother|[Tt]he) (?:[\w'-]+ ){{0,3}}?{_EN_ORG_NOUN}"
    r"(?: (?:in|at|on|near) (?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|"
    r"July|August|September|October|November|December|Christmas|Easter)[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)?")
#: "I (just) joined Riverside Academy (last week)", "I joined the team at Acme": a named organisation joined, whose
#: name ends in an employer's word (a school joined by its teacher, a bank, a clinic) or a team at it — not a gym,
#: a club or a choir joined (round 39)
_EN_JOINED = re.compile(
    r"^(?i:i|i've|i have)(?: (?:just|recently|finally|officially))? joined (?:the (?:[a-z]+ )?team at )?"
    r"(?P<org>(?:[A-Z][\w'&.-]*(?: (?:of |the |and |& )?[A-Z][\w'&.-]*)* (?:Academy|Bank|Hospital|Clinic|School|"
    r"College|University|Group|Ltd|Inc|Partners|Company|Agency|Consulting|Solutions|Technologies|Labs|Trust|Council|"
    r"Pharmacy|Surgery|Practice|Studios?|Associates|Systems|Capital|Bakery|Hotel))|(?<=team at )[A-Z][\w'&.-]*"
    rf"(?: [A-Z][\w'&.-]*)*|(?:an?|another|the) (?:[\w'-]+ ){{0,3}}?{_EN_ORG_NOUN}(?: in [A-Z][\w'.-]*)?)"
    r"(?:,? (?:last|this|in|on|a few|two|three|a) [a-z ]{2,20})?$")
#: "I quit the hospital job, starting next Monday as a school nurse" (round 21): a job left and the new one taken,
#: in one sentence — the new job (the old one is what the job slot held)
_EN_QUIT_NEW = re.compile(
    r"^(?:i|i've|i have)(?: (?:just|finally|recently|officially))? (?:quit|left|resigned from|gave up|walked away from|"
    r"handed in my notice at) (?:my|the) [^,;]{0,40}?(?:job|position|role|gig|work)(?: (?:at|with) [^,;]{1,40}?)?"
    r"(?:,|;| -| —| and)\s*(?:(?:and|so|now) )?(?:i'm |i am |i'll be |i will be |i )?(?:starting|start|beginning|begin)"
    r"(?: (?:a new job|work|my new job|a job))?(?: (?:next|on|this|in|tomorrow|from)\b[^,;]{0,25}?)?"
    r" as (?:a |an )?(?P<job>[a-z][a-z -]{1,30}?)(?: (?:at|with|in|for) [^,;]{1,40}?)?"
    r"(?: (?:next|on|this|in|tomorrow|from)\b[^,;]{0,25}?)?$", re.I)
#: a time said of a job's start ("next week", "on Monday", "from June", "tomorrow")
_EN_WHEN = r"(?:(?:next|this|on|in|from|starting|last|early|later) [a-z0-9 ]{2,20}?|tomorrow|today|soon|yesterday|" \
           r"(?:a|one|two|three|four|five|six|a few|a couple of|several|\d+) (?:days?|weeks?|months?|years?) ago)"
#: (round 47) the time said right after the organisation joined: kept in the workplace's statement
_EN_ORG_WHEN = re.compile(rf",? {_EN_WHEN}(?=,? as )", re.I)
#: a new job told as a start, a hire, a join or a move, with what the person is taken on as: "Next week I start at a
#: bank as a teller", "I'm starting a new job as a nurse", "I got hired as a barista at a cafe", "I joined a law
#: firm as a paralegal", "I took a job as a chef", "I switched to a startup as a designer" — the job, and the
#: organisation (after at / with / by / to, or joined's object) its workplace
_EN_START = re.compile(
    rf"^(?:{_EN_WHEN},? )?(?:so |and |now )?(?:i|i'm|i am|i've|i have|i'll|i will)"
    r"(?: (?:just|finally|recently|officially|now|also|soon|been|be|am|was|going to|gonna))*"
    r" (?P<verb>(?:start|begin|join)(?:s|ed|ing|ning)?|began|"
    r"(?:got|get|getting|been|was|am being) (?:hired|employed|taken on|recruited)|"
    r"(?:took|take|taking|landed|land|got|get|found|accepted|accept|started|start|starting) "
    r"(?:a |an |the |my )?(?:new |full-time |part-time )?(?:job|position|role|post|gig)|"
    r"switch(?:ed|ing)? (?:jobs |over )?to|mov(?:ed|ing) (?:over )?to)"
    r"(?: (?:a |an |my |the )?(?:new |full-time |part-time )?(?:job|position|role|work|working))?"
    r"(?: (?:(?P<prep>at|with|by|for|to) )?(?P<org>(?!as\b)[^,;]{2,40}?))??"
    rf"(?:,? {_EN_WHEN})?,? as (?:a |an )?(?P<job>[a-z][a-z -]{{1,30}}?)"
    r"(?: (?:at|with|in|for|by) [^,;]{2,40}?)?(?: (?:full-time|part-time))?"
    rf"(?:,? {_EN_WHEN})?$", re.I)
#: ", (but) (I'm) still a nurse": the job kept
_EN_STILL = re.compile(
    r"^[,;.!]\s*(?:but |and )?(?:i am |i'm )?still (?P<a>a |an )?(?P<job>[a-z][a-z -]{1,30}?)[.!]?$", re.I
)
#: a date said before the change (its words kept in the statement, so the memory holds from then)
_ZH_DATED = re.compile(r"今年|上个?月|这个?月|[一二三四五六七八九十\d]{1,3}月份?(?:初|中|底)?|"
                       r"年初|年中|年底|月初|月底")
#: (今年三月)换到/跳槽到/换工作到 X (上班/工作)(了): the workplace now (a time before the verb: when, round 39)
_ZH_WHEN_MOVED = (r"(?:(?:今年|去年|上个?月|这个?月|[一二三四五六七八九十\d]{1,3}月份?|年初|年中|年底|月初|月底|"
                  r"最近|刚刚?|已经)(?:[一二三四五六七八九十\d]{1,3}月份?)?(?:初|中|底)?)?")
_ZH_MOVED = re.compile(
    rf"^{_ZH_WHEN_MOVED}我?{_ZH_WHEN_MOVED}(?:现在)?(?:也)?(?:从(?P<old>[^，,。我]{{2,12}}?))?(?:被)?"
    r"(?P<verb>换到|换去|跳槽到|跳槽去|跳到|换工作到|换工作去|换工作换到|调到|调去|调进|转到|转去)了?"
    r"(?P<place>[^，,。我]{2,12}?)(?:去)?(?:上班|工作)?了?$"
)
#: the verbs of a transfer (调到, 转到): read here only with a department (市场部); a time, a dose, a seat, a branch
#: (调到九点, 调到夜班, 调到苏州分公司) is read by the rules as said (round 42)
_ZH_TRANSFER = re.compile(r"调|转")
#: when a new job starts or started, said before its verb (下个月, 下周一, 明天, 上个月, 刚, 已经): the memory
#: holds from when it is told, as 换到 X does
_ZH_WHEN = (r"(?:从)?(?:下个?月|下周[一二三四五六日天]?|下星期[一二三四五六日天]?|下礼拜|明年|明天|后天|月底|年后|"
            r"上个?月|上周|昨天|前天|刚刚?|已经|最近|今年)?(?:初|中|底|起)?(?:就|要|会|将|正式|开始|刚|也)*")
#: an organisation's closing word: 加入 / 报到 of a group or a school of one's own (a 读书会, 大学 报到 as a
#: student) is no job; 入职 and 录用 always are
_ZH_ORG = (r"(?:公司|银行|医院|诊所|律所|事务所|集团|工厂|厂|店|餐厅|酒店|饭店|超市|商场|团队|部门|单位|机构|"
           r"研究所|研究院|报社|电视台|企业|网点|药房|物流|工作室|[A-Za-z]{2,})")
#: a new job told by its start: 入职X / 加入X (an organisation) / 去X报到 / 被X录用(为Y), then 当/做/担任 Y or nothing
_ZH_START = re.compile(
    rf"^我?{_ZH_WHEN}(?:"
    r"(?:入职|加入|加盟|进入?|去|到)了?(?P<org>[^，,。我]{2,14}?)(?P<how>入职|报到|报道|上班|工作)?|"
    r"被(?P<org2>[^，,。我]{2,14}?)(?:正式)?(?:录用|录取|聘用|招聘|聘请|雇用|招)(?:为|成)?)"
    r"(?:了)?(?:(?:当|做|担任|任|成为|为)(?:一名|一个|一位)?(?P<job>[^，,。我]{1,8}?))?了?$")
#: 新工作是 Y (an occupation) / 新工作在 X: the job or workplace now
_ZH_NEW_JOB = re.compile(r"^我?的?新(?:工作|职位|岗位|单位)(?:是|在)(?P<what>[^，,。我]{1,14}?)了?$")
#: 还是(当/做)护士 / 仍然是老师: the job as it was
_ZH_STILL = re.compile(r"^我?(?:还是|仍然|依然|照样|继续)(?:当|做|是|干)?(?P<job>[^，,。我]{1,8}?)(?:呢|啊|啦)?$")


def en_occupation(text: str) -> bool:
    """``text`` (English) names an occupation by the rules' words and none of their non-occupations (customer,
    passenger…: :mod:`memcli.write.rules.en_words`)."""
    return bool(_EN_OCCUPATION.search(text)) and not _EN_NOT_OCCUPATION.search(text)


def zh_occupation(text: str) -> bool:
    """``text`` (simplified Chinese) names an occupation by the rules' words and none of their non-occupations
    (:mod:`memcli.write.rules.zh_words`)."""
    return bool(_OCCUPATION.search(text)) and not _NOT_OCCUPATION.search(text)


def job_started(sentence: str) -> list[Match]:
    """The job (and workplace) a new job told as a start tells (:data:`_EN_START`), or []: the job the occupation
    after "as" (not one of the rules' non-occupations), in the sentence as said (its time too: "next week" is when,
    the memory holds from when it was said); the workplace the organisation, said without the "as" part."""
    said = with_dropped_i(sentence.strip().rstrip(".!"))  # (round 47) "Joined Acme last month as a designer"
    m = _EN_START.match(said)
    if not m or not en_occupation(job := m.group("job").casefold()):
        return []
    org, verb = m.group("org"), m.group("verb").casefold()
    if re.fullmatch(r"started|began", verb) and re.search(r"\b(?:started|began) as\b", said, re.I):
        return []  # "I just started as a nurse at …": the rules read the job, its place in the statement
    if org and not m.group("prep") and not verb.startswith("join") and not verb.endswith(" to"):
        org = None  # only "joined" (and "moved to") take the organisation bare ("joined Acme as …")
    if org and re.fullmatch(_EN_WHEN, org.casefold()):
        org = None  # "I start next week as a nurse": a time, no organisation
    ago = joined_when(said)  # (round 47) "last month", "in May" after joined: the memory holds from then
    out = [Match(statement=said[:1].upper() + said[1:], kind="identity", slot="job", value=job.strip(),
                 salience=0.7, ago=ago)]
    if org and (v := re.sub(r"^(?:a|an|the) ", "", org.strip().casefold())):  # the words up to it, as said
        when = _EN_ORG_WHEN.match(said, m.end("org"))  # (its time too: "I joined Acme last month")
        out.append(Match(statement=said[:1].upper() + said[1:when.end() if when else m.end("org")].rstrip(" ,"),
                         kind="identity", slot="workplace", value=v, salience=0.7, ago=ago))
    return out


def plan_or_job(sentence: str, prepare: Callable[[str], str]) -> tuple[list[Match], str] | None:
    """:func:`memcli.write.rules.en_plan.plan_of`, else a new job told as a start ("I got hired as a barista at a
    cafe": the job and the workplace), else a new job at a named place told in passing ("New job at City General,
    still a nurse"): the workplace fact in the words as said (``New job at City General``, slot ``workplace``; "new"
    tells the change). Returns (the facts, the rest of the sentence, read next); None for anything else."""
    if plan := plan_of(sentence, prepare):
        return [plan[0]], plan[1]
    if off := trip_off(sentence):  # (round 46) "the Iceland trip is off"
        return [off], ""
    if event := event_time(sentence):  # "My interview is on Tuesday", "…was moved to Friday": the whole sentence
        return [event], ""
    if started := job_started(sentence):  # "Next week I start at a bank as a teller": the job (and workplace) now
        return started, ""
    if held := been_at(sentence, prepare(sentence), en_occupation):  # (round 47) "I've been at X since 2021, doing …"
        return held, ""
    if lost := job_lost(sentence):  # (round 47) "I lost my job at the plant", "Got laid off last week, so …"
        return [lost[0]], lost[1]
    if m := _EN_JOINED.match(said := sentence.strip().rstrip(".!")):  # "I joined Riverside Academy": the workplace
        return [Match(statement=said[:1].upper() + said[1:], kind="identity", slot="workplace",
                      value=m.group("org").casefold(), salience=0.7)], ""
    m = _EN_QUIT_NEW.match(sentence.strip().rstrip(".!"))
    if m and en_occupation(m.group("job")):
        said = sentence.strip().rstrip(".!")
        return [Match(statement=said[:1].upper() + said[1:], kind="identity", slot="job",
                      value=m.group("job").strip().casefold(), salience=0.7)], ""
    m = _EN_NEW.match(sentence.strip()) or _EN_GOT.match(sentence.strip())
    if m is None or not (re.fullmatch(r"[A-Z][\w'&.-]*(?: (?:of |de |the |and |& )?[A-Z][\w'&.-]*)*", m.group("place"))
                         or _EN_ORG_PHRASE.fullmatch(m.group("place"))):
        return None  # a named place or organisation alone ("… at Figma last month": a time after it, the rules read it)
    rest = (m.group("rest") or "").strip()
    kept = _EN_STILL.match(rest) if rest else None  # ", still a nurse": the job kept stays in the statement
    said = sentence.strip().rstrip(".!") if kept else sentence.strip()[: m.end("place")]
    return [Match(statement=said[:1].upper() + said[1:], kind="identity", slot="workplace",
                  value=re.sub(r"^(?:a|an|the) ", "", m.group("place").strip().casefold()), salience=0.7)], \
        "" if kept else rest.lstrip(",;.! ")


def zh_job_moved(clause: str) -> str | None:
    """One prepared clause as the fact it tells (换到市第一医院上班了 → 我现在在市第一医院上班, 还是当护士 →
    我还是护士); None for any other clause."""
    if m := _ZH_MOVED.match(clause):
        place = m.group("place")
        if is_department(place) and not (m.group("old") and not is_department(m.group("old"))):
            return f"我现在在{place}工作"  # 调到了市场部, 从销售部调到了市场部: the department now (round 42)
        if is_spot(place) or _ZH_TRANSFER.match(m.group("verb")):
            return None  # 我换到了新的座位, 换到三楼, 换到夜班: a spot inside the same place, no new job (round 40)
        if re.search(r"去年|前年", clause[: m.start("place")]):
            return None  # 去年跳槽到了美团: a change of an earlier year, read by the rules as the dated event it tells
        if times := _ZH_DATED.findall(clause[: m.start("place")]):  # 今年三月换到了深圳, 上个月换到了…: the
            return f"{''.join(times)}我在{m.group('place')}上班"  # workplace since then, its date kept to be read
        return f"我现在在{m.group('place')}上班"
    if said := _zh_started(clause):
        return said
    m = _ZH_STILL.match(clause)
    if m and _OCCUPATION.match(m.group("job")) and not _NOT_OCCUPATION.search(m.group("job")):
        return f"我还是{m.group('job')}"
    return None


#: 跳槽到 / 换工作到 X (上班)(了), its time said elsewhere (去年我跳槽到了美团: the rules read the time)
_ZH_MOVED_TO = re.compile(r"(?:跳槽|换工作)(?:到|去)了?(?P<place>[^，,。我]{2,12}?)(?:去)?(?:上班|工作)?了?$")


def zh_moved_to(clause: str) -> str | None:
    """The workplace a job change told as a dated event goes to (去年跳槽到了美团 → 美团; the date is the rules': the
    memory holds from then), or None (a spot inside one place: 换到了三楼) — round 42: the event had no workplace, so
    我现在在哪工作 found nothing."""
    m = _ZH_MOVED_TO.search(clause)
    return m.group("place") if m and not is_spot(m.group("place")) else None


def _zh_started(clause: str) -> str | None:
    """A prepared clause telling a new job by its start (:data:`_ZH_START`, :data:`_ZH_NEW_JOB`) as the job now
    (我现在在X当Y / 我现在是Y) or the workplace now (我现在在X上班); None for any other clause."""
    if m := _ZH_NEW_JOB.match(clause):
        what = m.group("what")
        if zh_occupation(what):
            return f"我现在{what if what.startswith('在') else '是' + what}"
        return f"我现在在{what}上班" if re.search(_ZH_ORG + "$", what) else None
    m = _ZH_START.match(clause)
    if not m:
        return None
    job = m.group("job")
    if job and not zh_occupation(job):
        return None  # 加入乐队当鼓手的朋友…: 当 what is no occupation
    org = m.group("org2") or m.group("org")
    verb = clause[: m.start("org")] if m.group("org") else ""
    told = m.group("org2") or re.search(r"(?:入职|加入|加盟)了?$", verb) or m.group("how") in ("入职", "报到", "报道")
    if not told:
        return None  # 去一家公司做顾问: the rules read it as said (memcli.write.rules.zh_facts)
    if not (re.search(r"入职了?$", verb) or m.group("org2") or job or re.search(_ZH_ORG + "$", org)):
        return None  # 去公园 / 加入读书会 / 去大学报到 (a student): no organisation taken on by, no job
    return f"我现在在{org}当{job}" if job else f"我现在在{org}上班"
