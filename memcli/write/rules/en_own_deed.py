"""An English clause that tells a deed of the speaker's own, dated in the past (round 44).

Friends catching up tell what they did since they last talked, in the past tense with when: "I took a short
trip to Lisbon last month to see my aunt", "Signed up for a pottery course a few weeks ago" (the dropped "I" put
back before this is read: :mod:`memcli.write.rules.en_carry`), "Last spring we drove the whole coast road",
"I got the recipe from a cookbook my gran gave me years ago". The clause model scores many of them low (LoCoMo's
first five conversations: P 0.002 – 0.49 — a day's doing, the shape of "I just had lunch"), so the speaker's
trip, class, visit or purchase was lost though a later question asks it ("Where did she go last month?") and
the raw turn answers it. This reads the kind by its shape, for English only, before the model's threshold is
applied (:func:`memcli.write.told_shapes.told_by_shape`); the relative time is read into the memory's valid time
as for any kept clause.

The shape: the speaker — I, we, or "my X and I" — (after a filler: so, and, oh, also, then, actually…, or a past
time with its comma: "Last week, I…"), at most two adverbs (finally, also, even…), a verb in the past tense (a
regular one in -ed or a common irregular one; not "had", "ate", "did", "was", nor a verb of saying, thinking,
feeling or perceiving: "I thought about it last week" is no deed), then two words or more of what was done, and
**a past time** said anywhere in the clause: last + week / month / year / season / weekend / weekday, N
units ago (a few, a couple of, two…), recently, the other day, a while back, earlier this year / month, over the
weekend, in a month's name, this past …. Not read: no such time ("I baked bread" is left to the model), a time
of today or the day before (this morning, tonight, last night, yesterday: a passing doing, as "I just had lunch",
"I watched the game last night"), a question, a denial before the
verb (didn't, never), a condition, a wish. Pure functions of one clause's text.
"""

from __future__ import annotations

import re

from memcli.reltime import EN_MONTHS, EN_WEEKDAYS

__all__ = ["en_own_deed"]

_NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple(?: of)?|several|some|many|\d+)"
_UNIT = r"(?:days?|weeks?|months?|years?|weekends?|summers?|winters?)"
_SEASON = r"(?:week|month|year|weekend|spring|summer|fall|autumn|winter|semester|term|" \
          + "|".join(EN_WEEKDAYS) + ")"
_MONTH = "|".join(m for m in EN_MONTHS if len(m) > 3)  # (the full names: "may" is a verb too)
#: a past time said in the clause
_PAST_TIME = re.compile(
    rf"\b(?:last {_SEASON}|(?:this|that) past {_SEASON}|{_NUM} {_UNIT} ago|(?:years|ages|months|weeks) ago|"
    rf"recently|the other (?:day|week)|a while (?:back|ago)|earlier this (?:year|month|week)|"
    rf"over the (?:weekend|holidays|summer|break)|in (?:{_MONTH})|back in \d{{4}}|in \d{{4}})\b", re.I)
#: a time of the day said (this morning, tonight): a passing doing, not read here
_TODAY = re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|right now|just now|last night|"
                    r"yesterday)\b", re.I)
#: the speaker: I, we, my / our X (and Y) and I
_WHO = r"(?:I|we|We|(?:[Mm]y|[Oo]ur) [a-z]+(?: [a-z]+)? and I)"
#: a filler or a past time with its comma before the speaker
_LEAD = r"(?:(?:(?i:so|and|and then|then|oh|also|plus|actually|anyway|well|btw|but|honestly))\b,? " \
        rf"|(?i:(?:{_PAST_TIME.pattern})),? )*"
_ADV = r"(?:(?:finally|just|also|actually|already|recently|officially|even|totally|first|once|all|both|" \
       r"really|briefly|quickly|spontaneously|eventually|then|secretly) )*"
_IRREGULAR = ("ran|won|got|made|built|took|bought|sold|gave|went|found|wrote|began|became|left|brought|caught|drew|"
              "drove|flew|grew|held|kept|lost|met|paid|rode|sang|sent|spent|swam|taught|threw|wore|broke|chose|"
              "fought|hung|lent|shot|spun|struck|sewed|quit|dug|fed|beat|knit|led|read|saw|sat|stood|"
              "won|hit|cut|put|set|shut|split|spread|tore|wove|rebuilt|redid|remade|reread|overcame|undertook")
_DEED = re.compile(rf"^{_LEAD}(?P<who>{_WHO}) {_ADV}(?P<verb>[a-z]+ed|{_IRREGULAR}) (?P<rest>.+)$")
#: verbs that tell no deed: saying, thinking, feeling, perceiving, wanting, a passing bodily moment
_NOT_DEED = frozenset((
    "said told asked answered mentioned claimed texted messaged called emailed replied suggested recommended "
    "reckoned thought believed guessed wondered wanted needed wished hoped seemed looked sounded felt heard saw "
    "noticed liked loved hated adored enjoyed preferred minded cried laughed smiled screamed yelled sighed "
    "complained worried freaked panicked agreed disagreed argued promised warned reminded joked teased "
    "pointed showed insisted admitted confessed explained invited offered forgot remembered knew realized "
    "realised decided planned considered waited stayed napped slept woke ate had did used tended happened "
    "talked chatted spoke discussed mentioned missed needed need red bed shed seed feed speed").split())
_NOT_TOLD = re.compile(r"\?|^(?:if|unless|when|whenever|once)\b|\b(?:wish|hope|would|could|might|maybe|perhaps|"
                       r"never|not|n't|supposed)\b", re.I)
_WORDS = re.compile(r"[A-Za-z0-9']+")


def _said(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").strip(" .!,;"))


def en_own_deed(text: str) -> bool:
    """``text`` (an English clause) tells a deed of the speaker's dated in the past (see the module doc)."""
    t = _said(text)
    m = _DEED.match(t)
    if m is None or m.group("verb").casefold() in _NOT_DEED or _TODAY.search(t) or not _PAST_TIME.search(t):
        return False
    if _NOT_TOLD.search(t[:m.end("verb")]) or "?" in t:  # (a denial or a condition of the deed itself; what the
        return False  # deed was for may say "would": "…to see what the fees would be")
    rest = _PAST_TIME.sub(" ", m.group("rest"))
    return len(_WORDS.findall(rest)) >= 2
