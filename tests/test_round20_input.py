"""Round 20's input checks: an unknown MEMCLI_ variable is said once (not silently ignored), a user id is
taken as given (a space at an end or an invisible character is refused, never trimmed), and a time out of
1970..9999 is refused by every command that takes one. One line, exit 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest
from conftest import run_cli

from memcli.errors import BadInputError, ConfigError
from memcli.settings_sources import USER_RULE


def _rows(db: Path, table: str) -> int:
    if not db.exists():
        return 0
    from memcli.db.tokens import TOKENS

    table = TOKENS if table == "tokens" else table
    conn = apsw.Connection(str(db))
    try:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("name", "hint"),
    [("MEMCLI_DB_PATH", "MEMCLI_DB"), ("MEMCLI_BUDGETMS", "MEMCLI_BUDGET_MS"), ("MEMCLI_FOO", None)],
)
@pytest.mark.parametrize("args", [("stats",), ("capture", "I moved to Porto last spring")])
def test_an_unknown_memcli_variable_is_said_once_and_ignored(monkeypatch, tmp_path, name, hint, args):
    monkeypatch.setenv(name, "1")
    r = run_cli("--db", str(tmp_path / "m.db"), *args)
    assert r.exit_code == 0, r.stderr
    said = [line for line in r.stderr.splitlines() if name in line]
    assert said == [
        f"memcli: warning: {name} is not a memcli setting and is ignored" + (f" (did you mean {hint}?)" if hint else "")
    ]


def test_memclis_own_variables_and_settings_get_no_warning(monkeypatch, tmp_path):
    for name, value in (("MEMCLI_DEBUG", "0"), ("MEMCLI_NO_PROGRESS", "1"), ("MEMCLI_BUDGET_MS", "700")):
        monkeypatch.setenv(name, value)
    r = run_cli("--db", str(tmp_path / "m.db"), "stats")  # (its database need not exist)
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


@pytest.mark.parametrize(
    ("user", "shown"),
    [("tom ", "'tom '"), (" tom", "' tom'"), ("to\tm", "'to\\u0009m'"), ("a\u200bb", "'a\\u200bb'")],
)
@pytest.mark.parametrize(
    "args",
    [("capture", "I moved to Porto last spring"), ("context", "where do I live"), ("list",), ("token", "create")],
)
def test_a_user_id_is_refused_not_trimmed(tmp_path, user, shown, args):
    db = tmp_path / "m.db"
    where = ("--db", str(db)) if args[0] != "token" else ()
    r = run_cli(*where, *args, "--user", user, *(("--db", str(db)) if args[0] == "token" else ()))
    assert r.exit_code == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert f"user {shown} " in r.stderr and USER_RULE in r.stderr, r.stderr
    assert _rows(db, "memory_sources") == 0 and _rows(db, "tokens") == 0


def test_the_library_and_the_service_tokens_keep_the_same_rule(tmp_path):
    from memcli import Memory
    from memcli.admin import Admin

    with pytest.raises(ConfigError, match=r"user 'tom ' has a space at its start or end"):
        Memory(db=str(tmp_path / "m.db"), user="tom ")
    with Admin(db=str(tmp_path / "m.db")) as adm, pytest.raises(BadInputError, match=r"user ' bob' has a space"):
        adm.create_token(" bob")
    with Memory(db=str(tmp_path / "m.db"), user="tom smith") as m:  # a space inside is a user id's own
        assert m.user == "tom smith"


@pytest.mark.parametrize(
    "args",
    [
        ("remember", "I moved to Porto last spring", "--at", "1900-01-01"),
        ("capture", "I moved to Porto last spring", "--at", "1969-12-31T23:59:59Z"),
        ("search", "Porto", "--as-of", "1969-06-01"),
        ("context", "where do I live", "--as-of", "1950-01-01"),
        ("list", "--as-of", "9999-12-31"),
    ],
)
def test_a_time_out_of_range_is_refused_by_every_command(tmp_path, args):
    db = tmp_path / "m.db"
    r = run_cli("--db", str(db), "--user", "ana", *args)
    assert r.exit_code == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "is out of range; a time from 1970-01-01 to 9999-12-30 (UTC) is accepted" in r.stderr, r.stderr
    assert _rows(db, "memory_sources") == 0 and _rows(db, "memory_items") == 0


def test_the_range_ends_are_accepted(tmp_path):
    db = str(tmp_path / "m.db")
    r = run_cli("--db", db, "--user", "ana", "capture", "I moved to Porto last spring", "--at", "1970-01-01")
    assert r.exit_code == 0, r.stderr
    r = run_cli("--db", db, "--user", "ana", "list", "--as-of", "9999-12-30")
    assert r.exit_code == 0, r.stderr
