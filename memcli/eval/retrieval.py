"""``eval retrieval``: recall@k, hit@k and MRR of hybrid vs dense-only vs lexical-only.

Memories are loaded as given — no decision step merges them — into a fresh temporary
database per case (embedded in batches, inserted with :meth:`memcli.db.store.MemoryStore.insert_item` in
one transaction, each memory's evaluation keys kept in its metadata). Every query then runs
through :func:`memcli.read.retrieve.retrieve` once per mode, in the same process and on the
same data, so the three figures are comparable.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from memcli.eval.formats import RetrievalCase
from memcli.eval.metrics import aggregate, rank_metrics
from memcli.settings import Settings

__all__ = ["MODES", "EvalMemory", "EvalQuery", "eval_cases", "load_store", "run_queries"]

#: mode name → the legs of :func:`memcli.read.retrieve.retrieve`
MODES: dict[str, tuple[str, ...]] = {"hybrid": ("dense", "lexical"), "dense": ("dense",), "lexical": ("lexical",)}
K_MAX = 10


@dataclass
class EvalMemory:
    text: str
    at: datetime | None
    keys: list[str]  # what this memory covers: a goldset ref, LoCoMo dia_ids


@dataclass
class EvalQuery:
    query: str
    relevant: set[str]
    groups: dict[str, str] = field(default_factory=dict)  # e.g. {"category": "2", "lang": "zh"}
    tags: list[str] = field(default_factory=list)


def eval_settings(settings: Settings, db: Path, user: str) -> Settings:
    """Settings for one temporary store: the configured model, loaded in-process (torch)."""
    return settings.model_copy(update={"db": db, "user": user, "query_encoder": "torch"})


def cached_embedder(settings: Settings, texts: Iterable[str], queries: Iterable[str] = ()) -> Any:
    """The configured model behind a :class:`~memcli.eval.cache.CachedEmbedder`: ``texts``
    (memories) and ``queries`` (as queries: e5 adds ``query:``) embedded in batches up front."""
    from memcli.embed import get_embedder
    from memcli.eval.cache import CachedEmbedder

    emb = CachedEmbedder(get_embedder(settings.model), settings.embed_batch_size)
    emb.warm(texts)
    emb.warm_queries(queries)
    return emb


def open_eval_memory(settings: Settings, db: Path, user: str, embedder: Any) -> Any:
    """A Memory on a fresh temporary database that uses ``embedder`` (shared across stores)."""
    from memcli.memory import Memory

    return Memory(settings=eval_settings(settings, db, user), embedder=embedder)


def load_store(mem: Any, memories: Sequence[EvalMemory], *, kind: str = "other",
               enrich: bool = False) -> dict[int, list[str]]:
    """Insert memories as given (no decision step), embedded in batches, in one transaction.

    ``enrich``: fill in each memory's slot and kind from the rules, as ``remember``/``import``
    do (:func:`memcli.write.extract.enrich`), so the slot leg and subject expansion see them.
    Returns item id → the memory's keys. Each item's metadata holds ``{"keys": [...]}`` (and
    ``ref`` when there is exactly one key).
    """
    from memcli.governance import confidence as conf
    from memcli.models import Candidate, Origin
    from memcli.timeutil import now_utc

    st = mem.settings
    vecs = mem.embedder.embed([m.text for m in memories], batch_size=st.embed_batch_size)
    now = now_utc()
    out: dict[int, list[str]] = {}
    with mem.store.tx():
        for m, v in zip(memories, vecs, strict=True):
            meta: dict[str, Any] = {"keys": m.keys}
            if len(m.keys) == 1:
                meta["ref"] = m.keys[0]
            cand = Candidate(statement=m.text, kind=kind, salience=0.5, valid_from=m.at or now, metadata=meta)
            if enrich:
                from memcli.write.extract import enrich as fill

                cand = fill(cand)
            row = mem.store.insert_item(user_id=mem.user, candidate=cand, origin=Origin.IMPORT,
                                    confidence=conf.initial(Origin.IMPORT, st), vector=v, model=st.model)
            out[int(row["id"])] = list(m.keys)
    return out


def run_queries(mem: Any, queries: Iterable[EvalQuery], keys_of: dict[int, list[str]],
                modes: Sequence[str] = tuple(MODES), progress: Callable[[int], None] | None = None,
                ) -> list[dict[str, Any]]:
    """Run each query in each mode; one row per (query, mode) with its metrics and groups."""
    rows = []
    for q in queries:
        for mode in modes:
            hits = mem.search(q.query, limit=K_MAX, legs=MODES[mode])
            ranked = [keys_of.get(h.id, []) for h in hits]
            rows.append({"mode": mode, "groups": q.groups, "tags": q.tags,
                         "metrics": rank_metrics(ranked, q.relevant)})
        if progress:
            progress(1)
    return rows


def summarize(rows: list[dict[str, Any]], modes: Sequence[str], group_keys: Sequence[str] = ()) -> dict[str, Any]:
    """Mean metrics per mode overall, per tag, and per value of each group key."""
    def agg(sel: list[dict[str, Any]]) -> dict[str, Any]:
        return {m: aggregate(r["metrics"] for r in sel if r["mode"] == m) for m in modes}

    out: dict[str, Any] = {"overall": agg(rows)}
    tags = sorted({t for r in rows for t in r["tags"]})
    if tags:
        out["by_tag"] = {t: agg([r for r in rows if t in r["tags"]]) for t in tags}
    for g in group_keys:
        vals = sorted({r["groups"].get(g) for r in rows if r["groups"].get(g) is not None}, key=str)
        out[f"by_{g}"] = {v: agg([r for r in rows if r["groups"].get(g) == v]) for v in vals}
    return out


def eval_cases(settings: Settings, cases: Sequence[RetrievalCase], *, modes: Sequence[str] = tuple(MODES),
               progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Retrieval cases (goldset or a user's file), each in a fresh temporary database.

    Returns ``{"cases", "queries", "memories", "modes", "overall": {mode: {recall@1/5/10,
    hit@1/5/10, mrr, n}}, "by_tag", "by_lang", "by_user"}``.
    """
    from memcli.text import lang_of

    emb = cached_embedder(settings, [m.text for c in cases for m in c.memories],
                          [q.query for c in cases for q in c.queries])
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="memcli-eval-") as tmp:
        for n, case in enumerate(cases):
            with open_eval_memory(settings, Path(tmp) / f"case-{n}.db", case.user, emb) as mem:
                keys_of = load_store(mem, [EvalMemory(m.text, m.at, [m.ref]) for m in case.memories])
                lang = lang_of(" ".join(m.text for m in case.memories))
                qs = [EvalQuery(q.query, set(q.relevant), {"lang": lang, "user": case.user}, q.tags)
                      for q in case.queries]
                rows += run_queries(mem, qs, keys_of, modes, progress)
    return {"cases": len(cases), "queries": sum(len(c.queries) for c in cases),
            "memories": sum(len(c.memories) for c in cases), "modes": list(modes), "model": settings.model,
            **summarize(rows, modes, ("lang", "user"))}
