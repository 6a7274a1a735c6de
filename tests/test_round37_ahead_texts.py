"""Round 37: what the drain's look-ahead already read of a turn goes back to the writer.

- Each candidate's exact-match key (:func:`memcli.text.normalize`) is primable and read ahead.
- A kept turn's text without the name it addresses (:func:`memcli.smalltalk.unaddressed`) is read by the
  look-ahead (the extractor, the episode's vector: :func:`memcli.write.episodes.embed_text`); it is primable
  (:mod:`memcli.primed`), so it goes back with the batch and the writer's full-text row of the episode takes it
  instead of reading the turn again. The value is the function's: primed or computed, the same text.
- Each candidate goes back as the decision reads it (:func:`memcli.write.precompute.ready`: enriched, its date
  resolved against its turn's time); the decision's own step finds it done (applied again, the same candidate), and
  the date's reading (:func:`memcli.write.pair_dates.when_of`, ``moved_back``) is primable, keyed by the time's UTC
  offset too (one instant at two offsets can be two days). Every table of a drain is the same with or without it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memcli import primed
from memcli.smalltalk import _unaddressed, unaddressed
from memcli.write import precompute

NAME = "memcli.smalltalk._unaddressed"

#: our own turns (round 37): an English turn that addresses someone, one that does not, a Chinese one
TURNS = ["Thanks so much, Odile! The pottery class on Thursdays has been great for my hands.",
         "Our allotment finally gave us three enormous marrows, Bertrand.",
         "我表妹下个月要去昆明读研究生了。"]


def _prepared(turns: list[str], model):  # noqa: ANN001,ANN202
    """The look-ahead's preparation of ``turns`` (tasks of one user) with the default extractor and ``model``:
    (tasks, Prepared)."""
    from memcli.settings import Settings
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService
    from memcli.write.outbox import Task
    from memcli.write.prepare import prepare, utterances

    class Worker:  # what prepare reads of the drain's worker: no store read (the turns ask for no context)
        settings = Settings(context_turns=0)
        extraction = MemoryExtractionService(get_extractor(Settings()))
        store = None

        @staticmethod
        def chatter(text: str) -> bool:
            from memcli.write.chatter import is_chatter

            return is_chatter(text)

        embedder = model

    said = datetime(2026, 5, 2, 18, tzinfo=UTC)
    tasks = [Task(id=i, source_id=i, user="u37", attempts=1, owner="t", role="user", content=t, occurred_at=said)
             for i, t in enumerate(turns)]
    got = prepare(Worker, tasks, utterances(Worker, tasks))
    precompute.texts(tasks, got.extracted, got.episodes)
    return tasks, got


def test_the_look_ahead_sends_the_unaddressed_turn(embedder) -> None:  # noqa: ANN001
    from memcli.text import _normalize

    _unaddressed.cache_clear()
    _normalize.cache_clear()  # (texts an earlier test read are not computed, so not noted, again)
    primed.take()  # (what earlier tests noted)
    primed.recording(True)
    try:
        precompute.forget()
        tasks, got = _prepared(TURNS, embedder)
        taken = primed.take()
        sent = dict(taken.get(NAME, []))
        keys = dict(taken.get("memcli.text._normalize", []))
    finally:
        primed.recording(False)
        precompute.forget()
    assert any(wants for _, wants, _ in got.episodes)  # a turn is embedded as a would-be episode
    # each English turn was read once, in the look-ahead, and its value goes back (the Chinese one is returned as is)
    assert sent[(TURNS[0],)] == "Thanks so much! The pottery class on Thursdays has been great for my hands."
    assert sent[(TURNS[1],)] == "Our allotment finally gave us three enormous marrows."
    assert (TURNS[2],) not in sent
    # each candidate's exact-match key goes back too (the decision and the row's insert ask it)
    from memcli.text import normalize

    statements = {c.statement for out in got.extracted for c in out}
    assert statements and all((st,) in keys for st in statements)
    _normalize.cache_clear()
    assert all(keys[(st,)] == normalize(st) for st in statements)  # computed again here: the same keys

    # the writer: a fresh cache, the batch's values primed — the episode's text is taken, not computed
    _unaddressed.cache_clear()
    before = primed.counts()[NAME]
    primed.prime({NAME: list(sent.items())})
    assert unaddressed(TURNS[0]) == sent[(TURNS[0],)]
    assert unaddressed(TURNS[1]) == sent[(TURNS[1],)]
    after = primed.counts()[NAME]
    assert after["used"] - before["used"] == 2 and after["computed"] == before["computed"]


def test_a_primed_value_is_the_computed_one() -> None:
    """Primed or computed, the writer gets the same text; a turn never sent is computed as before."""
    _unaddressed.cache_clear()
    turn = "Cheers, Marguerite — the lemon tart recipe worked on the first try."
    computed = unaddressed(turn)
    assert computed == "Cheers — the lemon tart recipe worked on the first try."
    _unaddressed.cache_clear()
    before = primed.counts()[NAME]
    assert unaddressed(turn) == computed
    assert primed.counts()[NAME]["computed"] == before["computed"] + 1


#: our own dated and undated turns (round 37), English and Chinese
DATED = ["I'm flying to Porto next Friday for my cousin's wedding.", "我下周三要去苏州看外婆。",
         "My niece starts primary school on September 1.", "去年我在宁波学会了潜水。",
         "My landlord raised the rent last month.", "I collect enamel pins from train stations.",
         "我弟弟是消防员。", "We adopted a grey rabbit called Pebble two weeks ago."]


def test_ready_candidates_are_what_the_decision_reads() -> None:
    """The candidates put ahead are those decide_and_apply's first step makes, and that step leaves them as they are."""
    from memcli.settings import Settings
    from memcli.write.backends import get_extractor
    from memcli.write.decide import _with_when
    from memcli.write.extract import MemoryExtractionService, Utterance, enrich

    said = datetime(2026, 4, 16, 8, 30, tzinfo=UTC)  # a Thursday
    svc = MemoryExtractionService(get_extractor(Settings()))
    got = svc.extract_batch([Utterance(i, "u37", "user", t, said) for i, t in enumerate(DATED)])
    cands = [c for out in got for c in out]
    put = precompute.ready(cands, said)
    assert put == [_with_when(enrich(c), said) for c in cands]
    assert [_with_when(enrich(c), said) for c in put] == put  # the writer's step: nothing left to do
    assert sum(c.event_when is not None for c in put) >= 3 and all(c.event_when is None for c in cands)
    # a candidate that already carries a date is left to the writer, with its task's others
    assert precompute.ready([*cands[:1], put[0].model_copy(update={"event_when": "2026-04"})], said) is None


def test_a_date_is_read_at_the_offset_it_was_said() -> None:
    """One instant at two UTC offsets: two wall times, maybe two days — the cached reading keeps them apart."""
    from memcli.write.pair_dates import moved_back, when_of

    utc = datetime(2026, 4, 16, 20, 0, tzinfo=UTC)  # Thursday evening in UTC ...
    east = utc.astimezone(timezone(timedelta(hours=9)))  # ... Friday morning at UTC+9: equal datetimes
    assert utc == east
    assert when_of("I'm seeing the dentist tomorrow", utc).text() == "2026-04-17"
    assert when_of("I'm seeing the dentist tomorrow", east).text() == "2026-04-18"
    back = datetime(2025, 4, 16, 20, 0, tzinfo=UTC)
    assert moved_back(back, utc).text() == "2025" and moved_back(back, east).text() == "2025-04-16"


@pytest.fixture()
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    from memcli.write import worker

    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)  # (an idle thread of an earlier test)


@pytest.mark.usefixtures("_one_thread")
def test_a_drain_with_ready_candidates_writes_every_table_as_one_without(tmp_path: Path, embedder,
                                                                          monkeypatch) -> None:  # noqa: ANN001
    from test_drain_ahead import _drain

    real = precompute.texts  # every batch read in full, as if the writer never waited (the fork inherits it)
    monkeypatch.setattr(precompute, "texts", lambda tasks, extracted, episodes, enough=None:
                        real(tasks, extracted, episodes))
    recs = [{"text": t, "key": f"d{i}", "at": f"2026-04-{1 + i // 8:02d}T{8 + i % 8:02d}:15:00Z", "_user": "user0"}
            for i, t in enumerate(DATED * 6)]
    before = primed.counts().get("memcli.write.pair_dates._when_of", {"used": 0})["used"]
    s1, ahead, _ = _drain(tmp_path / "a.db", recs, embedder, ahead=True)
    used = primed.counts()["memcli.write.pair_dates._when_of"]["used"] - before
    monkeypatch.setattr(precompute, "texts", real)
    s0, alone, _ = _drain(tmp_path / "b.db", recs, embedder, ahead=False)
    assert "wait" in s1.seconds and used > 0  # the look-ahead ran, and the writer took dates it had read
    assert (s1.done, s1.added, s1.reinforced, s1.updated, s1.conflicted) == \
        (s0.done, s0.added, s0.reinforced, s0.updated, s0.conflicted)
    assert s0.added >= 6
    dated = [r for r in alone["memory_items"] if '"event_when": null' not in r]
    assert len(dated) >= 3
    assert ahead == alone
