"""Fewer cyclic garbage collections while a drain runs (round 35, issue 24).

A drain allocates millions of short-lived objects (rows, candidates, feature lists), so CPython's cyclic
collector runs its young generation every 700 net allocations and, every 100 of those, walks the whole heap —
the embedding model's, jieba's and the rules' objects included, which are never garbage. Measured at 10k
utterances (``bench/bench_drain.py``'s workload, the writer's thread CPU in ``gc`` callbacks): 437 young
collections and 3 full ones, ~0.46 s under load. :func:`begin` moves everything alive at the drain's start into
the collector's permanent generation (``gc.freeze``: the look-ahead process forked next inherits that, so its
collections skip the parent's heap too) and collects the young generation every 10,000 allocations; :func:`end`
puts both back. Nested or concurrent drains of one process count: the last to end restores. Nothing stored
changes: collection only frees unreachable objects, later.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["YOUNG", "begin", "end"]

#: young-generation threshold while a drain runs (CPython's default: 700)
YOUNG = 10_000

_LOCK = threading.Lock()
_state: dict[str, object] = {"depth": 0, "was": None}


def begin() -> None:
    """A drain starts: freeze what is alive, collect the young generation less often."""
    with _LOCK:
        if _state["depth"] == 0:
            was = gc.get_threshold()
            _state["was"] = was
            gc.freeze()
            gc.set_threshold(max(YOUNG, was[0]), *was[1:])
        _state["depth"] = int(_state["depth"]) + 1  # type: ignore[call-overload]


def end() -> None:
    """A drain ended (returned or raised): the last one to end restores the thresholds and unfreezes."""
    with _LOCK:
        depth = int(_state["depth"]) - 1  # type: ignore[call-overload]
        _state["depth"] = max(depth, 0)
        if depth == 0 and _state["was"] is not None:
            gc.set_threshold(*_state["was"])  # type: ignore[misc]
            _state["was"] = None
            gc.unfreeze()
