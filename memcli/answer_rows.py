"""The rows answerability is fitted on (:mod:`memcli.answer_fit`): every goldset question run once through
``search`` in a fresh store of its case (all legs, ``explain``, top :data:`TOP`, answerability off), and once
more wrapped in :data:`CHATTER`; each hit's feature row is the read path's own (``Explain.answer_features``).
Split out of :mod:`memcli.answer_fit` (the fitting stays there)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memcli.settings import Settings

__all__ = ["CHATTER", "TOP", "HitRow", "QueryRows", "collect"]

#: hits read per question, best first
TOP = 10


@dataclass
class HitRow:
    keys: list[str]
    x: list[float] | None  # None: a subject-expansion hit (shares its parent's p)
    parent: int | None  # index of the parent hit in the same query
    subject: str | None = None  # memcli.read.answer.answer_subject of its slot (p shared by subject)


@dataclass
class QueryRows:
    query: str
    lang: str
    relevant: set[str]
    tags: list[str] = field(default_factory=list)
    hits: list[HitRow] = field(default_factory=list)
    vector: list[float] | None = None  # the query embedding (the personal score's input)

    @property
    def personal(self) -> bool:
        """A question about the user's world: it has an answer, or is a near miss."""
        return bool(self.relevant) or "near_miss" in self.tags


#: chatter a message may carry before its question (written for memcli): each fitting question is
#: also asked once wrapped in two of these (seeded), so the fit sees a question whose cosine the
#: chatter dilutes (the features read the question sentence, :func:`memcli.slot_query.question_focus`)
CHATTER = {
    "zh": ["今天下班路上堵了快一个小时，真是累死了。", "最近老是睡不好，早上起来头昏昏的。",
           "周末本来想出去走走，结果一直下雨。", "刚才在群里看到一个好笑的视频，笑了半天。",
           "这两天降温了，出门得多穿点。", "中午食堂的菜又咸又油，吃不下去。",
           "手机快没电了，充电器又落在公司了。", "楼上邻居又在装修，吵得我没法看书。"],
    "en": ["Traffic was awful on the way home today, took me an hour.", "I haven't been sleeping well lately.",
           "It rained the whole weekend so we stayed in.", "Saw a hilarious video in the group chat earlier.",
           "It's gotten so cold this week.", "Lunch at the canteen was way too salty again.",
           "My phone is about to die and I left the charger at work.", "The neighbours upstairs are renovating again."],
}


def _wrapped(q: Any, lang: str, rng: random.Random) -> Any:
    chat = "".join(rng.sample(CHATTER[lang], 2)) if lang == "zh" else " ".join(rng.sample(CHATTER[lang], 2)) + " "
    lead = "对了，我想问一下，" if lang == "zh" else "Anyway, quick question: "
    return q.model_copy(update={"query": chat + lead + q.query.rstrip("？?") + ("？" if lang == "zh" else "?"),
                                "tags": [*q.tags, "chatter"]})


def collect(settings: Settings, cases: Sequence[Any], progress: Callable[[int], None] | None = None,
            wrap: bool = True) -> list[QueryRows]:
    """Every question of ``cases`` (retrieval cases; ``relevant`` may be empty) run once in a
    fresh temporary store per case (and, with ``wrap``, once more wrapped in :data:`CHATTER`);
    see the module docstring."""
    from memcli.text import lang_of

    rng = random.Random(20)
    if wrap:
        cases = [c.model_copy(update={"queries": [*c.queries, *(_wrapped(q, lang_of(q.query), rng)
                                                                for q in c.queries)]}) for c in cases]
    return _collect(settings, cases, progress)


def _collect(settings: Settings, cases: Sequence[Any], progress: Callable[[int], None] | None = None
             ) -> list[QueryRows]:
    import tempfile

    from memcli.eval.retrieval import EvalMemory, cached_embedder, load_store, open_eval_memory
    from memcli.read.answer import answer_group, answer_subject
    from memcli.text import lang_of

    st = settings.model_copy(update={"answerability": False})
    emb = cached_embedder(st, [m.text for c in cases for m in c.memories], [q.query for c in cases for q in c.queries])
    out: list[QueryRows] = []
    with tempfile.TemporaryDirectory(prefix="memcli-answer-") as tmp:
        for n, case in enumerate(cases):
            with open_eval_memory(st, Path(tmp) / f"case-{n}.db", case.user, emb) as mem:
                keys_of = load_store(mem, [EvalMemory(m.text, m.at, [m.ref]) for m in case.memories], enrich=True)
                vecs = emb.embed_queries([q.query for q in case.queries])
                for q, vec in zip(case.queries, vecs, strict=True):
                    hits = mem.search(q.query, limit=TOP, explain=True)
                    qr = QueryRows(q.query, answer_group(q.query, lang_of(q.query)), set(q.relevant),
                                   list(q.tags),
                                   vector=[round(float(v), 6) for v in vec])
                    pos = {h.id: i for i, h in enumerate(hits)}
                    for h in hits:
                        qr.hits.append(HitRow(keys_of.get(h.id, []), h.explain.answer_features if h.explain else None,
                                              pos.get(h.via) if h.via is not None else None,
                                              answer_subject(h.slot)))
                    out.append(qr)
                    if progress:
                        progress(1)
    return out
