"""Round 35: the drain's look-ahead process spends less CPU for the same results.

- The default model's tokenizer run segment by segment (:mod:`memcli.embed.use_pieces`: cut where no piece
  crosses, each segment's ids kept) gives the package's ids for every text, and the look-ahead's encoder
  (:class:`memcli.embed.use_rows.TokenRows`) the package's vectors with it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from memcli.embed.use import UseEmbedder
from memcli.embed.use_pieces import segmenter

#: our own sentences (round 35): Chinese, English, mixed, full-width forms, odd spacing and symbols
TEXTS = [
    "我舅舅上周把书房刷成了浅绿色。", "My cousin repaints her bike every spring, always in teal.",
    "  Two   spaces\tand a tab  ", "我在用 Notion 记账，每月 5 号对一次账！", "ｆｕｌｌ ｗｉｄｔｈ ＡＢＣ １２３",
    "。。。", "a。b。c", "▁leading marker", "emoji 🙂 between 🚲 words", "ǅemal İzmir ﬁne ①②",
    "", " ", "x", "好", "I'm gonna—well, maybe—try the 10k run?!",
    " ".join(["Our neighbour's parrot repeats the doorbell sound all afternoon"] * 20),
]


@pytest.fixture(scope="module")
def model() -> UseEmbedder:
    m = UseEmbedder()
    m.embed(["warm", "up"] * 10)  # a bulk call: the tokenizer's prefix table is loaded whole
    return m


def test_segments_give_the_package_ids(model: UseEmbedder) -> None:
    sp = model._be.sp
    seg = segmenter(sp)
    assert seg is not None  # exact for the default model's vocabulary
    rnd = random.Random(35)
    chars = "".join(sorted(set("".join(TEXTS))))
    texts = TEXTS + ["".join(rnd.choice(chars) for _ in range(rnd.randrange(1, 40))) for _ in range(3000)]
    for t in texts * 2:  # the second round reads the segments back
        assert seg.encode(t) == sp.encode(t, out_type=int, add_bos=True, add_eos=True), t
    assert seg._ids.cache_info().hits > 0


def test_segments_refused_when_not_exact(model: UseEmbedder) -> None:
    class Odd:  # a vocabulary one of whose pieces holds the word-start marker inside: no exact cut
        _prefixes = {"a": 1, "a▁": 0, "a▁b": 2}
        _scores = [-1.0, -2.0]
        _unk_score = -12.0

    assert segmenter(Odd()) is None
    Odd._prefixes = {"a": 1, "▁a": 2}
    Odd._scores = [-1.0, -0.1]  # 0.1 needs every bit of its float: sums would round
    assert segmenter(Odd()) is None


def test_look_ahead_vectors_with_segments(model: UseEmbedder) -> None:
    kept = UseEmbedder()
    kept.keep_token_rows()
    texts = [t for t in TEXTS if t.strip()]
    got = kept.embed(texts * 2)
    assert kept._rows._pieces  # the look-ahead's encoder tokenized by segments
    want = model.embed(texts * 2)
    assert got.shape == want.shape and np.abs(got - want).max() < 1e-6


def test_job_change_reads_the_turn_only_with_a_job() -> None:
    """The change of job is read of a turn (once: cached) only when one of its candidates is a job or workplace."""
    from datetime import UTC, datetime

    from memcli.settings import Settings
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService, Utterance
    from memcli.write.job_change import _change_told, with_job_change

    svc = MemoryExtractionService(get_extractor(Settings()))
    said = datetime(2026, 3, 3, 9, tzinfo=UTC)
    got = svc.extract_batch([Utterance(1, "u", "user", "我换工作了，现在在图书馆上班", said),
                             Utterance(2, "u", "user", "I work as a florist at Fern and Moss.", said)])
    assert [(c.statement, c.slot) for c in got[0]] == [("我换工作了，我现在在图书馆上班", "workplace")]
    assert [(c.statement, c.slot) for c in got[1]] == [("I work as a florist at Fern and Moss", "job")]
    assert _change_told("I work as a florist at Fern and Moss.") is None
    before = _change_told.cache_info()
    assert with_job_change("I switched jobs last week and I'm much happier now.", []) == []
    assert _change_told.cache_info() == before  # no job among the candidates: the turn is not read


def test_look_ahead_reads_a_restated_candidate_once() -> None:
    """precompute.texts reads each candidate (statement, slot, kind) once per look-ahead process: a batch that
    restates one sends nothing more for it (its readings, cached, went back with the first batch); a statement
    longer than the full-text cache takes is read, and sent, every time, as before."""
    from datetime import UTC, datetime

    from memcli import primed
    from memcli.settings import Settings
    from memcli.text import CACHED_CHARS
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService, Utterance
    from memcli.write.outbox import Task
    from memcli.write.precompute import forget, texts

    svc = MemoryExtractionService(get_extractor(Settings()))
    said = datetime(2026, 4, 9, 18, tzinfo=UTC)
    said_text = "My aunt Odile keeps three tortoises in her greenhouse in Nantes."
    utt = Utterance(7, "u35", "user", said_text, said)
    task = Task(id=1, source_id=7, user="u35", attempts=1, owner="t", role="user", content=said_text, occurred_at=said)
    got = svc.extract_batch([utt])
    assert got[0] and all(len(c.statement) <= CACHED_CHARS for c in got[0])
    long = got[0][0].model_copy(update={"statement": "My aunt Odile keeps tortoises. " * 12})
    primed.take()  # (what earlier tests noted)
    primed.recording(True)
    try:
        forget()
        texts([task], [got[0] + [long]], [(False, False, False)])
        first = primed.take()
        texts([task], [got[0] + [long]], [(False, False, False)])
        again = primed.take()
    finally:
        primed.recording(False)
        forget()
    noted = {args[0] for pairs in first.values() for args, _ in pairs}
    assert {c.statement for c in got[0]} <= noted
    # only the long statement's terms (and, round 37, its exact-match key), computed again: neither is cached
    assert sorted(again) == ["memcli.db.index._search_terms", "memcli.text._normalize"]
    assert [args for args, _ in again["memcli.db.index._search_terms"]] == [(long.statement,)]
    assert [args for args, _ in again["memcli.text._normalize"]] == [(long.statement,)]
