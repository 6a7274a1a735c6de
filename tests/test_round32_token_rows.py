"""Round 32: the drain's look-ahead spends less CPU for the same results.

- The default model's first layer kept per token id (:class:`memcli.embed.use_rows.TokenRows`, asked by
  the look-ahead process through :meth:`memcli.embed.memo.MemoEmbedder.keep_token_rows`) gives the
  package's vectors for every text: short and long, Chinese, English and mixed, across many calls, with
  the cache filling up and starting again.
- jieba's search tokens cut block by block (each block cached: :func:`memcli.text._by_blocks`) are
  jieba's own ``cut_for_search`` of the whole text.
"""

from __future__ import annotations

import unicodedata

import numpy as np
import pytest

from memcli import text
from memcli.embed.base import Embedder
from memcli.embed.memo import MemoEmbedder
from memcli.embed.use import UseEmbedder

#: our own sentences (round 32), each call a drain batch's worth of texts of one vocabulary
CALLS = [
    ["我表姐上个月搬到了苏州", "My nephew started violin lessons in March", "好", "ok",
     "我对芒果过敏，吃了会起疹子", "Our landlord finally fixed the heater on Tuesday"],
    ["我表姐在苏州开了一家花店", "My nephew practises violin every evening after dinner",
     "我每周六上午去游泳馆游一千米", "The heater broke again, so we bought a small fan heater"],
    ["我平时爱喝普洱，一天三杯", "I drink pu-erh three times a day", "我平时爱喝普洱，一天三杯，不放冰糖",
     "I switched from pu-erh to jasmine tea",
     "周末和老同学去爬了黄山", "We hiked the Lake District with my brother-in-law last summer"],
    ["Meine Schwester wohnt in Graz", "我儿子今年上初二了，数学特别好", "x",
     " ".join(["My grandmother grew tomatoes, beans and pumpkins in her garden every single summer"] * 12)],
]


@pytest.fixture(scope="module")
def models() -> tuple[UseEmbedder, UseEmbedder]:
    """The package's forward pass, and one with the first layer's rows kept (their own objects: the
    session's shared embedder is left as it is)."""
    return UseEmbedder(), UseEmbedder()


def test_token_rows_give_the_package_vectors(models) -> None:  # noqa: ANN001
    plain, kept = models
    kept.keep_token_rows()
    for texts in CALLS * 2:  # the second round reads every row from the cache
        want, got = plain.embed(texts), kept.embed(texts)
        assert got.shape == want.shape == (len(texts), 512) and got.dtype == np.float32
        assert np.abs(got - want).max() < 1e-6
    assert 0 < kept._rows._n <= kept._rows.size


def test_token_rows_start_again_when_full(models) -> None:  # noqa: ANN001
    plain, kept = models
    kept.keep_token_rows(size=40)  # far fewer ids than the texts hold: the cache fills and starts again
    for texts in CALLS:
        for t in texts:  # one text a call too (a micro-batch of one short text: 3 tokens)
            assert np.abs(kept.embed([t]) - plain.embed([t])).max() < 1e-6
        assert np.abs(kept.embed(texts) - plain.embed(texts)).max() < 1e-6
        assert kept._rows._n <= 40


def test_the_memo_asks_its_model_to_keep_rows_when_it_can() -> None:
    inner = UseEmbedder()
    memo = MemoEmbedder(inner)
    assert inner._rows is None
    memo.keep_token_rows()
    assert inner._rows is not None
    want = UseEmbedder().embed(CALLS[0])
    assert np.abs(memo.embed(CALLS[0]) - want).max() < 1e-6


    class Other(Embedder):  # a model without a first layer to keep: nothing changes
        name, dim = "other", 2

        def embed_batch(self, texts):  # noqa: ANN001,ANN202
            return np.ones((len(texts), 2), dtype=np.float32) / np.sqrt(2)

    other = MemoEmbedder(Other())
    other.keep_token_rows()
    assert np.array_equal(other.embed(["a", "b"]), Other().embed(["a", "b"]))


@pytest.mark.parametrize("sample", [
    "我表姐上个月搬到了苏州。她开了一家花店，生意不错！",
    "My nephew's violin teacher (Mrs. O'Hara) moved to Cork-on-Sea in 2024...",
    "周末去了IKEA买了3个书架，花了1,299元 & 运费50%",
    "我對芒果過敏，吃了會起疹子",  # traditional script, read as simplified
    "  tabs\tand\nnewlines  between words  ",
    "C++和C#哪个好学？wifi密码是abc_123.x",
    "",
])
def test_search_tokens_by_block_are_jiebas(sample: str) -> None:
    jb = text._jieba()
    folded = text.to_simplified(sample).casefold()
    assert list(text._by_blocks(jb, folded)) == list(jb.cut_for_search(folded))
    text._search_tokens.cache_clear()  # the text's own cache: the block path is the one read
    plain = [t.strip() for t in jb.cut_for_search(text.to_simplified(
        unicodedata.normalize("NFKC", text.clean_text(sample))).casefold())]
    assert text.search_tokens(sample) == [t for t in plain if t and any(ch.isalnum() for ch in t)]


def test_another_tokenizer_is_used_as_it_is_and_jieba_left_unloaded(monkeypatch) -> None:  # noqa: ANN001
    """The read path's lazily loaded tokenizer (a cold ``context``) must not load jieba's dictionary."""

    class Lazy:
        def cut_for_search(self, t: str) -> list[str]:
            return t.split("|")

    def no_jieba() -> None:
        raise AssertionError("jieba loaded")

    monkeypatch.setattr(text, "_jieba", no_jieba)
    assert text.search_tokens("Ab|，|c", tokenizer=Lazy()) == ["ab", "c"]
