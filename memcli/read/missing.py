"""What a question asks that the store does not hold: two answerability features of the question.

A near miss shares a subject or a word with a stored fact but asks for something not stored:
"where does my sister work" when only her city is stored, 我爸爸住在哪里 when only 妈妈 is. Each
hit alone looks like an answer (same subject, same words), so the question itself says what is
missing, read with the parser the write path uses (:func:`memcli.slot_query.query_slots`,
:func:`memcli.slot_query.query_subject`, :func:`memcli.read.kin.question_relation`):

- ``no_slot``: the question asks a slot of the user or of someone of theirs (``sister.job``,
  ``blood_type``; not ``someone.…``, the person named by another fact) and the slot leg found no
  active memory holding it or one under it (it ran already: no extra query);
- ``no_subject``: the question names someone of the user's (a relation, said in any words) of
  whom no hit speaks (``subject`` > 0) and no active memory has a slot (ONE bounded slot query,
  at most one row).

Both are fitted features (:mod:`memcli.answer_fit`), not vetoes: the write path stores some facts
under generic slots (``fact.读``, ``is.…``), so a missing slot is evidence, not proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from memcli.db.store import MemoryStore

__all__ = ["asked_subject", "missing_features"]


def asked_subject(question: str, query_slots: Sequence[str]) -> str | None:
    """The relation key of whom ``question`` (simplified Chinese or other text) asks, None when
    it asks about the user, someone named by a fact, or a group."""
    from memcli.read.kin import question_relation
    from memcli.slot_query import query_subject
    from memcli.slots import GROUP_RELATIONS, ME, SOMEONE, split_slot

    said = question_relation(question)  # a group (家人, parents): any relative answers, nothing to look up
    if said:
        return None if said in GROUP_RELATIONS else said
    for s in [query_subject(question), *(split_slot(k)[0] for k in query_slots)]:
        if s not in (ME, SOMEONE) and not s.startswith(("person:", "thing:")):
            return None if s in GROUP_RELATIONS else s
    return None


def missing_features(store: MemoryStore, user: str, question: str, query_slots: Sequence[str], *,
                     slot_found: bool, subject_hit: bool, as_of: datetime | None = None) -> tuple[int, int]:
    """``(no_slot, no_subject)`` of a question (see the module doc). ``slot_found``: the slot leg
    returned something; ``subject_hit``: some hit is about the question's subject."""
    from memcli.slots import SOMEONE, split_slot

    asks = [k for k in query_slots if split_slot(k)[0] != SOMEONE]
    no_slot = int(bool(asks) and not slot_found)
    subject = None if subject_hit else asked_subject(question, query_slots)
    no_subject = int(subject is not None and not store.slot_search(user, [subject], limit=1, as_of=as_of))
    return no_slot, no_subject
