"""Round 37: what the drain's look-ahead already read of a turn goes back to the writer.

- A kept turn's text without the name it addresses (:func:`memcli.smalltalk.unaddressed`) is read by the
  look-ahead (the extractor, the episode's vector: :func:`memcli.write.episodes.embed_text`); it is primable
  (:mod:`memcli.primed`), so it goes back with the batch and the writer's full-text row of the episode takes it
  instead of reading the turn again. The value is the function's: primed or computed, the same text.
"""

from __future__ import annotations

from datetime import UTC, datetime

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
    _unaddressed.cache_clear()
    primed.take()  # (what earlier tests noted)
    primed.recording(True)
    try:
        precompute.forget()
        tasks, got = _prepared(TURNS, embedder)
        sent = dict(primed.take().get(NAME, []))
    finally:
        primed.recording(False)
        precompute.forget()
    assert any(wants for _, wants, _ in got.episodes)  # a turn is embedded as a would-be episode
    # each English turn was read once, in the look-ahead, and its value goes back (the Chinese one is returned as is)
    assert sent[(TURNS[0],)] == "Thanks so much! The pottery class on Thursdays has been great for my hands."
    assert sent[(TURNS[1],)] == "Our allotment finally gave us three enormous marrows."
    assert (TURNS[2],) not in sent

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
