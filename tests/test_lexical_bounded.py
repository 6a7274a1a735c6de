"""The bounded lexical SQL gives what the unbounded statements gave (FTS5: the same top rows in
the same order; LIKE: the same hits while a user has no more rows than the scan cap), reads only
the user's postings (the FTS5 migration that adds them: tests/test_fts_layout.py)."""

from __future__ import annotations

from pathlib import Path

from memcli.db import bounded, index
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.search import fts_query, fts_sql, like_sql, like_terms

WORDS = ["咖啡", "喜欢", "猫", "coffee", "tea", "lyon", "python", "开发"]


def _store(tmp_path: Path, n: int = 400) -> Store:
    st = Store(tmp_path / "m.db")
    with st.tx():
        for i in range(1, n + 1):
            user = ("alice", "bob", "a@b.c")[i % 3]
            words = [WORDS[j % len(WORDS)] for j in range(i % 5, i % 5 + 1 + i % 3)]
            text = " ".join(words) + f" 第{i}条"
            inv = "2026-02-01T00:00:00Z" if i % 4 == 0 else None
            exp = "2026-03-01T00:00:00Z" if i % 9 == 0 else None
            st.x(f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                 "valid_from, invalid_at, recorded_at, expired_at, last_confirmed_at) VALUES "
                 "(?, ?, ?, ?, 'other', 0.5, 0.9, 'import', '2025-01-01T00:00:00Z', ?, '2025-01-01T00:00:00Z', ?, "
                 "'2025-01-01T00:00:00Z')", (i, user, text, text, inv, exp))
            index.index_fts(st, i, user, text)
    return st


def test_fts_top_equals_the_join(tmp_path: Path) -> None:
    with _store(tmp_path) as st:
        for toks in (["咖啡"], ["喜欢", "猫"], ["coffee", "tea", "lyon"], ["python"], ["nothing"]):
            m = fts_query(toks)
            for user in ("alice", "bob", "a@b.c"):
                for limit in (1, 5, 50):  # 1: the over-fetch holds inactive rows, the loop must go on
                    old = [(r["id"], round(r["bm25"], 9)) for r in st.q(fts_sql(), [m, user, user, limit])]
                    new = [(i, round(b, 9)) for i, b in bounded.fts_top(st, user, m, limit=limit)]
                    assert new == old, (toks, user, limit)
                at = ["2026-02-15T00:00:00Z"] * 2
                old = [r["id"] for r in st.q(fts_sql(as_of=True), [m, user, user, *at, 20])]
                assert [i for i, _ in bounded.fts_top(st, user, m, limit=20, at=at)] == old


def test_fts_rank_cap_keeps_the_newest_matches(tmp_path: Path, monkeypatch) -> None:
    with _store(tmp_path) as st:
        monkeypatch.setattr(bounded, "FTS_RANK_CAP", 10)
        ids = [i for i, _ in bounded.fts_top(st, "alice", fts_query(["喜欢", "coffee", "猫"]), limit=50)]
        assert ids and len(ids) <= 11
        newest = sorted(ids)[0]
        everything = [r["id"] for r in st.q(fts_sql(), [fts_query(["喜欢", "coffee", "猫"]), "alice", "alice", 500])]
        assert all(i >= newest for i in ids) and len(everything) > len(ids)


def test_like_window_equals_the_full_scan_under_the_cap(tmp_path: Path) -> None:
    with _store(tmp_path) as st:
        for variants in (["咖啡"], ["第1"], ["coff", "猫"], ["100%"]):
            pats = like_terms(variants)
            flat = [x for _, ps, n in pats for x in (*ps, n)]
            for user in ("alice", "a@b.c"):
                old = [(r["id"], r["like_score"]) for r in st.q(like_sql(variants), [*flat, user, 1, 30])]
                assert bounded.like_window(st, user, pats, min_score=1, limit=30) == old
                at = ["2026-02-15T00:00:00Z"] * 2
                old = [(r["id"], r["like_score"]) for r in st.q(like_sql(variants, as_of=True),
                                                                [*flat, user, *at, 1, 30])]
                assert bounded.like_window(st, user, pats, min_score=1, limit=30, at=at) == old
        pats = like_terms(["第"])
        capped = bounded.like_window(st, "alice", pats, min_score=1, limit=500, cap=20)
        newest = [r["id"] for r in st.q(f"SELECT id FROM {s.ITEMS} WHERE user_id = 'alice' AND invalid_at IS NULL "
                                        "AND expired_at IS NULL ORDER BY id DESC LIMIT 20")]
        assert [i for i, _ in capped] == newest
        assert bounded.like_scores(st, "alice", like_terms(["咖啡", "猫"]), newest[:3]).keys() == set(newest[:3])


def test_a_dominant_user_ranks_without_its_token_and_gets_the_same_rows(tmp_path: Path) -> None:
    """A user holding most of the file is ranked without its user_key phrase (whose IDF walk
    costs O(its rows)); the top rows and their BM25 stay those of the join, for every user."""
    st = Store(tmp_path / "m.db")
    with st.tx():
        for i in range(1, 701):
            user = "alice" if i % 10 < 7 else ("bob" if i % 2 else "a@b.c")
            words = [WORDS[j % len(WORDS)] for j in range(i % 5, i % 5 + 1 + i % 3)]
            text = " ".join(words) + f" 第{i}条"
            inv = "2026-02-01T00:00:00Z" if i % 4 == 0 else None
            st.x(f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                 "valid_from, invalid_at, recorded_at, last_confirmed_at) VALUES (?, ?, ?, ?, 'other', 0.5, 0.9, "
                 "'import', '2025-01-01T00:00:00Z', ?, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')",
                 (i, user, text, text, inv))
            index.index_fts(st, i, user, text)
    with st:
        assert bounded.fts_rows(st) == 700  # the averages record's row count (a 2-byte varint)
        assert bounded.user_dominates(st, "alice") and not bounded.user_dominates(st, "bob")
        assert not bounded.user_dominates(st, "nobody")
        for toks in (["咖啡"], ["喜欢", "猫"], ["coffee", "tea", "lyon"], ["nothing"]):
            m = fts_query(toks)
            for user in ("alice", "bob", "a@b.c"):
                for limit in (1, 5, 50):
                    old = [(r["id"], round(r["bm25"], 9)) for r in st.q(fts_sql(), [m, user, user, limit])]
                    assert [(i, round(b, 9)) for i, b in bounded.fts_top(st, user, m, limit=limit)] == old
        st.x(f"DELETE FROM {s.FTS} WHERE rowid > 300")  # the remembered count follows the index
        assert bounded.fts_rows(st) == 300 and bounded.user_dominates(st, "alice")


def test_varint_of_the_averages_record() -> None:
    assert bounded._varint(b"\x05") == 5
    assert bounded._varint(b"\x86\x8d\x20\x00") == 100_000
    assert bounded._varint(b"\xff" * 8 + b"\x01") == (2 ** 56 - 1) << 8 | 1
