"""Round 44 (issue 24): the judge's feature rows of a whole call stacked at once (``pair_features.feature_rows``) —
each pair's rule checks once, the cosine's columns for the stack — give the floats of the rows built one by one
(``feature_list``), bit for bit, and so the same probabilities, classes and verdicts."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from memcli.models import Candidate
from memcli.settings import load_settings
from memcli.write import pair_features as pf
from memcli.write.fitted import FittedJudge, load_weights
from memcli.write.judge import Neighbor, facts_of
from memcli.write.pair_features import feature_list, feature_rows
from memcli.write.row_classes import classes_of, classes_of_stack

WHEN = datetime(2026, 4, 2, tzinfo=UTC)

#: (stored, incoming) of our own: a changed value, a flip, a refinement, a restatement, another person, numbers,
#: a told change, two languages, slotted and slot-less
PAIRS = [
    ("我家的狗叫豆豆", "我家的狗叫可乐"),
    ("我喜欢吃榴莲", "我不喜欢吃榴莲"),
    ("我住在苏州", "我住在苏州工业园区金鸡湖边"),
    ("我每天骑车上班", "我现在每天坐地铁上班"),
    ("我姐姐在医院当护士", "我在医院当护士"),
    ("My brother plays the cello", "My brother plays the oboe"),
    ("I run 5 km every morning", "I run 8 km every morning"),
    ("I'm learning Italian", "I'm learning Italian, mostly for a trip to Naples"),
    ("My landlord is Mr. Castellanos", "My new landlord is Ms. Abara"),
    ("I play squash on Thursday evenings", "我每周四晚上打壁球"),
    ("My son is in second grade", "My son is in third grade"),
    ("I don't eat pork", "I eat pork again now"),
]
#: cosines as the decision gives them (six places), below zero and at the ends included
COSINES = (0.912345, 0.5, -0.125, 0.0, 1.0, 0.333333)


@pytest.fixture(scope="module")
def pairs() -> list[tuple]:
    out = []
    for n, (a, b) in enumerate(PAIRS):
        for new, old in ((b, a), (a, b)):
            for slot in (None, facts_of(old, None).slot):
                out.append((facts_of(new, None), facts_of(old, slot), COSINES[n % len(COSINES)]))
        out.append((facts_of(b, None), facts_of(a, None), COSINES[(n + 1) % len(COSINES)]))
    return out


def test_the_stack_is_the_rows_built_one_by_one_bit_for_bit(pairs: list[tuple]) -> None:
    one_by_one = np.array([feature_list(*p) for p in pairs], dtype=np.float64)
    pf.pair_cache_clear()
    stacked = feature_rows(pairs)
    assert stacked.shape == (len(pairs), len(pf.FEATURES))
    assert stacked.tobytes() == one_by_one.tobytes()  # (a signed zero too)
    again = feature_rows(pairs)  # every pair cached now: the same floats
    assert again.tobytes() == one_by_one.tobytes()
    assert feature_rows([]).shape == (0, len(pf.FEATURES))
    assert any(p[2] < 0 for p in pairs) and len({p[2] for p in pairs}) == len(COSINES)


def test_each_pair_is_computed_once_and_counted(pairs: list[tuple]) -> None:
    pf.pair_cache_clear()
    feature_rows(pairs[:4] + pairs[:4])
    info = pf.pair_cache_info()
    distinct = len({(n, o) for n, o, _ in pairs[:4]})
    assert (info.misses, info.hits) == (distinct, 8 - distinct)


def test_the_judge_on_the_stack_gives_the_verdicts_of_the_rows_built_one_by_one(pairs: list[tuple]) -> None:
    settings = load_settings()
    judge = FittedJudge(settings, load_weights(settings))
    old_rows = [feature_list(*p) for p in pairs]
    prob = judge.proba(np.array(old_rows, dtype=np.float64))
    x = feature_rows(pairs)
    assert judge.proba(x).tobytes() == prob.tobytes()
    want = classes_of(old_rows, prob.tolist(), judge.min_prob)
    assert classes_of(x.tolist(), prob.tolist(), judge.min_prob) == want
    assert classes_of_stack(x, prob.tolist(), judge.min_prob) == want  # the floors' columns only, out of numpy
    assert set(want) - {0}  # the floors were crossed: more than ADD
    # through judge_many: one candidate at a time and all of them in one call
    asked = []
    for n, (a, b) in enumerate(PAIRS):
        nbs = [Neighbor(id=n + 1, statement=a, slot=facts_of(a, None).slot, cosine=COSINES[n % len(COSINES)],
                        valid_from=WHEN, origin="extracted", confidence=0.8)]
        asked.append((Candidate(statement=b, slot=facts_of(b, None).slot, valid_from=WHEN), nbs))
    alone = [judge.judge(c, nbs) for c, nbs in asked]
    assert judge.judge_many(asked) == alone
    assert {v.decision.value for v in alone} >= {"ADD", "CONFLICT"}
