"""What a "no" is about: the scope of the negation words of a statement (round 27's flip34).

Polarity (:func:`memcli.write.rules.match.polarity_of`) says only *that* a statement holds a negation
word somewhere. In chat one turn says many things, and its "no" is often about one of them and not about
what a stored fact says ("I had a great trip, though I never got to see the castle" beside "I love
hiking"). A polarity flip contradicts a stored fact only when the negated words are about what that
fact says: :func:`flip_off_topic` says when they are not, so the decision keeps both facts (ADD).

The scope of a negation word is its clause: the words from the clause break before it to the one after
it (commas, stops, dashes; but / so / because / though …; 但 / 所以 / 因为 …), read as content units
(:func:`memcli.write.pair_facts.content_units`). A true negation names what it denies: 我不吃辣了
after 我爱吃辣 (辣 in both), "I no longer have asthma" after "I have asthma", 我妈没有胃病 after 我妈有胃病.

A start of one thing after a stop of another is two facts too (:func:`started_another`): 我开始学吉他了
after 我不学日语了 ended the stop, so the user's giving up Japanese was lost; 我开始学日语了 (日语 in both)
still ends it.

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import lang_of, pos_tags, to_simplified
from memcli.write.pair_facts import content_overlap, content_units
from memcli.write.rules.match import EN_NEGATION, ZH_NEGATION, ZH_NOT_NEGATION, Facts, expand_en
from memcli.write.shared_person import without_person
from memcli.write.unlinked import ZH_CHANGE_VERBS, change_verb

__all__ = ["SCOPE_WORDS", "FLIP_SCOPE_OVERLAP", "flip_off_topic", "negated_units", "one_character_shared",
           "started_another"]

#: content overlap of the two statements below which a flip whose scope misses the other may be kept apart
#: (at/above it the two say much the same, and the judge's word stands)
FLIP_SCOPE_OVERLAP = 0.5

#: words (Chinese: characters) after a negation word that it is about ("I do not eat meat", 我不吃辣)
SCOPE_WORDS = 4
_EN_CLAUSE = re.compile(r"[,.;:!?()\"“”]|\s[-–—]+\s|\b(?:but|because|though|although|while|whereas|and then|"
                        r"when|if|unless|which|who|so(?= (?:i|we|you|he|she|they|my|our)\b))\b")
_ZH_CLAUSE = re.compile(r"[，。；：！？、,.;:!?（）()]|但是|但|可是|所以|因为|虽然|而且|然后|如果|要是")

#: words standing for a thing told elsewhere in the statement ("I can't stand it"; 它)
_EN_PRONOUNS = frozenset({"it", "them", "that", "this", "those", "these", "one", "ones"})
_ZH_PRONOUN = re.compile(r"它|这个|那个|这些|那些|这种|那种")


@lru_cache(maxsize=8192)
def negated_units(text: str) -> frozenset[str]:
    """The content units in the scope of the negation words of ``text`` (empty: it holds none).

    The scope of one negation word: in Chinese its whole clause (the thing denied is often told first:
    奶茶我是一口都不碰了, 甜的我一般不碰); in English the words of its clause before it (what the verb is
    said of: "Sweets aren't my thing") and the :data:`SCOPE_WORDS` words after it ("I haven't had much time
    to read, but…" → had much time to) — the whole statement when those hold a pronoun or nothing of
    content ("Durian? I can't stand it"). English is read with contractions expanded (don't → do not),
    Chinese simplified with the words that only look negative (不过 / 不错 / 差不多…) set aside as
    :func:`~memcli.write.rules.match.polarity_of` does."""
    zh = lang_of(text) == "zh"
    t = ZH_NOT_NEGATION.sub("，", to_simplified(text)) if zh else expand_en(text)
    units: frozenset[str] = frozenset()
    for clause in (_ZH_CLAUSE if zh else _EN_CLAUSE).split(t):
        for m in (ZH_NEGATION if zh else EN_NEGATION).finditer(clause or ""):
            if zh:
                units |= content_units(clause) | (content_units(t) if _ZH_PRONOUN.search(clause) else frozenset())
                break
            after = re.findall(r"[a-z0-9']+", clause[m.end():])[:SCOPE_WORDS]
            said = content_units(" ".join(after))
            if not said or _EN_PRONOUNS & set(after):
                return content_units(t)
            units |= said | content_units(clause[:m.start()])
    return units


def flip_off_topic(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT between ``new`` (incoming) and ``old`` (stored) of opposite polarity is two facts:
    the negative one says more than its "no" (content outside the negation's scope: the "no" is one part of
    a longer turn), its negated words share no content unit with the other (the "no" is about something
    else), the two are in one language and overlap below :data:`FLIP_SCOPE_OVERLAP`, and ``new`` tells no
    change by a verb (:func:`memcli.write.unlinked.change_verb`: "I don't eat meat anymore" after "I love
    steak" is the judge's to weigh). Two Chinese statements that open with one person are read without it
    (:func:`memcli.write.shared_person.without_person`). A statement that is all its "no" may deny the other's
    thing by a broader word ("I don't own a car" / "I drive a Corolla"), so it is left to the judge. A one-line
    reason, or None (the flip may be about the old fact)."""
    if new.positive == old.positive or lang_of(new.statement) != lang_of(old.statement):
        return None
    if (pair := without_person(new, old)) is not None:  # 我妈膝盖不好 / 我妈出院了: 妈 is whom, not what (round 31)
        new, old = pair
    neg, pos = (new, old) if not new.positive else (old, new)
    if one_character_shared(neg.statement, pos.statement, negated_units(neg.statement)):
        return "the negation shares one character with the other statement, not a thing: a flip, not a contradiction"
    if change_verb(new.statement):
        return started_another(new, old)
    if content_overlap(new.statement, old.statement) >= FLIP_SCOPE_OVERLAP:
        return None
    scope = negated_units(neg.statement)
    if not content_units(neg.statement) - scope or scope & content_units(pos.statement):
        return None
    return "the negation is about something the other statement does not say: a flip, not a contradiction"


def one_character_shared(neg: str, pos: str, scope: frozenset[str]) -> bool:
    """Whether a Chinese negation (``neg``, its negated units ``scope``) shares with ``pos`` only one
    character, each side keeping two or more of its own, and that character names no thing: a Chinese unit
    is a character, and one shared character between two otherwise different statements is often a piece of
    two words (压 of 高血压 / 降压药, 好 of 好多了 / 不太好) or a verb (吃 of 吃辣 / 吃药), not a thing both
    name. A character that is a word of its own other than a verb in either (酒 of 喝点酒 / 滴酒不沾, 甜 of
    甜的 / 甜食) is the thing denied, and a shorter side (我不抽烟 / 我每天一包烟) too: the judge's to weigh."""
    if lang_of(neg) != "zh":
        return False
    units_neg, units_pos = content_units(neg), content_units(pos)
    shared = units_neg & units_pos
    if len(shared) != 1 or not shared <= scope or len(units_neg - shared) < 2 or len(units_pos - shared) < 2:
        return False
    (c,) = shared
    return not any(w == c and not flag.startswith("v") for s in (neg, pos) for w, flag in pos_tags(to_simplified(s)))


_ZH_CHANGE_WORDS = re.compile(ZH_CHANGE_VERBS + r"|又|了")


def started_another(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT between a Chinese ``new`` that starts something (a change verb: 开始, 改成, 换成) and an
    ``old`` that stopped something else is two facts: the stop's negated words hold content ``new`` lacks
    (日语), and ``new``, its change words and the words the two share aside, holds content the stop lacks
    (吉他). A start of the same thing (我又开始抽烟了 / 我戒烟了: 烟 in both) is the judge's to weigh, and
    so is any other pair. A one-line reason, or None."""
    if not new.positive or old.positive or lang_of(new.statement) != "zh":
        return None
    scope = negated_units(old.statement)
    said_new = _ZH_CHANGE_WORDS.sub(" ", to_simplified(new.statement))
    started = content_units(said_new)
    shared = started & content_units(old.statement)
    stopped, begun = scope - shared, started - shared - scope
    # the shared words are the verb (学, 喝), said before each object; a shared object (戒烟 / 抽烟) is not
    if stopped and begun and _after(to_simplified(old.statement), shared, stopped) and _after(said_new, shared, begun):
        return "it starts another thing than the stop said: two facts, not a contradiction"
    return None


def _after(text: str, shared: frozenset[str], other: frozenset[str]) -> bool:
    """Every unit of ``other`` is said in ``text`` after every unit of ``shared`` (and ``shared`` is not empty)."""
    at = [text.find(u) for u in shared]
    return bool(at) and min(at) >= 0 and all(text.find(u) > max(at) for u in other)
