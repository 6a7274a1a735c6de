"""Round 32: the cross-language step (memcli/write/cross_lang.py) compares two whole statements with the
vectors they already have — the incoming candidate's (embedded with its batch) and the stored memory's —
instead of encoding each statement again, one text at a time, in the drain's writer. Real model, real store;
the sentences are written for this test."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from memcli.memory import Memory
from memcli.settings import DEFAULT_MODEL
from memcli.write import cross_lang
from memcli.write.judge import facts_of

#: (English statement, Chinese statement): a liking or a habit told in both languages whose check compares the
#: whole statements (a keyed value in the band below SAME_VALUE_COSINE: _short_restated; a catch-all attribute)
PAIRS = [
    ("I enjoy hiking", "我喜欢徒步"),
    ("I eat oatmeal every morning", "我每天早上吃燕麦"),
    ("I drink black coffee every day", "我每天喝黑咖啡"),
]


def _whole_statement_pairs(embedder) -> list[tuple]:  # noqa: ANN001
    """The PAIRS whose restatement check compares the whole statements (their slots pair up and the values
    fall in the keyed band); each with the two statements' batch vectors."""
    out = []
    for en, zh in PAIRS:
        new, old = facts_of(zh, None), facts_of(en, None)
        if cross_lang._paired(new, old, DEFAULT_MODEL) is None:
            continue
        vecs = embedder.embed([en, zh])
        out.append((new, old, {en: vecs[0], zh: vecs[1]}))
    return out


def test_known_vectors_give_the_same_answer_without_encoding_the_statements(embedder) -> None:
    cases = _whole_statement_pairs(embedder)
    assert len(cases) == len(PAIRS), "a pair of PAIRS no longer reaches the cross-language comparison"
    compared = 0
    for new, old, vecs in cases:
        asked: list[str] = []

        def own(text: str, vecs=vecs, asked=asked) -> np.ndarray | None:
            asked.append(text)
            return vecs.get(text)

        cross_lang._vector.cache_clear()
        with_known = cross_lang.restatement(new, old, DEFAULT_MODEL, own)
        if asked:  # the whole statements were compared: from their own vectors, never encoded again
            compared += 1
            assert set(asked) <= set(vecs)
            for text in vecs:
                misses = cross_lang._vector.cache_info().misses
                again = cross_lang._vector(DEFAULT_MODEL, text)  # a miss: the check above did not encode it
                assert cross_lang._vector.cache_info().misses == misses + 1, text
                assert abs(float(vecs[text] @ again) - 1.0) < 1e-5  # the batch's vector is the encoder's
        cross_lang._vector.cache_clear()
        without = cross_lang.restatement(new, old, DEFAULT_MODEL)
        # one decision either way
        assert (with_known is None) == (without is None), (new.statement, with_known, without)
        if with_known is not None:
            assert with_known[0] == without[0]
    assert compared == len(PAIRS)  # each pair compared its whole statements


def test_own_vectors_read_the_stored_row_only_for_the_same_model(tmp_path: Path, embedder) -> None:
    mem = Memory(db=str(tmp_path / "m.db"), user="u", embedder=embedder)
    try:
        got = mem.remember("I enjoy hiking")
        row = mem.store.get_item("u", got.item_id)
        vec = embedder.embed(["我喜欢徒步"])[0]
        own = cross_lang._own_vectors(mem.store, DEFAULT_MODEL, "我喜欢徒步", vec, row)
        assert own("我喜欢徒步") is vec
        stored = own("I enjoy hiking")
        assert stored is not None and stored.dtype == np.float32 and stored.shape == vec.shape
        assert abs(float(stored @ embedder.embed(["I enjoy hiking"])[0]) - 1.0) < 1e-5
        assert own("some other text") is None
        other = cross_lang._own_vectors(mem.store, "another-model", "我喜欢徒步", vec, row)
        assert other("I enjoy hiking") is None  # a vector of another model is never compared
    finally:
        mem.close()
