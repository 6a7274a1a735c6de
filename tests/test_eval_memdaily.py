"""eval memdaily: the time format, the plain RRF baseline's arithmetic, one small real run
(real model, real SQLite files) in the MemDaily format, and bad input (one line, non-zero exit).

The trajectories below are written for this test in the MemDaily *format*; no sentence of the
MemDaily data is used."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest
from conftest import run_cli

from memcli.eval.baseline import bm25_scores, rrf_rank
from memcli.eval.memdaily import parse_memdaily_time


def _msg(mid: int, text: str, day: int, hhmm: str = "09:00") -> dict:
    return {"mid": mid, "message": text, "time": f"2024年05月{day:02d}日 周三 {hhmm}", "place": "家里"}


TRAJ = [
    {"tid": 0, "message_list": [
        _msg(0, "你好呀", 1),
        _msg(1, "我叫周小雨", 1, "09:05"),
        _msg(2, "明天下午三点要去开会", 2),
        _msg(3, "我对芒果过敏", 3)],
     "question_list": [
         {"qid": 0, "question": "我叫什么名字？", "answer": "周小雨", "target_step_id": [1],
          "choices": {"A": "周小雨", "B": "王芳"}, "ground_truth": "A", "time": "2024年05月10日 周五 10:00"},
         {"qid": 1, "question": "我对什么水果过敏？", "answer": "芒果", "target_step_id": [3],
          "choices": {"A": "芒果", "B": "草莓"}, "ground_truth": "A", "time": "2024年05月10日 周五 10:05"}]},
    {"tid": 1, "message_list": [
        _msg(0, "我养了一只柯基", 4),
        _msg(1, "今天天气真不错", 4, "12:00")],
     "question_list": [
         {"qid": 0, "question": "我一共提过几件事？", "answer": "2件", "target_step_id": [0, 1],
          "choices": {"A": "2件", "B": "3件"}, "ground_truth": "A", "time": "2024年05月11日 周六 10:00"},
         # published items sometimes carry no answer: counted, never verbatim
         {"qid": 1, "question": "我养的是什么狗？", "answer": None, "target_step_id": [0],
          "choices": "[ERROR]", "ground_truth": "[ERROR]", "time": "2024年05月11日 周六 10:05"}]},
]


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_time_format() -> None:
    assert parse_memdaily_time("2024年04月01日 周一 08:30") == datetime(2024, 4, 1, 8, 30,
                                                                       tzinfo=timezone(timedelta(hours=8)))
    assert parse_memdaily_time("2024年4月1日 星期一 8:05").minute == 5
    assert parse_memdaily_time("2024年04月01日").hour == 0
    for bad in ("2024-04-01 08:30", "2024年13月01日 周一 08:30", "2024年02月30日 08:30", ""):
        with pytest.raises(ValueError):
            parse_memdaily_time(bad)


class _Unit:
    """Three orthogonal unit vectors: text i ↔ axis i; a query names its axis in the text."""

    def embed(self, texts):
        return np.eye(3, dtype=np.float32)[[int(t[-1]) for t in texts]]

    def embed_queries(self, texts):
        return self.embed(texts)


def test_bm25_and_rrf_arithmetic() -> None:
    docs = [["猫", "狗"], ["猫"], ["鱼"]]
    s = bm25_scores(docs, ["猫"])
    assert s[2] == 0 and s[1] > s[0] > 0  # the shorter doc with the token wins
    idf = np.log(1 + (3 - 2 + 0.5) / (2 + 0.5))
    avg = 4 / 3
    assert s[1] == pytest.approx(idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 / avg)))
    assert bm25_scores(docs, ["鸟"]).tolist() == [0, 0, 0] and bm25_scores([], ["猫"]).size == 0
    # dense says text 2, BM25 says text 0 (only it has 苹果): RRF puts both first-ranked ones above text 1
    texts = ["苹果 0", "香蕉 1", "橙子 2"]
    (order,) = rrf_rank(_Unit(), texts, ["苹果 2"])
    assert order[0] in (0, 2) and set(order[:2]) == {0, 2} and order[2] == 1
    assert rrf_rank(_Unit(), [], ["x 0"]) == [[]]


def test_real_run_small_file(tmp_path: Path) -> None:
    path = _write(tmp_path / "t.json", TRAJ)
    r = run_cli("eval", "memdaily", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    ov = rep["overall"]
    assert (ov["trajectories"], ov["messages"], ov["questions"], ov["verbatim_questions"]) == (2, 6, 4, 2)
    assert ov["questions_without_answer"] == 1 and ov["facts"]["n"] == 5  # (question, target message) pairs
    assert ov["facts"]["memory"] + ov["facts"]["episode"] + ov["facts"]["lost"] == 5
    # the name and the allergy are plain first-person facts: kept as memories, answered first
    assert ov["facts"]["memory"] >= 2
    assert ov["memcli"]["answered@1"] == 1.0 and ov["memcli"]["answered@3"] == 1.0
    # the raw baselines see every message, so the verbatim answers are there too
    assert ov["raw_rrf"]["answered@3"] == 1.0 and ov["raw_memcli"]["answered@3"] == 1.0
    assert ov["evidence"]["evidence@3"] >= 2 / 4
    assert ov["memories_active"] >= 2 and sum(v["n"] for v in ov["confidence_labels"].values()) == ov[
        "memories_active"]
    assert set(rep["by_file"]) == {"t"} and rep["misses"] == []
    assert rep["episodes"] in (None, False, True)
    # --limit 1: only the first trajectory of the file; without baselines none are reported
    r = run_cli("eval", "memdaily", str(path), "--limit", "1", "--no-baselines", "--json")
    rep = json.loads(r.stdout)
    assert rep["overall"]["trajectories"] == 1 and "raw_rrf" not in rep["overall"]
    text = run_cli("eval", "memdaily", str(path), "--limit", "1", "--no-baselines")
    assert text.exit_code == 0 and "100.0%" in text.stdout and "confidence labels" in text.stdout


BAD = [
    ("{oops", "not JSON"),
    ("{}", "expected a non-empty JSON list"),
    ("[]", "expected a non-empty JSON list"),
    (json.dumps([{"tid": 0, "message_list": []}]), "trajectory 0: message_list"),
    (json.dumps([{"tid": 0}]), "trajectory 0: message_list: Field required"),
    (json.dumps([{"tid": 0, "message_list": [{"mid": 0, "message": "你好", "time": "2024-05-01"}]}]),
     "trajectory 0: message_list.0.time"),
    (json.dumps([{**TRAJ[1], "question_list": [{**TRAJ[1]["question_list"][0], "target_step_id": [7]}]}]),
     "target_step_id 7 is no mid"),
    (json.dumps([TRAJ[1], {**TRAJ[1], "message_list": [_msg(0, "a", 1), _msg(0, "b", 1)]}]),
     "trajectory 1: duplicate mid"),
]


@pytest.mark.parametrize(("text", "expected"), BAD)
def test_bad_input_one_line(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    r = run_cli("eval", "memdaily", str(path))
    assert r.exit_code == 2 and r.stdout == ""
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and expected in err and "Traceback" not in err, err


def test_bad_paths_and_options(tmp_path: Path) -> None:
    ok = _write(tmp_path / "ok.json", TRAJ)
    for args, expected in ((["missing.json"], "no such MemDaily file"), ([str(tmp_path)], "is a folder"),
                           ([str(ok), "--limit", "0"], "--limit must be >= 1")):
        r = run_cli("eval", "memdaily", *[str(tmp_path / a) if a == "missing.json" else a for a in args])
        assert r.exit_code != 0 and expected in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    (tmp_path / "latin1.json").write_bytes("[{\"tid\": \"é\"}]".encode("latin-1"))
    r = run_cli("eval", "memdaily", str(tmp_path / "latin1.json"))
    assert r.exit_code == 2 and "not valid UTF-8" in r.stderr


def test_episodes_flag_follows_the_build(tmp_path: Path) -> None:
    from memcli.eval.memdaily import has_episodes
    from memcli.settings import Settings

    path = _write(tmp_path / "t.json", TRAJ[1:])
    if not has_episodes(Settings()):
        r = run_cli("eval", "memdaily", str(path), "--episodes")
        assert r.exit_code == 2 and "no episodes leg" in r.stderr and len(r.stderr.strip().splitlines()) == 1
        return
    r = run_cli("eval", "memdaily", str(path), "--no-episodes", "--no-baselines", "--json")
    rep = json.loads(r.stdout)
    assert r.exit_code == 0 and rep["episodes"] is False and rep["overall"]["facts"]["episode"] == 0


def test_hit_sources_memory_and_episode() -> None:
    from types import SimpleNamespace

    from memcli.eval.memdaily import _hit_sources

    sources = {7: [3, 4]}
    assert _hit_sources(SimpleNamespace(id=7, origin="extracted", metadata={}), sources) == [3, 4]
    assert _hit_sources(SimpleNamespace(id=9, origin="extracted", metadata={}), sources) == []
    # an episode hit is the source row itself (its episode_id, or metadata.source_id when the hit carries one);
    # its id is None: no memory's
    assert _hit_sources(SimpleNamespace(id=None, episode_id=5, origin="episode", metadata={}), sources) == [5]
    assert _hit_sources(SimpleNamespace(id=None, episode_id=1, origin="episode", metadata={"source_id": 12}),
                        sources) == [12]
