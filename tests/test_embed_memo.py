"""memcli.embed.memo: the write path's memo embeds a text once (the model does not matter here)."""

from __future__ import annotations

import numpy as np
from conftest import FakeEmbedder

from memcli.embed.memo import MemoEmbedder


class Counting(FakeEmbedder):
    def __init__(self) -> None:
        self.sent: list[str] = []

    def embed_batch(self, texts):  # noqa: ANN001, ANN201
        self.sent += list(texts)
        return super().embed_batch(texts)


def test_a_text_goes_to_the_model_once_and_comes_back_in_place():
    inner = Counting()
    memo = MemoEmbedder(inner)
    a = memo.embed(["我喜欢猫", "I love cats", "我喜欢猫"])
    b = memo.embed(["I love cats", "new text"])
    assert inner.sent == ["我喜欢猫", "I love cats", "new text"]
    want = FakeEmbedder().embed_batch(["我喜欢猫", "I love cats", "我喜欢猫"])
    assert a.dtype == np.float32 and a.shape == (3, inner.dim) and np.array_equal(a, want)
    assert np.array_equal(b[0], a[1])
    assert memo.embed([]).shape == (0, inner.dim) and memo.name == inner.name


def test_the_memo_is_bounded_and_belongs_to_one_model():
    first, second = Counting(), Counting()
    current = [first]
    memo = MemoEmbedder(lambda: current[0], size=2)
    memo.embed(["a", "b", "c"])
    memo.embed(["c", "a"])  # "a" fell out (oldest of three, size 2); "c" is still held
    assert first.sent == ["a", "b", "c", "a"]
    current[0] = second  # another model: nothing of the first one's is reused
    memo.embed(["c"])
    assert second.sent == ["c"]
