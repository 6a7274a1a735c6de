"""``eval decisions``: the real decision pipeline on labelled pairs.

Each pair runs in a fresh temporary store: ``remember(stored, at=stored_at)`` then
``remember(incoming, at=incoming_at)`` through :meth:`memcli.memory.Memory.remember` (the
same decision step as drained candidates; extraction is not involved). The second call's
:class:`~memcli.models.DecisionResult` is compared with the pair's label. The embedding model
is loaded once and reused by every store; thresholds and judge come from the settings.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memcli.eval.formats import DecisionPair
from memcli.eval.metrics import classification_report
from memcli.settings import Settings

if TYPE_CHECKING:
    from memcli.embed import Embedder

__all__ = ["LABELS", "eval_decisions", "run_pair"]

LABELS = ("ADD", "NOOP", "UPDATE", "CONFLICT")
LEVELS = ("exact", "vector", "judge")


def run_pair(settings: Settings, pair: DecisionPair, workdir: Path, n: int,
             embedder: Embedder | None = None) -> dict[str, Any]:
    """Run one pair in a fresh database under ``workdir``; returns gold, predicted, level, ...

    ``embedder``: the model to use (default: the configured one, loaded by the store).
    """
    from memcli.memory import Memory

    db = workdir / f"pair-{n}.db"
    st = settings.model_copy(update={"db": db, "user": "eval"})
    with Memory(settings=st) as mem:
        if embedder is not None:
            mem._embedder = embedder  # a fresh store: nothing to check the model against
        # a labelled pair's times are data, not a typo: any date is taken as given
        mem.remember(pair.stored, at=pair.stored_at, allow_future=True)
        res = mem.remember(pair.incoming, at=pair.incoming_at, allow_future=True)
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    return {"id": pair.id, "lang": pair.lang, "category": pair.category, "gold": str(pair.label),
            "pred": str(res.decision), "level": str(res.level), "cosine": res.cosine, "judge": res.judge,
            "reason": res.reason, "stored": pair.stored, "incoming": pair.incoming}


def eval_decisions(settings: Settings, pairs: Sequence[DecisionPair], *,
                   progress: Callable[[int], None] | None = None, max_errors: int = 500) -> dict[str, Any]:
    """Decide every pair with the real pipeline and score it.

    Returns a JSON-able dict: ``overall`` (confusion matrix ``confusion[gold][pred]``,
    per-class precision/recall/F1, accuracy), ``levels`` (share of pairs decided at each level:
    exact / vector / judge), ``by_lang`` and ``by_category`` (accuracy and n; a category also gives
    its first pair's label ``gold``, what was ``decided`` (label → count) and accuracy per language
    ``by_lang``), ``conflict_as_noop``
    (the error the design forbids) and ``update_as_noop``, ``errors`` (up to ``max_errors`` misdecided pairs), and
    the thresholds and judge that ran.

    Raises:
        ModelUnavailableError: the model cannot be loaded. StoreError: the temp dir is unusable.
    """
    from memcli.embed import get_embedder
    from memcli.eval.cache import CachedEmbedder

    # load once, embed every text in batches once; every temporary store reuses the vectors
    emb = CachedEmbedder(get_embedder(settings.model), settings.embed_batch_size)
    emb.warm([p.stored for p in pairs] + [p.incoming for p in pairs])
    rows = []
    with tempfile.TemporaryDirectory(prefix="memcli-eval-") as tmp:
        for n, pair in enumerate(pairs):
            rows.append(run_pair(settings, pair, Path(tmp), n, emb))
            if progress:
                progress(1)
    gold = [r["gold"] for r in rows]
    pred = [r["pred"] for r in rows]
    levels = Counter(r["level"] for r in rows)
    total = len(rows)

    def acc(sel: list[dict[str, Any]]) -> dict[str, Any]:
        return {"n": len(sel), "accuracy": sum(r["gold"] == r["pred"] for r in sel) / len(sel) if sel else None}

    by_lang = {lg: acc([r for r in rows if r["lang"] == lg]) for lg in sorted({r["lang"] for r in rows if r["lang"]})}
    by_cat = {c: {**acc(sel), "gold": sel[0]["gold"], "decided": dict(Counter(r["pred"] for r in sel)),
                  "by_lang": {lg: acc([r for r in sel if r["lang"] == lg])["accuracy"]
                              for lg in sorted({r["lang"] for r in sel if r["lang"]})}}
              for c in sorted({r["category"] for r in rows if r["category"]})
              for sel in [[r for r in rows if r["category"] == c]]}
    return {
        "pairs": total,
        "model": settings.model,
        "thresholds": {"upper": settings.dedup_upper, "lower": settings.dedup_lower,
                       "calibrated_model": settings.calibrated_model},
        "judge": settings.judge,
        "judges_used": dict(Counter(r["judge"] for r in rows if r["judge"])),
        "overall": classification_report(gold, pred, LABELS),
        "levels": {lv: {"n": levels.get(lv, 0), "share": levels.get(lv, 0) / total if total else 0.0}
                   for lv in sorted(set(LEVELS) | set(levels))},
        "by_lang": by_lang,
        "by_category": by_cat,
        "conflict_as_noop": sum(1 for r in rows if r["gold"] == "CONFLICT" and r["pred"] == "NOOP"),
        "update_as_noop": sum(1 for r in rows if r["gold"] == "UPDATE" and r["pred"] == "NOOP"),
        "errors": [r for r in rows if r["gold"] != r["pred"]][:max_errors],
    }
