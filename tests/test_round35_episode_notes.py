"""Round 35 (issue 24, the drain's write stage): a turn the batch linked to memories and that its memories leave
uncovered used to be read back (linked? its episode row? retired?) before its episode row was written — one
statement of ~200 us a turn. The batch's notes (:class:`memcli.db.episode_fresh.Fresh`) now know each memory the
batch linked to it: when every one was inserted by the batch, active, and no update since wrote its validity, no
memory of the turn is ended, so none retires it and no read is needed. Any other turn is read as before.

Real stores, real vectors where a drain runs (the default model); the episode rows, events and memories must be
those of the reads."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from _procs import jsonl
from _rows import seeded_vec

from memcli import Memory
from memcli.admin import Admin
from memcli.db import active_rows, episode_fresh
from memcli.db.episode_fresh import Fresh
from memcli.db.sqlite import SQLiteStore
from memcli.models import Candidate, Kind

AT = datetime(2026, 4, 2, 9, 0, tzinfo=UTC)
READ = "AS retired"  # the record's read of a turn (linked, was, retired)


def _reads(st: SQLiteStore) -> list[int]:
    """A counter of the record reads ``st`` runs from now on (SQLite's statement trace)."""
    got = [0]

    def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
        got[0] += READ in sql
        return True

    st.conn.exec_trace = trace
    return got


def _cand(text: str) -> Candidate:
    return Candidate(statement=text, kind=Kind.PREFERENCE, salience=0.5, valid_from=AT)


def _turns(monkeypatch, notes: bool) -> tuple[dict[str, bool], int]:  # noqa: ANN001
    """Three turns linked in one transaction — one to an active memory, one to a memory the transaction ended,
    one to a memory stored already ended — recorded as uncovered user turns. Returns each turn's is_episode and
    the reads it took; ``notes`` False: the batch's notes answer nothing about memories (every turn read)."""
    st = SQLiteStore.in_memory()
    sids = {name: st.add_source("ada", role="user", content=f"{name}: a long turn about the weekend and the lake",
                                occurred_at=AT, recorded_at=AT) for name in ("kept", "ended", "born_ended")}
    reads = _reads(st)
    out: dict[str, bool] = {}
    with st.tx():
        st.note_fresh_sources(list(sids.values()))
        for n, (name, sid) in enumerate(sids.items()):
            row = st.insert_item(user_id="ada", candidate=_cand(f"I like the lake number {n}"), origin="extracted",
                                 confidence=0.8, vector=seeded_vec(n), model="m", source_ids=[sid],
                                 invalid_at=AT if name == "born_ended" else None)
            if name == "ended":
                st.update_item(row["id"], invalid_at=AT, invalid_reason="changed")
        with monkeypatch.context() as mp:
            if not notes:
                mp.setattr(Fresh, "unended", lambda self, sid: False)
            for name, sid in sids.items():
                out[name] = st.record_episode("ada", sid, occurred_at=AT, content="a long turn", chatter=False,
                                              vector=None, model=None, now=AT, uncovered=True)
    st.conn.exec_trace = None
    rows = {r["source_id"]: r["is_episode"] for r in st.q("SELECT source_id, is_episode FROM memory_episodes")}
    assert {name: bool(rows[sid]) for name, sid in sids.items()} == out
    st.close()
    return out, reads[0]


def test_a_turn_linked_only_to_active_memories_the_batch_wrote_is_recorded_without_a_read(monkeypatch):
    with_notes, reads = _turns(monkeypatch, notes=True)
    by_reads, all_reads = _turns(monkeypatch, notes=False)
    assert with_notes == by_reads == {"kept": True, "ended": False, "born_ended": False}
    assert (reads, all_reads) == (2, 3)  # the ended and the born-ended turns are still read
    monkeypatch.setattr(episode_fresh, "CHECK", True)  # the saved read made and compared: the same answer
    assert _turns(monkeypatch, notes=True) == (with_notes, 3)


# round 35's own turns: a fact said inside a longer story (the story stays an episode beside the memory)
TURNS = [
    "我喜欢吃火锅，上周末我们一家人去了城南新开的那家店，排队排了一个多小时才吃上，孩子们都很开心",
    "I love hiking, and last Saturday my brother and I walked the whole ridge trail above the reservoir until dusk",
    "我住在杭州，前天傍晚下了一场大雨，我们在西湖边的亭子里躲了半个小时，看着游船一条条回港",
    "My sister is a nurse, and on her day off we drove to the coast and watched the fishing boats come in",
    "我不喜欢吃火锅，昨天在公司楼下的小馆子里随便吃了碗面，下午开会一直开到七点多",
    "I live in Denver now, and yesterday the moving truck got stuck behind a parade for almost two hours",
    "我养了一只猫，叫豆豆，今天早上它把阳台上的花盆打翻了，土撒得到处都是",
    "I have a dog named Biscuit, and this morning he chased a squirrel straight into the neighbour's garden",
]


def _drain(db: Path, embedder, monkeypatch, notes: bool) -> tuple[list, list, list, int]:  # noqa: ANN001
    recs = [{"text": t, "key": f"k{i}", "at": f"2026-04-{1 + i:02d}T10:00:00Z"} for i, t in enumerate(TURNS * 2)]
    with Memory(db=str(db), user="ada", embedder=embedder) as m:
        m.capture_jsonl(jsonl(recs))
    with Admin(db=str(db), embedder=embedder, drain_batch_size=8) as adm:
        reads = _reads(adm.store)
        with monkeypatch.context() as mp:
            if not notes:
                mp.setattr(Fresh, "unended", lambda self, sid: False)
            s = adm.drain()
        adm.store.conn.exec_trace = None
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        out = [adm.store.q(f"SELECT * FROM {t} ORDER BY {k}") for t, k in
               (("memory_episodes", "source_id"), ("memory_events", "id"), ("memory_items", "id"))]
    for rows in out:
        for r in rows:  # wall-clock columns
            for k in ("created_at", "recorded_at", "expired_at", "indexed_at"):
                r.pop(k, None)
    return out[0], out[1], out[2], reads[0]


def test_a_drain_with_the_notes_writes_the_episodes_events_and_memories_of_the_reads(tmp_path: Path, embedder,
                                                                                      monkeypatch):
    *noted, reads = _drain(tmp_path / "a.db", embedder, monkeypatch, notes=True)
    *read, all_reads = _drain(tmp_path / "b.db", embedder, monkeypatch, notes=False)
    assert noted == read
    episodes, events, _ = read
    assert sum(r["is_episode"] for r in episodes) >= 4  # stories kept beside their memories
    assert {"ADD", "CONFLICT"} <= {e["action"] for e in events}  # 不喜欢 and the move end earlier memories
    assert all_reads >= 4 and reads < all_reads
    monkeypatch.setattr(episode_fresh, "CHECK", True)  # every saved read made and compared with the notes
    monkeypatch.setattr(active_rows, "CHECK", True)
    *checked, _ = _drain(tmp_path / "c.db", embedder, monkeypatch, notes=True)
    assert checked == read
