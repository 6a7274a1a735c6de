"""eval locomo-e2e: answer words, the question → speaker rule, one small real run on a
hand-written conversation in the LoCoMo format (real model, real SQLite files), bad input.

No sentence of the LoCoMo data is used here."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from conftest import run_cli

from memcli.eval.locomo_e2e import _speaker_turns, answer_words, assign_questions, covers


def _turn(speaker: str, dia: str, text: str) -> dict:
    return {"speaker": speaker, "dia_id": dia, "text": text}


SAMPLE = {
    "sample_id": "t-1",
    "conversation": {
        "speaker_a": "Nadia", "speaker_b": "Owen",
        "session_1_date_time": "10:15 am on 3 March, 2024",
        "session_1": [
            _turn("Nadia", "D1:1", "Hey Owen! Guess what, I adopted a greyhound named Pepper last week."),
            _turn("Owen", "D1:2", "No way, that's great. I just started working at a bakery downtown."),
            _turn("Nadia", "D1:3", "Congrats! I work as a nurse at the children's hospital."),
            _turn("Owen", "D1:4", "Thanks! My sister lives in Lisbon now."),
        ],
        "session_2_date_time": "6:40 pm on 20 March, 2024",
        "session_2": [
            _turn("Nadia", "D2:1", "Pepper loves the beach more than anything."),
            _turn("Owen", "D2:2", "Ha, I bet. I've been learning the cello on weekends."),
        ],
    },
    "qa": [
        {"question": "What is the name of Nadia's dog?", "answer": "Pepper", "evidence": ["D1:1"], "category": 4},
        {"question": "Where does Owen work?", "answer": "a bakery", "evidence": ["D1:2"], "category": 4},
        {"question": "What instrument is Owen learning?", "answer": "cello", "evidence": ["D2:2"], "category": 4},
        {"question": "What does Nadia's dog love and what is her job?", "answer": "the beach; nurse",
         "evidence": ["D2:1", "D1:3"], "category": 1},
        {"question": "Who mentioned Lisbon and a greyhound?", "answer": "both", "evidence": ["D1:1", "D1:4"],
         "category": 1},  # both speakers, neither named: left out
        {"question": "When did Nadia adopt Pepper?", "answer": "late February 2024", "evidence": ["D1:1"],
         "category": 2},  # temporal: not asked here
    ],
}


def test_answer_words_and_covers() -> None:
    assert answer_words("The beach; a NURSE!") == {"beach", "nurse"}
    assert answer_words("the a of") == set() and answer_words("２０２３") == {"2023"}
    assert covers(["I love the beach", "I am a nurse"], {"beach", "nurse"})
    assert not covers(["I love the beaches"], {"beach"}) and not covers(["x"], set())


def test_speaker_rule() -> None:
    who, turns = _speaker_turns(SAMPLE)
    assert who["D1:2"] == "Owen" and [d for d, _, _ in turns["Nadia"]] == ["D1:1", "D1:3", "D2:1"]
    assert turns["Nadia"][2][1].isoformat() == "2024-03-20T18:40:00+00:00"
    issues: Counter = Counter()
    asked = assign_questions(SAMPLE, who, issues)
    assert [q["answer"] for q in asked["Nadia"]] == ["Pepper", "the beach; nurse"]
    assert [q["answer"] for q in asked["Owen"]] == ["a bakery", "cello"]
    assert issues == Counter({"by_evidence": 4, "unassigned": 1})
    # evidence over both speakers: the one the question names
    two = {**SAMPLE, "qa": [{"question": "What did Owen say about Lisbon?", "answer": "sister",
                             "evidence": ["D1:4", "D1:1"], "category": 1}]}
    issues = Counter()
    assert [q["answer"] for q in assign_questions(two, who, issues)["Owen"]] == ["sister"]
    assert issues == Counter({"by_name": 1})


def test_real_run(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([SAMPLE]), encoding="utf-8")
    r = run_cli("eval", "locomo-e2e", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert (rep["conversations"], rep["speakers"], rep["questions"]) == (1, 2, 4)
    assert rep["turns_per_speaker"] == 3 and rep["memories_per_speaker"] >= 1
    assert rep["modes"][0] == "memories" and rep["modes"][-1] == "raw_rrf"
    # three turns per speaker: the raw turns always hold the answer in the top 5
    assert rep["overall"]["raw_rrf"] == 1.0 and rep["overall"]["n"] == 4
    assert set(rep["by_category"]) == {"1 multi-hop", "4 single-hop"}
    assert 0 <= rep["overall"]["memories"] <= 1
    assert len(rep["misses"]) == round(4 * (1 - rep["overall"]["memories"]))
    text = run_cli("eval", "locomo-e2e", str(path), "--no-episodes")
    assert text.exit_code == 0 and "raw_rrf" in text.stdout and "100.0%" in text.stdout


def test_bad_input(tmp_path: Path) -> None:
    cases = [("missing.json", None, "no LoCoMo file"), ("bad.json", "{nope", "not a LoCoMo JSON file"),
             ("shape.json", json.dumps([{"qa": []}]), "expected a JSON list of LoCoMo samples")]
    for name, body, expected in cases:
        if body is not None:
            (tmp_path / name).write_text(body, encoding="utf-8")
        r = run_cli("eval", "locomo-e2e", str(tmp_path / name))
        assert r.exit_code == 2 and expected in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = run_cli("eval", "locomo-e2e", str(tmp_path / "bad.json"), "--samples", "0")
    assert r.exit_code == 2 and "--samples must be >= 1" in r.stderr
