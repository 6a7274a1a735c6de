"""Standard streams of the CLI process: what to do when the reader of stdout goes away.

A leaf module (no memcli imports), so that the entry point, the app and the console can all
use it without an import cycle.
"""

from __future__ import annotations

import os
import sys

__all__ = ["stdout_gone"]


def stdout_gone() -> None:
    """The reader of stdout closed it (``| head -1``): it has what it wanted. Point stdout at
    /dev/null so that the interpreter's last flush cannot fail again; the caller exits 0."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests, embedding)
        pass
    except Exception:  # noqa: BLE001 - io.UnsupportedOperation and the like: nothing to redirect
        pass
