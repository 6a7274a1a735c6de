"""Helpers for the multi-process tests (crash safety, concurrency): synthetic utterances,
the environment of worker processes, and database invariants read with a plain connection.

Worker processes run the real ``python -m memcli drain``. Importing torch costs 10-20 s per
process on these shared 2-core machines, which would make 20 restarts take many minutes, so
they encode with the ONNX export of the *same* model (identical vectors, cosine 1.000, see
tests/test_read_onnx.py) through a ``sitecustomize`` hook on ``PYTHONPATH``: the outbox,
transactions, extraction and decisions under test are unchanged.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import apsw

from memcli.settings import DEFAULT_MODEL

HOOK = '''import os
if os.environ.get("MEMCLI_TEST_ONNX_WRITE") == "1":
    import memcli.embed as _embed
    from memcli.embed.onnx import get_onnx_embedder

    _orig = _embed.get_embedder
    # torch-free children: a sentence-transformers model runs on its ONNX export; the default
    # model (USE) and e5 are torch-free already
    _embed.get_embedder = lambda name: _orig(name) if _embed.is_native(name) else get_onnx_embedder(name)
'''

_FOODS = ["咖啡", "绿茶", "香菜", "榴莲", "火锅", "寿司", "coffee", "green tea", "sushi", "spicy food", "pizza"]
_CITIES = ["上海", "北京", "成都", "杭州", "Lyon", "Paris", "Berlin", "Tokyo", "Oslo"]
_RELS_ZH = ["妈妈", "爸爸", "姐姐", "哥哥", "女儿", "儿子"]
_JOBS_ZH = ["医生", "老师", "律师", "工程师", "护士"]
_RELS_EN = ["sister", "brother", "mother", "father", "daughter"]
_JOBS_EN = ["doctor", "teacher", "lawyer", "engineer", "nurse"]
_PETS = ["猫", "狗", "兔子", "cat", "dog", "parrot"]
_NAMES = ["Tom", "Mimi", "Lucky", "小白", "豆豆", "Max"]


def utterances(n: int, seed: int = 7, user_count: int = 1) -> list[dict]:
    """``n`` captured-utterance records (JSON Lines fields), Chinese and English, with
    repeats (→ reinforce), changed facts (→ conflict), chit-chat and calendar lines
    (→ nothing). Deterministic for a seed; times increase by one minute."""
    rng = random.Random(seed)
    tpl = [
        lambda: f"我喜欢{rng.choice(_FOODS)}",
        lambda: f"我不喜欢{rng.choice(_FOODS)}",
        lambda: f"我住在{rng.choice(_CITIES)}",
        lambda: f"I live in {rng.choice(_CITIES)}",
        lambda: f"我{rng.choice(_RELS_ZH)}是{rng.choice(_JOBS_ZH)}",
        lambda: f"My {rng.choice(_RELS_EN)} is a {rng.choice(_JOBS_EN)}",
        lambda: f"我养了一只{rng.choice(_PETS)}，叫{rng.choice(_NAMES)}",
        lambda: f"I have a {rng.choice(_PETS)} named {rng.choice(_NAMES)}",
        lambda: f"I love {rng.choice(_FOODS)}",
        lambda: f"我妈妈的生日是{rng.randint(1, 12)}月{rng.randint(1, 28)}号",
        lambda: "明天下午三点开会",
        lambda: "好的，谢谢你",
        lambda: "ok thanks, that helps",
    ]
    out = []
    for i in range(n):
        out.append({"text": rng.choice(tpl)(), "key": f"u{i}",
                    "at": f"2026-03-{1 + i // 1440:02d}T{(i // 60) % 24:02d}:{i % 60:02d}:00Z",
                    "_user": f"user{i % user_count}"})
    return out


def jsonl(records: list[dict]) -> list[str]:
    return [json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False) for r in records]


def ensure_fast_encoder() -> None:
    """Prepare the default model's fast-loading state once (cached; what `memcli warm` does),
    so that every child process loads its encoder in a fraction of a second."""
    from memcli.warm import warm

    warm(DEFAULT_MODEL)


def worker_env(tmp_path: Path, **memcli_vars: object) -> dict[str, str]:
    """Environment for ``python -m memcli`` children: the ONNX hook, test config, overrides
    (``lease_s=1`` → ``MEMCLI_LEASE_S=1``)."""
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCLI_")}
    env.update({
        "PYTHONPATH": os.pathsep.join([str(hook), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "MEMCLI_TEST_ONNX_WRITE": "1",
        "MEMCLI_CONFIG": str(tmp_path / "config.toml"),
        "HF_HUB_OFFLINE": "1",
        "TOKENIZERS_PARALLELISM": "false",
        "OMP_NUM_THREADS": "1",
    })
    for k, v in memcli_vars.items():
        env[f"MEMCLI_{k.upper()}"] = str(v)
    return env


def memcli_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "memcli", *args]


class Conn:
    """A plain connection for invariants on either backend (not memcli's store): a SQLite
    file through apsw or a ``postgresql://`` URL through psycopg. SQL uses ``?``."""

    def __init__(self, db: Path | str) -> None:
        from memcli.db.postgres.url import is_pg_url

        self.pg = is_pg_url(db)
        if self.pg:
            import psycopg

            self._c = psycopg.connect(str(db), autocommit=True)
        else:
            self._c = apsw.Connection(str(db))
            self._c.set_busy_timeout(30_000)

    #: SQL for the current time, comparable with stored times (lease_until)
    @property
    def now_sql(self) -> str:
        return "now()" if self.pg else "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    def execute(self, sql: str, params: tuple = ()) -> Conn:
        """Run ``sql`` and read every row at once: no cursor stays open (an open SQLite cursor
        would keep its read transaction, and every later query would see that old snapshot)."""
        if self.pg:
            from memcli.db.postgres.connect import to_pg_sql

            cur = self._c.execute(to_pg_sql(sql), params)
            self._rows = [tuple(r) for r in cur.fetchall()] if cur.description else []
        else:
            self._rows = [tuple(r) for r in self._c.execute(sql, params)]
        return self

    def fetchall(self) -> list[tuple]:
        return list(self._rows)

    def fetchone(self) -> tuple | None:
        return self._rows[0] if self._rows else None

    def __iter__(self):  # noqa: ANN204
        return iter(self.fetchall())

    def integrity_ok(self) -> bool:
        """SQLite: ``PRAGMA integrity_check``; PostgreSQL keeps its own (always True here)."""
        return True if self.pg else self._c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def close(self) -> None:
        self._c.close()


def connect(db: Path | str) -> Conn:
    return Conn(db)


def scalar(conn: Conn, sql: str, params: tuple = ()) -> object:
    row = conn.execute(sql, params).fetchone()
    return None if row is None else row[0]


def uncommitted_traces(conn: Conn) -> dict[str, int]:
    """Rows that would show a task's results committed without the task: events or item
    links of a source whose outbox task is not done, and items with no source at all."""
    return {
        "events_of_unfinished_tasks": scalar(conn, """
            SELECT count(*) FROM memory_events e JOIN memory_capture_outbox o ON o.source_id = e.source_id
            WHERE o.status != 'done'"""),
        "item_links_of_unfinished_tasks": scalar(conn, """
            SELECT count(*) FROM memory_item_sources l JOIN memory_capture_outbox o ON o.source_id = l.source_id
            WHERE o.status != 'done'"""),
        "items_without_source": scalar(conn, """
            SELECT count(*) FROM memory_items i WHERE NOT EXISTS
            (SELECT 1 FROM memory_item_sources l WHERE l.item_id = i.id)"""),
    }


def outcome(conn: Conn) -> dict[str, object]:
    """What draining produced, independent of ids and processing clock: the items (statement,
    kind, world-time validity, retired or not, confirmations) and per source the decisions."""
    items = sorted(conn.execute("""
        SELECT user_id, statement, kind, valid_from, invalid_at, expired_at IS NULL, confirmations
        FROM memory_items""").fetchall(), key=repr)
    per_source = sorted(conn.execute("""
        SELECT e.source_id, e.action, i.statement FROM memory_events e
        LEFT JOIN memory_items i ON i.id = e.item_id WHERE e.source_id IS NOT NULL""").fetchall(),
        key=lambda r: (r[0], r[1], r[2] or ""))
    return {"items": items, "events": per_source}


def outbox_counts(conn: Conn) -> dict[str, int]:
    counts = {"pending": 0, "processing": 0, "done": 0, "dead": 0}
    for status, n in conn.execute("SELECT status, count(*) FROM memory_capture_outbox GROUP BY status"):
        counts[status] = n
    return counts
