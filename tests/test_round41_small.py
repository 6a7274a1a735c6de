"""Round 41's new-user trial, small things: a background drain's lock file is not left behind."""

from __future__ import annotations

import os
from types import SimpleNamespace

from memcli.write.trigger import background_lock, lock_path


def test_a_background_drains_lock_file_is_removed_when_let_go(tmp_path):
    """A server that drained ten users left ten ``s.db.drain-<hash>.lock`` files beside the database."""
    settings = SimpleNamespace(db=str(tmp_path / "s.db"), user="ana")
    path = lock_path(settings)
    assert path.name.startswith("s.db.drain-") and not path.exists()
    with background_lock(settings) as free:
        assert free is True and path.exists()
        with background_lock(settings) as other:
            assert other is False  # held: a second background drain of the user does not start
        assert path.exists()  # the one refused leaves the holder's file alone
    assert not path.exists()
    with background_lock(settings) as again:  # and the lock can be taken again at once
        assert again is True and path.exists()
    assert os.listdir(tmp_path) == []
