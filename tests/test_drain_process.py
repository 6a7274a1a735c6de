"""The server's next-request drain process (:class:`memcli.service.pool.DrainProcess`), for real: a spawned,
daemonic child with its own model, on a SQLite store."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")

from memcli import Memory  # noqa: E402
from memcli.service.pool import SERVER_DRAIN_BATCH, DrainProcess  # noqa: E402
from memcli.settings import load_settings  # noqa: E402


def test_a_full_batch_is_drained_in_the_daemonic_drain_process(db_path):
    """Round 26's trial: a user with a full batch pending (4 turns) was never drained by the next-request
    channel: the drain, in a daemonic child, started its look-ahead process and failed with "daemonic processes
    are not allowed to have children", every time, leaving the turns to the cron line."""
    turns = ["My sister lives in Lyon", "I work as a nurse", "我每天早上跑步", "I have two cats",
             "我对花生过敏", "My brother is called Tom"]
    assert len(turns) > SERVER_DRAIN_BATCH
    with Memory(db=str(db_path), user="alice") as mem:
        for text in turns:
            mem.capture(text)
    drain = DrainProcess(load_settings(db=str(db_path)))
    try:
        assert drain("alice") == len(turns)
    finally:
        drain.close()
    with Memory(db=str(db_path), user="alice") as mem:
        assert mem.stats()["outbox"] == {"pending": 0, "processing": 0, "done": len(turns), "dead": 0}
        assert {"I work as a nurse", "I have two cats"} <= {m.statement for m in mem.list()}


def test_a_closed_drain_process_stops_at_once_and_starts_no_other(db_path):
    """`memcli serve` waited ~20 s to exit when stopped while its drain process was still warming up (its SIGTERM
    only set a flag read after warm-up), and a queued user's drain after close started a new child."""
    drain = DrainProcess(load_settings(db=str(db_path)))
    first = drain._proc
    started = time.monotonic()
    drain.close()
    assert not first.is_alive() and first.exitcode != 0  # ended by the signal, not by a finished warm-up
    assert time.monotonic() - started < 10
    assert drain("alice") == 0 and drain._proc is None  # after close: nothing started, no error
