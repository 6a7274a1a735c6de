"""Issue 24: the drain's look-ahead (:mod:`memcli.write.prepare`) — the next batch extracted and
embedded in a forked process while this one is written — leaves the same store as a drain without
it, every table row for row (vectors and full-text segments included), leaves the embedder's memo as
one process would have, releases the batch it claimed ahead when stopped, and reports an extraction
failure the other process saw with its type and message."""

from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from _procs import jsonl, utterances

from memcli import Memory
from memcli.admin import Admin
from memcli.models import Candidate
from memcli.write import worker
from memcli.write.extract import RuleExtractor, Utterance

N_USERS = 3


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    """The drain forks only in a process with no other thread; an idle thread an earlier test of the
    session left behind (a server's, a pool's) does not stop these tests from exercising the fork."""
    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)


TODAY = time.strftime("%Y-%m-%d", time.gmtime())


def _capture(db: Path, recs: list[dict], embedder) -> None:  # noqa: ANN001
    for u in range(N_USERS):
        with Memory(db=str(db), user=f"user{u}", embedder=embedder) as m:
            m.capture_jsonl(jsonl([r for r in recs if r["_user"] == f"user{u}"]))


#: the blob columns that hold float32 vectors (sqlite-vec's rows and chunks): compared to a rounding, not bytes
VECTOR_COLUMNS = ("embedding", "vectors")


class Floats:
    """A stored float32 vector blob that equals another within float rounding: a batched matrix product gives
    the same text's vector in the last bits differently by the batch it was in and the threads that computed it
    (seen on AVX-512 machines: up to ~1.5e-7 between a text embedded alone and in a batch), so the look-ahead's
    vectors are the writer's to a rounding, every other column to the byte."""

    def __init__(self, blob: bytes | float) -> None:
        self.v = np.frombuffer(bytes(blob), dtype=np.float32) if isinstance(blob, bytes | memoryview) \
            else np.array([blob], dtype=np.float64)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Floats) and self.v.shape == other.v.shape and bool(
            np.allclose(self.v, other.v, rtol=0, atol=1e-5))

    def __repr__(self) -> str:
        return f"Floats({self.v.size})"


def _tables(adm: Admin) -> dict[str, list[dict]]:
    """Every table's rows in rowid order: vector blobs and floats as :class:`Floats`, other blobs hashed, today's
    clock and the lease owner masked."""
    out = {}
    for name in [r["name"] for r in adm.store.q("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]:
        try:
            rows = adm.store.q(f'SELECT * FROM "{name}" ORDER BY rowid')
        except Exception:  # noqa: BLE001 - a table without rowid
            rows = adm.store.q(f'SELECT * FROM "{name}"')
        out[name] = [{
            c: (Floats(v) if c in VECTOR_COLUMNS else hashlib.sha256(bytes(v)).hexdigest())
            if isinstance(v, bytes | memoryview)
            else Floats(v) if isinstance(v, float)  # a cosine computed from them
            else "owner" if c == "lease_owner" and v is not None
            else "now" if isinstance(v, str) and v.startswith(TODAY) else v
            for c, v in dict(r).items()} for r in rows]
    return out


def _drain(db: Path, recs: list[dict], embedder, ahead: bool, **kw):  # noqa: ANN001,ANN202
    _capture(db, recs, embedder)
    with Admin(db=str(db), embedder=embedder, drain_batch_size=8, drain_ahead=ahead) as adm:
        s = adm.drain(**kw)
        memo = list(adm.worker.embedder.state().items())
        return s, _tables(adm), memo


def test_a_drain_with_the_look_ahead_writes_every_table_as_one_without_it(tmp_path: Path, embedder) -> None:
    recs = utterances(96, seed=11, user_count=N_USERS)
    s1, ahead, memo1 = _drain(tmp_path / "a.db", recs, embedder, ahead=True)
    s0, alone, memo0 = _drain(tmp_path / "b.db", recs, embedder, ahead=False)
    assert "wait" in s1.seconds and "wait" not in s0.seconds  # the look-ahead ran, and only there
    assert (s1.done, s1.dead, s1.added) == (s0.done, s0.dead, s0.added) == (96, 0, s0.added)
    assert s0.added > 10 and s0.conflicted > 0
    assert ahead.keys() == alone.keys()
    for name in alone:
        assert ahead[name] == alone[name], name
    assert len(ahead["memory_items"]) == s0.added + s0.updated + s0.conflicted  # every decision wrote a row
    # the memo came back from the other process: the same texts in the same order, the same floats (to a rounding)
    assert [t for t, _ in memo1] == [t for t, _ in memo0] and len(memo0) > 50
    assert all(np.allclose(a, b, rtol=0, atol=1e-5) for (_, a), (_, b) in zip(memo1, memo0, strict=True))


def test_the_writer_indexes_with_the_tokens_the_look_ahead_computed(tmp_path: Path, embedder, monkeypatch) -> None:
    """The look-ahead sends each batch's full-text tokens and terms along (:mod:`memcli.write.precompute`, through
    :mod:`memcli.primed`): each is what jieba and the stemmer give its text, and they hold every memory statement and
    episode the batches it prepared wrote (the first batch is prepared by the writer itself, and a text read before
    the look-ahead began is in both processes' caches), so the writer runs no jieba for them. (Round 36: a look-ahead
    that has the time; one whose writer already waits for the batch leaves them to it, test_round36_ahead_balance.)"""
    from memcli import primed
    from memcli.db.index import _search_terms
    from memcli.smalltalk import unaddressed
    from memcli.text import fts_terms, search_tokens
    from memcli.write import precompute

    real_texts = precompute.texts  # every batch read in full, as if the writer never waited (the fork inherits it)
    monkeypatch.setattr(precompute, "texts", lambda tasks, extracted, episodes, enough=None:
                        real_texts(tasks, extracted, episodes))
    _search_terms.cache_clear()  # texts an earlier test indexed are not computed again by either process
    got: list[dict] = []
    real = primed.prime
    monkeypatch.setattr(primed, "prime", lambda v: (got.append(v), real(v))[1])
    recs = utterances(48, seed=5, user_count=N_USERS)
    _capture(tmp_path / "t.db", recs, embedder)
    name = "memcli.db.index._search_terms"
    with Admin(db=str(tmp_path / "t.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        was = primed.counts()[name]["computed"]
        s = adm.drain()
        computed = primed.counts()[name]["computed"] - was
        assert s.done == 48 and "wait" in s.seconds
        assert len(got) == 5  # the first batch prepared here, the 5 others ahead
        ahead = {k[0]: v for t in got for k, v in t.get(name, [])}
        assert len(ahead) > 20 and all(list(toks) == search_tokens(k) and list(terms) == fts_terms(search_tokens(k))
                                       for k, (toks, terms) in ahead.items())
        first = {r["source_id"] for r in adm.store.q("SELECT source_id FROM memory_capture_outbox ORDER BY id LIMIT 8")}
        ids = ", ".join(map(str, first))

        def said(where: str) -> tuple[list[str], list[str]]:
            statements = [r["statement"] for r in adm.store.q(
                "SELECT DISTINCT i.statement FROM memory_items i JOIN memory_item_sources l ON l.item_id = i.id "
                f"WHERE l.source_id {where} ({ids})")]
            turns = [unaddressed(r["content"]) for r in adm.store.q(
                "SELECT src.content FROM memory_episodes e JOIN memory_sources src ON src.id = e.source_id "
                f"WHERE e.is_episode = 1 AND e.source_id {where} ({ids})")]
            return statements, turns

        statements, turns = said("NOT IN")
        assert len(statements) > 5 and len(turns) > 5
        assert computed <= len(set(sum(said("IN"), [])))  # the writer computed those of the first batch at most


def test_a_stopped_drain_releases_the_batch_it_claimed_ahead(tmp_path: Path, embedder) -> None:
    recs = utterances(40, seed=3, user_count=N_USERS)
    stop = threading.Event()
    seen = []

    def progress(k: int) -> None:
        seen.append(k)
        if len(seen) == 8:  # the first batch written; the next two are claimed ahead and being prepared
            stop.set()

    _capture(tmp_path / "s.db", recs, embedder)
    with Admin(db=str(tmp_path / "s.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        s = adm.drain(progress=progress, stop=stop)
        assert s.interrupted and s.done == 8 and s.claimed == 24 and s.released == 16
        status = {r["status"]: r["n"] for r in adm.store.q(
            "SELECT status, count(*) AS n FROM memory_capture_outbox GROUP BY status")}
        assert status == {"done": 8, "pending": 32}
        pending = [r["source_id"] for r in adm.store.q(
            "SELECT source_id FROM memory_capture_outbox WHERE status = 'pending' ORDER BY id")]
        kept = adm.store.scalar(f"SELECT count(*) FROM memory_episodes WHERE source_id IN "
                                f"({', '.join(map(str, pending))})")
        assert kept == 0  # nothing of a released task: not even its episode row
        s2 = adm.drain()
        assert s2.done == 32 and s2.dead == 0


class _Unpicklable(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()  # an exception that cannot cross to the drain's process as itself


class _FailsOnPeanuts(RuleExtractor):
    name = "rules"

    def extract(self, utt: Utterance) -> list[Candidate]:
        if "peanut" in utt.text:
            raise _Unpicklable(f"cannot read {utt.text!r}")
        return super().extract(utt)


def test_an_extraction_failure_in_the_other_process_is_recorded_with_its_type_and_message(
        tmp_path: Path, embedder) -> None:
    db = str(tmp_path / "f.db")
    with Memory(db=db, user="alice", embedder=embedder) as m:
        for i in range(20):
            m.capture("I'm allergic to peanuts" if i == 13 else f"I live in city number {i}")
    with Admin(db=db, embedder=embedder, drain_batch_size=4, max_attempts=1, drain_ahead=True) as adm:
        adm._extractor = _FailsOnPeanuts()
        s = adm.drain()
        assert "wait" in s.seconds and (s.done, s.dead) == (19, 1)
        assert s.errors == ["task 14: _Unpicklable: cannot read \"I'm allergic to peanuts\""]


def test_a_drain_of_one_short_batch_does_not_fork(tmp_path: Path, embedder) -> None:
    recs = utterances(5, seed=2, user_count=N_USERS)
    _capture(tmp_path / "o.db", recs, embedder)
    with Admin(db=str(tmp_path / "o.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        s = adm.drain()
        assert s.done == 5 and "wait" not in s.seconds
