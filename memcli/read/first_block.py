"""The block a new process's first ``context`` gives while the read path is still loading (round 46).

A library process that opens a :class:`memcli.Memory` and calls ``context`` at once meets a read path not yet
imported (:mod:`memcli.memory_read`: ~0.45 s quiet, 1.6-1.9 s under load, before the first call's own one-time
costs), and its 800 ms budget used to end with no block. :func:`lexical_block` answers from the lexical leg
alone — FTS5 and LIKE need no model — with what imports in a fraction of that (the tokens, the lexical leg,
the people rule, the renderer: ~0.25 s at load ~8, measured), and only where the words leave little doubt, since
no answerability model runs:

- small talk asks nothing (:func:`memcli.read.request.is_small_talk`);
- a memory is kept only when it holds **every** search word of the question (its token or its English stem:
  "where does my sister live" keeps "My sister lives in Porto", not "My sister works in Lyon"; "what is the
  capital of Japan?" keeps no "I visited Japan");
- another person's fact never answers a question about the user or about one person
  (:func:`memcli.read.person.person_answers`, the read path's own rule);
- the block is rendered as the full one is (:func:`memcli.read.render.assemble`, frame and token budget).

Its result says ``degraded`` ("lexical only: …") and its hits score ``1 / (rank + 1)`` of the lexical ranking
(FTS5 BM25, then LIKE; no fusion ran). Pure read path: a store, no model, no thread of its own.
"""

from __future__ import annotations

import re
import time
from typing import Any

from memcli.db.store import MemoryStore
from memcli.read.context_result import ContextInputs, ContextResult, messages_of

__all__ = ["LOADING", "lexical_block"]

#: the ``degraded`` of a block :func:`lexical_block` gave
LOADING = "lexical only: the read path was still loading in this new process"
#: candidates asked of the lexical leg (then narrowed by the rules above)
CANDIDATES = 20


def _covers(words: list[str], statement: str) -> bool:
    """Whether ``statement`` holds every one of ``words`` (search tokens, case-folded): a Chinese or mixed token
    anywhere in it (simplified, case-folded: 住 in 我妈妈住在上海), an English word, or its stem of 4+ letters, at
    the start of one of its words ("live" in "lives", "studi" of study in "studied"; "cat" not in "education").
    No tokenising of the statement: jieba's dictionary is not loaded for it (~0.6 s)."""
    from memcli.text import to_simplified, word_form

    text = to_simplified(statement).casefold()

    def holds(w: str) -> bool:
        if not (w.isascii() and w.isalpha()):
            return w in text
        stem = word_form(w)
        return any(re.search(rf"\b{re.escape(x)}", text) for x in {w, stem} if x == w or len(x) >= 4)

    return all(holds(w) for w in words)


def lexical_block(store: MemoryStore, user: str, query: str, given: ContextInputs, settings: Any, limit: int,
                  started: float) -> ContextResult | None:
    """The memory block of ``user`` for ``query`` from the lexical leg alone (see the module doc), or None when
    it has none to give (small talk, no search word, no memory holding every one). ``given``: the call's checked
    options (:func:`memcli.read.context_result.checked_inputs`); ``settings``: ``max_text_chars``, ``tz``,
    the decay of confidence; ``limit``: at most this many lines; ``started``: ``time.monotonic()`` at the call's
    start (``elapsed_ms`` counts from it). Reads ``store`` only (active memories)."""
    from memcli.governance.confidence import effective
    from memcli.read.lexical import lexical_leg
    from memcli.read.person import person_answers
    from memcli.read.render import assemble
    from memcli.read.request import is_small_talk
    from memcli.read.results import Hit, RetrievalInfo, construct, plain
    from memcli.read.tokens import query_tokens
    from memcli.text import clean_text, lang_of, query_head, to_simplified
    from memcli.timeutil import event_day, from_iso, now_utc

    head = clean_text(query_head(query or "", settings.max_text_chars)[0])
    if is_small_talk(to_simplified(head)):
        return None
    words = query_tokens(head)
    if not words:
        return None
    ranking = lexical_leg(store, user, head, words, limit=CANDIDATES)
    rows = {int(r["id"]): r for r in store.items_by_ids(user, [h.id for h in ranking])}
    now, hits = now_utc(), []
    for rank, lh in enumerate(ranking):
        row = rows.get(lh.id)
        if row is None or row["invalid_at"] or row["expired_at"] or not _covers(words, str(row["statement"])):
            continue
        day = event_day(row.get("event_when"))
        hits.append(construct(
            Hit, id=int(lh.id), statement=str(row["statement"]), kind=str(row["kind"]),
            effective_confidence=float(effective(float(row["confidence"]), from_iso(row["last_confirmed_at"]), now,
                                                 settings, row.get("slot"))),
            valid_from=from_iso(row["valid_from"]), event_when=day and day[0], event_inferred=bool(day and day[1]),
            score=round(1.0 / (rank + 1), 4), origin=str(row["origin"]), slot=row.get("slot"), legs=["lexical"]))
    person_answers(hits, head)  # another person's fact is marked below the point: left out
    hits = [h for h in hits if not h.below_floor][:limit]
    if not hits:
        return None
    lang = given.lang or lang_of(head)
    text, kept, used, skipped, why = assemble(hits, lang, given.max_tokens, settings.tz)
    if not text:
        return None
    res = construct(ContextResult, text=text, lang=str(lang), format=given.fmt, max_tokens=given.max_tokens,
                    budget_ms=given.budget_ms, elapsed_ms=0.0, hits=[plain(h, json=True) for h in kept], tokens=used,
                    skipped_for_tokens=skipped, degraded=LOADING,
                    retrieval=plain(construct(RetrievalInfo, query_chars=len(query), tokens=words,
                                              legs_requested=["lexical"], legs_run=["lexical"],
                                              dense_skipped="the read path was still loading",
                                              lexical_only_fallback=True, candidates={"lexical": len(ranking)},
                                              candidates_per_leg=CANDIDATES)))
    if given.fmt == "messages":
        res.messages = messages_of(given.system, text, given.history)
    res.timings_ms = {"retrieval": round((time.monotonic() - started) * 1000, 2)}
    res.elapsed_ms = res.timings_ms["retrieval"]
    return res
