"""An embedder that embeds a text once: the write path's memo of recent vectors.

A drain embeds the same text again and again — a restated preference, a clause unit and the
statement said in its words, a one-clause turn kept as an episode, the same line from many
users. :class:`MemoEmbedder` wraps the write-path embedder (shared by the fitted extractor and
the worker) and keeps the vectors of the last ``size`` distinct texts it embedded, by exact
text; a text it holds is not sent to the model again. The memo belongs to one model: when the
wrapped embedder is another object (a swapped model) it starts empty.

A reused vector is the one the model gave in an earlier batch: the model's vectors of one text
differ between batches by float rounding (~1e-7, a batch's matrix products block differently),
so a store drained with the memo equals one drained without it up to that rounding.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from memcli.embed.base import Embedder

__all__ = ["MemoEmbedder"]


class MemoEmbedder(Embedder):
    """``inner`` (an embedder, or a callable returning it, called on each use) with a memo of
    the last ``size`` distinct texts it embedded (float32 (dim,) each: 2 KB at 512-d)."""

    def __init__(self, inner: Embedder | Callable[[], Embedder], size: int = 8192) -> None:
        self._inner = inner
        self.size = size
        self._of: Embedder | None = None  # the embedder the memo's vectors came from
        self._memo: OrderedDict[str, np.ndarray] = OrderedDict()

    @property
    def inner(self) -> Embedder:
        """The wrapped embedder (loaded on first use when given as a callable)."""
        e = self._inner if isinstance(self._inner, Embedder) else self._inner()
        if e is not self._of:
            self._of, self._memo = e, OrderedDict()
        return e

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.inner.name

    @property
    def dim(self) -> int:  # type: ignore[override]
        return self.inner.dim

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed(texts, batch_size=max(1, len(texts)))

    def embed(self, texts: Sequence[str], batch_size: int = 64,
              progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Vectors of ``texts`` (len(texts), dim) float32, L2-normalised; only the texts not in
        the memo (each once) go to the model, in one call."""
        inner = self.inner
        if not texts:
            return np.zeros((0, inner.dim), dtype=np.float32)
        memo = self._memo
        todo = [x for x in dict.fromkeys(texts) if x not in memo]
        if todo:
            for x, v in zip(todo, inner.embed(todo, batch_size=batch_size, progress=progress), strict=True):
                memo[x] = v
        out = np.empty((len(texts), inner.dim), dtype=np.float32)
        for i, x in enumerate(texts):
            out[i] = memo[x]
            memo.move_to_end(x)
        while len(memo) > self.size:
            memo.popitem(last=False)
        return out

    def keep_token_rows(self) -> None:
        """Ask the wrapped embedder to keep its first layer's rows per token, when it can
        (:meth:`memcli.embed.use.UseEmbedder.keep_token_rows`; other models: nothing)."""
        keep = getattr(self.inner, "keep_token_rows", None)
        if keep is not None:
            keep()

    def pin_threads(self) -> None:
        """Ask the wrapped embedder to limit numpy's BLAS once for the whole process instead of around each call,
        when it can (:meth:`memcli.embed.use.UseEmbedder.pin_threads`; other models: nothing)."""
        pin = getattr(self.inner, "pin_threads", None)
        if pin is not None:
            pin()

    def state(self) -> OrderedDict[str, np.ndarray]:
        """The memo's texts and vectors, least recently used first (a look-ahead process hands them back)."""
        return self._memo

    def adopt(self, memo: OrderedDict[str, np.ndarray]) -> None:
        """Take ``memo`` (:meth:`state` of a forked copy of this embedder, same model) as this memo."""
        self._of, self._memo = self.inner, OrderedDict(memo)
