"""Round 35: the fitted judge reads a few rows' floors in plain Python (memcli/write/row_classes.py) instead of
numpy's forty calls per stack. The classes must be numpy's (pair_features.decide_classes), row for row: on the
feature rows of real pairs (our own sentences, cosines of the real default model, the shipped floors), on rows
moved onto every floor's boundary, and through the judge itself (one stack of many candidates, read by numpy,
against each candidate alone, read in Python)."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import numpy as np
import pytest

from memcli.models import Candidate, Decision
from memcli.settings import load_settings
from memcli.write.fitted import FittedJudge, _argmin, load_weights
from memcli.write.judge import Neighbor, facts_of
from memcli.write.pair_features import FEATURES, decide_classes, feature_list
from memcli.write.row_classes import SMALL, classes_of

WHEN = datetime(2026, 3, 1, tzinfo=UTC)

#: (stored, incoming) pairs of our own: restatements, changes, refinements, another person, two languages
PAIRS = [
    ("我家的猫叫团子", "我家的猫叫汤圆"),
    ("我每周三晚上去游泳", "我每周三晚上都会去游泳"),
    ("我家在成都", "我家在成都武侯区玉林路附近的老小区"),
    ("我不吃香菜", "我其实挺喜欢吃香菜的"),
    ("我哥哥在银行上班", "我在银行上班"),
    ("My sister teaches piano in Leeds", "My sister teaches violin in Leeds"),
    ("I drink two cups of green tea a day", "I drink three cups of green tea a day"),
    ("I'm allergic to shellfish", "I'm allergic to shellfish, especially shrimp"),
    ("My dentist is Dr. Okafor", "My dentist is Dr. Lindqvist now"),
    ("I go hiking every Sunday", "我每个周日都去爬山"),
    ("My favourite band is Radiohead", "I have a meeting with the landlord on Friday"),
    ("我女儿今年上三年级", "我女儿今年上四年级"),
]


@pytest.fixture(scope="module")
def judge() -> FittedJudge:
    settings = load_settings()
    return FittedJudge(settings, load_weights(settings))


@pytest.fixture(scope="module")
def rows(embedder) -> list[list[float]]:
    """The feature rows of PAIRS, both ways round, at the real model's cosines."""
    out = []
    for a, b in PAIRS:
        va, vb = embedder.embed([a, b])
        cos = round(float(va @ vb), 6)
        for new, old in ((b, a), (a, b)):
            out.append(feature_list(facts_of(new, None), facts_of(old, None), cos))
    return out


def _same(rows: list[list[float]], prob: np.ndarray, min_prob: dict[str, float]) -> list[int]:
    got = classes_of(rows, prob.tolist(), min_prob)
    assert got == decide_classes(prob, np.array(rows, dtype=np.float64), min_prob).tolist()
    return got


def test_real_rows_get_numpys_classes_under_the_shipped_floors(judge: FittedJudge, rows: list[list[float]]) -> None:
    prob = judge.proba(np.array(rows, dtype=np.float64))
    got = _same(rows, prob, judge.min_prob)
    assert len(got) == 2 * len(PAIRS) and set(got) - {0} != set()  # not all ADD: the floors were crossed
    # the same rows under floors without the "sure one fact" rule and under bare floors
    _same(rows, prob, {k: v for k, v in judge.min_prob.items() if k not in ("sure_one_fact", "one_fact_hide")})
    _same(rows, prob, {"NOOP": 0.5, "UPDATE": 0.6, "CONFLICT": 0.7})


def test_every_floor_and_flag_on_its_boundary(judge: FittedJudge, rows: list[list[float]]) -> None:
    mp = judge.min_prob
    edges = {"cos": [mp["hide_cosine"], mp["hide_cosine"] - 1e-9, 0.9], "jaccard": [0.0, mp["hide_overlap"], 0.5],
             "old_in_new": [0.2, 0.19999, 0.5], "bigram_jaccard": [0.1, 0.09, 0.0]}
    flags = ["same_slot", "change_marker", "different_strong_slots", "family_refines", "guard:different subject",
             "flip", "entity_shared", "one_strong_slot", "names_changed", "relations_changed", "names_added",
             "same_strong_slot", "hard_no_hide", "different_people"]
    rng = np.random.default_rng(35)
    base = np.array(rows, dtype=np.float64)
    checked = 0
    for _ in range(300):
        x = base[rng.integers(0, len(base), 8)].copy()
        for name in rng.choice(flags, 5, replace=False):
            x[:, FEATURES.index(name)] = rng.integers(0, 2, len(x))
        for name, values in edges.items():
            x[:, FEATURES.index(name)] = rng.choice(values, len(x))
        # probabilities on the floors too (0.5, 0.65, 0.9, 0.15), and ties between classes
        prob = rng.choice([0.0, 0.15, 0.25, 0.5, 0.65, 0.9, 0.14999], (len(x), 4))
        checked += len(_same(x.tolist(), prob, mp))
    assert checked == 2400


def test_a_probability_that_is_not_a_number_is_left_to_numpy() -> None:
    row = [0.0] * len(FEATURES)
    assert classes_of([row], [[math.nan, 0.5, 0.2, 0.3]], {"NOOP": 0.5, "UPDATE": 0.6, "CONFLICT": 0.7}) is None
    assert _argmin([0.3, 0.1, 0.1]) == int(np.argmin([0.3, 0.1, 0.1])) == 1
    assert _argmin([0.3, math.nan, 0.1, math.nan]) == int(np.argmin([0.3, math.nan, 0.1, math.nan])) == 1


def test_one_stack_read_by_numpy_gives_each_candidates_verdict_read_alone(judge: FittedJudge, embedder) -> None:
    """A drained batch's first candidates are judged in one stack (more than SMALL rows: numpy's floors); each
    candidate alone has a few rows (Python's). Every verdict, its class, target and reason, is the same."""
    stored = [a for a, _ in PAIRS]
    vs = embedder.embed(stored + [b for _, b in PAIRS])
    asked = []
    for n, (_, b) in enumerate(PAIRS):
        vb = vs[len(stored) + n]
        nbs = [Neighbor(id=i + 1, statement=s, slot=None, cosine=round(float(vs[i] @ vb), 6), valid_from=WHEN,
                        origin="user", confidence=0.9) for i, s in enumerate(stored)]
        nbs.sort(key=lambda nb: -nb.cosine)
        asked.append((Candidate(statement=b, slot=facts_of(b, None).slot, valid_from=WHEN), nbs[:3]))
    assert sum(len(nbs) for _, nbs in asked) > SMALL
    together = judge.judge_many(asked)
    alone = [judge.judge(c, nbs) for c, nbs in asked]
    assert together == alone
    decided = {v.decision for v in alone}
    assert Decision.ADD in decided and decided - {Decision.ADD}  # both paths chose more than ADD
