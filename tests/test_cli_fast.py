"""The fast ``capture`` path (no typer/rich/pydantic) means exactly what the Typer command means:
same settings, same key, same rows, same output — and it steps aside for everything else."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest
from conftest import run_cli

from memcli.cli import fast
from memcli.db import schema as s


@pytest.fixture(autouse=True)
def _only_the_fast_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    # conftest sets MEMCLI_EMBED_BACKEND for every test; any setting the fast path does not
    # resolve itself sends capture to the full path (see test_settings), so clear it here
    monkeypatch.delenv("MEMCLI_EMBED_BACKEND", raising=False)


CASES = [
    ["capture", "我咖啡不加糖", "--at", "2026-03-01T09:30:00+08:00", "--json"],
    ["capture", "I moved to Lyon", "--at=2026-08-18", "--key", "msg-42", "--session", "s1", "--json"],
    ["capture", "hello", "--role", "assistant", "--at", "2026-01-01T00:00:00.250Z", "--json", "--no-drain"],
    ["capture", "hello", "--at", "2026-01-01", "--user", "bob"],
]


def _rows(db: Path) -> list[tuple]:
    if not db.exists():
        return []
    c = apsw.Connection(str(db))
    src = c.execute(f"SELECT id, user_id, role, session_id, content, occurred_at FROM {s.SOURCES} ORDER BY id")
    box = c.execute(f"SELECT id, source_id, user_id, idempotency_key, status, attempts FROM {s.OUTBOX} ORDER BY id")
    out = [tuple(r) for r in src.fetchall()] + [tuple(r) for r in box.fetchall()]
    c.close()
    return out


def _both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]):  # noqa: ANN202
    fast_db, slow_db = tmp_path / "fast.db", tmp_path / "slow.db"
    a = [run_cli("--db", str(fast_db), "--user", "alice", *args) for _ in range(2)]  # 2nd: a duplicate
    with monkeypatch.context() as m:
        m.setattr(fast, "try_fast", lambda argv: None)  # the Typer app only
        b = [run_cli("--db", str(slow_db), "--user", "alice", *args) for _ in range(2)]
    return a, b, _rows(fast_db), _rows(slow_db)


@pytest.mark.parametrize("args", CASES)
def test_fast_path_equals_the_typer_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    a, b, rows_a, rows_b = _both(tmp_path, monkeypatch, args)
    for x, y in zip(a, b, strict=True):
        assert (x.exit_code, x.stdout, x.stderr) == (y.exit_code, y.stdout, y.stderr)
    assert rows_a == rows_b and len(rows_a) == 2


@pytest.mark.parametrize("args", [
    ["capture", "hi", "--role", "robot"],  # validation: Typer's message
    ["capture", "   "],  # empty text
    ["capture", "hi", "--at", "not a time"],
    ["capture", "--help"],
    ["capture"],
    ["capture", "a", "b"],
    ["capture", "hi", "--bogus"],
])
def test_everything_else_goes_to_the_typer_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               args: list[str]) -> None:
    a, b, rows_a, rows_b = _both(tmp_path, monkeypatch, args)
    assert (a[0].exit_code, a[0].stdout, a[0].stderr) == (b[0].exit_code, b[0].stdout, b[0].stderr)
    assert rows_a == rows_b


def test_fast_settings_resolve_like_load_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memcli.settings import config_path, load_settings

    assert fast.config_file() == config_path()
    fields = ("db", "user", "busy_timeout_ms", "max_turn_chars", "auto_drain")

    def same(**flags: str | None) -> None:
        f, full = fast.fast_settings(**flags), load_settings(**flags)
        assert tuple(getattr(f, k) for k in fields) == tuple(getattr(full, k) for k in fields)

    same()
    Path(config_path()).write_text('user = "carol"\nmax_turn_chars = 99\nauto_drain = true\ndb = "/tmp/x.db"\n',
                                   encoding="utf-8")
    same()
    same(user="dave", db=str(tmp_path / "f.db"))
    monkeypatch.setenv("MEMCLI_USER", "erin")
    monkeypatch.setenv("memcli_busy_timeout_ms", "250")
    monkeypatch.setenv("MEMCLI_AUTO_DRAIN", "off")
    same()
    same(user="frank")
    for bad in ("MEMCLI_MAX_TURN_CHARS=0", "MEMCLI_AUTO_DRAIN=maybe", "MEMCLI_BUSY_TIMEOUT_MS=1.5",
                "MEMCLI_CALIBRATED_MODEL=other", "MEMCLI_MAX_TEXT_CHARS=abc", "MEMCLI_TIMEZONE=UTC",
                "MEMCLI_USER= erin "):  # (a user id with a space at an end: refused by the full path)
        k, v = bad.split("=")
        with monkeypatch.context() as m:
            m.setenv(k, v)
            with pytest.raises(fast._Fallback):
                fast.fast_settings()


@pytest.mark.parametrize("argv", [["--help"], ["-h"], []])
def test_top_level_help_is_cached_and_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                argv: list[str]) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = run_cli(*argv)  # the Typer app renders it and it is kept
    assert fast.help_cache(argv) is not None and fast.help_cache(argv).is_file()
    second = run_cli(*argv)  # printed from the cache, no Typer
    assert (second.exit_code, second.stdout) == (first.exit_code, first.stdout)
    assert "capture" in second.stdout and "Usage" in second.stdout


def test_the_fast_paths_model_names_are_the_bundled_ones() -> None:
    """fast.KNOWN_MODELS (no pydantic import) lists exactly the bundled names and aliases."""
    from memcli.settings import DEFAULT_MODEL, E5_MODEL, MINILM_MODEL, MODEL_ALIASES

    assert fast.KNOWN_MODELS == {DEFAULT_MODEL, E5_MODEL, MINILM_MODEL, *MODEL_ALIASES}
