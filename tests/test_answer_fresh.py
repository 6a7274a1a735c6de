"""The shipped answerability gate on goldset/noanswer_fresh.jsonl, a held-out set never fitted on
(:mod:`memcli.eval.answer_fresh`; ``python bench/refit_answer.py --fresh``). Floors at the
figures of round 13 (docs/answerability.md): a refit may move them up, never down."""

from __future__ import annotations

import pytest

from memcli.eval.formats import default_goldset_dir

#: group → (empty share on no-answer questions, recall@5, answered@3 of the answer questions,
#: answered@3 of the person-by-fact ones); ``*_all``: short and chatter-wrapped questions together
FLOORS = {
    "zh_all": (0.888, 0.903, 0.961, 0.833),  # answered@3 0.923 -> 0.962 in round 21 (the user's thing without 我)
    # 0.851 in round 17 (gate17's refit moved a near miss across the point); back up to 0.893 in round 18,
    # where read18's features and the refit on the merged tree left 42 of 47 no-answer questions empty
    # round 21: read28's own refit had left 0.872 (its English cut 0.05); the refit of the merged tree (gate28
    # + read28) is back at 0.894, so the floor is round 18's again; zh answered@3 rose 0.923 -> 0.962
    "en_all": (0.893, 0.923, 0.961, 1.0),
    "zh_long": (0.8, 0.857, 0.857, 0.5),
}


@pytest.fixture(scope="module")
def report() -> dict:
    from memcli.eval.answer_fresh import score_fresh
    from memcli.settings import load_settings

    return score_fresh(load_settings(), default_goldset_dir() / "noanswer_fresh.jsonl")


@pytest.mark.parametrize("group", sorted(FLOORS))
def test_the_fresh_set_stays_at_its_floors(report: dict, group: str) -> None:
    empty, recall, answered, by_fact = FLOORS[group]
    r = report[group]
    assert r["empty_no_answer"] >= empty, (group, r)
    assert r["recall@5"] >= recall, (group, r)
    assert r["answered@3"] >= answered, (group, r)
    assert r["person_by_fact_answered@3"] >= by_fact, (group, r)


def test_the_fresh_set_is_never_fitted_on() -> None:
    import inspect

    from memcli import answer_fit

    assert "noanswer_fresh" not in inspect.getsource(answer_fit)


#: goldset/noanswer_world.jsonl (round 17): group → (empty share on its general questions, answered@3 of
#: its questions about the user asked without 我 / "my"); floors at gate17's figures, en's answered@3 raised
#: to round 18's 0.83 (read18: English questions pointing back, "which" + noun)
WORLD_FLOORS = {"zh": (0.98, 0.86), "en": (0.98, 0.83)}


@pytest.fixture(scope="module")
def world_report() -> dict:
    from memcli.eval.answer_fresh import score_fresh
    from memcli.settings import load_settings

    return score_fresh(load_settings(), default_goldset_dir() / "noanswer_world.jsonl")


@pytest.mark.parametrize("group", sorted(WORLD_FLOORS))
def test_general_questions_sharing_a_word_stay_empty(world_report: dict, group: str) -> None:
    empty, answered = WORLD_FLOORS[group]
    r = world_report[group]
    assert r["by_kind"]["general"][0] >= empty, (group, r)
    assert r["answered@3"] >= answered, (group, r)


def test_the_world_set_is_never_fitted_on() -> None:
    import inspect

    from memcli import answer_fit

    assert "noanswer_world" not in inspect.getsource(answer_fit)
