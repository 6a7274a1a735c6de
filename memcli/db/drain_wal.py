"""The drain's checkpoints: SQLite copies the WAL into the database every :data:`DRAIN_FRAMES` frames while the
drain batches its writes, instead of every 1,000 (round 46, issue 24).

A 10k drain (``bench/bench_drain.py``'s workload) commits ~320 batches of ~250 WAL frames (4 KiB pages) each, 78,000
frames in all over ~9,700 distinct pages: each batch touches the same hot pages again (each user's leaf of every
index, the vec0 chunks being filled). With SQLite's automatic checkpoint at 1,000 frames (``PRAGMA
wal_autocheckpoint``), a commit in four ran a checkpoint inside it: ~70 checkpoints, each copying the pages written
since the last and syncing the WAL and the database. At 10,000 frames: 7 checkpoints, most pages copied once for
many commits (``bench/drain_io.py``: the commits' wall 4.9 / 4.8 s → 2.6 / 2.5 s at load ~18, the checkpoints'
2.5 / 2.8 s → 0.7 / 0.8 s). The WAL then grows to ~40 MB at most (the frames of a checkpoint that readers hold back
aside), where SQLite's own restarts it from the start after each checkpoint as before.

Nothing stored changes: a checkpoint copies committed pages, whenever it runs; what a commit makes durable
(``synchronous=NORMAL`` in WAL mode) is what it made before. A killed drain leaves a longer WAL, which the next
connection replays as it always does.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DRAIN_FRAMES", "set_checkpoint_frames"]

#: WAL frames (pages) that start SQLite's automatic checkpoint while the drain batches (its default: 1,000)
DRAIN_FRAMES = 10_000


def set_checkpoint_frames(conn: Any, frames: int) -> int:
    """Set the apsw connection's ``wal_autocheckpoint`` to ``frames``; returns the value it had (a number of frames;
    0 or less: no automatic checkpoint)."""
    row = conn.execute("PRAGMA wal_autocheckpoint").fetchone()
    was = int(next(iter(row.values())) if isinstance(row, dict) else row[0])
    if was != frames:
        conn.wal_autocheckpoint(int(frames))
    return was
