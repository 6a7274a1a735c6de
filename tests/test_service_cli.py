"""``memcli token create / revoke / list`` and ``memcli serve`` as a real process on 127.0.0.1."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import httpx
import pytest

pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")

from _http import free_port, wait_healthy  # noqa: E402
from conftest import ROOT, run_cli  # noqa: E402


def test_token_commands_store_a_digest_and_refuse_bad_input(tmp_path):
    made = run_cli("token", "create", "--user", "alice", "--name", "web", "--json")
    assert made.exit_code == 0, made.stderr
    tok = made.json()
    assert tok["token"].startswith("mcl_") and len(tok["token"]) == 47 and tok["user"] == "alice"
    listed = run_cli("token", "list", "--json").json()
    assert [(r["id"], r["user"], r["scope"], r["name"], r["revoked_at"]) for r in listed] == [
        (tok["id"], "alice", "user", "web", None)]
    assert tok["token"] not in run_cli("token", "list", "--json").stdout
    raw = (tmp_path / "memcli.db").read_bytes()
    assert tok["token"].encode() not in raw  # only the SHA-256 digest is stored
    for args, code in ((("token", "create"), 2), (("token", "create", "--user", "bob", "--operator"), 2),
                       (("token", "create", "--user", "  "), 2), (("token", "revoke", "99"), 3)):
        r = run_cli(*args)
        assert r.exit_code == code, (args, r.stderr)
        assert r.stderr.startswith("memcli: error: ") and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert run_cli("token", "revoke", str(tok["id"])).exit_code == 0
    assert run_cli("token", "revoke", str(tok["id"]), "--json").json() == {"id": tok["id"], "already": True}
    assert run_cli("token", "list", "--json").json()[0]["revoked_at"] is not None


def test_token_create_names_what_is_missing_and_takes_the_root_user(monkeypatch):
    assert run_cli("capture", "hello").exit_code == 0  # a database (token list creates none, round 38)
    empty = run_cli("token", "list")
    assert (empty.exit_code, empty.stdout, empty.stderr) == (0, "", "no tokens (memcli token create --user U)\n")
    neither, both = run_cli("token", "create"), run_cli("token", "create", "--user", "bob", "--operator")
    assert "none was given" in neither.stderr and "not both" not in neither.stderr  # before: "…, not both"
    assert "not both" in both.stderr
    monkeypatch.setenv("MEMCLI_USER", "carol")  # the environment never picks a token's user
    assert run_cli("token", "create").exit_code == 2
    made = run_cli("--user", "dora", "token", "create", "--json")  # as `memcli --user dora list` names her
    assert made.exit_code == 0, made.stderr
    assert made.json()["user"] == "dora" and made.json()["scope"] == "user"
    op = run_cli("--user", "dora", "token", "create", "--operator", "--json").json()
    assert (op["scope"], op["user"]) == ("operator", None)
    assert [(r["user"], r["scope"]) for r in run_cli("token", "list", "--json").json()] == [
        ("dora", "user"), (None, "operator")]
    none_for = run_cli("token", "list", "--user", "erin").stderr
    assert none_for == "no tokens for user 'erin' (memcli token create --user U)\n"


def test_memcli_serve_runs_as_a_process_and_honours_revocation(tmp_path):
    tok = run_cli("token", "create", "--user", "alice", "--json").json()
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "memcli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, 180, proc)
        auth = {"Authorization": f"Bearer {tok['token']}"}
        r = httpx.post(f"{base}/v1/capture", json={"text": "我咖啡不加糖"}, headers=auth, timeout=30)
        assert r.status_code == 200 and r.json()["user"] == "alice"
        assert run_cli("token", "revoke", str(tok["id"])).exit_code == 0
        r = httpx.get(f"{base}/v1/memories", headers=auth, timeout=30)
        assert r.status_code == 401
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    # uvicorn shuts down gracefully, then re-raises the SIGTERM it captured (exit status -15)
    assert proc.returncode in (0, -signal.SIGTERM), err.decode()
    assert b"Traceback" not in err


def test_memcli_serve_on_a_bad_database_is_one_line(tmp_path):
    bad = tmp_path / "not-a-db"
    bad.write_bytes(b"this is not sqlite" * 100)
    r = run_cli("--db", str(bad), "serve", "--port", str(free_port()))
    assert r.exit_code == 4 and r.stderr.startswith("memcli: error: ") and r.stderr.count("\n") == 1


@pytest.mark.parametrize("host", ["127.0.0.1", "no-such-host.invalid"])
def test_memcli_serve_on_an_address_it_cannot_bind_is_one_line(host):
    """A port in use (or a host that is not this machine's) is a one-line error with exit 2 before the
    model loads, not uvicorn's log line after "serving on …" (the new-user trial's finding)."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        r = run_cli("serve", "--host", host, "--port", str(taken.getsockname()[1]))
    assert r.exit_code == 2, r.stderr
    assert r.stderr.startswith("memcli: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert ("already in use" in r.stderr) if host == "127.0.0.1" else ("cannot resolve" in r.stderr)
    assert "serve:" not in r.stderr and "Traceback" not in r.stderr
