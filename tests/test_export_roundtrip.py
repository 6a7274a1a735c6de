"""export → import reproduces a store (format 2): every memory its own row with every field, its
sources, its links (correction, conflict, reinforcement) and its history; idempotent; an import
into a store with data adds beside it; a bad or truncated file writes nothing. Both backends,
real model, real stores."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run_cli

from memcli import Memory

pytestmark = pytest.mark.backends

# fields of a memory that a round trip keeps as they are (ids are compared through the id map)
FIELDS = ("user", "statement", "kind", "slot", "salience", "confidence", "effective_confidence", "origin", "status",
          "valid_from", "invalid_at", "recorded_at", "expired_at", "last_confirmed_at", "confirmations",
          "invalid_reason", "metadata")
EVENT_FIELDS = ("action", "level", "cosine", "judge", "before", "after", "created_at")


def _build(db: str) -> dict[str, dict[str, int]]:
    """alice: a correction, a conflict, a reinforced memory, two near-duplicates, a forgotten one;
    bob: two memories, one with alice's words. Returns each user's ids by role."""
    alice, bob = Memory(db=db, user="alice"), Memory(db=db, user="bob")
    try:
        lyon = alice.remember("I live in Lyon", at="2026-01-05", metadata={"from": "form", "n": [1, None]})
        paris = alice.correct(lyon.item_id, "I live in Paris", at="2026-03-01")
        blue = alice.remember("My favourite colour is blue", at="2026-01-01")
        green = alice.remember("My favourite colour is green", at="2026-02-01")
        assert green.decision == "CONFLICT" and green.other_item_id == blue.item_id
        rex = alice.remember("I have a dog named Rex", at="2026-01-10")
        again = alice.remember("I have a dog called Rex", at="2026-01-20")
        assert again.decision == "NOOP" and again.item_id == rex.item_id  # reinforced, two sources
        cat = alice.remember("I have a cat named Momo", kind="relationship", at="2026-01-11", confidence=0.8)
        dog = alice.remember("I have a dog named Momo", at="2026-01-12")
        assert (cat.decision, dog.decision) == ("ADD", "ADD")  # near-duplicates, two rows
        # stored in this order both hold; decided in valid-time order, the second would refine the first
        hike = alice.remember("I like hiking in the mountains with friends", at="2026-01-14")
        hike2 = alice.remember("I like hiking in the mountains", at="2026-01-13")
        assert (hike.decision, hike2.decision) == ("ADD", "ADD")
        smoke = alice.remember("I smoke", at="2026-01-02")
        alice.forget(smoke.item_id)
        bob.remember("I live in Lyon", at="2026-02-02")
        bob.remember("我喜欢喝绿茶", kind="preference", at="2026-02-03")
        return {"alice": {"lyon": lyon.item_id, "paris": paris.id, "blue": blue.item_id, "green": green.item_id,
                          "rex": rex.item_id, "cat": cat.item_id, "dog": dog.item_id, "smoke": smoke.item_id,
                          "hike": hike.item_id, "hike2": hike2.item_id}}
    finally:
        alice.close()
        bob.close()


def _export(db: str, user: str) -> str:
    with Memory(db=db, user=user) as m:
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in m.export(include_all=True))


def _import(db: str, user: str, text: str) -> tuple[int, int]:
    """(written, skipped) of importing ``text`` for ``user``."""
    with Memory(db=db, user=user) as m:
        recs = m.read_records(text.splitlines())
        return len(out := m.import_records(recs)), len(recs) - len(out)


def _ids(src: Memory, dst: Memory) -> dict[int, int]:
    """Source id → imported id, by (statement, valid_from, recorded_at) — unique in these stores."""
    key = {(i.statement, i.valid_from, i.recorded_at): i.id for i in dst.list(include_all=True)}
    return {i.id: key[(i.statement, i.valid_from, i.recorded_at)] for i in src.list(include_all=True)}


def _same_store(src: Memory, dst: Memory) -> None:
    ids = _ids(src, dst)
    a, b = src.list(include_all=True), {i.id: i for i in dst.list(include_all=True)}
    assert len(a) == len(b) == len(ids)
    for i in a:
        j = b[ids[i.id]]
        assert {f: getattr(j, f) for f in FIELDS} == {f: getattr(i, f) for f in FIELDS if f != "invalid_reason"} | {
            "user": j.user, "invalid_reason": _renumber(i.invalid_reason, ids)}, i.statement
        assert j.supersedes_id == (i.supersedes_id and ids[i.supersedes_id])
        assert j.superseded_by_id == (i.superseded_by_id and ids[i.superseded_by_id])
        # sources: the same words, said at the same times
        srcs = [src.store.sources_of(src.user, [i.id]), dst.store.sources_of(dst.user, [j.id])]
        assert [[(r["role"], r["content"], r["session_id"], str(r["occurred_at"]), str(r["recorded_at"]))
                 for r in rows] for rows in srcs] == [[(r["role"], r["content"], r["session_id"],
                                                        str(r["occurred_at"]), str(r["recorded_at"]))
                                                       for r in srcs[0]]] * 2
        # history: the same lineage and events, in the same order
        h1, h2 = src.history(i.id), dst.history(j.id)
        assert sorted(ids[x.id] for x in h1["items"]) == sorted(x.id for x in h2["items"])
        assert [(e.item_id and ids[e.item_id], e.other_item_id and ids[e.other_item_id],
                 _renumber(e.reason, ids), *(getattr(e, f) for f in EVENT_FIELDS)) for e in h1["events"]] == \
               [(e.item_id, e.other_item_id, e.reason, *(getattr(e, f) for f in EVENT_FIELDS)) for e in h2["events"]]


def _renumber(text: str | None, ids: dict[int, int]) -> str | None:
    return text and re.sub(r"#(\d+)", lambda m: f"#{ids.get(int(m[1]), m[1])}", text)


def test_a_round_trip_reproduces_every_user(db, new_db, embedder):
    made = _build(db)
    fresh = new_db("fresh")
    for user in ("alice", "bob"):
        text = _export(db, user)
        assert _import(fresh, user, text) == (text.count("\n") - 1, 0)
    with Memory(db=db, user="alice") as a, Memory(db=fresh, user="alice") as b:
        _same_store(a, b)
        ids = _ids(a, b)
        al = made["alice"]
        paris, lyon = b.show(ids[al["paris"]]), b.show(ids[al["lyon"]])
        assert (paris.supersedes_id, lyon.superseded_by_id, lyon.status) == (lyon.id, paris.id, "invalid")
        assert [e.action for e in b.history(ids[al["green"]])["events"]] == ["ADD", "CONFLICT"]
        rex = b.show(ids[al["rex"]])
        assert rex.confirmations == 2 and len(rex.source_ids) == 2
        assert b.show(ids[al["cat"]]).statement != b.show(ids[al["dog"]]).statement  # both kept
        assert b.show(ids[al["smoke"]]).status == "forgotten"
        assert {b.show(ids[al[k]]).status for k in ("hike", "hike2")} == {"active"}
        for q in ("where do I live", "my dog", "favourite colour", "Momo"):
            assert [(h.statement, h.score) for h in a.search(q, limit=5)] == \
                   [(h.statement, h.score) for h in b.search(q, limit=5)], q
            assert a.context(q, budget_ms=60000).text == b.context(q, budget_ms=60000).text, q
    with Memory(db=db, user="bob") as a, Memory(db=fresh, user="bob") as b:
        _same_store(a, b)
        assert [i.statement for i in b.list()] == ["我喜欢喝绿茶", "I live in Lyon"]
    # a second round trip (fresh → empty) is exact, ids included
    again = new_db("again")
    alice = _export(fresh, "alice")
    _import(again, "alice", alice)
    assert _export(again, "alice") == alice


def test_importing_twice_changes_nothing_and_data_already_there_stays(db, new_db, embedder):
    _build(db)
    text = _export(db, "alice")
    n = text.count("\n") - 1
    other = new_db("other")
    with Memory(db=other, user="alice") as m:  # an unrelated memory, and one with a statement of the file
        tea = m.remember("I like green tea", at="2026-01-03")
        lyon = m.remember("I live in Lyon", at="2026-01-05")
        before = {i.id: i for i in m.list(include_all=True)}
    assert _import(other, "alice", text) == (n, 0)  # the same words are not the same memory: kept apart
    first = _export(other, "alice")
    assert _import(other, "alice", text) == (0, n)
    assert _export(other, "alice") == first
    with Memory(db=other, user="alice") as m:
        now = {i.id: i for i in m.list(include_all=True)}
        assert len(now) == n + 2 and now[tea.item_id] == before[tea.item_id]
        assert now[lyon.item_id] == before[lyon.item_id]


def test_only_an_exact_identity_is_skipped(db, new_db, embedder):
    """Two lines with the same words but recorded apart are two memories (no merge on import)."""
    with Memory(db=db, user="alice") as m:
        m.remember("I have a dog named Rex", at="2026-01-10")
    *lines, _ = _export(db, "alice").splitlines()
    twin = json.loads(lines[0]) | {"id": 99, "recorded_at": "2026-11-01T00:00:00.000001Z", "events": []}
    text = "\n".join([lines[0], json.dumps(twin), json.dumps({"v": 2, "records": 2})]) + "\n"
    fresh = new_db("fresh")
    assert _import(fresh, "alice", text) == (2, 0)
    with Memory(db=fresh, user="alice") as m:
        assert [i.statement for i in m.list()] == ["I have a dog named Rex"] * 2


def _counts(db: str) -> tuple[int, int, int]:
    with Memory(db=db, user="alice") as m:
        return len(m.list(include_all=True)), m.stats()["sources"], sum(len(m.history(i.id)["events"])
                                                                         for i in m.list(include_all=True))


@pytest.mark.parametrize("cut, expect", [
    (lambda t: t[:len(t) * 2 // 3], "not valid JSON"),  # cut inside a line
    (lambda t: "".join(t.splitlines(keepends=True)[:-2]), "no end line"),  # cut at a line end
    (lambda t: "".join(t.splitlines(keepends=True)[1:]), "the end line says 10 memory line(s), the file has 9"),
    (lambda t: t + '{"v": 2, "records": 0}\n', "must be the last line, once"),
    (lambda t: t.replace('"v": 2', '"v": 3', 1), "line 1: unknown format v=3"),
])
def test_a_bad_or_truncated_file_writes_nothing(db, new_db, embedder, cut, expect):
    _build(db)
    text = _export(db, "alice")
    other = new_db("other")
    with Memory(db=other, user="alice") as m:
        m.remember("I like green tea", at="2026-01-03")
    before = _counts(other)
    r = run_cli("--db", other, "--user", "alice", "import", "-", input=cut(text))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert expect in r.stderr and r.stderr.strip().endswith("nothing was written"), r.stderr
    assert _counts(other) == before


def test_one_file_may_mix_the_old_format_with_the_new(db, new_db, embedder):
    """A line without ``v`` (format 1, what export wrote before) goes through the decision as
    before; the format-2 lines beside it are restored as they were."""
    with Memory(db=db, user="alice") as m:
        m.remember("I have a dog named Rex", at="2026-01-10")
    *lines, end = _export(db, "alice").splitlines()
    old = json.dumps({"text": "I have a dog called Rex", "at": "2026-01-20T00:00:00Z"})
    fresh = new_db("fresh")
    with Memory(db=fresh, user="alice") as m:
        out = m.import_records(m.read_records([*lines, old, end]))
        assert [r.decision for r in out] == ["ADD", "NOOP"]  # the old line reinforces the restored row
        (rex,) = m.list(include_all=True)
        assert (rex.origin, rex.confirmations) == ("explicit", 2)


# -- the turns the memories came from, quoted as episodes beside them (a new user's trial) -------------
TURNS = ["我住在苏州，每天早上骑车去公司上班，路上会经过一座很老的石桥",
         "My daughter Mia started at Lincoln Elementary this spring and the neighbours brought us a lasagna",
         "I finally repainted the spare bedroom a pale shade of sage green over the long weekend"]
QUOTE_QUERY = "我上班路上会经过什么？"


def _turns(m: Memory) -> list[tuple[str, object]]:
    return [(e["text"], e["at"]) for e in m.episodes()]


def _drained(db: str) -> list[tuple[str, object]]:
    """alice: three turns drained with the default extractor — two memories from the first (quoted
    beside them), one from each other; the third quoted too, then its episode forgotten. Returns
    alice's episodes."""
    with Memory(db=db, user="alice") as m:
        ids = [m.capture(t, at=f"2026-05-0{n + 1}T09:00:00Z").source_id for n, t in enumerate(TURNS)]
        m.drain()
        assert sorted(i.source_ids[0] for i in m.list()) == [ids[0], ids[0], ids[1], ids[2]], m.list()
        assert [t for t, _ in _turns(m)] == [TURNS[0], TURNS[2]]
        m.forget_episode(ids[2])
        return _turns(m)


def test_a_round_trip_quotes_the_same_turns(db, new_db, embedder):
    """``export --all`` → ``import``: the turns come back once each (a turn two memories share is one
    source), quoted as they were (a forgotten episode stays forgotten), and the question only a turn's
    quote answers gets the same block; a second import writes nothing."""
    said = _drained(db)
    text = _export(db, "alice")
    assert '"episode": true' in text and '"episode": false' in text
    fresh = new_db("fresh")
    n = text.count("\n") - 1
    assert _import(fresh, "alice", text) == (n, 0)
    with Memory(db=db, user="alice") as a, Memory(db=fresh, user="alice") as b:
        assert _turns(b) == said and [t for t, _ in said] == TURNS[:1]
        assert b.stats()["sources"] == a.stats()["sources"] == 3
        block = a.context(QUOTE_QUERY, budget_ms=60000).text
        assert "石桥" in block and b.context(QUOTE_QUERY, budget_ms=60000).text == block
        for m in (a, b):
            assert [h.statement for h in m.search("石桥", limit=3) if h.origin == "episode"] == [TURNS[0]]
    assert _import(fresh, "alice", text) == (0, n)
    with Memory(db=fresh, user="alice") as b:
        assert _turns(b) == said and b.stats()["sources"] == 3


def test_a_file_without_episode_flags_quotes_the_turns_as_the_drain_would(db, new_db, embedder):
    """A format-2 file of an older memcli (no ``"episode"`` on its sources): each user turn is classified
    again by the drain's test against the file's memories drawn from it."""
    _drained(db)
    old = re.sub(r', "episode": (true|false)', "", _export(db, "alice"))
    assert '"episode"' not in old
    fresh = new_db("fresh")
    _import(fresh, "alice", old)
    with Memory(db=fresh, user="alice") as b:
        # the forgotten one is quoted again (the file does not say), the one its memory holds whole is not
        assert [t for t, _ in _turns(b)] == [TURNS[0], TURNS[2]]
        assert "石桥" in b.context(QUOTE_QUERY, budget_ms=60000).text


def test_a_truncated_file_writes_no_turn_either(db, new_db, embedder):
    _drained(db)
    text = _export(db, "alice")
    fresh = new_db("fresh")
    r = run_cli("--db", fresh, "--user", "alice", "import", "-", input="".join(text.splitlines(True)[:-1]))
    assert r.exit_code == 2 and "nothing was written" in r.stderr, r.stderr
    with Memory(db=fresh, user="alice") as b:
        assert (b.stats()["sources"], b.episodes(), b.list(include_all=True)) == (0, [], [])


# -- export --all holds every turn: the turns no memory holds too (chatter, episodes, assistant, pending) ----
def _loose(m: Memory) -> list[tuple]:
    """alice's turns no memory holds, as stored: (role, text, said, recorded, episode, pending, its key)
    (a drained turn is restored without its done task, as a memory's turns are)."""
    return [(r["role"], r["content"], str(r["occurred_at"]), str(r["recorded_at"]),
             None if r["is_episode"] is None else bool(r["is_episode"]), r["status"] == "pending",
             r["idempotency_key"] if r["status"] == "pending" else None) for r in m.store.loose_sources(m.user)]


def test_export_all_then_import_keeps_the_turns_that_gave_no_memory(db, new_db, embedder):
    from test_episodes import PARK, RAMEN, FindsNothing

    with Memory(db=db, user="alice", extractor=FindsNothing()) as m:
        m.remember("I have a dog named Rex", at="2026-04-01")
        ids = [m.capture(t, at=f"2026-04-0{n + 2}T09:00:00Z").source_id
               for n, t in enumerate([PARK, RAMEN, "谢谢你啊", "Thanks a lot!"])]
        m.capture("Glad to help!", role="assistant", at="2026-04-06T09:00:01Z")
        assert m.drain().episodes == 2
        m.forget_episode(ids[1])  # forgotten: not an episode again after the round trip either
        m.capture("We walked along the canal after dinner", at="2026-04-07T20:00:00Z", key="late-1")  # not drained
        said, loose = _turns(m), _loose(m)
    assert [t for t, _ in said] == [PARK] and len(loose) == 6 and loose[-1][5:] == (True, "late-1")
    text = run_cli("--db", db, "--user", "alice", "export", "--all").stdout
    assert text.splitlines()[-1] == '{"v": 2, "records": 1, "turns": 6}'
    fresh = new_db("fresh")
    r = run_cli("--db", fresh, "--user", "alice", "import", "-", "--json", input=text)
    assert r.exit_code == 0, r.stderr
    assert {k: r.json()[k] for k in ("records", "skipped", "turns", "turns_skipped")} == \
        {"records": 1, "skipped": 0, "turns": 6, "turns_skipped": 0}
    with Memory(db=db, user="alice") as a, Memory(db=fresh, user="alice") as b:
        assert _loose(b) == loose and _turns(b) == said
        assert b.stats()["sources"] == a.stats()["sources"] == 7 and b.stats()["outbox"]["pending"] == 1
        for m in (a, b):  # the episode is found in both; the forgotten one and the chatter in neither
            assert [h.statement for h in m.search("翠湖公园的樱花", limit=5) if h.origin == "episode"] == [PARK]
            assert not [h for h in m.search("ramen on Fifth Street", limit=5) if h.origin == "episode"]
    r = run_cli("--db", fresh, "--user", "alice", "import", "-", input=text)  # a second import writes nothing
    assert r.exit_code == 0 and "turns no memory holds: 0 restored, 6 already present" in r.stderr, r.stderr
    with Memory(db=fresh, user="alice") as b:
        assert _loose(b) == loose and b.stats()["sources"] == 7
        b.drain()  # the turn not drained in the first store is drained in this one
        assert b.stats()["outbox"]["pending"] == 0
    again = new_db("again")  # a copy of the copy holds the same turns
    run_cli("--db", again, "--user", "alice", "import", "-",
            input=run_cli("--db", fresh, "--user", "alice", "export", "--all").stdout)
    with Memory(db=fresh, user="alice") as b, Memory(db=again, user="alice") as c:
        assert _loose(c) == _loose(b) == loose[:-1] and _turns(c) == _turns(b)


def test_export_all_with_episodes_is_refused(db):
    r = run_cli("--db", db, "--user", "alice", "export", "--all", "--episodes")
    assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stderr.startswith("memcli: error: --all and --episodes are two exports"), r.stderr


def test_a_file_cut_before_its_turn_lines_writes_nothing(db, new_db, embedder):
    from test_episodes import PARK, FindsNothing

    with Memory(db=db, user="alice", extractor=FindsNothing()) as m:
        m.capture(PARK, at="2026-04-02T09:00:00Z")
        m.drain()
    *lines, end = run_cli("--db", db, "--user", "alice", "export", "--all").stdout.splitlines()
    fresh = new_db("fresh")
    r = run_cli("--db", fresh, "--user", "alice", "import", "-", input="\n".join([*lines[:-1], end]) + "\n")
    assert r.exit_code == 2 and "the end line says 1 turn line(s), the file has 0" in r.stderr, r.stderr
    with Memory(db=fresh, user="alice") as b:
        assert (b.stats()["sources"], b.episodes()) == (0, [])
