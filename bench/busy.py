"""Busy loops beside a bench's calls: processes spinning ``while 1: pass``, the load of a shared machine made on
purpose (used by ``bench_context_first.py``, ``bench_context_load.py``, ``bench_models.py``)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def busy_loops(n: int) -> Iterator[None]:
    """Run ``n`` processes of ``while 1: pass`` (this interpreter) for the ``with`` block; each is killed and waited
    for on the way out, an exception's included. ``n`` 0: nothing started."""
    procs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(n)]
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.wait()
