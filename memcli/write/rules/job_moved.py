"""A change of workplace told in passing, with the job kept: read as the two facts it tells.

- "New job at City General, still a nurse" / "Started a new job at Meta, still an engineer": the workplace
  now, in the words as said (``New job at City General``; the rest, the job said again, is read on);
- 换到市第一医院上班了 / 跳槽到字节跳动了: the workplace now (我现在在市第一医院上班); 还是当护士 / 还是护士:
  the job as it was (我还是护士). A pro-drop clause is the speaker's.

The workplace's change marker (now, 现在) lets the decision end the old workplace; the job said again
reinforces the job (one attribute each: a new workplace is no new job). Pure functions of one clause.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcli.write.rules.en_events import event_time
from memcli.write.rules.en_plan import plan_of
from memcli.write.rules.en_words import _NOT_OCCUPATION as _EN_NOT_OCCUPATION
from memcli.write.rules.en_words import _OCCUPATION as _EN_OCCUPATION
from memcli.write.rules.match import Match
from memcli.write.rules.zh_words import _NOT_OCCUPATION, _OCCUPATION

__all__ = ["plan_or_job", "zh_job_moved"]

#: "(I) (just) started / got / landed a new job at X": the new workplace (up to a comma or the end)
_EN_NEW = re.compile(
    r"^(?:(?:i |we )?(?:just |recently |finally )?(?:started|got|landed|took|have|found|began) )?"
    r"(?:a |my )?new (?:job|position|role) (?:at|with) (?P<place>[^,;.!]{2,40}?)(?P<rest>[,;.!].*)?$",
    re.I,
)
#: "I quit the hospital job, starting next Monday as a school nurse" (round 21): a job left and the new one taken,
#: in one sentence — the new job (the old one is what the job slot held)
_EN_QUIT_NEW = re.compile(
    r"^(?:i|i've|i have)(?: (?:just|finally|recently|officially))? (?:quit|left|resigned from|gave up|walked away from|"
    r"handed in my notice at) (?:my|the) [^,;]{0,40}?(?:job|position|role|gig|work)(?: (?:at|with) [^,;]{1,40}?)?"
    r"(?:,|;| -| —| and)\s*(?:(?:and|so|now) )?(?:i'm |i am |i'll be |i will be |i )?(?:starting|start|beginning|begin)"
    r"(?: (?:a new job|work|my new job|a job))?(?: (?:next|on|this|in|tomorrow|from)\b[^,;]{0,25}?)?"
    r" as (?:a |an )?(?P<job>[a-z][a-z -]{1,30}?)(?: (?:at|with|in|for) [^,;]{1,40}?)?"
    r"(?: (?:next|on|this|in|tomorrow|from)\b[^,;]{0,25}?)?$", re.I)
#: ", (but) (I'm) still a nurse": the job kept
_EN_STILL = re.compile(
    r"^[,;.!]\s*(?:but |and )?(?:i am |i'm )?still (?P<a>a |an )?(?P<job>[a-z][a-z -]{1,30}?)[.!]?$", re.I
)
#: 换到/跳槽到 X (上班/工作)(了): the workplace now
_ZH_MOVED = re.compile(
    r"^我?(?:现在)?(?:也)?(?:换到|换去|跳槽到|跳槽去|跳到)了?"
    r"(?P<place>[^，,。我]{2,12}?)(?:去)?(?:上班|工作)?了?$"
)
#: 还是(当/做)护士 / 仍然是老师: the job as it was
_ZH_STILL = re.compile(r"^我?(?:还是|仍然|依然|照样|继续)(?:当|做|是|干)?(?P<job>[^，,。我]{1,8}?)(?:呢|啊|啦)?$")


def plan_or_job(sentence: str, prepare: Callable[[str], str]) -> tuple[Match, str] | None:
    """:func:`memcli.write.rules.en_plan.plan_of`, else a new job at a named place told in passing ("New job at
    City General, still a nurse"): the workplace fact in the words as said (``New job at City General``, slot
    ``workplace``; "new" tells the change) and the rest of the sentence, read next; None for anything else."""
    if plan := plan_of(sentence, prepare):
        return plan
    if event := event_time(sentence):  # "My interview is on Tuesday", "…was moved to Friday": the whole sentence
        return event, ""
    m = _EN_QUIT_NEW.match(sentence.strip().rstrip(".!"))
    if m and _EN_OCCUPATION.search(m.group("job")) and not _EN_NOT_OCCUPATION.search(m.group("job")):
        said = sentence.strip().rstrip(".!")
        return Match(statement=said[:1].upper() + said[1:], kind="identity", slot="job",
                     value=m.group("job").strip().casefold(), salience=0.7), ""
    m = _EN_NEW.match(sentence.strip())
    if m is None or not re.fullmatch(r"[A-Z][\w'&.-]*(?: (?:of |de |the |and |& )?[A-Z][\w'&.-]*)*", m.group("place")):
        return None  # a named place alone ("… at Figma last month": a time after it, the rules read it)
    rest = (m.group("rest") or "").strip()
    kept = _EN_STILL.match(rest) if rest else None  # ", still a nurse": the job kept stays in the statement
    said = sentence.strip().rstrip(".!") if kept else sentence.strip()[: m.end("place")]
    return Match(
        statement=said[:1].upper() + said[1:],
        kind="identity",
        slot="workplace",
        value=m.group("place").strip().casefold(),
        salience=0.7,
    ), "" if kept else rest.lstrip(",;.! ")


def zh_job_moved(clause: str) -> str | None:
    """One prepared clause as the fact it tells (换到市第一医院上班了 → 我现在在市第一医院上班, 还是当护士 →
    我还是护士); None for any other clause."""
    if m := _ZH_MOVED.match(clause):
        return f"我现在在{m.group('place')}上班"
    m = _ZH_STILL.match(clause)
    if m and _OCCUPATION.match(m.group("job")) and not _NOT_OCCUPATION.search(m.group("job")):
        return f"我还是{m.group('job')}"
    return None
