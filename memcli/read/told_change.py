"""The one-value fact a telling message may change, read from its words of change (round 42).

A message that tells (:func:`memcli.read.told.tells`) keeps a hit whose slot the message reads
(:func:`memcli.slot_query.query_slots`) — "I work as a teacher now" reads ``job``. News of a change often names no
attribute word at all: "I'm thinking of moving to Manchester" never says *residence* nor *live*, "I might switch jobs
and become a teacher" never says *work as*; the answerability gate then links the stored home or job to it only in
meaning (p < :data:`memcli.read.told.SURE_P`), and the block dropped the very fact the news may replace.

:func:`changed_attributes`: the user's one-value attributes a message's words of change may touch — moving house
(``residence``), a job left, taken, switched or offered (``job``, ``workplace``), a diet taken up or given up
(``diet``), a number changed (``phone``), a relationship begun or ended (``partner``: the user's partner, spouse,
boyfriend or girlfriend and their name). Only these five kinds, each by its own words; nothing else is widened: an
allergy, a liking, a relative's job are still kept by the rules of :mod:`memcli.read.told`.

:func:`kept_by_change`: the hit holds one of those attributes of the user (``residence``, ``job``…), or is a fact of
the user's partner when the message tells of the relationship.
"""

from __future__ import annotations

import re

from memcli.relazy import lazy

__all__ = ["changed_attributes", "kept_by_change"]

#: words of change, by the attribute they may change (English, then simplified Chinese)
_CHANGE: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = (
    (frozenset({"residence"}), lazy(
        r"\b(?:relocat(?:e|es|ed|ing)|emigrat(?:e|es|ed|ing))\b|\bmov(?:e|es|ed|ing)(?=\s*$|[.,!;]| (?:to|out|abroad|"
        r"away|back|house|home|in with|into|in together|overseas|countries|cities|up north|down south|closer|nearer|"
        r"somewhere|next|this|in the|at the end|after)\b)|"
        r"\b(?:new (?:house|flat|apartment|home|place)|house[- ]?hunting|flat[- ]?hunting|buy(?:ing)? a (?:house|flat)"
        r"|sell(?:ing)? (?:my|our|the) (?:house|flat|apartment))\b|搬家|搬到|搬去|搬回|换房子|买房", re.IGNORECASE)),
    (frozenset({"job", "workplace"}), lazy(
        r"\b(?:jobs?|career|careers|profession|quit|quitting|resign(?:s|ed|ing)?|retir(?:e|es|ed|ing)|"
        r"hired|laid off|let go|fired|redundan(?:t|cy)|promot(?:ed|ion)|new role|new position|"
        r"(?:left|leave|leaving) (?:my|the) (?:company|firm|office|hospital|school|practice)|"
        r"(?:become|becoming|retrain(?:ing)? as|train(?:ing)? (?:to be|as)) an? [a-z]+)\b|"
        r"换工作|找工作|辞职|跳槽|离职|退休|被裁|裁员|升职|转行|入职|新工作", re.IGNORECASE)),
    (frozenset({"diet"}), lazy(
        r"\b(?:vegetarian|vegan|pescatarian|plant[- ]based|keto|(?:eat(?:ing)?|eat) meat|meat again|diet)\b|"
        r"吃素|素食|吃肉", re.IGNORECASE)),
    (frozenset({"phone"}), lazy(r"\b(?:phone|mobile|sim card|number)\b|手机号|电话号码|换号", re.IGNORECASE)),
    (frozenset({"partner"}), lazy(
        r"\b(?:marry|married|marrying|marriage|engaged|engagement|propos(?:e|ed|ing)|divorc(?:e|ed|ing)|"
        r"break(?:ing)? up|broke up|split(?:ting)? up|separat(?:e|ed|ing)|dating|move in together|moving in "
        r"together)\b|结婚|离婚|分手|订婚|求婚|同居|复合", re.IGNORECASE)),
)
#: relation keys that are the user's partner (a fact of theirs is what news of the relationship is about)
_PARTNERS = frozenset({"partner", "spouse", "wife", "husband", "boyfriend", "girlfriend", "fiance", "fiancee"})


def changed_attributes(message: str) -> frozenset[str]:
    """The user's one-value attributes ``message`` (simplified Chinese or other text) may change by its words of
    change (see the module doc), e.g. ``{"residence"}`` for "I'm thinking of moving to Manchester"; empty when it
    holds none."""
    text = message.replace("’", "'")
    out: set[str] = set()
    for attrs, rx in _CHANGE:
        if rx.search(text):
            out |= attrs
    return frozenset(out)


def kept_by_change(message: str, slot: str | None) -> bool:
    """Whether a hit of ``slot`` holds a one-value fact of the user the telling ``message`` may change: its
    attribute is one :func:`changed_attributes` reads, of the user (``residence``, ``job``, ``diet``, ``phone``), or
    it is a fact of the user's partner and the message tells of the relationship. False for ``None``."""
    from memcli.slots import ME, split_slot

    if not slot:
        return False
    attrs = changed_attributes(message)
    if not attrs:
        return False
    subject, attr, _ = split_slot(slot)
    if subject == ME:
        return attr in attrs
    return "partner" in attrs and subject in _PARTNERS
