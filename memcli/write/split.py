"""The facts of one explicit text: ``remember`` keeps a text that states two facts as two memories.

"I have a dog called Rex and I'm allergic to shellfish" stored as one memory gets one slot (the
dog's) and one kind: a later question about allergies finds a hit whose attribute is another
one, and the answerability gate leaves it out. The drain's extractor reads such a turn clause by
clause; :func:`fact_parts` cuts an explicit text at the same places (:func:`memcli.write.clauses.units`,
:func:`~memcli.write.clauses.en_parts`) and keeps the cut only when the parts are facts side by
side, each whole on its own:

- every part is a fact the rules read, no two parts the same slot, at least one with a specific slot (a reason
  or a request, "…, so please never suggest shrimp", is no fact: the text stays one). A part the rules read as
  a first-person state of no known attribute (``fact.…``: "I play the cello"; not a thing done or changed,
  "I changed jobs", 我换工作了: the news of the fact told after it) or that tells an ability with a
  modal, which the rules leave (:func:`ability`: "I can sail", 我会拉大提琴), counts beside a specific one
  (round 39: "My favourite colour is green and I play the cello" was one memory);
- every later part names its own subject and is joined as a second statement: an English part opens
  with its subject after "and", "but", ";" or a sentence end ("I no longer teach, I work in
  publishing now" is one change, "… and work at a bakery" has no subject); a Chinese part opens with
  我 or follows a sentence end (我有高血压，每天吃一片药 and 我升职了，现在是总监 elaborate one fact).

A later part that opens with a pronoun (round 21: "My wife is a nurse and she likes jazz", 我有个姐姐，她是护士; in
English joined as the others are, not by a comma alone) names its subject too, but only through the part
before: such a text is read as the drain reads a turn (:func:`drained_parts`) — the rules' clause split with
its coreference — and kept as the drain's statements ("My wife is a nurse", "My wife likes jazz"), when they
keep the whole text: each a specific slot, no two the same, none the whole text, every content word of the
text in one of them (a relative time the rules read into a valid time and drop, "last year", keeps the text
whole: ``remember`` has its ``--at``); a statement whose words another one holds, of the same slot or all
its words ("My dog is called Rex" beside "I have a dog called Rex"), is that one's.
"""

from __future__ import annotations

import re

from memcli.models import Kind
from memcli.records import MemoryRecord
from memcli.relazy import lazy
from memcli.text import lang_of, to_simplified

__all__ = ["ability", "fact_parts", "split_record"]

# compiled on first use (memcli.relazy): remember runs them, every read imports this module through the facade
#: an English part that stands alone opens with its subject ("work at Siemens" does not)
_EN_SUBJECT = lazy(r"(?i:i|i'm|i've|i'd|my|our|we|we're)\b|[A-Z]")
#: what joins a second English statement to the one before it
_EN_JOINED = lazy(r"(?:\band|\bbut|[;.!?])\s*$", re.IGNORECASE)
_ZH_SENTENCE_END = lazy(r"[。！？；!?;]\s*$")
#: an ability told with a modal: "I can play the cello", "we know how to sail", 我会拉大提琴, 我也能说日语
_EN_ABILITY = lazy(r"(?:I|we) (?:can|know how to) (?P<verb>[a-z]+)(?: (?P<obj>[^,;]+?))?[.!]?", re.IGNORECASE)
_ZH_ABILITY = lazy(r"我们?(?:也|还|都)?(?:会|能)(?P<vp>[^，,。；;！!？?]{2,})[。！!]?")
#: what makes a modal a promise, an offer or a plan rather than an ability ("I can help you", "I can come
#: tomorrow", 我会注意的, 我会去的): an object that is the listener or a pronoun, a time ahead, a promise's verb
_EN_NOT_ABILITY = lazy(r"^(?:you|it|that|this|them|him|her|us|me|there|here)\b|\b(?:tomorrow|tonight|today|later|"
                       r"soon|next|sometime|anytime|if|for you)\b", re.IGNORECASE)
_EN_PROMISE_VERBS = frozenset("try help come go be do get let make call send bring give take see check ask "
                              "tell say meet wait stay keep".split())
_ZH_NOT_ABILITY = lazy(r"^(?:去|来|回|给|帮|告诉|注意|考虑|记得|记住|尽量|努力|试|想|争取|好好|按时|准时|再|一直|马上|"
                       r"立刻|继续|坚持|小心|陪|等|带)|[你您]|[的了吧呢啊哦呀嘛]$")


#: a Chinese clause that tells something done or changed (换工作了, 去过): the news, not a state
_ZH_DONE = lazy(r"了|过(?!敏)")
#: an English clause's subject before its verb ("I changed jobs": changed)
_EN_SUBJ = lazy(r"^(?:I|we)(?:'ve| have| had)? (?:(?:just|recently|finally|also|then|now) )?", re.IGNORECASE)


def _told_done(part: str) -> bool:
    """Whether ``part`` of no known attribute tells a thing done or changed ("I changed jobs", 我前阵子换工作了)
    rather than a state: told with the part after it (…, I now work at X), it is the news of that one fact."""
    from memcli.write.rules.en_words import _PAST

    if lang_of(part) == "zh":
        return bool(_ZH_DONE.search(to_simplified(part)))
    m = _EN_SUBJ.match(part)
    return m is None or bool(_PAST.match(part[m.end():]))


def ability(part: str) -> bool:
    """Whether ``part`` (one clause of a ``remember`` text) tells an ability of the speaker with a modal
    ("I can play the cello", 我会拉大提琴, 我能说日语): a fact about the user that the rules leave, a modal
    being no fact to them — not a promise, an offer or a plan said with the same words ("I can help you",
    "I can come tomorrow", 我会注意的, 我明天会去)."""
    from memcli.write.rules.en_words import _IRREALIS as EN_IRREALIS
    from memcli.write.rules.zh_words import _IRREALIS as ZH_IRREALIS

    part = part.strip()
    if lang_of(part) == "zh":
        m = _ZH_ABILITY.fullmatch(to_simplified(part))
        return bool(m) and not _ZH_NOT_ABILITY.search(m["vp"]) and not ZH_IRREALIS.search(part)
    m = _EN_ABILITY.fullmatch(part)
    return bool(m) and m["verb"].casefold() not in _EN_PROMISE_VERBS and not (
        _EN_NOT_ABILITY.search(m["obj"] or "") or EN_IRREALIS.search(part))


def _stands_alone(part: str, before: str) -> bool:
    """Whether ``part``, said after ``before`` (the text up to it), is a second statement whole on its own."""
    if lang_of(part) == "zh":
        return part.startswith("我") or bool(_ZH_SENTENCE_END.search(before))
    return bool(_EN_SUBJECT.match(part)) and bool(_EN_JOINED.search(before))


#: words a statement of the drain puts in place of a pronoun: not needed from the text
_PRONOUNS = frozenset({"he", "she", "they", "it", "him", "her", "them", "his", "hers", "their", "its", "他", "她", "它",
                       "其"})
#: a later part that opens with a pronoun subject, joined as a second statement (… and she likes jazz; …，她是护士);
#: an English one after a comma only elaborates ("My husband likes fishing, he goes to the lake every weekend")
_PRONOUN_PART = lazy(r"(?:[;.!?]|\band|\bbut|\bso)\s+(?:he|she|they|it)(?:'s|'re|'ve|'d|'ll)?\b|"
                     r"[，,。；;！!？?]\s*[她他它其]", re.IGNORECASE)


def drained_parts(text: str) -> list[str] | None:
    """The statements the drain's rules read from ``text`` (one turn said now: coreference, carried subjects),
    when they are two or more facts that together keep the whole text (see the module doc); None otherwise."""
    from datetime import UTC, datetime

    from memcli.write.extract import RuleExtractor, Utterance
    from memcli.write.rules.match import mixed_content_units

    cands = RuleExtractor().extract(Utterance(source_id=0, user="", role="user", text=text,
                                              occurred_at=datetime.now(UTC)))
    units = [mixed_content_units(c.statement) for c in cands]
    own = [c.statement.casefold() in text.casefold() for c in cands]  # the words as said, before a rewrite of them

    def held(i: int, j: int) -> bool:  # statement i is j's: its words all j's (the same slot, or all of j's)
        if j == i or not units[i] <= units[j] or units[i] != units[j] and cands[i].slot != cands[j].slot:
            return False
        return units[i] < units[j] or own[j] > own[i] or own[j] == own[i] and j < i

    cands = [c for i, c in enumerate(cands) if not any(held(i, j) for j in range(len(cands)))]
    said = [c.statement.strip() for c in cands]
    if len(said) < 2 or len(set(said)) < len(said) or any(s.strip(" .!。！") == text.strip(" .!。！") for s in said):
        return None
    if any(c.valid_from != cands[0].valid_from for c in cands):
        return None  # a relative time read into a valid time ("last year"): the text keeps it
    kept = frozenset().union(*(mixed_content_units(s) for s in said))
    if not (mixed_content_units(text) - _PRONOUNS) <= kept:
        return None  # a word of the text in no statement: the drain's reading leaves something out
    return _facts_apart(said, [c.slot for c in cands])


def fact_parts(text: str) -> list[str]:
    """The statements of ``text`` (checked user text, any language): one per fact, in the user's
    words, when it states facts side by side (see the module doc); ``[text]`` otherwise.
    Traditional Chinese is not cut (the clause rules read simplified text, and the user's script is kept)."""
    from memcli.write.clauses import en_parts, units
    from memcli.write.rules import analyze

    if to_simplified(text) != text:
        return [text]
    said = [p.text.strip(" ,，") for u in units(text) for p in en_parts(u)]
    if len(said) < 2:
        return _pronoun_parts(text)
    at, starts = 0, []
    for s in said:
        at = text.find(s, at)
        if at < 0:
            return [text]
        starts.append(at)
        at += len(s)
    if not all(_stands_alone(s, text[:i]) for s, i in zip(said[1:], starts[1:], strict=True)):
        return _pronoun_parts(text)
    return _facts_apart(said, [analyze(s).slot for s in said], loose=True) or [text]


def _facts_apart(said: list[str], slots: list[str | None], *, loose: bool = False) -> list[str] | None:
    """``said`` (statements, with the slots read of them) as the facts to keep, an English one capitalised, when
    each has a specific slot and no two the same (:func:`memcli.write.clauses.specific_slot`); None otherwise.
    ``loose``: a part of a first-person fact of no known attribute (``fact.…``) or of an ability (:func:`ability`)
    counts too, when another part has a specific slot (see the module doc)."""
    from memcli.write.clauses import specific_slot

    keys = [specific_slot(s, slot, things=False) for s, slot in zip(said, slots, strict=True)]
    specific = [k is not None and not k.startswith("fact.") for k in keys]
    if loose and any(specific):  # (a generic part is told apart by its words: "fact.play" twice is two facts)
        keys = [k if ok else f"{k}:{s}" if k is not None and not _told_done(s) else
                f"ability:{s}" if k is None and ability(s) else None
                for k, s, ok in zip(keys, said, specific, strict=True)]
        specific = [k is not None for k in keys]
    if not all(specific) or len(set(keys)) < len(keys):
        return None
    return [s[:1].upper() + s[1:] if lang_of(s) == "en" else s for s in said]


def _pronoun_parts(text: str) -> list[str]:
    """The drain's statements of ``text`` when a later part of it opens with a pronoun (:func:`drained_parts`);
    ``[text]`` otherwise."""
    return (_PRONOUN_PART.search(text) and drained_parts(text)) or [text]


def split_record(rec: MemoryRecord) -> list[MemoryRecord]:
    """``rec`` (a ``remember`` record, its text checked) as one record per fact of its text
    (:func:`fact_parts`), each with its other fields; ``[rec]`` when the text states one fact or
    ``rec.kind`` is not ``other`` (a kind the user names is the kind of one memory)."""
    parts = fact_parts(rec.text) if rec.kind == Kind.OTHER else [rec.text]
    return [rec] if len(parts) < 2 else [rec.model_copy(update={"text": p}) for p in parts]
