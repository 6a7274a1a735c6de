"""The facts of one explicit text: ``remember`` keeps a text that states two facts as two memories.

"I have a dog called Rex and I'm allergic to shellfish" stored as one memory gets one slot (the
dog's) and one kind: a later question about allergies finds a hit whose attribute is another
one, and the answerability gate leaves it out. The drain's extractor reads such a turn clause by
clause; :func:`fact_parts` cuts an explicit text at the same places (:func:`memcli.write.clauses.units`,
:func:`~memcli.write.clauses.en_parts`) and keeps the cut only when the parts are facts side by
side, each whole on its own:

- every part has a specific slot from the rules, no two parts the same slot (a reason or a request,
  "…, so please never suggest shrimp", has none: the text stays one);
- every later part names its own subject and is joined as a second statement: an English part opens
  with its subject after "and", "but", ";" or a sentence end ("I no longer teach, I work in
  publishing now" is one change, "… and work at a bakery" has no subject); a Chinese part opens with
  我 or follows a sentence end (我有高血压，每天吃一片药 and 我升职了，现在是总监 elaborate one fact).
"""

from __future__ import annotations

import re

from memcli.models import Kind
from memcli.records import MemoryRecord
from memcli.relazy import lazy
from memcli.text import lang_of, to_simplified

__all__ = ["fact_parts", "split_record"]

# compiled on first use (memcli.relazy): remember runs them, every read imports this module through the facade
#: an English part that stands alone opens with its subject ("work at Siemens" does not)
_EN_SUBJECT = lazy(r"(?i:i|i'm|i've|i'd|my|our|we|we're)\b|[A-Z]")
#: what joins a second English statement to the one before it
_EN_JOINED = lazy(r"(?:\band|\bbut|[;.!?])\s*$", re.IGNORECASE)
_ZH_SENTENCE_END = lazy(r"[。！？；!?;]\s*$")


def _stands_alone(part: str, before: str) -> bool:
    """Whether ``part``, said after ``before`` (the text up to it), is a second statement whole on its own."""
    if lang_of(part) == "zh":
        return part.startswith("我") or bool(_ZH_SENTENCE_END.search(before))
    return bool(_EN_SUBJECT.match(part)) and bool(_EN_JOINED.search(before))


def fact_parts(text: str) -> list[str]:
    """The statements of ``text`` (checked user text, any language): one per fact, in the user's
    words, when it states facts side by side (see the module doc); ``[text]`` otherwise.
    Traditional Chinese is not cut (the clause rules read simplified text, and the user's script is kept)."""
    from memcli.write.clauses import en_parts, specific_slot, units
    from memcli.write.rules import analyze

    if to_simplified(text) != text:
        return [text]
    said = [p.text.strip(" ,，") for u in units(text) for p in en_parts(u)]
    if len(said) < 2:
        return [text]
    at, starts = 0, []
    for s in said:
        at = text.find(s, at)
        if at < 0:
            return [text]
        starts.append(at)
        at += len(s)
    if not all(_stands_alone(s, text[:i]) for s, i in zip(said[1:], starts[1:], strict=True)):
        return [text]
    keys = [specific_slot(s, analyze(s).slot, things=False) for s in said]
    if any(k is None or k.startswith("fact.") for k in keys) or len(set(keys)) < len(keys):
        return [text]
    return [s[:1].upper() + s[1:] if lang_of(s) == "en" else s for s in said]


def split_record(rec: MemoryRecord) -> list[MemoryRecord]:
    """``rec`` (a ``remember`` record, its text checked) as one record per fact of its text
    (:func:`fact_parts`), each with its other fields; ``[rec]`` when the text states one fact or
    ``rec.kind`` is not ``other`` (a kind the user names is the kind of one memory)."""
    parts = fact_parts(rec.text) if rec.kind == Kind.OTHER else [rec.text]
    return [rec] if len(parts) < 2 else [rec.model_copy(update={"text": p}) for p in parts]
