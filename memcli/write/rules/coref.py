"""Pronoun subjects across messages: 她在昆明开了一家花店 after 我姐姐下个月结婚了 → 我姐姐在昆明开了一家花店.

Within one utterance the clause rules already carry the last person named (我姐姐住在成都，她是
建筑师). Across messages nothing did: the drain gives the extractor the user's preceding
turns of the same session (:attr:`memcli.write.extract.Utterance.context`), and
:func:`resolve` rewrites the current utterance before the rules read it.

1. **Pronoun clauses.** A clause (split at sentence and clause punctuation) whose subject is
   a third-person pronoun — 他/她/它/他们/她们, he/she/they/it — or that opens with a
   possessive (她老公, 他的生日; her husband, his birthday, their house), after lead-ins such
   as 对了 / 上个月 / oh / also. From the first clause that names someone of its own, the
   utterance is left to the rules (their in-utterance carry).
2. **Mentions** (:mod:`memcli.write.rules.coref_mentions`) in the context turns, each turn
   first resolved against the turns before it (so 她老公叫李明 then 他是医生 reaches 李明):
   the user's relations of the :mod:`memcli.slots` vocabulary (我姐姐, 我老婆的哥哥, 我有个同事
   叫何磊, 我们领导, my older sister, my sister's husband Mark, I have an uncle), pairs and
   couples (我姐姐和姐夫, my mom and dad, my sister + her husband: plural), named people
   opening a clause (赵敏的…, Priya works…), pets or things the user got (我养了一只猫 → 它), and
   pets the user has several of (I have two cats → they, their: plural).
3. **Agreement.** Gender from the relation (她 ↔ 姐姐/妈妈/老婆, he ↔ brother/dad; 同事, boss
   and names fit either), number (他们/they ↔ 父母, parents, a pair; a singular "they" is not
   guessed), 它/it ↔ a pet or thing (it: only in the turn just before).
4. **Choice.** The most recent turn with a compatible mention wins when it names one such
   referent; two (我老婆生了个女儿 → 她叫小雨?) → **no guess**: the clause stays as it was
   (today's behaviour: it gives nothing), and earlier turns are not searched. A plural
   pronoun with no plural mention takes 我爸… + 我妈… (→ 我爸妈) or someone and their spouse.
5. **Not read:** the assistant's turns (the user's facts are resolved against the user's own
   words; an assistant that says 你姐姐 is no evidence of who 她 is), another session's or
   another user's turns (the store query never returns them).

The rewrite is a list of ``(start, end, replacement)`` edits, so the same edits apply to a
traditional-Chinese original whose simplified form was read (OpenCC maps character for
character); the antecedent is then written in the user's own characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from memcli.text import lang_of, pos_tags, to_simplified
from memcli.textcache import short_cached
from memcli.write.rules.coref_mentions import (
    EN_ADJ,
    EN_CLAUSE,
    EN_LEAD,
    EN_NOT_NAME,
    EN_REL,
    ZH_CLAUSE,
    ZH_LEAD,
    ZH_REL,
    Mention,
    couple,
    en_mentions,
    mentions,
    zh_mentions,
)
from memcli.write.rules.en_has import has_after
from memcli.write.rules.mixed import rules_lang

__all__ = ["CONTEXT_CHARS", "Mention", "Resolution", "apply_edits", "has_pronoun", "mentions", "resolve"]

#: how much of each context turn is read (its end, nearest the utterance), characters
CONTEXT_CHARS = 1000
_ZH_PRON = re.compile(rf"^({ZH_LEAD})(她们|他们|她|他|它)(?!人|日|乡|妈的)")
_EN_PRON = re.compile(rf"^({EN_LEAD})(she|he|they|her|his|their|it|its)(?:(['’](?:s|re|ve))|\b)", re.I)
#: naming clauses of the utterance itself searched for an antecedent (most recent first), like context turns
_LOCAL_CLAUSES = 3
#: a clause that gives its pronoun's name (her name is…, 她叫…): after a child or pet just brought in, the name is its
_EN_NAMING = re.compile(r"(?:'s| is| was) (?:called|named)\b|(?: full)? name(?:'s| is| was)\b", re.I)
_ZH_NAMING = re.compile(r"的?(?:名字|小名|大名)?(?:叫|名叫)")
#: a person named as whom the speaker did something with (round 45: the pronoun after is theirs)
_EN_PASSING = re.compile(r"\b(?:with|met|meet|saw|texted|told|asked|phoned|rang|emailed|helped|hugged|invited|hired|"
                         r"married|dating|dated|(?:talked|spoke|wrote|chatted|waved) to) ((?-i:[A-Z][a-z]+))\b|"
                         r"\b((?-i:[A-Z][a-z]+)) and I\b")
#: a nickname told of whom a pronoun means ("We call him Bo", 我们都叫他小胖): said as that one's nickname (round 45)
_EN_NICK = re.compile(r"\b(?:we|everyone|everybody|people|the kids|I|they)(?: all| usually| just| always| still)? "
                      r"(?:call|calls|called) (him|her) ((?-i:[A-Z][a-z]+))\b", re.I)
_ZH_NICK = re.compile(r"(?:我们|大家|家里人?|朋友们?|同事们?)(?:都|一般|平时|还)?(?:叫|喊|管)(他|她)(?:叫)?"
                      r"((?:小|阿|老)[\u4e00-\u9fff]|[\u4e00-\u9fff]{2}?)(?=[，。,.！!]|$)")
#: a verb of place just before a word jieba tags as a person's name (住在温哥华, 搬到 …): the place, no one
_ZH_PLACE_BEFORE = re.compile(r"(?:住在|在|去|到|来自|搬到|搬去|飞到|回到)$")
#: a relation word just before a name a clause gives in passing (认识了一个邻居周敏)
_ZH_REL_BEFORE = re.compile(rf"(?:{ZH_REL})$")
_HAN = re.compile(r"[\u4e00-\u9fff]")  # (a Chinese clause before: its rules read no ". " as a sentence end)
_ANY_PRON = re.compile(r"[他她它]|\b(?:she|he|they|her|his|their|it|its)\b", re.I)


@dataclass(frozen=True)
class Resolution:
    """A rewritten utterance: ``text``, the ``edits`` that made it, and what was resolved."""

    text: str
    edits: tuple[tuple[int, int, str], ...]
    resolved: tuple[tuple[str, str, int], ...]  # (pronoun as written, antecedent phrase, its context turn)


@short_cached(1000, 16384)
def has_pronoun(text: str) -> bool:
    """Whether some clause of ``text`` opens with a third-person pronoun or possessive (cheap; cached, round 35: a
    drain asks it of each turn three times — whether it wants its context, and twice resolving it)."""
    if _EN_NICK.search(text) or _ZH_NICK.search(to_simplified(text)):
        return True
    if not _ANY_PRON.search(text):
        return False
    if rules_lang(text) == "zh":  # (the clause's grammar: Leo已经不开车了, he's a chef now reads "he")
        return any(_ZH_PRON.match(c.strip()) for c in ZH_CLAUSE.findall(to_simplified(text)))
    return any(_EN_PRON.match(c.strip()) for c in EN_CLAUSE.findall(text) for c in re.split(r",|\band\b|\bbut\b", c))


def _fits(m: Mention, pron: str) -> bool:
    p = pron.casefold()
    if m.pet:
        return p in ("他", "她", "它", "he", "she", "it", "his", "her", "its")
    if p in ("它", "it", "its"):
        return m.thing
    if m.thing:
        return False
    if p in ("他们", "they", "their"):
        return m.plural
    if p == "她们":
        return m.plural and m.gender != "m"
    if m.plural:
        return False
    want = "f" if p in ("她", "she", "her") else "m"
    return m.gender in (None, want)


#: relations that are an occupation: the person's job is known by how the user names them (my doctor, 我的医生)
_ROLE_WORDS = {"doctor": ("doctor", "医生", "大夫"), "teacher": ("teacher", "老师", "教师"),
               "therapist": ("therapist", "治疗师", "咨询师"), "coach": ("coach", "教练"),
               "housekeeper": ("housekeeper", "保姆", "阿姨"), "nanny": ("nanny", "保姆")}
_EN_JOB_TOLD = re.compile(r"^\S+(?:\s+(?:now|also|still))?\s+(?:works?\s+as|is|was|'s|’s|became|has\s+become)\s+"
                          r"(?:an?|the)\s+(?:\w+\s+){0,2}?(\w+)\b", re.I)
_ZH_JOB_TOLD = re.compile(r"^(?:现在|也|还|以前)?(?:是|当|做|干)(?:了)?(?:一名|一个|一位|个|名|位)?"
                          r"([\u4e00-\u9fff]{2,4})")


def other_role(ante: Mention, rest: str, zh: bool) -> bool:
    """The pronoun's clause tells a job (he works as a nurse, 她是护士) of an antecedent from another turn the user
    names by their occupation (my doctor, 我的医生) and it is not that occupation: no guess — the user's doctor
    working as a nurse contradicts how the user names them, the pronoun is someone else (round 46's trial: "he
    works as a nurse" stored as "My doctor works as a nurse"). ``rest``: the clause from the pronoun on (English)
    or after it (Chinese)."""
    words = _ROLE_WORDS.get(ante.key.rsplit(".", 1)[-1])
    if not words:
        return False
    told = _ZH_JOB_TOLD.match(rest) if zh else _EN_JOB_TOLD.match(rest)
    return bool(told) and not any(w in rest.casefold() for w in words)


def _en_in_zh(clause: str) -> list[Mention]:
    """The people an English phrase of a Chinese clause names (my brother David 住在温哥华)."""
    return en_mentions(clause) if re.search(r"[A-Za-z]{2,}", clause) else []


def _zh_named(clause: str) -> list[Mention]:
    """People a Chinese clause names in passing, not as its subject (我现在不跟王强共事了): jieba's person names."""
    out, at = [], 0
    for w, f in pos_tags(clause):
        # not one brought in by a relation (认识了一个邻居周敏，她…): that clause stays whole, as before round 45 — the
        # read path reaches her other facts through it (tests/test_round31_kinds.py)
        if f == "nr" and 2 <= len(w) <= 3 and not _ZH_REL_BEFORE.search(clause[:at]) and \
                not _ZH_PLACE_BEFORE.search(clause[:at]):  # (住在温哥华: a place jieba reads as a name, round 46)
            out.append(Mention(w, f"person:{w}"))
        at += len(w)
    return out


def _en_named(clause: str) -> list[Mention]:
    """People an English clause names in passing, as whom the speaker did something with or to ("working with
    Tom", "I met Rachel", "Greg and I"): not a place or a brand ("went to Paris" names no one)."""
    names = [m.group(1) or m.group(2) for m in _EN_PASSING.finditer(clause)]
    return [Mention(n, f"person:{n.casefold()}") for n in names if n.casefold() not in EN_NOT_NAME]


def _antecedent(turns: Sequence[list[Mention]], pron: str, zh: bool, naming: bool = False) -> Mention | None:
    """The most recent compatible mention; None when there is none or two referents tie — but a name told of a
    child or pet the same turn just brought in (``naming``: her name is Ava after "had a baby girl") is its. A
    plural pronoun with no plural mention takes the two people of the context when they make
    a couple (我爸… / 我妈… → 我爸妈)."""
    for ms in reversed(turns[-1:] if pron.casefold() in ("it", "its") else turns):  # "it" is too common to reach far
        fit = [m for m in ms if _fits(m, pron)]
        if not fit:
            continue
        if naming and len(born := [m for m in fit if m.born]) == 1:
            return born[0]
        return fit[-1] if len({m.key for m in fit}) == 1 else None
    if pron.casefold() in ("他们", "她们", "they", "their"):
        people = list({m.key: m for ms in turns for m in ms if not m.thing and not m.plural}.values())
        if len(people) == 2 and (pair := couple(people[0], people[1], zh)):
            return replace(pair, turn=max(people[0].turn, people[1].turn))
    return None


def apply_edits(text: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """``text`` with the ``(start, end, replacement)`` edits applied (non-overlapping)."""
    out, pos = [], 0
    for start, end, rep in sorted(edits):
        out += [text[pos:start], rep]
        pos = end
    return "".join(out) + text[pos:]


def _zh_edits(text: str, turns: list[list[Mention]]) -> tuple[list[tuple[int, int, str]], list[tuple[str, str, int]]]:
    edits, done = [], []
    local: list[list[Mention]] | None = None  # who the utterance's last naming clauses named
    for cm in ZH_CLAUSE.finditer(text):
        clause = cm.group(0)
        off = cm.start() + len(clause) - len(clause.lstrip())
        m = _ZH_PRON.match(clause.lstrip())
        if not m and (nick := _ZH_NICK.search(clause)):
            if ante := _antecedent(turns if local is None else local, nick.group(1), zh=True):
                edits.append((cm.start() + nick.start(), cm.start() + nick.end(),
                              f"{ante.phrase}的外号叫{nick.group(2)}"))
                done.append((nick.group(1), ante.phrase, ante.turn))
            continue
        if m:
            ante = _antecedent(turns if local is None else local, m.group(2), zh=True,
                               naming=bool(_ZH_NAMING.match(clause.lstrip()[m.end():])))
            if ante is None or local is None and other_role(ante, clause.lstrip()[m.end():], zh=True):
                continue
            s = off + m.start(2)
            rest = clause.lstrip()[m.end():]
            owned = ante.owner and _RX_ZH_EDITS_1.match(rest)  # 他老婆 → 我室友老婆, not 我室友郑涛老婆
            rep = ante.owner if owned else ante.phrase
            edits.append((s, s + len(m.group(2)), rep))
            done.append((m.group(2), rep, ante.turn))
        elif ms := zh_mentions(clause) or _en_in_zh(clause) or _zh_named(clause):  # the utterance names someone
            # itself (我姐姐…, 跟王强…; my brother David 住在…: round 46):
            local = [*(local or [])[-(_LOCAL_CLAUSES - 1):], [replace(x, turn=-1) for x in ms]]  # only they from here
    return edits, done


#: a capitalised word of a sentence, and what before it makes it no person's name (a place, a brand, an event:
#: "the Portland half marathon", "moved to Denver", "playing Catan"), or the name a clause gives of whom it is about
#: ("Her name is Ada, she…": she is the one named)
_EN_CAP = re.compile(r"(?<![\w'’-])((?-i:[A-Z][a-z]+))\b")
_EN_NOT_PERSON_BEFORE = re.compile(r"\b(?:the|a|an|in|to|from|at|near|into|on|for|of|via|around|playing|watching|"
                                   r"watched|visit(?:ing|ed)?|mostly|like|name is|name's|name was|named|called)\s+$|"
                                   r"^\W*$", re.I)
_EN_LAST_NAMED = re.compile(r"\s*(?:(?:and|or|plus|then)\s+)?((?-i:[A-Z][a-z]+))\s*")


def _en_named_before(before: str, pronoun: str) -> tuple[Mention | None, bool]:
    """Who a he/she pronoun means from its own sentence (``before``: the text up to the pronoun): ``(the name of the
    part just before it, whether the sentence names someone before it at all)``. A pronoun right after a named person
    is theirs — "The kids are Leo, who's 9, and Ivy, she just turned 5" is Ivy, never a partner named in another
    turn; a sentence that names someone else leaves the pronoun unsure (round 47's trial stored the partner's age
    from such a list: a false fact about someone else is worse than none)."""
    if pronoun.casefold() not in ("he", "she", "his", "her"):
        return None, False
    sent = re.split(r"[.!?;\n]", before)[-1].rstrip()
    sent = re.sub(r"(?:,?\s*\b(?:and|but|so|oh|also)\b)*,?\s*$", "", sent, flags=re.I)
    last = sent.rsplit(",", 1)[-1] if "," in sent else None
    if last is not None and (m := _EN_LAST_NAMED.fullmatch(last)) and m.group(1).casefold() not in EN_NOT_NAME:
        return Mention(m.group(1), f"person:{m.group(1).casefold()}", subject=True), True
    named = any(c.group(1).casefold() not in EN_NOT_NAME and not _EN_NOT_PERSON_BEFORE.search(sent[:c.start()])
                for c in _EN_CAP.finditer(sent))
    return None, named


def _en_phrase(phrase: str, at_start: bool) -> str:
    return phrase[:1].upper() + phrase[1:] if at_start else (phrase[:1].lower() + phrase[1:] if
                                                            phrase[:3].casefold() in ("my ", "our") else phrase)


def _en_edits(text: str, turns: list[list[Mention]]) -> tuple[list[tuple[int, int, str]], list[tuple[str, str, int]]]:
    edits, done = [], []
    local: list[list[Mention]] | None = None  # who the utterance's last naming clauses named
    local_at = -1  # where the last naming clause began
    prev = 0  # where the part before began
    for cm in re.finditer(r"[^.!?;\n,]+|(?<=,)[^.!?;\n,]+", text):
        part = cm.group(0)
        sub = re.match(r"^\s*(?:(?:and|but|so) )?", part)
        off = cm.start() + (sub.end() if sub else 0)
        clause = text[off:cm.end()]
        m = _EN_PRON.match(clause)
        prev, joined = cm.start(), text[prev:cm.end()] if text[cm.start() - 1:cm.start()] == "," else clause
        if not m and (nick := _EN_NICK.search(clause)):
            if ante := _antecedent(turns if local is None else local, nick.group(1), zh=False):
                at = off + nick.start()
                phrase = _en_phrase(ante.phrase, at == 0 or bool(re.search(r"[.!?;\n]\s*$", text[:at])))
                edits.append((at, off + nick.end(), f"{phrase}'s nickname is {nick.group(2)}"))
                done.append((nick.group(1), phrase, ante.turn))
            continue
        if not m:  # (a name and what it is, across the comma: "Pickle, our old tabby", round 40)
            if ms := mentions(clause) or en_mentions(joined) or _en_named(clause):  # the utterance names someone:
                # only they from here on (a person named in passing too: "working with Tom, he…" is Tom, round 45)
                local = [*(local or [])[-(_LOCAL_CLAUSES - 1):], [replace(x, turn=-1) for x in ms]]
                local_at = cm.start()
            continue
        word, contraction = m.group(2), (m.group(3) or "").replace("’", "'")
        near, unsure = _en_named_before(text[max(0, off - 400):off + m.start(2)], word)
        if near is None and local_at > max(text.rfind(p, 0, off) for p in ".!?;\n"):
            unsure = False  # the sentence's own mention (with Marta, my dad Raymond) is read as before
        if unsure and not near:
            continue  # the sentence names someone the pronoun may be: no guess from another turn (round 47)
        ante = near or _antecedent(turns if local is None else local, word, zh=False,
                                   naming=bool(_EN_NAMING.match(clause[m.end():])))
        if near:
            local = [*(local or [])[-(_LOCAL_CLAUSES - 1):], [near]]
        if ante is None or local is None and other_role(ante, clause[m.start(2):], zh=False):
            continue
        start = off + m.start(2)
        window = text[max(0, start - 400):start]  # bounded: a 100k-character turn stays linear
        at_start = start == 0 or bool(re.search(r"[.!?;\n]\s*$", window))
        phrase = _en_phrase(ante.phrase, at_start)
        low = word.casefold()
        if low in ("her", "his", "their", "its"):
            if not re.match(r" [a-z]", clause[m.end():]) or (low == "her" and re.match(r" (?:to|and|a|the)\b",
                                                                                         clause[m.end():])):
                continue  # an object pronoun, not a possessive subject
            if ante.owner and _RX_EN_EDITS_1.match(clause[m.end():]):
                # her husband → my sister's husband, not my sister Anna's husband (the rules read that one)
                phrase = _en_phrase(ante.owner, at_start)
            rep = phrase + ("'" if phrase.endswith("s") and ante.plural else "'s")
        else:
            nxt = clause[m.end():]
            verb = {"'re": " are", "'ve": " have"}.get(contraction)
            if contraction == "'s":
                verb = " has" if has_after(nxt[1:]) and nxt[:1] == " " else " is"
            if ante.plural is False and low == "they":
                continue
            rep = phrase + (verb or "")
        before = re.split(r"[.!?;\n]", window)[-1]
        if not m.group(1) and re.search(r"\S+\s+\S+\s+\S+,\s*$", before) and not _HAN.search(before):
            # "My dad is a pilot, he volunteers": a comma before a name would join the clauses, a period keeps them
            comma = start - len(before) + before.rstrip().rindex(",")
            edits.append((comma, off + m.end(), ". " + rep[:1].upper() + rep[1:]))
        else:
            edits.append((start, off + m.end(), rep))
        done.append((word, phrase, ante.turn))
    return edits, done


def resolve(text: str, context: Sequence[str]) -> Resolution | None:
    """``text`` with its pronoun subjects replaced by their antecedents in ``context`` (the
    user's preceding turns, oldest first), or None when nothing was resolved.

    Edits index ``text`` as given; Chinese is read in simplified script, character for
    character, so the same edits fit the original. Asked twice of an English utterance in a drain (its
    clause units are cut from the resolved text, :mod:`memcli.write.fitted_extract`, and the rules read
    it): the last few answers are kept (a :class:`Resolution` is immutable)."""
    if not has_pronoun(text):
        return None
    return _resolve(text, tuple(context))


@lru_cache(maxsize=64)
def _resolve(text: str, context: tuple[str, ...]) -> Resolution | None:
    zh = rules_lang(text) == "zh"
    read = to_simplified(text) if zh else text
    turns: list[list[Mention]] = []
    for turn in (c[-CONTEXT_CHARS:] for c in context):
        t = to_simplified(turn) if lang_of(turn) == "zh" else turn
        if turns and has_pronoun(t):
            edits, _ = (_zh_edits if lang_of(t) == "zh" else _en_edits)(t, turns)
            t = apply_edits(t, edits)
        # the user's own pet is he/she only within its utterance (we got the dog! she's…); in an earlier turn "it"
        turns.append([replace(m, turn=len(turns), pet=m.pet and not m.thing) for m in mentions(t)])
    edits, done = (_zh_edits if zh else _en_edits)(read, turns)
    if not edits:
        return None
    if zh and read != text:  # traditional script: the antecedent in the user's own characters
        table = {s: o for turn in (text, *context) if len(sim := to_simplified(turn)) == len(turn)
                 for s, o in zip(sim, turn, strict=True) if s != o}
        edits = [(s, e, "".join(table.get(ch, ch) for ch in rep)) for s, e, rep in edits]
    return Resolution(text=apply_edits(text, edits), edits=tuple(edits), resolved=tuple(done))


# the f-string patterns above compiled once (built per call, each cost ~5 µs in re's cache lookup)
_RX_EN_EDITS_1 = re.compile(rf" {EN_ADJ}(?:{EN_REL})\b", re.I)
_RX_ZH_EDITS_1 = re.compile(rf"的?(?:{ZH_REL})")
