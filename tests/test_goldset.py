"""The shipped goldset: sizes, balance, coverage, formats, and reproducible builders."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from memcli.eval.formats import default_goldset_dir, load_cases, load_extraction_cases, load_pairs

GOLD = default_goldset_dir()
ROOT = GOLD.parent


def test_decision_pairs_size_balance_and_coverage() -> None:
    pairs = load_pairs(GOLD / "decisions.jsonl")
    assert len(pairs) >= 900
    langs = Counter(p.lang for p in pairs)
    assert set(langs) == {"zh", "en"}
    assert 0.4 <= langs["zh"] / len(pairs) <= 0.6
    labels = Counter(str(p.label) for p in pairs)
    assert all(labels[lb] >= 50 for lb in ("ADD", "NOOP", "UPDATE", "CONFLICT")), labels
    cats = {p.category for p in pairs}
    for need in ("paraphrase", "negation", "number", "date", "refinement", "unrelated", "similar_topic",
                 "other_person"):
        assert need in cats
    # the second set, written blind to the decision code: every category in both languages
    blind = Counter((p.category, p.lang) for p in pairs if "pairs_zh.PAIRS" in (p.model_extra or {}).get("source", "")
                    or "pairs_en.PAIRS" in (p.model_extra or {}).get("source", ""))
    assert sum(blind.values()) >= 200
    for cat in NEW_PAIR_LABELS:
        assert blind[(cat, "zh")] >= 10 and blind[(cat, "en")] >= 10, (cat, blind)
    assert any(p.stored == "我超爱川菜" and p.incoming == "川菜我一点都不喜欢" and str(p.label) == "CONFLICT"
               for p in pairs)
    # the same attribute of different people is ADD, in both languages
    assert any(p.stored.startswith("我妈妈") and p.incoming.startswith("我爸爸") and str(p.label) == "ADD"
               for p in pairs)
    assert any(p.stored.startswith("My sister") and p.incoming.startswith("My brother") and str(p.label) == "ADD"
               for p in pairs)
    ids = [p.id for p in pairs]
    assert len(set(ids)) == len(ids)


NEW_PAIR_LABELS = {"diff_subject": "ADD", "changed_entity": "ADD", "lookalike": "ADD", "slot_value": "CONFLICT",
                   "polarity": "CONFLICT", "number_date": "CONFLICT", "restatement": "NOOP",
                   "more_specific": "UPDATE"}
#: the third set (pairs_changes_zh / pairs_changes_en, issue 21)
CHANGE_PAIR_LABELS = {"change_value": "CONFLICT", "change_refine": "UPDATE", "typed_apart": "ADD", "name_token": "ADD",
                      "name_token_change": "CONFLICT"}
#: the fourth set (pairs_kinds4, issues 19 §3 / 21: changes told in new words, what a change never hides)
KINDS4_PAIR_LABELS = {"change_new_words": "CONFLICT", "event_kept": "ADD", "name_scripts": "ADD", "talk_only": "ADD"}
#: the fifth set (pairs_kinds5, issue 21: one named person's kinship told anew, numbers in words and digits)
KINDS5_PAIR_LABELS = {"kin_changed": "CONFLICT", "kin_social": "ADD", "digits_words": "NOOP"}
#: the sixth set (pairs_kinds6, issue 21: a life event with a relative and a written date, facts that end)
KINDS6_PAIR_LABELS = {"rel_time_same": "NOOP", "rel_time_diff": "CONFLICT", "rel_time_other": "ADD",
                      "ends": "CONFLICT", "ends_other": "ADD"}
#: the seventh set (pairs_kinds7, issue 21, round 12's trial: other objects, a swapped thing, stops, corrections)
KINDS7_PAIR_LABELS = {"other_object": "ADD", "object_swap": "ADD", "employer_changed": "CONFLICT",
                      "stopped": "CONFLICT", "stopped_other": "ADD", "correction": "CONFLICT"}
#: the eighth set (pairs_xlang, issue 21: one fact in English and in Chinese)
XLANG_PAIR_LABELS = {"xlang_restated": "NOOP", "xlang_refine": "UPDATE", "xlang_change": "CONFLICT",
                     "xlang_other": "ADD"}
#: the ninth set (pairs_kinds8, round 15's trial: decisions that hid a true fact)
KINDS8_PAIR_LABELS = {"told_later": "CONFLICT", "said_earlier": "CONFLICT", "unlinked_change": "ADD",
                      "one_value_told": "CONFLICT"}
#: round 17 (pairs_plans: an English trip planned, then changed, restated, or beside another)
PLAN_PAIR_LABELS = {"plan_changed": "CONFLICT", "plan_other": "ADD", "plan_restated": "NOOP"}


def test_label_follows_category() -> None:
    expected = {"paraphrase": "NOOP", "exact": "NOOP", "stsb_paraphrase": "NOOP", "negation": "CONFLICT",
                "number": "CONFLICT", "date": "CONFLICT", "value": "CONFLICT", "refinement": "UPDATE",
                "unrelated": "ADD", "similar_topic": "ADD", "other_person": "ADD", "stsb_unrelated": "ADD",
                **NEW_PAIR_LABELS, **CHANGE_PAIR_LABELS, **KINDS4_PAIR_LABELS,
                **KINDS5_PAIR_LABELS, **KINDS6_PAIR_LABELS, **KINDS7_PAIR_LABELS,
                **XLANG_PAIR_LABELS, **KINDS8_PAIR_LABELS, **PLAN_PAIR_LABELS}
    for name in ("decisions.jsonl", "decisions_dated.jsonl", "decisions_xlang.jsonl"):
        for p in load_pairs(GOLD / name):
            assert str(p.label) == expected[p.category], p


#: round 38 (goldset/decisions_round38.jsonl, written by hand: give-ups and switches, both languages)
ROUND38_PAIR_LABELS = {"give_up_xlang": "CONFLICT", "give_up_same": "CONFLICT", "give_up_other": "ADD",
                       "give_up_mention": "ADD", "switch_ends": "CONFLICT", "switch_kept": "ADD"}


def test_round38_label_follows_category() -> None:
    pairs = load_pairs(GOLD / "decisions_round38.jsonl")
    assert len(pairs) == 24 and {p.category for p in pairs} == set(ROUND38_PAIR_LABELS)
    for p in pairs:
        assert str(p.label) == ROUND38_PAIR_LABELS[p.category], p


#: round 39 (goldset/decisions_round39b.jsonl, written by hand: nominalised subjects, values denied in contrast,
#: relatives' give-ups and switches, both languages)
ROUND39B_PAIR_LABELS = {"cleft_correction": "CONFLICT", "contrast_ends": "CONFLICT", "contrast_other": "ADD",
                        "relative_give_up": "CONFLICT", "relative_switch": "CONFLICT", "relative_not_mine": "ADD"}


def test_round39b_label_follows_category() -> None:
    pairs = load_pairs(GOLD / "decisions_round39b.jsonl")
    assert len(pairs) == 28 and {p.category for p in pairs} == set(ROUND39B_PAIR_LABELS)
    assert {p.lang for p in pairs} == {"zh", "en"}
    for p in pairs:
        assert str(p.label) == ROUND39B_PAIR_LABELS[p.category], p


#: round 39 (goldset/decisions_round39.jsonl, written by hand: a changed means of one activity, an activity given up,
#: both languages and across them)
ROUND39_PAIR_LABELS = {"means_changed": "CONFLICT", "means_xlang": "CONFLICT", "means_other": "ADD",
                       "activity_given_up": "CONFLICT", "activity_given_up_other": "ADD"}


def test_round39_label_follows_category() -> None:
    pairs = load_pairs(GOLD / "decisions_round39.jsonl")
    assert len(pairs) == 27 and {p.category for p in pairs} == set(ROUND39_PAIR_LABELS)
    for p in pairs:
        assert str(p.label) == ROUND39_PAIR_LABELS[p.category], p


#: round 39 (goldset/decisions_round39c.jsonl, written by hand: moves and new jobs told in chat, both languages)
ROUND39C_PAIR_LABELS = {"move_ends": "CONFLICT", "move_other": "ADD", "job_ends": "CONFLICT", "job_other": "ADD"}


def test_round39c_label_follows_category() -> None:
    pairs = load_pairs(GOLD / "decisions_round39c.jsonl")
    assert len(pairs) == 26 and {p.category for p in pairs} == set(ROUND39C_PAIR_LABELS)
    for p in pairs:
        assert str(p.label) == ROUND39C_PAIR_LABELS[p.category], p


#: round 40 (goldset/decisions_round40.jsonl, written by hand: a rented home, a bare means, a car had, tools and apps,
#: nominal subjects and a copula denied, a spot inside a place; both languages)
ROUND40_PAIR_LABELS = {"rent_ends": "CONFLICT", "rent_other": "ADD", "bare_means": "CONFLICT",
                       "bare_means_other": "ADD", "owned_not_means": "ADD", "tool_other": "ADD",
                       "tool_switched": "CONFLICT", "nominal_correction": "CONFLICT", "seat_not_job": "ADD"}


def test_round40_label_follows_category() -> None:
    pairs = load_pairs(GOLD / "decisions_round40.jsonl")
    assert len(pairs) == 42 and {p.category for p in pairs} == set(ROUND40_PAIR_LABELS)
    assert {p.lang for p in pairs} == {"zh", "en"}
    for p in pairs:
        assert str(p.label) == ROUND40_PAIR_LABELS[p.category], p


def test_decisions_builder_reproduces_the_committed_file(tmp_path: Path) -> None:
    stsb = ROOT.parent / "shared" / "data" / "stsb_zh" / "STS-B.train.data"
    if not stsb.exists():
        pytest.skip("shared STS-B data not present")
    out = tmp_path / "d.jsonl"
    subprocess.run([sys.executable, str(GOLD / "src" / "build_decisions.py"), "--stsb", str(stsb), "--out", str(out)],
                   check=True, capture_output=True)
    assert out.read_bytes() == (GOLD / "decisions.jsonl").read_bytes()


EXTRACTION_CATEGORIES = (
    "relatives", "colleagues", "friends", "named_people", "possessions", "places", "work_education", "health_diet",
    "habits", "preferences", "opinions", "compound", "relative_time", "traditional", "events", "mixed",
    "negated", "numbers")
NONE_CATEGORIES = ("none:question", "none:chatter", "none:assistant", "none:hypothetical", "none:calendar",
                   "none:opinion")


def test_extraction_cases() -> None:
    rows = [json.loads(line) for line in (GOLD / "extraction.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 370 and len(load_extraction_cases(GOLD / "extraction.jsonl")) == len(rows)
    langs = Counter(r["lang"] for r in rows)
    assert set(langs) == {"zh", "en"} and 0.4 <= langs["zh"] / len(rows) <= 0.6
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids)
    kinds = {"preference", "relationship", "identity", "habit", "health", "other"}
    for r in rows:
        assert r["category"].startswith("none:") == (not r["expected"]), r
        assert (r["role"] == "assistant") == (r["category"] == "none:assistant"), r
        for c in r["expected"]:
            assert c["kind"] in kinds and c["statement"].strip()
            assert c["slot"] is None or (c["slot"].strip() and " ." not in c["slot"]), r
            if "valid_from" in c:
                assert r["category"] == "relative_time" and "at" in r, r
    cats = Counter((r["category"], r["lang"]) for r in rows)
    for cat in EXTRACTION_CATEGORIES:
        assert cats[(cat, "zh")] + cats[(cat, "en")] >= 5, cat
    for cat in NONE_CATEGORIES:
        assert cats[(cat, "zh")] >= 2 and cats[(cat, "en")] >= 2, cat
    # two facts with a pronoun resolved, and a relative time resolved against the utterance's own time
    assert any(r["utterance"] == "我姐姐住在成都，她是建筑师" and len(r["expected"]) == 2 for r in rows)
    assert sum(1 for r in rows for c in r["expected"] if "valid_from" in c) >= 10
    assert sum(1 for r in rows if len(r["expected"]) >= 2) >= 40
    assert sum(1 for r in rows if r.get("script") == "hant") >= 5
    assert any(r["utterance"] == "明天下午三点开会" and r["expected"] == [] for r in rows)


def test_extraction_builder_reproduces_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    subprocess.run([sys.executable, str(GOLD / "src" / "build_extraction.py"), "--out", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (GOLD / "extraction.jsonl").read_bytes()


def test_retrieval_cases() -> None:
    """Issue 25: stores of 50-300 memories, >= 300 queries per language, distractors in the store."""
    cases = load_cases(GOLD / "retrieval.jsonl")
    assert all(50 <= len(c.memories) <= 300 for c in cases)
    queries = [q for c in cases for q in c.queries]
    tags = Counter(t for q in queries for t in q.tags)
    assert tags["zh"] >= 300 and tags["en"] >= 300 and tags["zh"] + tags["en"] == len(queries)
    assert tags["no_overlap"] >= 200 and tags["keyword"] >= 200 and tags["self"] >= 40 and tags["by_value"] >= 20
    assert tags["same_attr"] >= 0.8 * (tags["keyword"] + tags["no_overlap"]) * 0.9  # most have same-attribute rivals
    for c in cases:
        text = {m.ref: m.text for m in c.memories}
        assert len(set(text.values())) == len(text), c.user  # no memory twice
        for q in c.queries:
            assert q.relevant and all(r in text for r in q.relevant)


def test_retrieval_builder_reproduces_the_committed_file(tmp_path: Path) -> None:
    import shutil

    src = tmp_path / "goldset" / "src"
    src.mkdir(parents=True)
    shutil.copy(GOLD / "src" / "build_retrieval.py", src / "build_retrieval.py")
    subprocess.run([sys.executable, str(src / "build_retrieval.py")], check=True, capture_output=True)
    assert (tmp_path / "goldset" / "retrieval.jsonl").read_bytes() == (GOLD / "retrieval.jsonl").read_bytes()


def test_clause_set_size_labels_groups() -> None:
    rows = [json.loads(line) for line in (GOLD / "clauses.jsonl").read_text(encoding="utf-8").splitlines()]
    by = Counter((r["lang"], r["label"]) for r in rows)
    for lang in ("zh", "en"):
        assert by[(lang, "fact")] + by[(lang, "not")] >= 600, by
        assert by[(lang, "fact")] >= 250 and by[(lang, "not")] >= 250, by
    assert {r["label"] for r in rows} == {"fact", "not"}
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids)
    texts = Counter((r["lang"], r["text"]) for r in rows)
    assert max(texts.values()) == 1
    # a group never mixes languages or labels, and there are enough groups for a 5-fold grouped CV per label
    groups: dict[str, set] = {}
    for r in rows:
        groups.setdefault(r["group"], set()).add((r["lang"], r["label"]))
    assert all(len(v) == 1 for v in groups.values())
    for lang in ("zh", "en"):
        for label in ("fact", "not"):
            assert sum(1 for v in groups.values() if v == {(lang, label)}) >= 25
    kinds = {(r["lang"], r["kind"]) for r in rows if r["label"] == "fact"}
    for need in ("contact", "event_attr", "named_place", "owned_liked", "relative_work", "education",
                 "child_pet_name", "move_change", "plural_subject"):
        assert ("zh", need) in kinds and ("en", need) in kinds, need
    assert any(r["text"] == "明天下午三点开会" and r["label"] == "not" for r in rows)


def test_clauses_builder_reproduces_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "c.jsonl"
    subprocess.run([sys.executable, str(GOLD / "src" / "build_clauses.py"), "--out", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (GOLD / "clauses.jsonl").read_bytes()
