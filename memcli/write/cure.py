"""A cure told ends the trouble it names: 我爸膝盖不好 then 我爸的膝盖治好了, "My dad has diabetes" then "My
dad's diabetes is cured".

Both Chinese statements read negative (不好; 治好 is a negation in :data:`memcli.write.rules.match.ZH_NEGATION`,
as "no longer" is), so the judge saw no flip and said NOOP; in English the cure reads the disease as the
subject (``thing:diabete``), so nothing links it to the father's fact. :func:`cured_by` reads the pair
itself: ``new`` tells a cure (治好 / 治愈 / 痊愈 / 康复 / …病好了 / 膝盖好了; cured / healed / recovered from /
got over), not denied (还没治好, "not cured yet"); the trouble it names (the words before the cure, or after
"recovered from") is named in ``old`` too — the whole word, or its body part (胃病 / 我胃不好; "back injury" /
"hurt her back"); ``old`` tells that trouble (a negative statement, having it, or a word of illness or injury) and no
cure itself; and both are about one person (the one relative each names, or the user when neither names
one). :func:`cure_plan` makes it a CONFLICT: the trouble's memory ends at the cure's valid time;
:func:`cure_of_another` keeps a judge's CONFLICT from ending another person's trouble.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.primed import primable
from memcli.settings import Settings
from memcli.slots import EN_RELATIONS, ZH_RELATION_RE, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.decide_range import Plan, _cosine_to, _facts, target_and_neighbors
from memcli.write.rules.match import ZH_BODY, Facts

__all__ = ["cure_denied", "cure_of_another", "cure_plan", "cure_told", "cured_by"]

_ZH_ADV = r"(?:已经|终于|总算|早就|都|也|完全|彻底|基本上?|慢慢|全|被|给|治)*"
_ZH_CURE = re.compile(r"(?P<t>[\u4e00-\u9fff]{1,6}?)" + _ZH_ADV + r"(?:治好|治愈|痊愈|康复|好)了")
_ZH_BODY = re.compile(rf"(?:{ZH_BODY})")  # .match: a trouble opening with a body part; .fullmatch: one alone
_ZH_OWNER = re.compile(rf"^(?:我的|我)?(?:(?:{ZH_RELATION_RE.pattern})的?|[\u4e00-\u9fff]{{0,3}}?的)?")
_ZH_DENIED = re.compile(r"没|未|不")
_ZH_TROUBLE = re.compile(r"病|症|炎|癌|伤|痛|疼|骨折|扭|过敏|感冒|发烧|咳嗽|高血压|糖尿")
_EN_CURE = re.compile(
    r"(?i)\b(?P<t>[a-z' -]{2,40}?)\s+(?:is|was|are|were|has been|have been|got|had been|has|have)\s+"
    r"(?:now\s+|finally\s+|completely\s+|fully\s+)*(?:cured|healed)\b|"
    r"\b(?:recovered|healed|got over)\s+(?:fully\s+)?from\s+(?P<u>[a-z' -]{2,40})|"
    r"\b(?:got over|beat|beaten)\s+(?P<v>(?:his|her|my|their|the)\s+[a-z' -]{2,40})")
_EN_DENIED = re.compile(r"(?i)\b(?:not|never|n't|yet to|hasn't|hadn't|isn't|wasn't)\b")
_EN_TROUBLE = re.compile(r"(?i)\b(?:ill|illness|sick|disease|diabetes|cancer|injur\w*|hurt|pain\w*|ache\w*|broke|"
                         r"broken|sprain\w*|fractur\w*|flu|infection|asthma|\w+itis|bad|problem\w*|trouble)\b")
_ZH_NOT_CURED = re.compile(r"(?P<t>[\u4e00-\u9fff]{1,6}?)(?:还|仍然|仍|一直|至今|到现在)*(?:没有|没|未)(?:完全|彻底)?"
                           r"(?:治好|治愈|痊愈|康复|好)")
_EN_NOT_CURED = re.compile(
    r"(?i)\b(?:hasn't|has not|haven't|have not|hadn't|had not|isn't|is not|wasn't|was not|aren't|not|never)\s+"
    r"(?:yet\s+|fully\s+|completely\s+|really\s+)*(?:recovered|healed|cured|got over|gotten over)"
    r"(?:\s+(?:yet\s+|fully\s+)?from\s+(?P<u>[a-z' -]{2,40}))?")
_EN_SKIP = frozenset("my his her their our your the a an s dad's mom's is was has have been from of "
                     "i still yet fully completely really".split())


def _owner(text: str) -> str | None:
    """Whom ``text`` is about: the one relative it names, the user when it names none, None for several."""
    from memcli.write.pair_names import relations_of

    rel = relations_of(text)
    return "me" if not rel else next(iter(rel)) if len(rel) == 1 else None


def _zh_trouble(m: re.Match[str] | None) -> str | None:
    """The trouble a Chinese cure pattern's match names: its words without whose (我的, 我外婆的), when they are a
    body part alone or name an illness (头发剪好了 names none)."""
    trouble = _ZH_OWNER.sub("", m.group("t")).strip() if m else ""
    return trouble if trouble and (_ZH_BODY.fullmatch(trouble) or _ZH_TROUBLE.search(trouble)) else None


def _en_words(part: str) -> list[str]:
    """The words of ``part`` that can name a trouble: not whose, not a relative, not "still" / "yet"."""
    return [w for w in re.findall(r"[a-z]+", part.casefold()) if w not in _EN_SKIP and w not in EN_RELATIONS]


@primable(maxsize=16384)  # asked of every candidate: the drain's look-ahead computes it (memcli.write.precompute)
def cure_told(text: str) -> str | None:
    """The trouble ``text`` tells cured (膝盖, 糖尿病, "diabetes", "back injury"), None when it tells no cure or
    denies one."""
    if lang_of(text) == "zh":
        m = _ZH_CURE.search(to_simplified(text))
        return None if m is None or _ZH_DENIED.search(m.group(0)) else _zh_trouble(m)  # 还没治好: no cure
    m = _EN_CURE.search(text)
    if m is None or _EN_DENIED.search(text[:m.end()]):
        return None
    return " ".join(_en_words(m.group("t") or m.group("u") or m.group("v") or "")[-3:]) or None


def _not_cured(text: str) -> str | None:
    """The trouble ``text`` tells not cured yet (还没治好, "hasn't recovered from pneumonia"), else None."""
    if lang_of(text) == "zh":
        return _zh_trouble(_ZH_NOT_CURED.search(to_simplified(text)))
    m = _EN_NOT_CURED.search(text)
    if m is None:
        return None
    words = _en_words(m.group("u") or text[:m.start()]) or _en_words(text[m.end():])  # (I haven't got over my cold)
    return " ".join(words[-3:]) or None


def _named(trouble: str, old: str) -> bool:
    """``old`` names ``trouble``: the whole of it, or its body part (Chinese); one of its words (English)."""
    if lang_of(old) == "zh":
        o = to_simplified(old)
        body = _ZH_BODY.match(trouble)
        return trouble in o or bool(body and body.group(0) in o)
    words = set(re.findall(r"[a-z]+", old.casefold()))
    return any(w[:5] in {x[:5] for x in words} for w in trouble.split() if len(w) >= 3)


def cured_by(new: Facts, old: Facts) -> str | None:
    """Why the cure ``new`` tells ends the trouble ``old`` states (see the module doc); None when it does not."""
    trouble = cure_told(new.statement)
    if trouble is None or lang_of(new.statement) != lang_of(old.statement) or cure_told(old.statement):
        return None
    if not _named(trouble, old.statement):
        return None
    zh = lang_of(old.statement) == "zh"
    has = bool(old.slot) and split_slot(old.slot)[1] == "owns"  # 我舅舅有肺炎, "my uncle has pneumonia"
    if old.positive and not has and not (_ZH_TROUBLE if zh else _EN_TROUBLE).search(to_simplified(old.statement)):
        return None
    who = _owner(new.statement)
    if who is None or who != _owner(old.statement):
        return None
    return f"a cure told ({trouble}) ends the trouble it names"


def cure_of_another(new: Facts, old: Facts) -> str | None:
    """Why ``new``, a cure of the trouble ``old`` names, cannot end or refine ``old``: each names another
    person ("My aunt's pneumonia is cured" beside "My uncle has pneumonia": the English rules read the disease
    as the subject, so the people are not compared); None otherwise."""
    trouble = cure_told(new.statement)
    if trouble is None or lang_of(new.statement) != lang_of(old.statement) or not _named(trouble, old.statement):
        return None
    a, b = _owner(new.statement), _owner(old.statement)
    return f"a cure of another person's trouble ({b} / {a})" if a and b and a != b else None


def cure_denied(new: Facts, old: Facts) -> str | None:
    """Why ``new``, a cure denied (还没治好, "hasn't recovered from pneumonia yet") of the trouble ``old`` states,
    ends nothing: the trouble still holds, both are true. None otherwise. (The "not" read as a polarity flip
    made it a CONFLICT that ended the trouble it says goes on.)"""
    trouble = _not_cured(new.statement)
    if trouble is None or lang_of(new.statement) != lang_of(old.statement) or not _named(trouble, old.statement):
        return None
    return f"a cure denied ({trouble}): the trouble goes on" if _owner(new.statement) == _owner(old.statement) \
        else None


def cure_plan(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
              plan: Plan, exclude: Collection[int]) -> Plan | None:
    """A CONFLICT with the nearest active memory whose trouble ``candidate`` tells cured (:func:`cured_by`), when
    ``plan`` is an ADD or a NOOP; None otherwise (no cure told, no such memory, or the judge already ends one)."""
    if plan.decision not in (Decision.ADD, Decision.NOOP) or cure_told(candidate.statement) is None:
        return None
    new = _facts(candidate.statement, candidate.slot)
    for row in target_and_neighbors(store, settings, user, vector, plan.target):
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        if why := cured_by(new, _facts(row["statement"], row["slot"])):
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.judge or plan.level.value} said {plan.decision.value}", "ending")
    return None
