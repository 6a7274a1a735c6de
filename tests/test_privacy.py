"""Privacy: after ``forget --purge`` the purged text is nowhere in the database.

SQLite: checked on the raw bytes of the main file, its ``-wal`` and ``-shm``, for the text
itself, for the jieba tokens the FTS5 index derived from a Chinese phrase, and for the stored
embedding; and through SQL over every table, FTS5 and vec0 shadow tables included.
PostgreSQL (the same tests, marked ``backends``): "raw bytes" are every row of every memcli
table rendered as text (lexemes and vectors included), and the SQL scan covers every column;
what stays outside the tables (free space until reuse, WAL, replicas, backups) is documented
in docs/scale-out.md. Each check first proves it can see the text before the purge (a
positive control), so a test that passes is not blind.
"""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from memcli import Memory
from memcli.db.postgres.url import is_pg_url
from memcli.text import fts_terms, search_tokens
from memcli.write.extract import Extractor

pytestmark = pytest.mark.backends

EN = "My locker combination is zqxprivacymarker 7-19-33"
ZH = "我把备用钥匙藏在鸢尾花紫罗兰盆栽底下"
#: jieba tokens of ZH that no other memory of these tests produces
ZH_TOKENS = ["鸢尾", "鸢尾花", "紫罗兰", "盆栽"]
OTHERS = ["I take my coffee without sugar", "我妈妈的生日是3月5号", "My sister lives in Lyon"]


class FindsNothing(Extractor):
    """Misses every fact: a drained turn can only be kept as an episode."""

    name = "finds-nothing"

    def extract(self, utt):  # noqa: ANN001, ANN201
        return []


def _pg_tables(conn) -> list[str]:  # noqa: ANN001
    return [r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables "
                                       "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")]


def raw_bytes(db: Path | str) -> bytes:
    if is_pg_url(db):  # every row of every table, as text (tsvector lexemes and vectors included)
        from _procs import connect

        conn = connect(db)
        try:
            return b"\n".join(str(conn.execute(f'SELECT string_agg(x::text, E\'\\n\') FROM "{t}" x').fetchone()[0]
                                   or "").encode("utf-8") for t in _pg_tables(conn))
        finally:
            conn.close()
    return b"".join(Path(str(db) + sfx).read_bytes() for sfx in ("", "-wal", "-shm")
                    if Path(str(db) + sfx).exists()) + vector_file_bytes(db)


def vector_file_bytes(db: Path | str) -> bytes:
    """Every file under ``<db>.vectors`` (the vector files of big users, leftovers included)."""
    root = Path(str(db) + ".vectors")
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()) if root.exists() else b""


def needles(text: str, vector: bytes | None) -> dict[str, bytes]:
    out = {"text": text.encode("utf-8")}
    for tok in ZH_TOKENS:
        if tok in text:
            out[f"token {tok}"] = tok.encode("utf-8")
    if text == EN:
        out["marker"] = b"zqxprivacymarker"
    if isinstance(vector, str):  # PostgreSQL: the vector as the server prints it
        out["embedding"] = vector.encode("utf-8")
    elif vector is not None:
        # vec0 keeps vectors in a chunk blob spread over overflow pages, so a vector may be
        # split at a page boundary: look for its 64-byte pieces instead.
        for i in range(0, len(vector), 64):
            out[f"embedding[{i}:{i + 64}]"] = vector[i:i + 64]
    return out


def _pg_sql_hits(db: str, needle: str) -> list[str]:
    from _procs import connect

    conn = connect(db)
    hits = []
    try:
        for t in _pg_tables(conn):
            cols = [r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                               "table_schema = current_schema() AND table_name = ? "
                                               "ORDER BY ordinal_position", (t,))]
            for c in cols:
                sql = f'SELECT count(*) FROM "{t}" WHERE strpos("{c}"::text, ?) > 0'
                if conn.execute(sql, (needle,)).fetchone()[0]:
                    hits.append(f"{t}.{c}")
        lexeme = "'" + needle.casefold().replace("'", "''") + "'"
        for fts in ("memory_fts", "memory_episodes"):  # the memories' and the episodes' lexemes (issue 19)
            if conn.execute(f"SELECT count(*) FROM {fts} WHERE tokens @@ ?::tsquery", (lexeme,)).fetchone()[0]:
                hits.append("fts5vocab")  # a lexeme of a full-text index (SQLite: an FTS5 vocabulary term)
    finally:
        conn.close()
    return hits


def sql_hits(db: Path | str, needle: str) -> list[str]:
    """Tables (shadow tables included) with a TEXT/BLOB cell containing ``needle``, and FTS5
    vocabulary terms equal to it."""
    if is_pg_url(db):
        return _pg_sql_hits(str(db), needle)
    conn = apsw.Connection(str(db))
    conn.enable_load_extension(True)
    import sqlite_vec

    conn.load_extension(sqlite_vec.loadable_path())
    hits = []
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")]
        for t in tables:
            cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{t}")')]
            for c in cols:
                n = conn.execute(f'SELECT count(*) FROM "{t}" WHERE instr(CAST("{c}" AS BLOB), CAST(? AS BLOB)) > 0',
                                 (needle,)).fetchone()[0]
                if n:
                    hits.append(f"{t}.{c}")
        for fts in ("memory_fts", "memory_episode_fts"):  # the memories' and the episodes' (issue 19)
            conn.execute(f"CREATE VIRTUAL TABLE temp.vocab_{fts} USING fts5vocab(main, {fts}, row)")
            if conn.execute(f"SELECT count(*) FROM temp.vocab_{fts} WHERE term = ?",
                            (needle.casefold(),)).fetchone()[0]:
                hits.append("fts5vocab")
    finally:
        conn.close()
    return hits


def _pg_rows_of(db: str, user: str, needle: str) -> dict[str, int]:
    from _procs import connect

    conn = connect(db)
    out = {}
    try:
        for table, where in [("memory_sources", "content"), ("memory_items", "statement"),
                             ("memory_events", "coalesce(before::text, '') || coalesce(after::text, '') || "
                                               "coalesce(reason, '')")]:
            n = conn.execute(f"SELECT count(*) FROM {table} WHERE user_id = ? AND strpos({where}, ?) > 0",
                             (user, needle)).fetchone()[0]
            if n:
                out[table] = n
        query = " & ".join("'" + t.replace("'", "''") + "'" for t in fts_terms(search_tokens(needle)))
        n = conn.execute("SELECT count(*) FROM memory_fts WHERE user_id = ? AND tokens @@ ?::tsquery",
                         (user, query)).fetchone()[0]
        if n:
            out["memory_fts"] = n
    finally:
        conn.close()
    return out


def rows_of(db: Path | str, user: str, needle: str) -> dict[str, int]:
    """Rows of ``user`` per table whose text columns contain ``needle`` (FTS: its tokens)."""
    if is_pg_url(db):
        return _pg_rows_of(str(db), user, needle)
    conn = apsw.Connection(str(db))
    out = {}
    try:
        for table, where in [("memory_sources", "content"), ("memory_items", "statement"),
                             ("memory_events", "coalesce(before, '') || coalesce(after, '') || coalesce(reason, '')")]:
            n = conn.execute(f"SELECT count(*) FROM {table} WHERE user_id = ? AND instr({where}, ?) > 0",
                             (user, needle)).fetchone()[0]
            if n:
                out[table] = n
        toks = " ".join(fts_terms(search_tokens(needle)))  # the index's terms (English words stemmed)
        n = conn.execute("SELECT count(*) FROM memory_fts WHERE user_id = ? AND instr(tokens, ?) > 0",
                         (user, toks)).fetchone()[0]
        if n:
            out["memory_fts"] = n
    finally:
        conn.close()
    return out


def alice_outbox_keys(db: str | str) -> set[str]:
    from _procs import connect

    conn = connect(db)
    try:
        return {r[0] for r in conn.execute("SELECT idempotency_key FROM memory_capture_outbox WHERE user_id = 'alice'")}
    finally:
        conn.close()


@pytest.fixture
def stored(db: str, embedder):
    """alice: the two secrets (one of them corrected, one forgotten first) among ordinary
    memories; bob: his own copy of the English secret, which alice's purge must not touch."""
    with Memory(db=db, user="alice") as m:
        ids = {t: m.remember(t).item_id for t in [*OTHERS, EN, ZH]}
        m.capture(EN, key="cap-en")  # a raw utterance of the same text (not linked: purged too)
    with Memory(db=db, user="alice", extractor=FindsNothing()) as m:  # ... kept as an episode (issue 19)
        m.capture(f"我跟你说过：{ZH}", key="cap-zh")
        assert m.drain().episodes == 2
        assert sorted(e["text"] for e in m.episodes()) == [EN, f"我跟你说过：{ZH}"]
    with Memory(db=db, user="alice") as m:
        m.forget(ids[ZH])  # a plain forget first: events with snapshots of the text
        fixed = m.correct(ids[OTHERS[2]], "My sister lives in Paris")
        cast = "::text" if is_pg_url(db) else ""
        vectors = {t: m.store.scalar(f"SELECT embedding{cast} FROM memory_vec WHERE item_id = ?", (i,))
                   for t, i in ids.items()}
    with Memory(db=db, user="bob") as m:
        bob_id = m.remember(EN + " (bob)").item_id
    return {"ids": ids, "vectors": vectors, "corrected": fixed.id, "bob": bob_id}


@pytest.mark.parametrize("text", [EN, ZH], ids=["en", "zh"])
def test_purge_leaves_no_trace_in_files(cli, db: str, stored, text: str):
    item_id = stored["ids"][text]
    vec = stored["vectors"][text]
    assert (isinstance(vec, bytes) and len(vec) == 512 * 4) or \
        (isinstance(vec, str) and vec.count(',') == 511)  # USE multilingual v3: 512 float32
    found = needles(text, vec)
    before = raw_bytes(db)
    blind = [what for what, needle in found.items() if needle not in before]  # positive control
    assert len([b for b in blind if b.startswith("embedding")]) <= 2, blind  # ≤2 pieces split by a page edge
    assert not [b for b in blind if not b.startswith("embedding")], f"the check is blind to {blind}"
    for tok in ZH_TOKENS if text == ZH else []:
        assert tok in search_tokens(text)
        assert "fts5vocab" in sql_hits(db, tok)

    r = cli("--db", db, "--user", "alice", "forget", str(item_id), "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["purged"] is True

    after = raw_bytes(db)
    hits = [what for what, needle in found.items() if needle in after]
    if text == EN:
        # bob's copy stays by design, so the full text remains in his rows only; alice's
        # captured utterance of the same text (never linked to the item) is purged too.
        assert set(sql_hits(db, text)) <= {"memory_sources.content", "memory_items.statement",
                                                 "memory_events.after", "memory_fts_content.c0"}
        assert rows_of(db, "alice", text) == {}
        assert alice_outbox_keys(db) == {"cap-zh"}  # its task went with it; the other episode's stays
        assert rows_of(db, "bob", text) == {"memory_sources": 1, "memory_items": 1, "memory_events": 1,
                                                "memory_fts": 1}
        hits = [h for h in hits if h not in ("text", "marker")]
    else:
        assert sql_hits(db, text) == []
        for tok in ZH_TOKENS:
            assert sql_hits(db, tok) == [], tok
    assert hits == [], f"purged data still in the raw database files: {hits}"

    # The purge is recorded without the text; bob and the other memories are intact.
    from _procs import connect

    conn = connect(db)
    try:
        assert conn.integrity_ok()
        assert conn.execute("SELECT count(*) FROM memory_items WHERE id = ?", (item_id,)).fetchone()[0] == 0
        ev = conn.execute("SELECT action, reason FROM memory_events WHERE item_id = ?", (item_id,)).fetchall()
        assert [e[0] for e in ev] == ["PURGE"] and text not in ev[0][1]
        assert conn.execute("SELECT statement FROM memory_items WHERE id = ?",
                            (stored["bob"],)).fetchone()[0] == EN + " (bob)"
    finally:
        conn.close()
    listed = cli("--db", db, "--user", "alice", "list", "--all", "--json").json()
    assert {m["statement"] for m in listed} == {*OTHERS, "My sister lives in Paris", EN, ZH} - {text}
    assert cli("--db", db, "--user", "alice", "show", str(item_id)).exit_code == 3


def test_plain_forget_keeps_text_for_history(cli, db: str, stored):
    """Without --purge the memory is retired, not erased: history still shows it."""
    item_id = stored["ids"][ZH]
    h = cli("--db", db, "--user", "alice", "history", str(item_id), "--json").json()
    assert [i["statement"] for i in h["items"]] == [ZH]
    assert h["items"][0]["status"] == "forgotten"
    assert ZH.encode() in raw_bytes(db)


def test_purge_of_a_corrected_memory_erases_the_old_version_text(cli, db: str, stored):
    """Purging the old version of a corrected memory removes its text and the CORRECT event
    holding its snapshot; the correction itself stays."""
    old_id = stored["ids"][OTHERS[2]]
    assert sql_hits(db, "Lyon")
    r = cli("--db", db, "--user", "alice", "forget", str(old_id), "--purge")
    assert r.exit_code == 0, r.stderr
    assert sql_hits(db, "Lyon") == []
    assert b"Lyon" not in raw_bytes(db)
    shown = cli("--db", db, "--user", "alice", "show", str(stored["corrected"]), "--json").json()
    assert shown["statement"] == "My sister lives in Paris" and shown["supersedes_id"] is None


def test_purge_by_another_user_is_not_found_and_erases_nothing(cli, db: str, stored):
    before = raw_bytes(db)
    assert EN.encode() in before
    r = cli("--db", db, "--user", "bob", "forget", str(stored["ids"][EN]), "--purge")
    assert r.exit_code == 3, r.stderr
    assert {"memory_sources.content", "memory_items.statement"} <= set(sql_hits(db, EN))  # any table order
    assert rows_of(db, "alice", EN) == {"memory_sources": 2, "memory_items": 1, "memory_events": 1,
                                             "memory_fts": 1}


def test_purge_of_a_drained_memory_erases_the_utterances_it_came_from(cli, db: str, embedder):
    """capture → drain → purge: the utterances the memory was distilled from (also the one
    that only reinforced it) and their outbox tasks go with it; other utterances stay."""
    with Memory(db=db, user="alice") as m:
        m.capture("我喜欢鸢尾花紫罗兰", key="a", at="2026-03-01")
        m.capture("我真的很喜欢鸢尾花紫罗兰", key="b", at="2026-03-02")
        m.capture("I really love green tea", key="c", at="2026-03-03")
        assert m.drain().done == 3
        target = next(i for i in m.list() if "紫罗兰" in i.statement)
        assert len(target.source_ids) == 2
    before = raw_bytes(db)
    assert "我真的很喜欢鸢尾花紫罗兰".encode() in before and "紫罗兰".encode() in before
    r = cli("--db", db, "--user", "alice", "forget", str(target.id), "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["sources"] == 2
    after = raw_bytes(db)
    for needle in ["紫罗兰", "鸢尾"]:
        assert needle.encode() not in after, needle
        assert sql_hits(db, needle) == [], needle
    stats = cli("--db", db, "--user", "alice", "stats", "--json").json()
    assert stats["sources"] == 1 and stats["outbox"]["done"] == 1
    assert [i["statement"] for i in cli("--db", db, "--user", "alice", "list", "--json").json()] == \
        ["I really love green tea"]


def test_purge_while_another_process_reads_is_honest(cli, db_path: Path, embedder, monkeypatch):
    """A reader mid-transaction stops the final checkpoint: the old text then survives in the
    -wal file, so the purge must not report plain success — it is committed, so it is answered as
    done (exit 0) with a note saying where the text may linger; once every connection is closed
    the text is gone."""
    with Memory(db=str(db_path), user="alice") as m:
        doomed = m.remember(EN).item_id
        m.remember(OTHERS[0])
    monkeypatch.setenv("MEMCLI_BUSY_TIMEOUT_MS", "200")
    reader = apsw.Connection(str(db_path))
    reader.execute("BEGIN")
    assert reader.execute("SELECT count(*) FROM memory_items").fetchone()[0] == 2
    try:
        r = cli("--db", str(db_path), "--user", "alice", "forget", str(doomed), "--purge")
        assert r.exit_code == 0, (r.exit_code, r.stderr)
        assert r.stderr.splitlines()[0] == f"purged #{doomed}", r.stderr
        assert r.stderr.splitlines()[1].startswith("note: another process was reading") and "-wal" in r.stderr
    finally:
        reader.execute("COMMIT")
        reader.close()
    assert cli("--db", str(db_path), "--user", "alice", "show", str(doomed)).exit_code == 3
    assert b"zqxprivacymarker" not in raw_bytes(db_path)  # last connection closed: WAL checkpointed away


def test_purge_of_an_episode_leaves_no_trace_in_files(cli, db: str, embedder):
    """``forget ID --episode --purge``: the turn's text, its full-text tokens and its vector are
    gone from the files (positive control first); the other episode stays (issue 19)."""
    said = "我把旧护照收在绛紫色樟木箱的夹层 zqxepisodemarker"
    with Memory(db=db, user="alice", extractor=FindsNothing()) as m:
        sid = m.capture(said, at="2026-03-01").source_id
        m.capture("We always spend August at the lake cabin", at="2026-03-02")
        assert m.drain().episodes == 2
        cast = "::text" if is_pg_url(db) else ""
        table, key = ("memory_episodes", "source_id") if is_pg_url(db) else ("memory_episode_vec", "source_id")
        vec = m.store.scalar(f"SELECT embedding{cast} FROM {table} WHERE {key} = ?", (sid,))
    found = {**needles(said, vec), "marker": b"zqxepisodemarker", "token": "樟木箱".encode()}
    before = raw_bytes(db)
    blind = [w for w, n in found.items() if n not in before]
    assert len([b for b in blind if b.startswith("embedding")]) <= 2 and not [
        b for b in blind if not b.startswith("embedding")], blind
    assert "fts5vocab" in sql_hits(db, "樟木箱")
    r = cli("--db", db, "--user", "alice", "forget", str(sid), "--episode", "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    after = raw_bytes(db)
    assert [w for w, n in found.items() if n in after] == []
    assert sql_hits(db, "樟木箱") == [] and sql_hits(db, "zqxepisodemarker") == []
    with Memory(db=db, user="alice") as m:
        assert [e["text"] for e in m.episodes()] == ["We always spend August at the lake cabin"]


@pytest.mark.parametrize("writer", ["follows", "fails"])
def test_purge_leaves_no_trace_in_vector_files(cli, db_path: Path, embedder, monkeypatch, writer: str):
    """A user with vector files beside the database (the threshold lowered to 4 here): the purged
    memory's float32 row and its int8 copy are in the files before (positive control) and in no
    file after — the writer zeroes them in place, a folder left by a killed rebuild goes, and a
    writer that cannot update the files removes them; the other memories stay searchable."""
    import numpy as np

    from memcli.db import vector_file as vf
    from memcli.db.vector_copy import quantise

    monkeypatch.setattr(vf, "MIN_FILE_VECTORS", 4)
    db = str(db_path)
    with Memory(db=db, user="alice") as m:
        ids = {t: m.remember(t).item_id for t in [*OTHERS, EN, ZH]}
        vecs = {t: m.store.scalar("SELECT embedding FROM memory_vec WHERE item_id = ?", (i,)) for t, i in ids.items()}
        folder = vf.user_folder(m.store, "alice")
    assert folder is not None and vf.read_header(folder).n == 5
    import shutil

    shutil.copytree(folder, folder.with_name(folder.name + ".tmp"))  # what a rebuild killed mid-way leaves
    i8, _ = quantise(np.frombuffer(vecs[EN], "<f4")[None, :])
    found = {f"f32[{i}:{i + 64}]": vecs[EN][i:i + 64] for i in range(0, len(vecs[EN]), 64)} | {"i8": i8.tobytes()}
    before = vector_file_bytes(db_path)
    assert [w for w, n in found.items() if n not in before] == [], "the check is blind"
    if writer == "fails":
        def broken(*a, **k):  # noqa: ANN002, ANN003, ANN202
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(vf, "_append_patch", broken)
    r = cli("--db", db, "--user", "alice", "forget", str(ids[EN]), "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    after = vector_file_bytes(db_path)
    assert [w for w, n in found.items() if n in after] == []
    assert not folder.with_name(folder.name + ".tmp").exists()
    if writer == "follows":
        assert vecs[ZH][:64] in after and vecs[OTHERS[0]][:64] in after  # the others' rows stay
    else:
        assert not folder.exists()
    monkeypatch.undo()
    monkeypatch.setattr(vf, "MIN_FILE_VECTORS", 4)
    with Memory(db=db, user="alice") as m:
        assert [h.statement for h in m.search("where is my spare key hidden", limit=1)] == [ZH]
        if writer == "follows":
            assert m.store.vector_cache.ready("alice", 512, may_load=False).mapped  # still answered from the files
