"""The default model's tokenizer, piece by piece with each segment's pieces kept (round 35): the same ids as
the package's ``UsePureTokenizer.encode``, for a bulk embedder that sees the same words again and again (the
drain's look-ahead process, :class:`memcli.embed.use_rows.TokenRows`).

The package cuts a normalised text into pieces with one Viterbi pass over the whole text (a unigram lattice,
in Python: ~10% of the look-ahead's model time). The pass splits exactly at any position no piece crosses:
before a character that no piece holds past its first character (``▁``, the word start, is one; so are
``。`` and ~3k others of this vocabulary), every path goes through that position, so the best path of the
text is the best paths of its segments put end to end — provided the lattice's sums are exact, so that the
score a segment starts from changes no comparison inside it (and no tie): every piece score of this model is
a float32 with at most 22 bits after the point, so any sum of fewer than ~2^26 of them is exact in a double.
Both conditions are checked on the loaded vocabulary (:func:`segmenter`); when either fails, the text is cut
whole, as the package does. Each segment's ids are kept (``size`` segments, least recently used dropped).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["SegmentTokenizer", "segmenter"]

#: segments kept (a drain's vocabulary of words and clauses: a few thousand)
SEGMENTS = 32768


def _exact_bits(scores: Any, unk: float) -> int | None:
    """Bits after the point that every score (and ``unk``) needs, or None when one needs more than 40."""
    import numpy as np

    s = np.append(np.asarray(scores, dtype=np.float64), unk)
    for bits in range(41):
        t = s * float(2 ** bits)  # a power of two: exact
        if np.array_equal(t, np.floor(t)):
            return bits
    return None


def segmenter(sp: Any) -> SegmentTokenizer | None:
    """A :class:`SegmentTokenizer` for ``sp`` (the package's tokenizer, its prefix table a plain dict), or None
    when the split is not exact for its vocabulary (see the module doc) or the table is not loaded whole."""
    prefixes = getattr(sp, "_prefixes", None)
    if not isinstance(prefixes, dict) or not prefixes:
        return None
    bits = _exact_bits(sp._scores, sp._unk_score)
    if bits is None:
        return None
    inner: set[str] = set()
    first: set[str] = set()
    for key in prefixes:  # every prefix of every piece: a character past a key's first is inside a piece
        first.add(key[0])
        inner.update(key[1:])
    cut = first - inner
    if "▁" not in cut:
        return None
    top = max(max(abs(float(x)) for x in sp._scores), abs(float(sp._unk_score)), 1.0)
    longest = int(2 ** (53 - bits) / top) - 1  # a text with fewer lattice steps sums exactly
    return SegmentTokenizer(sp, re.compile("(?=[" + "".join(re.escape(c) for c in sorted(cut)) + "])"), longest)


class SegmentTokenizer:
    """``sp.encode(text, out_type=int, add_bos=True, add_eos=True)`` of the package's tokenizer ``sp``, its
    Viterbi run per segment (``split``: the positions no piece crosses) with each segment's ids kept.
    ``longest``: characters past which a normalised text is cut whole (its sums might not be exact)."""

    def __init__(self, sp: Any, split: re.Pattern[str], longest: int, size: int = SEGMENTS) -> None:
        self.sp, self.split, self.longest = sp, split, longest
        self._ids = lru_cache(maxsize=size)(self._segment)

    def _segment(self, seg: str) -> tuple[int, ...]:
        return tuple(self.sp._viterbi(seg))

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` with BOS and EOS: the package's, id for id."""
        sp = self.sp
        norm = sp._normalizer.normalize(text)
        if not norm:
            return [sp._bos_id, sp._unk_id, sp._eos_id]
        if len(norm) > self.longest:
            return [sp._bos_id, *sp._viterbi(norm), sp._eos_id]
        out = [sp._bos_id]
        ids = self._ids
        for seg in self.split.split(norm):
            if seg:
                out += ids(seg)
        out.append(sp._eos_id)
        return out
