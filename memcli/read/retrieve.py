"""MemoryRetrievalService (the seed's name): hybrid recall for one user, best first.

:class:`MemoryRetrievalService` takes its dependencies — store, settings, query encoder — and
is built once per :class:`~memcli.memory.Memory`; the result types are in :mod:`memcli.read.results`.

Pipeline (:meth:`MemoryRetrievalService.retrieve`): clean the query → start the query encoder on a thread (dense
leg, :mod:`memcli.read.dense`) → meanwhile the lexical leg (FTS5 BM25 over jieba tokens +
LIKE variants, :mod:`memcli.read.lexical`) → KNN with the query vector if it is ready before
the deadline (else lexical only, marked in ``info``) → weighted RRF + salience + recency and
the relevance floor (:mod:`memcli.read.fusion`) → :class:`Hit` models.
A long message whose question sentence is not the whole text (chatter first,
:func:`memcli.slot_query.question_focus`) is searched by that sentence: the lexical tokens and the
query vector come from it, not from the chatter.

Scope: always the bound user, active memories only (``invalid_at IS NULL AND expired_at IS
NULL``); with ``as_of=T``: what was believed true at world time T (``valid_from <= T <
invalid_at``, not superseded).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db.store import MemoryStore
from memcli.errors import BadInputError, MemcliError
from memcli.governance.confidence import effective
from memcli.read import fusion, past_facts, quotes, subject
from memcli.read.all_of import all_answers
from memcli.read.answer import Answerability
from memcli.read.answer_pass import AnswerPass
from memcli.read.asked_title import asked_title
from memcli.read.asked_value import asked_value, holds_tied, lift, shares_word
from memcli.read.child_nick import child_named_zh
from memcli.read.dense import DenseHit, dense_leg
from memcli.read.domain_request import domain_answers
from memcli.read.encoder import InlineVector, QueryEncoder, QueryVector, query_encoder
from memcli.read.ended_named import ended_named
from memcli.read.episodes import EpisodeLeg, merge, told_cos
from memcli.read.goal_asked import goal_answers
from memcli.read.lexical import lexical_leg
from memcli.read.meal import asker_meal
from memcli.read.parts import recall_parts, split_question
from memcli.read.person import asked_person, person_answers
from memcli.read.person_ended import ended_answers
from memcli.read.pet_named import kind_named
from memcli.read.results import Explain, Hit, Hits, RetrievalInfo, construct
from memcli.read.routine import routine_answers
from memcli.read.said_when import OUTSIDE, in_window
from memcli.read.slot_leg import held_answers, query_slot_keys, slot_focus, slot_leg
from memcli.read.time_intent import asks_past, told_when
from memcli.read.tokens import query_tokens, with_glued_names
from memcli.read.told_with import with_told_mates
from memcli.read.whose import whose_answers
from memcli.slot_query import question_focus
from memcli.text import clean_text, lang_of, query_head, to_simplified, whole_number
from memcli.timeutil import event_day, from_iso, now_utc, parse_at

if TYPE_CHECKING:
    from memcli.settings import Settings

__all__ = ["ALL_LEGS", "Explain", "Hit", "Hits", "MemoryRetrievalService", "RetrievalInfo"]

ALL_LEGS = ("dense", "lexical", "slot", "episode")
MAX_CANDIDATES_PER_LEG = 4096  # sqlite-vec's cap on k
# Time left for KNN + fusion after the encoder wait, seconds: a base plus the brute-force KNN's
# cost per active vector of the user (sqlite-vec scans the partition: ~0.2 s at 100k on 2 busy cores).
DEADLINE_RESERVE_BASE_S = 0.03
DEADLINE_RESERVE_PER_VECTOR_S = 1.5e-6
_SPACE = re.compile(r"\s+")


#: a hit the dense leg ranks at this share of the best cosine or more is about what the question asks
TIE_COSINE = 0.8


def _tied(tokens: list[str], statement: str, cos: float | None, best_cos: float, asked: str | None) -> bool:
    """A hit tied to the question's subject (round 32, :func:`memcli.read.asked_value.holds_tied`): it holds one
    of the question's informative words (:func:`memcli.read.asked_value.shares_word`: teach in teacher), or its
    cosine is at least :data:`TIE_COSINE` of the best one — not for a name (``asked``): a name near the question
    is another one's (asked "what's Tom's wife called?", "Ruth named the car Pearl")."""
    return shares_word(tokens, statement) or (asked != "name" and cos is not None and best_cos > 0
                                              and cos >= TIE_COSINE * best_cos)


def _ms(t0: float) -> float:
    return round((time.monotonic() - t0) * 1000, 2)


class MemoryRetrievalService:
    """Hybrid recall over one store (the seed's MemoryRetrievalService), built once per Memory.

    Args:
        store: the store it reads (one thread at a time; :meth:`with_store` for another).
        settings: ranking constants and limits.
        encoder: the query encoder, chosen once (:class:`~memcli.read.encoder.QueryEncoder`).
    """

    def __init__(self, store: MemoryStore, settings: Settings, encoder: QueryEncoder) -> None:
        self.store = store
        self.settings = settings
        self.encoder = encoder
        self.answer = Answerability(settings)

    def with_store(self, store: MemoryStore) -> MemoryRetrievalService:
        """The same service on another connection (a reader for a worker thread)."""
        svc = MemoryRetrievalService.__new__(MemoryRetrievalService)
        svc.store, svc.settings, svc.encoder, svc.answer = store, self.settings, self.encoder, self.answer
        return svc

    def retrieve(self, user: str, query: str, limit: int = 5, as_of: str | datetime | None = None,
                 min_score: float | None = None, legs: tuple[str, ...] | list[str] = ALL_LEGS,
                 explain: bool = False, deadline: float | None = None,
                 on_partial: Callable[[Hits], None] | None = None) -> Hits:
        """Hybrid retrieval for ``user``. Returns :class:`Hits` (a ``list[Hit]``), best first.

        Args:
            query: any text; empty/whitespace → no hits. Longer than ``settings.max_text_chars``
                is truncated before anything reads it (``info.query_truncated``; ``info.query_chars``
                is then its whole length, :func:`memcli.text.query_head`). Control characters are dropped.
            limit: at most this many hits (>= 1). Each leg is asked for ``max(candidates_per_leg,
                limit)`` candidates (at most 4096, ``info.candidates_per_leg``), so a large limit
                returns every match rather than the first ~100.
            as_of: ISO-8601 time or datetime: memories believed true then, instead of active ones.
            min_score: floor on the final score in [0, 1] (default ``settings.min_score``).
            legs: any non-empty subset of ``("dense", "lexical", "slot", "episode")`` (default all). The
                slot leg (:mod:`memcli.read.slot_leg`) runs when the query asks about an attribute; the
                episode leg (:mod:`memcli.read.episodes`, setting ``episodes``) adds the user's own turns
                that produced no memory (``origin="episode"``, below memories).
            explain: attach :class:`Explain` to every hit.
            deadline: ``time.monotonic()`` seconds; if the query encoder is not ready by then the
                dense leg is skipped (``info.lexical_only_fallback``) and no cold torch load starts.
            on_partial: called with the lexical-only ranking as soon as it exists, while the dense
                leg is still pending (the context builder falls back to it at its deadline).

        Raises:
            BadInputError: ``limit < 1``, bad ``as_of``, ``min_score`` outside [0, 1].
            ModelMismatchError / ModelUnavailableError: the dense leg's model (no deadline only).
        """
        t0 = time.monotonic()
        st, store = self.settings, self.store
        whole_number(limit, "limit")
        if isinstance(legs, str) or not legs or any(leg not in ALL_LEGS for leg in legs):
            raise BadInputError(f"legs must be a non-empty subset of {ALL_LEGS}, got {legs!r}")
        if min_score is None:
            min_score = st.min_score
        if isinstance(min_score, bool) or not isinstance(min_score, int | float) or not 0 <= min_score <= 1:
            raise BadInputError(f"min_score must be in [0, 1], the final score's range (got {min_score})")
        at = parse_at(as_of, field="as_of") if as_of is not None else None
        # each leg returns at least `limit` candidates, so `--limit 1000` is not cut to the
        # ~100 two legs of 50 can give (bounded by sqlite-vec's k cap)
        per_leg = min(max(st.candidates_per_leg, limit), MAX_CANDIDATES_PER_LEG)
        info = construct(RetrievalInfo, legs_requested=list(legs), candidates_per_leg=int(per_leg))
        head, info.query_truncated = query_head(query or "", st.max_text_chars)  # before any work on the text
        said = _SPACE.sub(" ", clean_text(head)).strip()
        info.query_chars = len(query or "") if info.query_truncated else len(said)
        if len(asked_parts := split_question(said)) > 1:  # round 40: 我老婆叫什么？她做什么的？ (memcli.read.parts)
            return recall_parts(self, user, asked_parts, info, limit=limit, as_of=as_of, min_score=min_score,
                                legs=legs, explain=explain, deadline=deadline)
        text = subject.asker_can(subject.self_named(store, user, said))  # 林梅在哪… → 我在哪…; 芒果能吃吗 → 芒果我能…
        text = subject.kin_named(store, user, text, as_of=at)  # 小明在哪上班 → 我老公小明在哪上班 (round 44)
        text = kind_named(store, user, text, as_of=at)  # 我的猫吃什么 → 我的猫年糕吃什么 after 我家猫叫年糕 (round 47)
        text = child_named_zh(store, user, text, as_of=at)  # 孩子几点放学 → 孩子豆豆几点放学 (round 48)
        text = subject.pronoun_named(store, user, text) if as_of is None else text  # 他… → 我老公… (one person told)
        text = asker_meal(text)  # 今晚吃火锅怎么样 → 今晚我吃火锅怎么样
        lang = lang_of(text)
        info.constants = {**fusion.constants(st, lang, min_score), **store.search_caps()}
        if not text:
            return Hits([], info)

        ep = EpisodeLeg(store, st, user, per_leg, as_of=at) if "episode" in legs and st.episodes else None
        has_vectors = store.has_vectors() or (ep is not None and store.has_episode_vectors())
        qv = None
        if "dense" in legs:
            if not has_vectors:
                info.dense_skipped = "no vectors stored yet"
            else:
                name, loader = query_encoder(self.encoder, has_deadline=deadline is not None)
                info.encoder = name if loader else None
                if loader is None:
                    info.dense_skipped = name
                elif not st.read_threads:  # encoded after the lexical leg, on this thread
                    qv = InlineVector(loader, question_focus(text))
                else:  # the KNN starts on the encoder's thread when the store can detach it
                    job = store.knn_detached(user, per_leg, as_of=at) if "lexical" in legs else None
                    qv = QueryVector(loader, question_focus(text), job=job)

        rankings: dict[str, list[int]] = {}
        lex_by_id: dict[int, Any] = {}
        if "lexical" in legs:
            t1 = time.monotonic()
            asked = question_focus(text)  # a long message is searched by its question sentence, not its chatter
            info.tokens = with_glued_names(query_tokens(asked, drop_stopwords=True))
            lex = lexical_leg(store, user, asked, info.tokens, limit=per_leg, as_of=at)
            rankings["lexical"] = [h.id for h in lex]
            lex_by_id = {h.id: h for h in lex}
            info.timings_ms["lexical"] = _ms(t1)
            info.legs_run.append("lexical")

        if "slot" in legs:
            t1 = time.monotonic()
            info.slots = query_slot_keys(text)
            slot_ids = slot_leg(store, user, info.slots, limit=per_leg, as_of=at) if info.slots else []
            if slot_ids:  # a leg that found nothing would only lower every normalised score
                rankings["slot"] = slot_ids
                info.legs_run.append("slot")
            info.timings_ms["slot"] = _ms(t1)

        if ep is not None:
            t1 = time.monotonic()
            ep.run_lexical(text, info.tokens if "lexical" in legs else query_tokens(text, drop_stopwords=True))
            info.timings_ms["episode_lexical"] = _ms(t1)

        cos_by_id: dict[int, float] = {}
        if qv is not None and on_partial is not None and "lexical" in rankings:
            part = info.model_copy(deep=True)
            part.lexical_only_fallback, part.dense_skipped = True, "the dense leg had not finished"
            early = {leg: ids for leg, ids in rankings.items() if leg in ("lexical", "slot")}
            early_hits = self._rank(user, early, lex_by_id, {}, lang=lang, min_score=min_score, limit=limit,
                                    explain=explain, info=part, as_of=at,  # (the gate: a secret's question only)
                                    gate=AnswerPass(store, self.answer, user=user, query=text, info=part, lang=lang))
            if ep is not None:
                early_hits = merge(early_hits, ep.hits(lang=lang, min_score=min_score, explain=explain), limit)
            if self.answer.enabled and person_answers(early_hits, to_simplified(question_focus(text)), text):
                part.below_floor = sum(h.below_floor for h in early_hits)  # round 45: no wrong person, early either
            on_partial(Hits(early_hits, part))
        if qv is not None:
            t1 = time.monotonic()
            timeout = None
            if deadline is not None:
                # the rows the KNN will scan: the detached job knows them (no count query over the user's items)
                n_rows = qv.job.n if qv.job is not None else store.count_items(user, active_only=True)
                reserve = DEADLINE_RESERVE_BASE_S + DEADLINE_RESERVE_PER_VECTOR_S * n_rows
                timeout = deadline - time.monotonic() - reserve
            try:
                vec = qv.wait(timeout)
            except MemcliError as exc:
                if deadline is None:
                    raise
                vec, info.dense_skipped = None, f"encoder failed: {exc}"
            info.timings_ms["encode_wait"] = _ms(t1)
            if vec is None:
                info.dense_skipped = info.dense_skipped or "query encoder not ready before the deadline"
            else:
                t1 = time.monotonic()
                rows = qv.job.result() if qv.job is not None else None  # scanned beside the lexical leg
                if rows is not None:
                    dense = [DenseHit(i, cos) for i, cos in rows]
                    info.dense_concurrent = True
                else:
                    dense = dense_leg(store, user, vec, limit=per_leg, as_of=at)
                rankings["dense"] = [h.id for h in dense]
                cos_by_id = {h.id: h.cosine for h in dense}
                info.timings_ms["dense_knn"] = _ms(t1)
                info.legs_run.append("dense")
                if ep is not None and (deadline is None or time.monotonic() < deadline):
                    t1 = time.monotonic()
                    ep.run_dense(vec)
                    info.timings_ms["episode_knn"] = _ms(t1)
        info.lexical_only_fallback = (has_vectors and "dense" in legs and "dense" not in info.legs_run
                                      and "lexical" in info.legs_run)
        info.candidates = {leg: len(ids) for leg, ids in rankings.items()}

        slot_found = "slot" in rankings  # the answerability reads that the slot leg found something, as before
        # round 34: a list of likes is not which one (memcli.read.slot_leg.slot_focus); Chinese left as it was
        if slot_found and cos_by_id and lang != "zh":
            rankings["slot"] = slot_focus(rankings["slot"], lex_by_id, cos_by_id)
            if not rankings["slot"]:
                del rankings["slot"]
        t1 = time.monotonic()
        # the answerability of this query's pools: the memory hits, then the episodes among them (each feature once)
        gate = AnswerPass(store, self.answer, user=user, query=text, info=info, lang=lang,
                          qvec=vec if qv is not None else None, as_of=at,
                          embed=(lambda texts: loader().embed_batch(texts)) if qv is not None else None)
        # round 32: the type of value the question asks (a date, a name…); the episodes first, so that a turn
        # holding one and a memory holding one lower the hits holding none alike (memcli.read.asked_value)
        asked_q = to_simplified(question_focus(text))
        asked = (asked_value(asked_q) or ("title" if lang != "zh" and asked_title(asked_q) else None)
                 if "dense" in rankings else None)  # round 36: which book, film, game (memcli.read.asked_title)
        found = ep.hits(lang=lang, min_score=min_score, explain=explain) if ep is not None else []
        ep_cos = dict(ep.dense) if ep is not None else {}
        ep_best = max(ep_cos.values(), default=0.0)
        gate.turn_cos = told_cos(found, ep_cos, info.tokens) if lang != "zh" else 0.0  # round 40: cos_gap (English)
        ep_held = {h.key: holds_tied(h.statement, asked, _tied(info.tokens, h.statement, ep_cos.get(h.key), ep_best,
                                                               asked), asked_q) for h in found} if asked else {}
        if asked == "when" and told_when(asked_q):  # round 39: the day an event was told answers "when did I"
            asked = None
        window = past_facts.asked_window(asked_q, lang, at, st.tz, store, user)  # rounds 34, 39, 48
        ep_in = {h.key for h in found if window and in_window({"valid_from": h.valid_from.isoformat(), "kind": h.kind,
                                                               "statement": h.statement}, window)}
        ranked: dict[str, Any] = {"held": any(ep_held.values()), "in_window": bool(ep_in)}
        hits = self._rank(user, rankings, lex_by_id, cos_by_id, lang=lang, min_score=min_score, limit=limit,
                          explain=explain, info=info, as_of=at, gate=gate, ranked=ranked,
                          asked=None if asked is None else (asked, asked_q), slot_found=slot_found, window=window)
        info.timings_ms["fuse_rank"] = _ms(t1)  # fusion, the candidates' rows, scores, Hit models
        if ep is not None:
            info.candidates["episode"] = len({i for i, _ in ep.lexical} | {i for i, _ in ep.dense})
            if found:  # the user's words meet the memories' bar (memcli.read.quotes)
                info.legs_run.append("episode")
                turns, readings = quotes.mark_turns(store, user, found, at), []
                for told in (None, turns):  # as a memory with no slot, and as the memory of its turn
                    pool, cos = quotes.pool(found, ranked.get("top", []), ep.weight(lang), dict(ep.dense), cos_by_id,
                                            told, rankings.get("slot", []), asked=gate.asked_relation)
                    readings.append(gate.score(pool, ranked.get("via", {}), cos, dense_ran="dense" in rankings,
                                               explain=False, slot_found=slot_found)[0])
                quotes.gate(found, readings, info.answer_min_p)
                if info.answer_min_p is not None and qv is not None:  # a sigh at the day answers nothing of today
                    quotes.unrelated(found, question_focus(text), vec, dict(ep.dense), lambda t: loader().embed_one(t))
            factor = ranked.get("lift", lift(ranked["held"]))  # round 32: the memories' factor (no memory: theirs)
            if factor < 1.0:  # after the gate, which reads the turns' scores as fused
                for h in found:
                    if not ep_held[h.key]:
                        h.score = round(h.score * factor, 4)
                found.sort(key=lambda h: (-h.score, -h.key))
            if ranked.get("in_window"):  # round 34: the turns said outside the day or month asked, as the memories
                for h in found:
                    h.score = h.score if h.key in ep_in else round(h.score * OUTSIDE, 4)
                found.sort(key=lambda h: (-h.score, -h.key))
            hits = merge(hits, found, limit, None if lang == "zh" or not found else
                         store.source_ids_by_item(user, [h.id for h in hits]))
            hits = quotes.memory_first(hits, limit) if lang != "zh" else hits  # round 46: a turn that restates
        past = at is None and asks_past(asked_q)  # round 39: "What car did I have before?" (memcli.read.past_facts)
        hits = past_facts.finish(store, user, asked_q, info, hits, window, limit, past=past, as_of=at)
        hits = ended_named(store, user, info, hits, limit, as_of=at)  # round 48: a name told in an ended memory
        if held_answers(hits, asked_q, info.slots, info.answer_min_p) or (lang == "zh" and routine_answers(
                hits, asked_q, info.answer_min_p)) or whose_answers(  # round 40: the one slot asked, held; round
                hits, asked_q, info.answer_min_p):  # 42: 我周末干嘛; round 44: the user's own before another's
            info.below_floor = sum(h.below_floor for h in hits)
        if gate.answer.enabled and (person_answers(hits, asked_q, text) + goal_answers(hits, asked_q) + ended_answers(
                store, user, hits, asked_person(asked_q, text), at)):  # round 45: no other person's fact answers, nor
            # one told before their death or the parting (read.person*); round 48: no hope answers a deed asked
            info.below_floor = sum(h.below_floor for h in hits)
        point = info.answer_min_p if info.answer_min_p is not None or not gate.answer.enabled \
            or "dense" not in rankings else gate.answer.min_p(gate.question.group)  # (no hit: no pool set it)
        if (served := domain_answers(store, user, asked_q, hits, point, limit, as_of=at)) is not None:
            hits, info.below_floor = served, sum(h.below_floor for h in served)  # round 44: a request's own domain
        elif (listed := all_answers(store, user, asked_q, hits, point, limit, as_of=at)) is not None:
            hits, info.below_floor = listed, sum(h.below_floor for h in listed)  # round 46: all of a kind asked
        elif st.told_with and lang != "zh" and at is None:  # round 46: the rest of the best hit's telling
            hits = with_told_mates(store, st, user, hits, limit)
            info.below_floor = sum(h.below_floor for h in hits)
        info.timings_ms["total"] = _ms(t0)
        return Hits(hits, info)

    def _rank(self, user: str, rankings: dict[str, list[int]], lex_by_id: dict[int, Any],
              cos_by_id: dict[int, float], *, lang: str, min_score: float, limit: int, explain: bool,
              info: RetrievalInfo, as_of: datetime | None = None, gate: AnswerPass | None = None,
              ranked: dict[str, Any] | None = None, asked: tuple[str, str] | None = None,
              slot_found: bool | None = None, window: tuple[datetime, datetime] | None = None) -> list[Hit]:
        """The fused, scored and floored hits of ``rankings`` (leg → ids, best first), subject expansion
        after their parents, at most ``limit``, each with its p from ``gate`` (None: no p, as before the
        dense leg ran). ``ranked`` (when given) receives ``top`` (the pool, :data:`memcli.read.answer_pass.Pool`)
        and ``via`` (expanded id → parent id) for the episode gate; it holds ``held`` (an episode holds the asked
        value, :func:`~memcli.read.asked_value.holds_tied`) and receives ``lift``, the factor of the hits holding
        none. ``asked``: (the type of value the question asks, the question; round 32,
        :mod:`memcli.read.asked_value`): the hits holding none are lowered by :func:`~memcli.read.asked_value.lift`.
        ``window``: the day or month the question names (round 34, :func:`~memcli.read.said_when.asked_window`):
        when a hit was said or dated in it (or an episode, ``ranked["in_window"]``), the hits that were not are
        lowered (:data:`memcli.read.said_when.OUTSIDE`); ``ranked`` receives whether one was.
        ``slot_found``: the slot leg found memories before :func:`~memcli.read.slot_leg.slot_focus` (None: it is in
        ``rankings``)."""
        st = self.settings
        weights = fusion.leg_weights(st, lang)
        fused = fusion.fuse(st, rankings, cos_by_id, lang)
        if not fused:
            return []
        rows = {r["id"]: r for r in self.store.items_by_ids(user, [f.id for f in fused])}
        now = now_utc()
        scored: list[tuple[float, Any, dict[str, Any], float]] = []
        for f in fused:
            row = rows.get(f.id)
            if row is None:  # index row without an item (should not happen): skip
                continue
            rec = fusion.recency(from_iso(row["last_confirmed_at"]), now, st.recency_half_life_days)
            final = fusion.final_score(f.rrf_norm, float(row["salience"]), rec, st)
            # the cosine floor applies to dense-only hits; the statement's language only matters then
            dense_only = "lexical" not in f.ranks and "slot" not in f.ranks
            floor = fusion.min_cosine_for(st, lang, lang_of(row["statement"]) if dense_only and lang != "zh" else lang)
            if not fusion.passes_floor(f, cos_by_id.get(f.id), final, min_cosine=floor, min_score=min_score):
                info.dropped_by_floor += 1
                continue
            scored.append((final, f, row, rec))
        scored.sort(key=lambda x: (-x[0], -x[1].id))
        via: dict[int, int] = {}
        if st.subject_expansion and info.slots and scored:
            scored, via = subject.expand_scored(self.store, user, scored, info, st, as_of, now)
        base = {f.id: final for final, f, _, _ in scored}  # the answerability reads the scores as fused (round 32)
        if asked is not None:  # round 32, after expansion: a fact it brings keeps its parent's p (via)
            best, (kind, q) = max(cos_by_id.values(), default=0.0), asked
            held = {f.id: holds_tied(row["statement"], kind, _tied(info.tokens, row["statement"], cos_by_id.get(f.id),
                                                                   best, kind), q) for _, f, row, _ in scored}
            pools = ranked if ranked is not None else {}
            pools["lift"] = factor = lift(pools.get("held", False) or any(held.values()))
            if factor < 1.0:  # the hits holding the asked value above those that hold none
                scored = [(final if held[f.id] else final * factor, f, row, rec) for final, f, row, rec in scored]
                scored.sort(key=lambda x: (-x[0], -x[1].id))
        if window is not None and scored:  # round 34: a day or month the question names (memcli.read.said_when)
            inside = {f.id for _, f, row, _ in scored if in_window(row, window)}
            if ranked is not None:  # a turn or a memory said then lowers the turns and memories said at other times
                ranked["in_window"] = ranked.get("in_window", False) or bool(inside)
            if inside or (ranked or {}).get("in_window"):
                scored = [(final if f.id in inside else final * OUTSIDE, f, row, rec) for final, f, row, rec in scored]
                scored.sort(key=lambda x: (-x[0], -x[1].id))
        top = scored[:limit]
        # the pool the answerability reads: these hits at their fused scores, in that order (the value asked moves a
        # hit into the list, not the features its p was fitted on)
        pool = sorted(((base[f.id], f, row, rec) for _, f, row, rec in top), key=lambda x: (-x[0], -x[1].id))
        if ranked is not None:  # what the episode gate ranks episodes among (memcli.read.quotes.pool)
            ranked.update(top=pool, via=via)
        p_of, x_of = ({}, {}) if gate is None else gate.score(pool, via, cos_by_id, dense_ran="dense" in rankings,
                                                             explain=explain, slot_found="slot" in rankings
                                                             if slot_found is None else slot_found)
        out: list[Hit] = []
        for final, f, row, rec in top:
            lex = lex_by_id.get(f.id)
            ex = None
            if explain:
                ex = Explain(dense_rank=f.ranks.get("dense"), lexical_rank=f.ranks.get("lexical"),
                             slot_rank=f.ranks.get("slot"),
                             cosine=None if f.id not in cos_by_id else round(cos_by_id[f.id], 4),
                             bm25=None if lex is None or lex.bm25 is None else round(lex.bm25, 4),
                             like_score=0 if lex is None else lex.like_score, rrf=round(f.rrf, 6),
                             rrf_norm=round(f.rrf_norm, 4), weight_dense=weights["dense"],
                             weight_lexical=weights["lexical"], salience=float(row["salience"]),
                             recency=round(rec, 4), final=round(final, 4), answer_features=x_of.get(f.id))
            p = p_of.get(f.id)  # (values of the fields' types: results.py, no validator built for them)
            day = event_day(row.get("event_when"))
            out.append(construct(
                Hit, id=int(f.id), statement=str(row["statement"]), kind=str(row["kind"]),
                effective_confidence=float(effective(float(row["confidence"]), from_iso(row["last_confirmed_at"]),
                                                     now, st, row.get("slot"))),
                valid_from=from_iso(row["valid_from"]), event_when=day and day[0], event_inferred=bool(day and day[1]),
                score=float(round(final, 4)), origin=str(row["origin"]),
                metadata=json.loads(row["metadata"] or "{}"), legs=sorted(f.ranks), explain=ex, slot=row.get("slot"),
                p_relevant=None if p is None else float(p), via=via.get(f.id),
                below_floor=bool(info.answer_min_p is not None and (1.0 if p is None else p) < info.answer_min_p)))
        info.below_floor = sum(h.below_floor for h in out)
        return out
