"""Read path units: FTS5/LIKE SQL builders as text, query tokens, RRF invariants (no model)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcli.db.connect import Store
from memcli.db.search import escape_like, fts_query, fts_sql, knn_sql, like_sql
from memcli.read import fusion
from memcli.read.lexical import like_variants
from memcli.read.tokens import build_table, query_tokens
from memcli.settings import load_settings
from memcli.text import search_tokens


def test_fts_query_quotes_every_token():
    assert fts_query(["咖啡", "糖"]) == '"咖啡" OR "糖"'
    assert fts_query(['a"b', "near(", "AND"]) == '"a""b" OR "near(" OR "AND"'
    assert fts_query(["x", "x"]) == '"x"' and fts_query([]) == ""
    assert fts_query([f"t{i}" for i in range(500)]).count(" OR ") == 63


def test_sql_builders():
    sql = fts_sql()
    assert "memory_fts MATCH ?" in sql and "bm25(memory_fts)" in sql
    assert "invalid_at IS NULL AND i.expired_at IS NULL" in sql and sql.endswith("LIMIT ?")
    assert "valid_from <= ?" in fts_sql(as_of=True)
    assert like_sql(2).count("LIKE ? ESCAPE '\\'") == 2
    k = knn_sql()
    assert "embedding MATCH ? AND k = ? AND user_id = ? AND active = 1" in k and "JOIN" not in k
    assert "current = 1 AND valid_from <= ? AND invalid_at > ?" in knn_sql(as_of=True)
    with pytest.raises(ValueError):
        like_sql(0)


def test_escape_and_variants():
    assert escape_like("50%_a\\") == "50\\%\\_a\\\\"
    v = like_variants("我喜欢Python开发，生日3月5号 2024 coff", search_tokens("我喜欢Python开发，生日3月5号 2024 coff",
                                                                          drop_stopwords=True))
    for want in ("python开发", "3月5号", "2024", "coff", "喜欢", "生日"):
        assert want in v
    assert "5" not in v and len(v) <= 12


def test_like_escaping_on_a_real_store(tmp_path: Path):
    store = Store(tmp_path / "t.db")
    for i, t in enumerate(["100% sure", "100 percent", "a_b", "ab"], start=1):
        store.x("INSERT INTO memory_items(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                "valid_from, recorded_at, last_confirmed_at) VALUES (?, 'u', ?, ?, 'other', 0.5, 0.9, 'explicit', "
                "'2026-01-01', '2026-01-01', '2026-01-01')", (i, t, t))
    rows = store.q(like_sql(1), [f"%{escape_like('100%')}%", 4, "u", 1, 10])
    assert [r["id"] for r in rows] == [1]
    rows = store.q(like_sql(1), [f"%{escape_like('a_b')}%", 3, "u", 1, 10])
    assert [r["id"] for r in rows] == [3]
    store.close()


SAMPLES = [
    "我咖啡不加糖", "喝咖啡", "我妈妈的生日是3月5号", "我喜欢Python开发和机器学习", "今天天气很好，我想去公园散步",
    "I take my coffee without sugar", "multi-agent who's a:b \"x c++ 50% NEAR(", "😀 混合 text 和 emoji",
    "中华人民共和国成立于1949年", "他和服务员说了声谢谢", "\x01控制\u202e字符", "", "   ",
]


def test_query_tokens_equal_search_tokens():
    build_table()
    for s in SAMPLES:
        for drop in (True, False):
            assert query_tokens(s, drop_stopwords=drop) == search_tokens(s, drop_stopwords=drop), s


def test_rrf_known_values():
    fused = fusion.rrf_fuse({"dense": [1, 2], "lexical": [2, 3]}, {"dense": 0.5, "lexical": 1.0}, 60)
    by = {f.id: f for f in fused}
    assert by[2].rrf == pytest.approx(0.5 / 62 + 1.0 / 61)
    assert by[1].rrf == pytest.approx(0.5 / 61) and by[3].rrf == pytest.approx(1.0 / 62)
    assert [f.id for f in fused] == [2, 3, 1]
    assert fusion.rrf_fuse({"dense": [7], "lexical": [7]}, {"dense": 1, "lexical": 1}, 60)[0].rrf_norm == 1.0
    with pytest.raises(ValueError):
        fusion.rrf_fuse({}, {}, 0)


ids = st.lists(st.integers(1, 40), unique=True, max_size=15)


@settings(max_examples=60, deadline=None)
@given(dense=ids, lexical=ids, wd=st.floats(0, 2), wl=st.floats(0.01, 2))
def test_rrf_invariants(dense, lexical, wd, wl):
    fused = fusion.rrf_fuse({"dense": dense, "lexical": lexical}, {"dense": wd, "lexical": wl}, 60)
    assert {f.id for f in fused} == set(dense) | set(lexical)
    assert all(0 <= f.rrf_norm <= 1 + 1e-9 for f in fused)
    assert [f.rrf for f in fused] == sorted((f.rrf for f in fused), reverse=True)
    # within one leg alone, a better rank never scores lower
    for leg in (lexical,):
        solo = {f.id: f.rrf for f in fusion.rrf_fuse({"lexical": leg}, {"lexical": wl}, 60)}
        assert all(solo[a] >= solo[b] for a, b in zip(leg, leg[1:], strict=False))


@settings(max_examples=60, deadline=None)
@given(r=st.floats(0, 1), sal=st.floats(0, 1), rec=st.floats(0, 1))
def test_final_score_bounds_and_monotonicity(r, sal, rec):
    s = load_settings()
    f = fusion.final_score(r, sal, rec, s)
    assert 0 <= f <= r + 1e-12
    assert fusion.final_score(r, min(1, sal + 0.1), rec, s) >= f - 1e-12
    assert fusion.final_score(r, sal, min(1, rec + 0.1), s) >= f - 1e-12


def test_recency_and_floor():
    now = datetime(2026, 11, 30, tzinfo=UTC)
    assert fusion.recency(now, now, 90) == 1.0
    assert fusion.recency(now - timedelta(days=90), now, 90) == pytest.approx(0.5)
    assert fusion.recency(now + timedelta(days=3), now, 90) == 1.0
    s = load_settings()
    assert fusion.min_cosine_for(s, "en", "en") == s.min_cosine
    assert fusion.min_cosine_for(s, "en", "zh") == s.min_cosine_zh
    dense_only = fusion.Fused(1, {"dense": 1})
    assert not fusion.passes_floor(dense_only, 0.2, 0.9, min_cosine=0.35, min_score=0)
    assert fusion.passes_floor(dense_only, 0.5, 0.9, min_cosine=0.35, min_score=0)
    assert fusion.passes_floor(fusion.Fused(2, {"lexical": 1}), None, 0.5, min_cosine=0.35, min_score=0.4)
    assert not fusion.passes_floor(fusion.Fused(2, {"lexical": 1}), None, 0.3, min_cosine=0.35, min_score=0.4)
