"""Round 42's operations: the users of a store, a whole store copied between SQLite and PostgreSQL (both ways),
the operator's cap on ``budget_ms`` across CLI, HTTP, MCP and the library, and one table of English irregular
past tenses read by both paths.

One source store (a real SQLite file, the real default model) is built once for the module; every copy goes into
a store of its own (a file, or a fresh PostgreSQL schema of the session's pgserver).
"""

from __future__ import annotations

import json
import math
import re
from datetime import UTC, datetime

import pytest
from conftest import run_cli

from memcli import Admin, Memory
from memcli.errors import BadInputError

ID_FIELDS = re.compile(r'"(id|turn|item|other|source|supersedes|superseded_by)": \d+')


@pytest.fixture(scope="module")
def source(tmp_path_factory, embedder):
    """``(path, tokens)``: a SQLite store with three users — ann (a dated memory corrected, a drained turn giving a
    memory, a drained chatter turn, a forgotten memory, a turn not drained yet, a dead task), ben (one memory), cat
    (a token and nothing else) — and the clear tokens: ann's, the operator's, ben's revoked one."""
    path = str(tmp_path_factory.mktemp("src") / "source.db")
    with Memory(db=path, user="ann", embedder=embedder) as m:
        first = m.remember("I live in Leeds", at="2025-01-05")
        m.capture("My brother Tomas teaches chemistry in Bergen", at="2025-02-01T09:00:00Z")
        m.capture("haha ok, thanks a lot", at="2025-02-01T09:05:00Z")
        m.drain()
        m.correct(first.item_id, "I live in York", at="2025-06-01")
        gone = m.remember("My favourite tea is oolong", at="2025-03-01")
        m.forget(gone.item_id)
        m.capture("I signed up for a pottery class on Thursdays", at="2025-07-01T18:00:00Z", key="k-pottery")
        dead = m.capture("We are repainting the hallway green", at="2025-07-02T18:00:00Z", key="k-hallway")
        m.store.x("UPDATE memory_capture_outbox SET status = 'dead', attempts = 5, last_error = 'x' "
                  "WHERE idempotency_key = ?", (dead.idempotency_key,))
    with Memory(db=path, user="ben", embedder=embedder) as m:
        m.remember("My cat Miso is afraid of thunder")
    with Admin(db=path, embedder=embedder) as adm:
        tokens = {"ann": adm.create_token("ann")["token"], "op": adm.create_token(operator=True)["token"]}
        ben = adm.create_token("ben")
        adm.revoke_token(ben["id"])
        tokens["ben"] = ben["token"]
        tokens["cat"] = adm.create_token("cat")["token"]
    return path, tokens


def _export(db: str, user: str) -> list[dict]:
    """``user``'s ``export --all`` lines with every id (which a copy numbers anew) replaced by N (parsed: PostgreSQL's
    jsonb gives an event's snapshot back in its own key order)."""
    r = run_cli("--db", db, "--user", user, "export", "--all")
    assert r.exit_code == 0, r.stderr
    return [json.loads(re.sub(r"#\d+", "#N", ID_FIELDS.sub(r'"\1": "N"', line))) for line in r.stdout.splitlines()]


def _users(db: str) -> list[dict]:
    r = run_cli("--db", db, "users", "--json")
    assert r.exit_code == 0, r.stderr
    return r.json()


def _search(db: str, embedder, user: str, query: str) -> list[tuple[str, float]]:
    with Memory(db=db, user=user, embedder=embedder) as m:
        return [(h.statement, round(h.score, 6)) for h in m.search(query, limit=5)]


def test_users_lists_every_user_with_what_it_holds(source, cli):
    path, _ = source
    assert _users(path) == [
        {"user": "ann", "active": 2, "ended": 2, "turns": 7, "pending": 1, "dead": 1, "tokens": 1},
        {"user": "ben", "active": 1, "ended": 0, "turns": 1, "pending": 0, "dead": 0, "tokens": 0},
        {"user": "cat", "active": 0, "ended": 0, "turns": 0, "pending": 0, "dead": 0, "tokens": 1},
    ]
    table = cli("--db", path, "users")
    assert table.exit_code == 0 and re.search(r"ann\s+2\s+2\s+7\s+1\s+1\s+1", table.stdout), table.stdout


def _assert_same_store(src: str, dst: str, embedder) -> None:
    for user in ("ann", "ben"):
        assert _export(dst, user) == _export(src, user)
    assert _search(dst, embedder, "ann", "where do I live") == _search(src, embedder, "ann", "where do I live")
    # the dead task is a pending task of the target's drain (docs/formats.md: a turn not drained is captured again)
    want = [{**u, "pending": u["pending"] + u["dead"], "dead": 0} for u in _users(src)]
    assert _users(dst) == want


def test_a_sqlite_store_copied_to_another_file_whole_then_not_again(source, tmp_path, embedder, cli):
    path, tokens = source
    target = str(tmp_path / "copy.db")
    r = cli("--db", path, "copy-store", target, "--json")
    assert r.exit_code == 0, r.stderr
    out = r.json()
    assert [(u["user"], u["status"], u["memories"], u["turns"], u["pending"]) for u in out["users"]] == [
        ("ann", "copied", 4, 3, 2), ("ben", "copied", 1, 0, 0), ("cat", "copied", 0, 0, 0)]
    assert (out["copied"], out["already"], out["tokens"], out["tokens_present"]) == (3, 0, 4, 0)
    _assert_same_store(path, target, embedder)
    with Admin(db=target, embedder=embedder) as adm:  # tokens carried hashed: the clients' tokens still work
        assert adm.token_owner(tokens["ann"]).user == "ann"
        assert adm.token_owner(tokens["op"]).scope == "operator"
        assert adm.token_owner(tokens["ben"]) is None  # revoked stays revoked
        assert adm.token_owner(tokens["cat"]).user == "cat"
    again = cli("--db", path, "copy-store", target)
    assert again.exit_code == 0, again.stderr
    assert "ann: already there (copied before)" in again.stderr
    assert "copied 0 user(s)" in again.stderr and "tokens: 0 copied, 4 already there" in again.stderr
    _assert_same_store(path, target, embedder)  # nothing doubled


def test_sqlite_to_postgresql_and_back(source, pg_url, tmp_path, embedder, cli):
    path, tokens = source
    r = cli("--db", path, "copy-store", pg_url, "--json")
    assert r.exit_code == 0 and r.json()["copied"] == 3, r.stderr
    _assert_same_store(path, pg_url, embedder)
    with Admin(db=pg_url, embedder=embedder) as adm:
        assert adm.token_owner(tokens["ann"]).user == "ann"
    assert cli("--db", path, "copy-store", pg_url, "--json").json()["already"] == 3
    back = str(tmp_path / "back.db")
    r = cli("--db", pg_url, "copy-store", back, "--only", "ann", "--json")
    assert r.exit_code == 0, r.stderr
    assert [u["user"] for u in r.json()["users"]] == ["ann"] and r.json()["tokens"] == 1  # ann's: no operator's
    assert _export(back, "ann") == _export(path, "ann")


def test_a_copy_that_cannot_be_made_writes_nothing_and_says_why(source, tmp_path, embedder, cli):
    path, _ = source
    taken = str(tmp_path / "taken.db")
    with Memory(db=taken, user="ben", embedder=embedder) as m:
        m.remember("My cat Miso sleeps on the radiator")
    before = _users(taken)
    r = cli("--db", path, "copy-store", taken)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "already holds memories or turns of user 'ben'" in r.stderr and "nothing was copied" in r.stderr
    assert _users(taken) == before  # ann and cat, planned before ben, were not written either
    other = str(tmp_path / "other-model.db")
    with Admin(db=other) as adm:
        with adm.store.tx():
            adm.store.meta_set("embed_model", "all-MiniLM-L6-v2")
            adm.store.meta_set("embed_dim", "384")
    r = cli("--db", path, "copy-store", other)
    assert r.exit_code == 5 and "holds vectors of 'all-MiniLM-L6-v2' (dim 384)" in r.stderr, r.stderr
    assert _users(other) == []
    r = cli("--db", path, "copy-store", "postgresql://memcli:s3cret@127.0.0.1:1/memcli")
    assert r.exit_code == 4 and "cannot reach PostgreSQL" in r.stderr and "s3cret" not in r.stderr, r.stderr
    half = str(tmp_path / "half.db")  # a user that fails midway (a turn past this store's limit) leaves nothing
    with Admin(db=path, embedder=embedder, max_turn_chars=30) as adm:
        with pytest.raises(BadInputError, match="max_turn_chars"):
            adm.copy_store(half)
    assert _users(half) == []  # ann's memories, restored before her long turn, were rolled back with it
    for args, words in (((path,), "is the source store itself"), ((taken, "--only", "zed"), "no user 'zed'")):
        r = cli("--db", path, "copy-store", *args)
        assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_a_copy_waits_for_a_running_drain(tmp_path, embedder, cli):
    """Round 43: a drain holding a lease on the source's outbox is still writing: the copy is refused before the
    target is touched; once the lease has run out (a worker that died) the turn is copied as not drained yet."""
    path, target = str(tmp_path / "busy.db"), str(tmp_path / "busy-copy.db")
    with Memory(db=path, user="dee", embedder=embedder) as m:
        m.capture("I keep bees on the roof of our flat", key="k-bees")
        for until, owner in (("2999-01-01T00:00:00.000000Z", "worker-7"), ("2000-01-01T00:00:00.000000Z", "w-0")):
            m.store.x("UPDATE memory_capture_outbox SET status = 'processing', lease_until = ?, lease_owner = ? "
                      "WHERE idempotency_key = 'k-bees'", (until, owner))
            r = cli("--db", path, "copy-store", target, "--json")
            if owner == "worker-7":
                assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
                assert "a drain is working on the source store (1 task(s) leased by worker-7 until 2999-" in r.stderr
                assert "nothing was copied" in r.stderr and "Traceback" not in r.stderr
                from pathlib import Path

                assert not Path(target).exists()  # refused before the target was opened
    assert r.exit_code == 0, r.stderr
    assert [(u["user"], u["pending"]) for u in r.json()["users"]] == [("dee", 1)]


# -- budget_ms: the whole kind on every surface, and the operator's cap over HTTP -----------------------------
BAD_BUDGETS = (0, -1, math.nan, math.inf, True, 10**20, "800")


def test_a_budget_that_is_no_budget_is_refused_everywhere(source, embedder, cli):
    path, _ = source
    with Memory(db=path, user="ann", embedder=embedder) as m:
        for bad in BAD_BUDGETS:
            with pytest.raises(BadInputError, match="budget_ms"):
                m.context("where do I live", budget_ms=bad)
    for bad in ("0", "-3", "nan", "1.5", "99999999999999999999"):
        r = cli("--db", path, "--user", "ann", "context", "where do I live", f"--budget-ms={bad}")
        assert r.exit_code == 2 and r.stderr.startswith("memcli: error:") and r.stderr.count("\n") == 1, r.stderr
    from memcli.tools import tool_definitions

    assert all("budget" not in json.dumps(t) for t in tool_definitions())  # MCP: a model sets no budget at all


def test_the_service_refuses_a_budget_above_the_operators_cap(source, tmp_path, embedder, cli, monkeypatch):
    pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")
    import httpx
    from _http import running

    from memcli.errors import ConfigError
    from memcli.service.app import Service, create_app
    from memcli.settings import load_settings

    path, tokens = source
    base = dict(db=path, server_model_processes=0, server_drain_process=False, server_next_request_drain=False)
    with pytest.raises(ConfigError, match="above server_max_budget_ms"):
        Service(load_settings(**base, budget_ms=3000, server_max_budget_ms=2000), embedder=embedder)
    monkeypatch.setenv("MEMCLI_BUDGET_MS", "20000")  # serve says so once, before any worker starts
    r = cli("--db", path, "serve", "--workers", "2", "--port", "0")
    assert r.exit_code == 2 and "the server's budget_ms (20000 ms) is above server_max_budget_ms" in r.stderr, r.stderr
    monkeypatch.delenv("MEMCLI_BUDGET_MS")
    svc = Service(load_settings(**base, server_max_budget_ms=2000), embedder=embedder)
    auth = {"Authorization": f"Bearer {tokens['ann']}"}
    with running(create_app(service=svc)) as url:
        def ask(budget: object) -> httpx.Response:
            body = json.dumps({"query": "where do I live", "budget_ms": budget}, allow_nan=True)
            return httpx.post(f"{url}/v1/context", content=body, headers={**auth, "content-type": "application/json"})

        for fine, spent in ((2000, 2000), (None, 800)):  # none asked: the server's budget_ms
            r = ask(fine)
            assert r.status_code == 200 and "York" in r.json()["text"], r.text
            assert 1 <= r.json()["budget_ms"] <= spent
        over = ask(2001)
        assert over.status_code == 400, over.text
        assert "budget_ms: 2001 is above this server's cap of 2000 ms" in over.json()["error"]["message"]
        for bad in (0, -5, 1.5, math.nan, "fast", 10**20):
            r = ask(bad)
            assert r.status_code == 400 and "budget_ms" in r.json()["error"]["message"], (bad, r.text)


# -- one table of English irregular past tenses ----------------------------------------------------------------
def test_every_irregular_past_dates_a_yearless_month_back(embedder):
    from memcli.en_past import EN_IRREGULAR_PAST
    from memcli.read.told import tells
    from memcli.write.pair_dates import when_of

    said = datetime(2026, 2, 10, tzinfo=UTC)
    for past in EN_IRREGULAR_PAST:  # told in February: "in March" is the last one, not the coming one
        got = when_of(f"We {past} it in March", said)
        assert (got.year, got.month) == (2025, 3), past
        assert tells(f"Grandpa {past} it"), past  # the read path reads the same forms as a predicate
