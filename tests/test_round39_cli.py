"""Round 39: three rough edges a new user found in the service and the CLI, each as its kind.

- ``memcli mcp`` over a one-shot pipe (stdin closed right after the requests): the SDK cancelled
  the calls still running when stdin ended, so no answer came (and a ``remember`` was stored
  unreported). Every request received is now answered before the server exits 0; a call whose
  turn comes more than ``mcp_eof_grace_s`` after the end answers "not run". A line that is JSON
  but no JSON-RPC request (a batch, a number, no method, params that are no object) is answered
  with -32600 and its id, not dropped.
- ``context``, ``stats`` and ``export`` resolve the settings once (the missing-file check and the
  store use the same resolved settings).
- Root options between a group and its command (``memcli eval --json decisions``, ``memcli token
  --user alice create``) act as after the command; a group's own ``--db``/``--user``/``--json``
  (``outbox``) reach its command instead of being dropped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import apsw
import pytest
from conftest import run_cli
from test_bad_input import assert_error

# -- MCP over a one-shot pipe -----------------------------------------------------------------

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _call(rid: int | str, name: str, arguments: dict) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": name, "arguments": arguments}}


def _pipe(db: Path, lines: list[str], **env_extra: str) -> tuple[int, list[dict], str]:
    """``memcli mcp`` with ``lines`` on stdin, then stdin closed (``printf … | memcli mcp``): exit code,
    the JSON lines it wrote, stderr."""
    pytest.importorskip("mcp")
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMCLI_", "XDG_", "HF_", "PATH"))}
    env.update(env_extra)
    proc = subprocess.run([sys.executable, "-m", "memcli", "mcp", "--user", "kai", "--db", str(db)],
                          input="".join(f"{x}\n" for x in lines).encode(), capture_output=True, env=env, timeout=300)
    return proc.returncode, [json.loads(x) for x in proc.stdout.decode().splitlines()], proc.stderr.decode()


def _statements(db: Path) -> list[str]:
    from memcli import Memory

    with Memory(db=str(db), user="kai") as m:
        return sorted(x.statement for x in m.list())


def test_a_one_shot_pipe_gets_an_answer_for_every_call(db_path, embedder):
    lines = [json.dumps(x) for x in (INIT, INITIALIZED,
                                     _call(2, "remember", {"text": "I grow chillies on my balcony"}),
                                     _call("q3", "search", {"query": "what grows on the balcony"}))]
    code, out, err = _pipe(db_path, lines)
    assert code == 0, err
    assert "Traceback" not in err
    assert [m["id"] for m in out] == [1, 2, "q3"]
    added, found = out[1]["result"], out[2]["result"]
    assert not added["isError"] and added["structuredContent"]["decision"] == "ADD"
    assert [h["statement"] for h in found["structuredContent"]["memories"]] == ["I grow chillies on my balcony"]
    assert _statements(db_path) == ["I grow chillies on my balcony"]


def test_calls_whose_turn_comes_after_the_grace_are_answered_not_run(db_path, embedder):
    """Grace 0: the calls queued behind the first when stdin ends are not run, and say so; what each answer
    says matches the store (a remember is stored exactly when its answer says it was)."""
    texts = {2: "My bicycle is dark green", 3: "I work night shifts at the bakery", 4: "My flat is on the fifth floor"}
    lines = [json.dumps(x) for x in (INIT, INITIALIZED, *(_call(i, "remember", {"text": t}) for i, t in texts.items()))]
    code, out, err = _pipe(db_path, lines, MEMCLI_MCP_EOF_GRACE_S="0")
    assert code == 0, err
    assert [m["id"] for m in out] == [1, 2, 3, 4]
    said_stored = []
    for m in out[1:]:
        res = m["result"]
        if res["isError"]:
            assert res["content"][0]["text"] == (
                "error: remember was not run: the client closed stdin and its turn came more than 0 s later "
                "(setting mcp_eof_grace_s); nothing was changed")
        else:
            said_stored.append(texts[m["id"]])
    assert out[3]["result"]["isError"]  # the last one waited for two calls: past a grace of 0
    assert _statements(db_path) == sorted(said_stored)


def test_an_empty_stdin_ends_the_server_at_once(db_path):
    code, out, err = _pipe(db_path, [])
    assert (code, out) == (0, [])
    assert "Traceback" not in err


def test_json_that_is_no_request_is_answered_with_its_id(db_path):
    """Each answered at once with -32600 (a client that sent it would otherwise wait forever); a blank line
    and a client's response are not answered; the server still serves the next request."""
    bad = ['[{"jsonrpc": "2.0", "id": 5, "method": "ping"}, {"jsonrpc": "2.0", "id": "b5", "method": "ping"}]',
           "42", '{"jsonrpc": "2.0", "id": 6}', '{"id": 7, "method": "ping"}',
           '{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": ["search"]}',
           "", '{"jsonrpc": "2.0", "id": 99, "result": {}}', '{"jsonrpc": "2.0", "id": 9, "method": "ping"}']
    code, out, err = _pipe(db_path, [json.dumps(INIT), *bad])
    assert code == 0, err
    # the bad lines are answered as they are read, the initialize by the server's task: on a loaded machine the
    # first error can come before initialize's answer, so that answer is taken out wherever it is
    assert [m["id"] for m in out].count(1) == 1 and "result" in next(m for m in out if m["id"] == 1)
    out = [m for m in out if m["id"] != 1]
    assert [(m["id"], m.get("error", {}).get("message")) for m in out] == [
        (5, "Invalid Request: a batch (JSON array) is not supported; send one JSON object per line"),
        ("b5", "Invalid Request: a batch (JSON array) is not supported; send one JSON object per line"),
        (None, "Invalid Request: a message is a JSON object, got a number"),
        (6, "Invalid Request: no method"),
        (7, 'Invalid Request: jsonrpc must be "2.0"'),
        (8, "Invalid Request: params must be an object"),
        (9, None)]
    assert all(m["error"]["code"] == -32600 for m in out[:-1]) and out[-1]["result"] == {}


def test_a_client_that_closes_stdout_ends_the_server_quietly(db_path):
    """The answer to a call could not be written (the client closed stdout): once stdin closes too, the
    server ends with exit 0 and nothing on stderr but its start line (it was an internal error, exit 70).
    (While stdin stays open the SDK's reader thread keeps the process, whatever memcli does.)"""
    import time

    pytest.importorskip("mcp")
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMCLI_", "XDG_", "HF_", "PATH"))}
    proc = subprocess.Popen([sys.executable, "-m", "memcli", "mcp", "--user", "kai", "--db", str(db_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        proc.stdin.write((json.dumps(INIT) + "\n").encode())
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["id"] == 1
        proc.stdout.close()
        call = _call(2, "remember", {"text": "My tortoise Basalt sleeps in a shoebox"})
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in (INITIALIZED, call)).encode())
        proc.stdin.flush()
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not _statements(db_path):  # stored: its answer is being written
            time.sleep(0.2)
        time.sleep(1.0)
    finally:
        proc.stdin.close()
    assert proc.wait(timeout=120) == 0
    assert proc.stderr.read().decode().strip().splitlines() == [
        f"memcli mcp: serving the memories of user 'kai' ({db_path}) over stdio"]
    assert _statements(db_path) == ["My tortoise Basalt sleeps in a shoebox"]


def test_a_bad_grace_setting_is_one_line(monkeypatch):
    monkeypatch.setenv("MEMCLI_MCP_EOF_GRACE_S", "-5")
    assert_error(run_cli("--user", "kai", "mcp"), 2, "invalid setting mcp_eof_grace_s: needs a number ≥ 0, got '-5'")


# -- settings resolved once -------------------------------------------------------------------

@pytest.fixture
def resolutions(monkeypatch):
    """How many times the settings are loaded (flags + MEMCLI_* + config file)."""
    import memcli.settings as settings_module

    calls: list[dict] = []
    real = settings_module.load_settings

    def counted(**overrides):  # noqa: ANN003, ANN202
        calls.append(overrides)
        return real(**overrides)

    monkeypatch.setattr(settings_module, "load_settings", counted)
    return calls


@pytest.mark.parametrize("stored", [True, False], ids=["stored", "missing"])
@pytest.mark.parametrize("cmd", [("context", "what do I grow", "--verbose"), ("stats",), ("export",)],
                         ids=lambda c: c[0])
def test_a_command_that_looks_for_the_database_first_resolves_its_settings_once(
        cli, tmp_path, resolutions, cmd, stored):
    db = tmp_path / "kai.db"
    if stored:
        assert cli("--db", str(db), "--user", "kai", "remember", "I grow basil on the windowsill").exit_code == 0
    resolutions.clear()
    r = cli("--db", str(db), "--user", "kai", *cmd)
    assert r.exit_code == (4 if cmd[0] == "export" and not stored else 0), r.stderr
    assert len(resolutions) == 1
    assert db.exists() is stored  # nothing created for a missing file


def test_open_memory_takes_settings_or_the_values_to_resolve_them_from():
    from memcli.cli.app import open_memory, settings_for

    with pytest.raises(TypeError, match="not both"):
        open_memory(db=":memory:", settings=settings_for(":memory:", "kai"))


# -- root and group options between a group and its command -----------------------------------

def test_eval_json_before_the_command_is_the_commands_json(cli, tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"id": "t1", "stored": "I cycle to the office", "incoming": "I ride my bike to work",
                                 "label": "NOOP", "lang": "en", "category": "paraphrase"}) + "\n", encoding="utf-8")
    before = cli("eval", "--json", "decisions", "--pairs", str(pairs))
    after = cli("eval", "decisions", "--pairs", str(pairs), "--json")
    assert before.exit_code == after.exit_code == 0, before.stderr
    assert json.loads(before.stdout)["pairs"] == 1
    assert json.loads(before.stdout) == json.loads(after.stdout)


def test_root_options_between_a_group_and_its_command(cli, tmp_path):
    db = str(tmp_path / "t.db")
    assert cli("--db", db, "--user", "kai", "remember", "I grow basil on the windowsill").exit_code == 0
    made = cli("token", "--db", db, "--user", "kai", "create", "--json")
    assert made.exit_code == 0, made.stderr
    assert json.loads(made.stdout)["user"] == "kai"
    listed = cli("token", "--json", "--db", db, "list")
    assert listed.exit_code == 0 and json.loads(listed.stdout) == json.loads(cli("--db", db, "token", "list",
                                                                                 "--json").stdout)
    found = cli("tools", "--db", db, "-u", "kai", "call", "search", '{"query": "what grows on the windowsill"}')
    assert found.exit_code == 0, found.stderr
    assert [m["statement"] for m in json.loads(found.stdout)["memories"]] == ["I grow basil on the windowsill"]
    assert "--db" not in cli("token", "--help").stdout  # hidden: the group's help lists its own options only


def _two_dead_tasks(db: str) -> None:
    for user, text in (("ann", "I keep bees"), ("bob", "I sing in a choir")):
        assert run_cli("--db", db, "--user", user, "capture", text).exit_code == 0
    con = apsw.Connection(db)
    con.execute("UPDATE memory_capture_outbox SET status = 'dead', last_error = 'x'")
    con.close()


def test_a_groups_own_options_reach_its_command(tmp_path):
    """``outbox --user bob retry --all-dead`` re-queued every user's dead tasks (the group's --user was
    dropped), and ``outbox --db X retry`` opened the default database."""
    db = str(tmp_path / "o.db")
    _two_dead_tasks(db)
    r = run_cli("outbox", "--db", db, "--user", "bob", "--json", "retry", "--all-dead")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == {"requeued": [2]}
    r = run_cli("outbox", "--db", db, "retry", "--all-dead")
    assert (r.exit_code, r.stderr.strip()) == (0, "re-queued 1 task(s): 1")
    missing = tmp_path / "typo.db"
    msg = assert_error(run_cli("outbox", "--db", str(missing), "retry", "--all-dead"), 4)
    assert msg.startswith(f"no memcli database at {missing}:")


@pytest.mark.parametrize(("args", "message"), [
    (("token", "--operator", "create"),
     "No such option: --operator (an option of 'memcli token create': put it after the command); "
     "see 'memcli token --help'"),
    (("outbox", "--all-dead", "retry"),
     "No such option: --all-dead (an option of 'memcli outbox retry': put it after the command); "
     "see 'memcli outbox --help'"),
    (("eval", "--pairs", "p.jsonl", "decisions"),
     "No such option: --pairs (an option of 'memcli eval decisions': put it after the command); "
     "see 'memcli eval --help'"),
    (("token", "--bogus", "list"), "No such option: --bogus; see 'memcli token --help'"),
])
def test_a_commands_option_before_the_command_says_where_it_goes(args, message):
    """A command's own option given to its group was "No such option" and no more: now it names the
    command(s) that take it. Nothing runs (no token made)."""
    assert assert_error(run_cli(*args), 2) == message
    assert not Path(os.environ["MEMCLI_DB"]).exists()
