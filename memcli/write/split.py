"""The facts of one explicit text: ``remember`` keeps a text that states two facts as two memories.

"I have a dog called Rex and I'm allergic to shellfish" stored as one memory gets one slot (the
dog's) and one kind: a later question about allergies finds a hit whose attribute is another
one, and the answerability gate leaves it out. The drain's extractor reads such a turn clause by
clause; :func:`fact_parts` cuts an explicit text the same way (:func:`memcli.write.clauses.units`,
:func:`~memcli.write.clauses.en_parts`, the dropped subject put back as the drain does:
我住在北京，在银行上班 → 我在银行上班), and keeps the cut only when every part states a fact of
its own: a specific slot from the rules, no two parts the same slot, an English part opening
with its subject. A part that is a reason, a
request or an elaboration (…, so please never suggest shrimp) has no slot: the text stays one.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified

__all__ = ["fact_parts"]

#: an English part that stands alone opens with its subject ("work at Siemens" does not)
_EN_SUBJECT = re.compile(r"(?i:i|i'm|i've|i'd|my|our|we|we're)\b|[A-Z]")


def fact_parts(text: str) -> list[str]:
    """The statements of ``text`` (checked user text, any language): one per fact when it states
    two or more facts of different slots, each in the user's words (with a dropped subject put
    back); ``[text]`` otherwise. Traditional Chinese is not cut (the clause rules read simplified
    text, and the user's script is kept)."""
    from memcli.write.clauses import en_parts, specific_slot, units
    from memcli.write.rules import analyze
    from memcli.write.rules.en_carry import with_en_subjects
    from memcli.write.rules.zh_carry import with_subjects

    if to_simplified(text) != text:
        return [text]
    parts = [p for u in units(text) for p in en_parts(u)]
    if len(parts) < 2:
        return [text]
    said = [u.text.strip(" ,，;；") for u in with_subjects(with_en_subjects(parts))]
    keys = [specific_slot(s, analyze(s).slot, things=False) for s in said]
    if any(k is None or k.startswith("fact.") for k in keys) or len(set(keys)) < len(keys) \
            or any(not _EN_SUBJECT.match(s) for s in said if lang_of(s) == "en"):
        return [text]
    return [s[:1].upper() + s[1:] if lang_of(s) == "en" else s for s in said]
