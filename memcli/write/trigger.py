"""The second trigger channel: an opportunistic background drain for the user who just spoke.

Like the seed's "cron + the user's next request": ``capture --drain`` (or ``auto_drain =
true``) starts a detached ``python -m memcli drain --user U --background`` and returns at
once. The explicit channel (``memcli drain`` from cron or a loop) and this one are safe
together: claims are atomic with a lease, so no task is extracted twice.

A per-database, per-user lock file (``<db>.drain-<hash>.lock``, ``fcntl.flock``) keeps at
most one background drain per user running: a burst of captures starts one worker, not one
model load per utterance. Explicit drains do not take the lock. The file is removed when the lock is let go.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only attributes are read: the fast capture path passes its own settings object
    from memcli.settings import Settings

__all__ = ["background_lock", "lock_path", "spawn_background_drain"]


def lock_path(settings: Settings) -> Path:
    """The lock file of the background drain for ``settings.user`` on ``settings.db``."""
    h = hashlib.sha256(settings.user.encode("utf-8")).hexdigest()[:12]
    from memcli.db.postgres.url import is_pg_url

    if is_pg_url(settings.db):  # no database file beside which to keep it: one per URL on this machine
        import tempfile

        folder = Path(tempfile.gettempdir()) / "memcli-locks"
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder / f"pg-{hashlib.sha256(str(settings.db).encode('utf-8')).hexdigest()[:16]}.drain-{h}.lock"
    return Path(f"{settings.db}.drain-{h}.lock")


@contextlib.contextmanager
def background_lock(settings: Settings) -> Iterator[bool]:
    """Hold the user's background-drain lock; yields False when another process holds it.

    The lock file is removed when the lock is let go (a server that drained many users left one file per user
    beside the database). A process that opened the file just before it was removed would lock a file no longer
    at the path: after locking, the file's inode is checked against the path's, and on a mismatch the lock is
    taken again on the file now there (the usual lock-file-with-unlink protocol). Claims stay atomic either way.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock, claims stay safe anyway
        yield True
        return
    path = lock_path(settings)
    fd = None
    for _ in range(5):
        try:
            fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
        except OSError:
            yield True  # unwritable folder: run unlocked, claims are still atomic
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            yield False
            return
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except OSError:
            same = False  # removed by the holder that just let it go
        if same:
            break
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        fd = None
    if fd is None:  # pragma: no cover - five holders came and went in between: run unlocked, claims stay atomic
        yield True
        return
    try:
        yield True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)  # while still locked: a process that opens it now gets a new file
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def spawn_background_drain(settings: Settings) -> subprocess.Popen | None:
    """Start a detached background drain for ``settings.user`` and return at once.

    Returns the child process, or None when a background drain for this user is already
    running. The child has its own session (it survives the caller), no terminal, and
    inherits the environment; its outcome is visible with ``memcli outbox``.
    """
    with background_lock(settings) as free:
        if not free:
            return None
    model = ["--model", settings.model] if settings.model else []  # None: the child resolves the same default
    from memcli.db.postgres.url import is_pg_url

    url = is_pg_url(settings.db)  # a URL may hold a password: pass it in the environment, not in argv
    cmd = [sys.executable, "-m", "memcli", *(() if url else ("--db", str(settings.db))), *model,
           "drain", "--user", settings.user, "--background"]
    kwargs: dict = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
                    "close_fds": True}
    if url:
        kwargs["env"] = {**os.environ, "MEMCLI_DB": str(settings.db)}
    if os.name == "posix":
        kwargs["start_new_session"] = True
    else:  # pragma: no cover
        kwargs["creationflags"] = getattr(subprocess, "DETACHED_PROCESS", 0)
    return subprocess.Popen(cmd, **kwargs)
