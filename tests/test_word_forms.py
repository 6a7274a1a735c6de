"""English word forms in the full-text leg (issue 19): the FTS terms of memories and episodes and
the query's terms are English words' Snowball stems, on both backends, so "paintings" finds "I
painted"; Chinese, digits and mixed tokens are the jieba tokens they were. Stores written before
(unstemmed terms) are moved by a migration (SQLite m0007, PostgreSQL m0004) and then found alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli.db import index
from memcli.db import schema as s
from memcli.db.migrations import MIGRATIONS
from memcli.db.search import fts_query
from memcli.db.sqlite import SQLiteStore
from memcli.read.tokens import query_tokens
from memcli.text import fts_terms, search_tokens

T = "2026-01-01T00:00:00Z"


def test_english_words_become_their_stems_other_tokens_stay():
    toks = search_tokens("She painted sunsets with her kids, 我喜欢喝咖啡 in 2024 with Python3")
    terms = fts_terms(toks)
    assert len(terms) == len(toks)
    by = dict(zip(toks, terms, strict=True))
    assert by["painted"] == fts_terms(["paintings"])[0] == "paint"
    assert by["sunsets"] == fts_terms(["sunset"])[0] == "sunset" and by["kids"] == "kid"
    for same in ("喜欢", "咖啡", "2024", "python3"):
        assert by[same] == same
    assert fts_query(["painting", "paints", "咖啡"]) == '"paint" OR "咖啡"'  # one term, asked once


def _item(st: SQLiteStore, i: int, user: str, text: str) -> None:
    st.x(f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, valid_from, "
         "recorded_at, last_confirmed_at) VALUES (?, ?, ?, ?, 'other', 0.5, 0.9, 'explicit', ?, ?, ?)",
         (i, user, text, text, T, T, T))


def _ids(st: SQLiteStore, user: str, query: str) -> list[int]:
    return [i for i, _ in st.fts_search(user, query_tokens(query, drop_stopwords=True), limit=10)]


def test_an_inflected_question_finds_the_statement(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    with st.tx():
        for i, text in enumerate(["I painted a sunset with my kids last week", "I went camping at the lake",
                                  "我周末去公园跑步"], start=1):
            _item(st, i, "u", text)
            index.index_fts(st, i, "u", text, fresh=True)
    assert _ids(st, "u", "What paintings did she make?") == [1]
    assert _ids(st, "u", "Where does she go camping?") == [2]
    assert _ids(st, "u", "camps") == [2]
    assert _ids(st, "u", "跑步") == [3]
    assert _ids(st, "other", "paintings") == []
    st.close()


def test_a_store_written_before_is_moved_to_the_word_forms(tmp_path: Path):
    """A store at the version before m0007, its terms as they were written then (unstemmed), an
    episode among them: the next open rewrites the terms that change and the search finds both."""
    path = tmp_path / "old.db"
    st = SQLiteStore(path)
    from memcli.db.bounded import user_token

    with st.tx():
        _item(st, 1, "u", "I adopted two puppies")
        _item(st, 2, "u", "我喜欢喝咖啡")
        for i, text in ((1, "I adopted two puppies"), (2, "我喜欢喝咖啡")):
            st.x(f"INSERT INTO {s.FTS}(rowid, tokens, user_id, user_key) VALUES (?, ?, 'u', ?)",
                 (i, " ".join(search_tokens(text)), user_token("u")))
        st.x(f"INSERT INTO {s.EPISODE_FTS}(rowid, tokens, user_key) VALUES (7, ?, ?)",
             (" ".join(search_tokens("We were hiking near the falls")), user_token("u")))
        later = [m.__name__ for m in MIGRATIONS][[m.__name__ for m in MIGRATIONS].index("m0007_english_word_forms"):]
        st.x(f"DELETE FROM {s.MIGRATIONS} WHERE name IN ({', '.join('?' * len(later))})", later)
    st.x(f"PRAGMA user_version = {[m.__name__ for m in MIGRATIONS].index('m0007_english_word_forms')}")
    assert _ids(st, "u", "adoption") == []  # the old terms: not found by the stemmed question
    st.close()

    st = SQLiteStore(path)
    assert st.scalar(f"SELECT tokens FROM {s.FTS} WHERE rowid = 1") == "i adopt two puppi"
    assert st.scalar(f"SELECT tokens FROM {s.FTS} WHERE rowid = 2") == " ".join(search_tokens("我喜欢喝咖啡"))
    assert st.scalar(f"SELECT tokens FROM {s.EPISODE_FTS} WHERE rowid = 7") == "we were hike near the fall"
    assert _ids(st, "u", "Did he adopt a puppy?") == [1] and _ids(st, "u", "咖啡") == [2]
    st.close()


def test_postgres_terms_and_migration(pg_url):
    pytest.importorskip("psycopg")
    from _pg import connect

    from memcli.db.postgres import search as pgs
    from memcli.db.postgres.connect import PgStore
    from memcli.db.postgres.migrations import m0004_english_word_forms

    st = PgStore(pg_url)
    rows = {}
    for text in ("I painted a sunset with my kids", "我喜欢喝咖啡"):
        rows[text] = st.one(f"""INSERT INTO {s.ITEMS}(user_id, statement, normalized, kind, salience, confidence,
            origin, valid_from, recorded_at, last_confirmed_at) VALUES ('u', %s, %s, 'other', 0.5, 0.9, 'explicit',
            now(), now(), now()) RETURNING id""", (text, text))["id"]
    old = rows["I painted a sunset with my kids"]
    pgs.index_fts(st, "u", old, search_tokens("I painted a sunset with my kids"))  # as written before
    pgs.index_fts(st, "u", rows["我喜欢喝咖啡"], index.fts_tokens("我喜欢喝咖啡"))
    assert [h[0] for h in pgs.fts_search(st, "u", ["paintings"], limit=5)] == []
    with connect(pg_url) as c, c.transaction():
        m0004_english_word_forms(c)
    assert [h[0] for h in pgs.fts_search(st, "u", ["paintings"], limit=5)] == [old]
    assert [h[0] for h in pgs.fts_search(st, "u", ["咖啡"], limit=5)] == [rows["我喜欢喝咖啡"]]
    st.close()
