"""The fitted decision judge (issue 10): the classifier on known numbers, the decisions it
takes on real stores with the real default model, and its weights file's bad input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from memcli.errors import ConfigError
from memcli.judge_fit import LABELS, choose_min_prob, decide_rows, fit_softmax, predict_proba
from memcli.models import Decision
from memcli.settings import load_settings
from memcli.write.backends import get_judge
from memcli.write.fitted import FittedJudge, load_weights
from memcli.write.pair_features import FEATURES, names_changed, pair_features
from memcli.write.rules import analyze


def test_softmax_fit_separates_four_known_classes() -> None:
    rng = np.random.default_rng(0)
    centres = np.array([[0, 0], [4, 0], [0, 4], [4, 4]], dtype=float)
    y = np.repeat(np.arange(4), 50)
    x = centres[y] + rng.normal(0, 0.5, (200, 2))
    params = fit_softmax(x, y, l2=0.1)
    prob = predict_proba(params, x)
    assert prob.shape == (200, 4) and np.allclose(prob.sum(axis=1), 1.0)
    assert (prob.argmax(axis=1) == y).mean() >= 0.97
    assert predict_proba(params, np.array([[4.0, 4.0]]))[0].argmax() == LABELS.index("CONFLICT")


def test_floors_send_unsure_pairs_to_add_and_never_merge_a_fitted_conflict() -> None:
    prob = np.array([[0.1, 0.8, 0.05, 0.05],    # a CONFLICT pair the fit would merge at p=0.8
                     [0.05, 0.9, 0.025, 0.025],  # a NOOP pair surer than that
                     [0.3, 0.1, 0.1, 0.5]])      # a CONFLICT at p=0.5: unsure
    y = np.array([3, 1, 3])
    x = np.zeros((3, len(FEATURES)))
    x[:, FEATURES.index("jaccard")] = 0.5  # the pairs share content (see row_floors)
    x[:, FEATURES.index("old_in_new")] = 0.5
    floors = choose_min_prob(prob, y, x)
    assert floors["NOOP"] == pytest.approx(0.82)  # 0.8 + the margin 0.02
    assert decide_rows(prob, x, floors).tolist() == [0, 1, 0]  # merged conflict → ADD; unsure → ADD
    # a changed name is never NOOP: the next class decides if it clears its floor
    x[1, FEATURES.index("names_changed")] = 1
    prob[1] = [0.05, 0.25, 0.0, 0.7]
    assert decide_rows(prob, x, floors).tolist() == [0, 3, 0]
    # hiding a memory of another slot needs a surer judge
    x[1, FEATURES.index("different_strong_slots")] = 1
    assert decide_rows(prob, x, {**floors, "other_slot": 0.9}).tolist() == [0, 0, 0]
    assert decide_rows(prob, x, {**floors, "other_slot": 0.6}).tolist() == [0, 3, 0]
    # ... and a polarity flip between two slots naming nothing in common is never a CONFLICT
    x[1, FEATURES.index("flip")] = 1
    assert decide_rows(prob, x, {**floors, "other_slot": 0.6}).tolist() == [0, 0, 0]
    # a refinement keeps some of the old statement: without a slot, an UPDATE needs 20% of it
    prob[2] = [0.2, 0.0, 0.8, 0.0]
    assert decide_rows(prob, x, floors).tolist()[2] == 2
    x[2, FEATURES.index("old_in_new")] = 0.1
    assert decide_rows(prob, x, floors).tolist()[2] == 0


def test_features_are_a_fixed_vector_with_the_rule_checks_as_flags() -> None:
    f = pair_features(analyze("我领导叫李明"), analyze("我领导叫王建国"), 0.7)
    assert f.shape == (len(FEATURES),) and f[FEATURES.index("cos")] == 0.7
    assert f[FEATURES.index("slot:CONFLICT")] == 1.0 and f[FEATURES.index("same_strong_slot")] == 1.0
    g = pair_features(analyze("我不喜欢猫"), analyze("我喜欢猫"), 0.9)
    assert g[FEATURES.index("flip")] == 1.0 and g[FEATURES.index("guard:polarity flip")] == 1.0


@pytest.mark.parametrize(("a", "b", "changed"), [
    ("I take vitamin D every morning", "I take vitamin C every morning", True),
    ("I drive a Toyota", "I drive a Honda", True),
    ("我在腾讯上班", "我在阿里巴巴上班", True),
    ("I speak French fluently", "I'm fluent in French", False),
    ("我在腾讯上班", "我是腾讯的员工", False),
])
def test_a_changed_name(a: str, b: str, changed: bool) -> None:
    assert names_changed(a, b) is changed


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("I speak French fluently", "I'm fluent in French", Decision.NOOP),
    ("我不喝酒", "我滴酒不沾", Decision.NOOP),
    ("我领导叫王建国", "我领导叫李明", Decision.CONFLICT),
    ("I live in Lyon", "I live in Marseille now", Decision.CONFLICT),
    ("我住在上海", "我住在上海浦东新区的张江", Decision.UPDATE),
    ("I take vitamin D every morning", "I take vitamin C every morning", Decision.ADD),
    ("我表哥是博士", "我表妹是硕士", Decision.ADD),
])
def test_fitted_decisions_on_a_real_store(mem, first: str, second: str, decision: Decision) -> None:
    assert mem.worker.judge.name == "fitted"  # the default: weights shipped for the default model
    mem.remember(first, at="2026-01-05")
    r = mem.remember(second, at="2026-06-01")
    assert r.decision == decision, r.reason
    if decision != Decision.ADD or r.judge == "fitted":
        assert r.reason.startswith("fitted judge: ") and "cosine" in r.reason


def test_judge_offline_keeps_the_rule_judge(tmp_path: Path, embedder) -> None:
    from memcli import Memory

    with Memory(db=str(tmp_path / "r.db"), user="u", judge="offline") as m:
        m.remember("I love cats")
        r = m.remember("I hate cats")
        assert m.worker.judge.name == "offline" and r.decision == Decision.CONFLICT
        assert not r.reason.startswith("fitted")


def _weights(tmp_path: Path, **change: object) -> Path:
    params = dict(load_weights(load_settings()) or {})
    params.update(change)
    p = tmp_path / "w.json"
    p.write_text(json.dumps(params), encoding="utf-8")
    return p


@pytest.mark.parametrize(("change", "message"), [
    ({"model": "all-MiniLM-L6-v2"}, "were fitted for model 'all-MiniLM-L6-v2'"),
    ({"features": ["cos"]}, "were fitted for other features"),
])
def test_weights_for_another_model_or_features_are_one_line_errors(cli, tmp_path: Path, change: dict,
                                                                  message: str, monkeypatch) -> None:
    monkeypatch.setenv("MEMCLI_JUDGE_WEIGHTS", str(_weights(tmp_path, **change)))
    with pytest.raises(ConfigError, match=message):
        get_judge(load_settings())
    r = cli("remember", "I love cats")
    assert r.exit_code != 0 and message in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_an_unreadable_weights_file_is_a_one_line_error(cli, tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    monkeypatch.setenv("MEMCLI_JUDGE_WEIGHTS", str(bad))
    r = cli("remember", "I love cats")
    assert r.exit_code != 0 and "cannot read judge weights" in r.stderr and "Traceback" not in r.stderr
    r = cli("list", "--json")  # nothing was half-written
    assert r.exit_code == 0 and r.json() == []


def test_a_model_without_weights_falls_back_to_the_rule_judge_or_says_so() -> None:
    st = load_settings().model_copy(update={"model": "some/other-model"})
    assert load_weights(st) is None
    assert get_judge(st).name == "offline"  # auto
    with pytest.raises(ConfigError, match="no fitted judge weights for model 'some/other-model'"):
        FittedJudge(st)


@pytest.mark.parametrize(("general", "specific"), [("我爱人在银行上班", "我老婆在银行上班"),
                                                   ("My brother lives in Leeds", "My older brother lives in Leeds")])
def test_a_general_relation_may_be_the_specific_one(general: str, specific: str) -> None:
    from memcli.write.judge import align_subjects, other_person

    a, b = analyze(general), analyze(specific)
    assert a.subject != b.subject  # spouse / wife, brother / elder_brother
    assert not other_person(a, b)
    x, y = align_subjects(a, b)
    assert x.subject == y.subject == b.subject and (x.slot or "").startswith(b.subject)


def test_two_specific_relations_stay_two_people() -> None:
    from memcli.write.judge import other_person

    assert other_person(analyze("我哥哥是医生"), analyze("我弟弟是医生"))


@pytest.mark.parametrize(("a", "b", "changed"), [
    ("Ines is my cousin", "Ines is my niece", True),
    ("周明是我表弟", "周明是我堂弟", True),
    ("My brother is a doctor", "My older brother is a doctor", False),  # brother may be the older one
    ("我爱人在银行上班", "我老婆在银行上班", False),
    ("My dad is a pilot", "My dad works as a pilot", False),
])
def test_a_changed_relation_is_never_a_restatement(a: str, b: str, changed: bool) -> None:
    from memcli.write.pair_features import relations_changed

    assert relations_changed(a, b) is changed


@pytest.mark.parametrize(("first", "second"), [
    ("I hate cilantro", "I love spicy food"),
    ("我不喜欢香菜", "我很喜欢吃辣"),
    ("我不吃香菜", "我更喜欢粤菜"),
    ("I don't eat pork", "I love Italian food"),
])
def test_a_no_about_another_thing_invalidates_nothing(mem, first: str, second: str) -> None:
    mem.remember(first, at="2026-01-05")
    r = mem.remember(second, at="2026-06-01")
    assert r.decision == Decision.ADD, r.reason
    assert {i.statement for i in mem.list()} == {first, second}


def test_a_compound_like_and_dislike_both_stay(mem) -> None:
    mem.capture("我喜欢喝美式咖啡，不加奶。", at="2026-09-01T09:03:00+08:00")
    mem.capture("I hate cilantro but I love spicy food", at="2026-09-02T09:03:00+08:00")
    mem.drain()
    active = [i.statement for i in mem.list()]
    assert any("美式咖啡" in s for s in active) and any("cilantro" in s for s in active), active
    assert any("spicy" in s for s in active), active


def test_two_named_things_are_never_one_fact():
    """An attribute of one named event never refines, repeats or contradicts another event's: with a
    list of events stored, the fitted judge had read the long 主要内容 of event B as an UPDATE of the
    规模 of event A (p=1.00: "new_only, length_ratio"), and A's 规模 was lost (MemDaily-like lists)."""
    from datetime import UTC, datetime

    from memcli.models import Candidate
    from memcli.settings import Settings
    from memcli.write.judge import Neighbor

    def slot(s: str) -> str:
        thing, rest = s.split("的", 1)
        return f"thing:{thing}.{rest.split('是')[0]}"

    at = datetime(2026, 4, 1, tzinfo=UTC)
    new = "杭州教育年度盛会的主要内容是总结年度教学成果，表彰优秀教师，探讨教育创新发展，展望杭州教育未来"
    olds = [("杭州教育创新论坛的规模是二千人", 0.39), ("杭州教育年度盛会的规模是七千人", 0.45),
            ("西湖音乐行的规模是二千人", 0.2),
            ("杭州教育创新论坛的主要内容是探讨教育创新与实践，分享教学经验，共谋杭州教育未来", 0.8)]
    verdict = FittedJudge(Settings()).judge(
        Candidate(statement=new, slot=slot(new), valid_from=at),
        [Neighbor(i + 1, s, slot(s), cos, at, "extracted", 0.8) for i, (s, cos) in enumerate(olds)])
    assert verdict.decision == Decision.ADD, verdict
