"""A changed state told beside the state it changes is no restatement of it (round 47).

"My ankle feels better already" beside "My left ankle is a bit weak since I sprained it", 我的失眠好了 beside
我最近老是失眠, "my cough is getting worse" beside "I've had a cough since Monday": the judge read one fact told again
(NOOP, reinforcing the old memory) and the change was never stored. A statement that tells how the same thing is
*now* — better / worse, healed, recovered, cleared up, gone; 好多了 / 好了 / 恢复了 / 痊愈了 / 更严重了 / 加重了 — is
another fact: ADD (:func:`state_beside`). Not an UPDATE: the stored fact may be a lasting trait (a weak ankle stays
weak when it feels better today) and a passing state says nothing of how long it lasts; the newer memory ranks
first when asked. A pair where both statements tell a change ("feels better" / "is much better now") stays a
restatement. A state told worse (getting worse, 更严重了, 加重了) goes on: it ends nothing, so a judge's CONFLICT of the
state it worsens is an ADD too (:func:`worse_kept`).

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.models import Decision
from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import Facts, expand_en

__all__ = ["state_beside", "worse_kept"]

#: a state told changed: better / worse (felt, is getting, much), healed, recovered, cleared up, gone, hurts less
_EN_CHANGED = re.compile(
    r"\b(?:feel(?:s|ing)?|felt|is|are|was|were|am|been|be|getting|gets|got|doing|seems?|looks?)"
    r"(?: (?:a lot|a bit|a little|much|way|far|so much|even|slightly|already|now|finally|getting|doing|feeling|"
    r"loads|heaps|tons|somewhat|no))* (?:better|worse)\b"
    r"|\b(?:healed|(?:has|have|is|are|'s) healing|recovered|recovering|cleared up|clearing up|went away|gone away|"
    r"(?:is|are|'s) (?:all )?gone|improved|improving|worsened|worsening|flared up|flaring up|"
    r"no longer (?:hurts?|aches?|sore|swollen|itchy)|(?:does not|do not|doesn't|don't) (?:hurt|ache) any ?more|"
    r"stopped (?:hurting|aching|itching)|(?:hurts?|aches?) (?:less|more))\b")
#: a state told changed in Chinese (好多了, 好些了, 恢复了, 痊愈了, 康复了, 好转, 更严重了, 加重了, 不疼了)
_ZH_CHANGED = re.compile(r"好(?:多|些|一些|点|一点|一点儿|很多|不少)了|恢复(?:了|得|好了)|痊愈|康复了|好转|"
                         r"(?:更|越来越|变得?)(?:严重|厉害|糟)|"
                         r"加重了|恶化|不(?:疼|痛|痒|咳|肿)了|消肿了|(?:烧|热)退了")
#: a state told worse: it goes on, more so
_EN_WORSE = re.compile(r"\b(?:worse|worsen(?:ed|ing)|flar(?:ed|ing) up)\b")  # (not "flares up in the cold": a detail)
_ZH_WORSE = re.compile(r"(?:更|越来越|变得?)(?:严重|厉害|糟)|加重|恶化")
#: 好了 alone ends a state only after what was wrong (失眠好了, 伤好了), never after a verb (想好了, 说好了, 修好了)
_ZH_BARE = re.compile(r"(?P<what>[\u4e00-\u9fff]{1,3}?)(?:已经|都|全|基本|差不多)?好了")
_ZH_NOT_STATE = re.compile(r"(?:想|说|准备|修|订|弄|搞|办|定|约|写|做|商量|讲|选|买|学|练|收拾|打扫|装|吃|睡|洗|搬|谈|"
                           r"考|配)$")


def _changed(s: str, other: str) -> bool:
    """Whether ``s`` tells a state changed (``other``: the statement it is weighed against, for a bare 好了)."""
    if lang_of(s) != "zh":
        return bool(_EN_CHANGED.search(expand_en(s.casefold())))
    t = to_simplified(s)
    if _ZH_CHANGED.search(t):
        return True
    m = _ZH_BARE.search(t)
    return bool(m and not _ZH_NOT_STATE.search(t[:m.end("what")]) and m["what"][-2:] in to_simplified(other)
                and len(m["what"]) >= 2)


def state_beside(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``old`` by ``new`` is two facts: ``new`` tells the state ``old`` names changed (better,
    worse, healed; 好多了, 恢复了) and ``old`` tells no change. A one-line reason, or None."""
    if not _changed(new.statement, old.statement) or _changed(old.statement, new.statement):
        return None
    return "a changed state is told beside the state it changes: another fact, not a restatement"


def worse_kept(new: Facts, old: Facts, decision: Decision) -> str | None:
    """Why a CONFLICT (``decision``) of ``old`` by ``new`` ends nothing: ``new`` tells the state worse (getting
    worse, flared up; 更严重了, 加重了), so the state ``old`` tells goes on; ``old`` tells no change. An UPDATE (a
    refinement that tells more of the same condition) is the judge's. A one-line reason, or None."""
    if decision != Decision.CONFLICT:
        return None
    n = to_simplified(new.statement) if lang_of(new.statement) == "zh" else expand_en(new.statement.casefold())
    worse = _ZH_WORSE.search(n) if lang_of(new.statement) == "zh" else _EN_WORSE.search(n)
    if not worse or not new.positive or _changed(old.statement, new.statement):
        return None
    return "a state told worse goes on: it ends nothing"
