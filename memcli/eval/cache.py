"""An embedder that serves precomputed vectors: the evaluation embeds every text it will need
in large batches once, then every temporary store reads from the cache (same vectors as the
model gives one text at a time, computed far faster than hundreds of single-text calls)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from memcli.embed import Embedder

__all__ = ["CachedEmbedder"]


class CachedEmbedder(Embedder):
    """Wraps ``base``; :meth:`warm` embeds texts in batches, :meth:`embed_batch` serves hits
    from the cache and embeds misses with ``base``. Vectors: float32 (n, dim), L2-normalised."""

    def __init__(self, base: Embedder, batch_size: int = 64) -> None:
        self.base = base
        self.name = base.name
        self.dim = base.dim
        self.batch_size = batch_size
        self._cache: dict[str, np.ndarray] = {}
        self._qcache: dict[str, np.ndarray] = {}

    def warm(self, texts: Iterable[str]) -> None:
        todo = sorted({t for t in texts if t not in self._cache})
        if todo:
            vecs = self.base.embed(todo, batch_size=self.batch_size)
            self._cache.update(zip(todo, vecs, strict=True))

    def warm_queries(self, texts: Iterable[str]) -> None:
        """Embed queries (``embed_queries`` of the base: e5 adds ``query:``) in batches."""
        todo = sorted({t for t in texts if t not in self._qcache})
        for i in range(0, len(todo), self.batch_size):
            chunk = todo[i : i + self.batch_size]
            self._qcache.update(zip(chunk, self.base.embed_queries(chunk), strict=True))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.warm_queries(texts)
        return np.vstack([self._qcache[t] for t in texts]).astype(np.float32, copy=False)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        self.warm(texts)
        return np.vstack([self._cache[t] for t in texts]).astype(np.float32, copy=False)
