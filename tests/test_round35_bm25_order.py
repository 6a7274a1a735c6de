"""The plain-RRF baseline's BM25 (memcli.eval.baseline) does not depend on the hash seed (round 35): its
per-token terms were summed in set order, so a tie between two raw messages broke one way or the other from
one process to the next and MemDaily's rrf@1 moved by a question (45.3% / 44.2%) with PYTHONHASHSEED."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from memcli.eval.baseline import bm25_scores

_WORDS = "tea garden rain walk dog coat lamp river bread chair stone cloud".split()
_RNG = random.Random(3)
#: eight messages of 3-9 of twelve words: summed in another order, their scores differ in the last bits
DOCS = [[_RNG.choice(_WORDS) for _ in range(_RNG.randint(3, 9))] for _ in range(8)]
QUERY = [*_WORDS, "walk"]


def test_terms_are_added_in_the_query_order() -> None:
    one = [bm25_scores(DOCS, [t]) for t in dict.fromkeys(QUERY)]
    expected = one[0].copy()
    for s in one[1:]:
        expected += s
    got = bm25_scores(DOCS, QUERY)
    assert got.tobytes() == expected.tobytes()
    assert got.shape == (8,) and (got > 0).all()


def test_the_same_bytes_under_other_hash_seeds() -> None:
    code = ("from memcli.eval.baseline import bm25_scores; import sys; "
            f"sys.stdout.write(bm25_scores({DOCS!r}, {QUERY!r}).tobytes().hex())")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(1, 9)}
    assert len(outs) == 1 and bm25_scores(DOCS, QUERY).tobytes().hex() in outs
