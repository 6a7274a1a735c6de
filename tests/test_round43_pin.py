"""Round 43: the drain's look-ahead limits numpy's BLAS once for its whole process (it is the drain's own) instead
of around each model call; its vectors are the same floats.

Checked in a forked process, as the look-ahead is one: the limit is the process's, and this test's process keeps its
own.
"""

from __future__ import annotations

import os
import pickle

import numpy as np

from memcli.embed.memo import MemoEmbedder
from memcli.embed.use import UseEmbedder

#: our own sentences (round 43), one drain batch's worth of texts, short and long, Chinese and English
TEXTS = ["我小姨下个月要去成都出差", "My cousin sold his old bike last week", "好的",
         "我每天晚上跑步五公里，跑完拉伸十分钟", "The bakery on our street now opens at seven",
         " ".join(["Our neighbour repaints the fence every spring and every autumn"] * 6)]


def test_the_look_ahead_pins_blas_once_and_embeds_the_same_floats(embedder) -> None:  # noqa: ANN001
    inner = embedder.inner if isinstance(embedder, MemoEmbedder) else embedder  # the session's model, no memo
    assert isinstance(inner, UseEmbedder)
    want = inner.embed(TEXTS)
    memo = MemoEmbedder(inner)
    assert inner._limit is not None or os.environ.get("OPENBLAS_NUM_THREADS") == "1"
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the look-ahead's side: pinned, then the same texts embedded
        try:
            memo.pin_threads()
            got = (inner._limit is None, inner.embed(TEXTS))
        except BaseException as exc:  # noqa: BLE001 - sent back to the test
            got = (False, repr(exc))
        with os.fdopen(write, "wb") as f:
            pickle.dump(got, f)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        pinned, vectors = pickle.load(f)
    os.waitpid(pid, 0)
    assert pinned is True, vectors
    assert np.array_equal(vectors, want)
    assert inner._limit is not None or os.environ.get("OPENBLAS_NUM_THREADS") == "1"  # this process: as it was
