"""Round 35: the fitted judge's floors are read row by row in plain Python (memcli/write/row_classes.py), one
definition for a candidate's few rows and the fit's thousands. Until the end of round 35 they were also written as
numpy (pair_features.decide_classes): on 9,000 rows moved onto every floor's boundary, NaN probabilities among
them, under three sets of floors, the classes recorded below are that implementation's, and the Python one must
keep giving them. Through the judge itself: one stack of many candidates gives each candidate's verdict alone."""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from datetime import UTC, datetime

import numpy as np
import pytest

from memcli.models import Candidate, Decision
from memcli.settings import load_settings
from memcli.write.fitted import FittedJudge, _argmin, load_weights
from memcli.write.judge import Neighbor, facts_of
from memcli.write.pair_features import FEATURES, feature_list
from memcli.write.row_classes import classes_of, decide_classes

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


#: the shipped floors of the default model at round 35, as literals (a refit of the judge does not move this test)
MP = {"NOOP": 0.5, "UPDATE": 0.65, "CONFLICT": 0.65, "hide_cosine": 0.3521, "hide_overlap": 0.15, "mixed_slot": 0.65,
      "nothing_shared": 0.9, "one_fact_hide": 0.5, "other_slot": 0.9, "other_subject": 0.9, "sure_one_fact": 0.15}
FLAGS = ["same_slot", "change_marker", "different_strong_slots", "family_refines", "guard:different subject",
         "flip", "entity_shared", "one_strong_slot", "names_changed", "relations_changed", "names_added",
         "same_strong_slot", "hard_no_hide", "different_people"]
#: each bounded feature at, just below and away from its floor
EDGES = {"cos": [0.3521, 0.3521 - 1e-9, 0.9], "jaccard": [0.0, 0.15, 0.5], "old_in_new": [0.2, 0.19999, 0.5],
         "bigram_jaccard": [0.1, 0.09, 0.0]}


def _boundary_stack() -> tuple[np.ndarray, np.ndarray]:
    """3,000 feature rows with every flag at random and every bound on its edge, and probabilities on the floors
    (0.5, 0.65, 0.9, 0.15, just under 0.15), ties between classes and 2% NaN."""
    rng = np.random.default_rng(35)
    x = np.zeros((3000, len(FEATURES)))
    for name in FLAGS:
        x[:, FEATURES.index(name)] = rng.integers(0, 2, len(x))
    for name, values in EDGES.items():
        x[:, FEATURES.index(name)] = rng.choice(values, len(x))
    prob = rng.choice([0.0, 0.15, 0.25, 0.5, 0.65, 0.9, 0.14999, math.nan], (len(x), 4), p=[.14] * 7 + [.02])
    return x, prob


@pytest.mark.parametrize(("floors", "digest", "counts"), [
    (MP, "4c8a228e36ef41da", {0: 2764, 1: 43, 2: 116, 3: 77}),
    ({k: v for k, v in MP.items() if k not in ("sure_one_fact", "one_fact_hide")}, "4211b78ef3ad2cca",
     {0: 2773, 1: 43, 2: 112, 3: 72}),
    ({"NOOP": 0.5, "UPDATE": 0.6, "CONFLICT": 0.7}, "6c6a9718cb31b390", {0: 2721, 1: 43, 2: 174, 3: 62}),
])
def test_every_floor_on_its_boundary_gives_the_numpy_classes(floors: dict[str, float], digest: str,
                                                              counts: dict[int, int]) -> None:
    x, prob = _boundary_stack()
    got = classes_of(x.tolist(), prob.tolist(), floors)
    assert dict(Counter(got)) == counts
    assert hashlib.sha256(bytes(got)).hexdigest()[:16] == digest
    assert decide_classes(prob, x, floors).tolist() == got


def test_real_rows_cross_the_shipped_floors(judge: FittedJudge, rows: list[list[float]]) -> None:
    prob = judge.proba(np.array(rows, dtype=np.float64))
    got = classes_of(rows, prob.tolist(), judge.min_prob)
    assert len(got) == 2 * len(PAIRS) and set(got) - {0} != set()  # not all ADD: the floors were crossed
    # bare floors let more hide than the shipped ones, never less
    bare = classes_of(rows, prob.tolist(), {"NOOP": 0.5, "UPDATE": 0.6, "CONFLICT": 0.7})
    assert sum(c != 0 for c in bare) >= sum(c != 0 for c in got)


def test_a_probability_that_is_not_a_number_clears_no_floor() -> None:
    row = [0.0] * len(FEATURES)
    floors = {"NOOP": 0.5, "UPDATE": 0.6, "CONFLICT": 0.7}
    # numpy's argmax: a NaN p(ADD) is ADD; a NaN elsewhere is never chosen
    assert classes_of([row, row, row], [[math.nan, 0.9, 0.2, 0.3], [0.1, math.nan, 0.2, 0.8],
                                        [0.1, 0.8, math.nan, math.nan]], floors) == [0, 3, 1]
    assert _argmin([0.3, 0.1, 0.1]) == int(np.argmin([0.3, 0.1, 0.1])) == 1
    assert _argmin([0.3, math.nan, 0.1, math.nan]) == int(np.argmin([0.3, math.nan, 0.1, math.nan])) == 1


def test_one_stack_read_by_numpy_gives_each_candidates_verdict_read_alone(judge: FittedJudge, embedder) -> None:
    """A drained batch's first candidates are judged in one stack; each candidate alone has a few rows. Every
    verdict, its class, target and reason, is the same."""
    stored = [a for a, _ in PAIRS]
    vs = embedder.embed(stored + [b for _, b in PAIRS])
    asked = []
    for n, (_, b) in enumerate(PAIRS):
        vb = vs[len(stored) + n]
        nbs = [Neighbor(id=i + 1, statement=s, slot=None, cosine=round(float(vs[i] @ vb), 6), valid_from=WHEN,
                        origin="user", confidence=0.9) for i, s in enumerate(stored)]
        nbs.sort(key=lambda nb: -nb.cosine)
        asked.append((Candidate(statement=b, slot=facts_of(b, None).slot, valid_from=WHEN), nbs[:3]))
    assert sum(len(nbs) for _, nbs in asked) > 24  # (a stack, not one candidate's few rows)
    together = judge.judge_many(asked)
    alone = [judge.judge(c, nbs) for c, nbs in asked]
    assert together == alone
    decided = {v.decision for v in alone}
    assert Decision.ADD in decided and decided - {Decision.ADD}  # both paths chose more than ADD
