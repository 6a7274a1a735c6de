"""What a drained turn stores, its kind, and its clauses (round 40).

Own sentences, one real store drained once (the default extractor and model), both languages:

- a product's model code said after the product (…，华为Mate60 / "…. The Z6 II.") is stored with the product,
  never alone (``write/unit_cuts``);
- a fact the rules file under a catch-all attribute takes health or habit from its words when it is the user's
  (``write/kind_words``), a relative's stays a relationship fact;
- an ability told with a modal (我会拉二胡, "I can juggle") is kept; a promise said with the same modal is not;
- a Chinese comma part with 我 or a modal and its own predicate is a clause of its own, short as it is, and a
  list of one predicate or a pair of people (我和我老婆) is not cut;
- 一 after a copula (是一辆…) is the article "a", no number; a count (我有一个外孙) stays one.
"""

from __future__ import annotations

import pytest

from memcli.models import Kind
from memcli.write.kind_words import kind_by_words
from memcli.write.unit_cuts import model_fragment
from tests._stores import module_store

MODELS = {"我上个月换了手机，华为Mate60": ("手机", "Mate60"), "我的相机是索尼。A7C2。": ("相机", "A7C2"),
          "我买了一台无人机，大疆Mini4": ("无人机", "Mini4"), "My camera is a Nikon. The Z6 II.": ("camera", "Z6")}
HEALTH = ("我有慢性胃炎", "我有痛风", "I have migraines", "I have psoriasis")
HABITS = ("我晚上经常去散步", "我平时周末去骑车", "I often bake bread on Sundays", "I go swimming twice a week")
ABILITIES = ("我会拉二胡", "我能说粤语", "I can juggle")
PROMISES = ("我会小心的", "I can pick you up tomorrow")
TWO_CLAUSES = {"我住在嘉兴，我画油画": ("我住在嘉兴", "我画油画"), "我在医院上班，会滑雪": ("我在医院上班", "我会滑雪")}
ONE_PREDICATE = ("我爱吃饺子，馄饨", "我和我老婆养了一只柯基")
RELATIVE = "我爸有痛风"

store = module_store("r40", [*MODELS, *HEALTH, *HABITS, *ABILITIES, *PROMISES, *TWO_CLAUSES, *ONE_PREDICATE,
                             RELATIVE])


@pytest.fixture(scope="module")
def items(store):  # noqa: ANN001, ANN201
    return {it.statement: it for it in store.list(include_all=True)}


@pytest.mark.parametrize("said", list(MODELS))
def test_a_model_code_is_stored_with_its_product(items, said: str) -> None:  # noqa: ANN001
    thing, code = MODELS[said]
    with_code = [s for s in items if code in s]
    assert with_code and all(thing in s for s in with_code), list(items)
    assert not any(model_fragment(s) for s in items), list(items)  # no memory is only a model code


@pytest.mark.parametrize(("said", "kind"), [*((s, Kind.HEALTH) for s in HEALTH), *((s, Kind.HABIT) for s in HABITS)])
def test_a_health_or_habit_fact_has_its_kind(items, said: str, kind: Kind) -> None:  # noqa: ANN001
    assert said in items and items[said].kind == kind, {s: it.kind for s, it in items.items()}


def test_a_relatives_condition_stays_a_relationship_fact(items) -> None:  # noqa: ANN001
    assert items[RELATIVE].kind == Kind.RELATIONSHIP


def test_abilities_are_kept_and_promises_are_not(items) -> None:  # noqa: ANN001
    assert set(ABILITIES) <= set(items), list(items)
    assert not any(p in s or s in p for p in PROMISES for s in items), list(items)


def test_two_clauses_after_a_comma_are_two_memories(items) -> None:  # noqa: ANN001
    for said, parts in TWO_CLAUSES.items():
        assert set(parts) <= set(items), (said, list(items))
        assert said not in items


def test_a_list_of_one_predicate_or_a_pair_of_people_is_not_cut(items) -> None:  # noqa: ANN001
    assert not any(s.strip("我") == "馄饨" for s in items), list(items)  # no 馄饨 / 我馄饨: no clause of its own
    assert any(s.startswith("我和我老婆") for s in items), list(items)  # the pair's fact, said whole


@pytest.mark.parametrize(("text", "kind"), [("我对尘螨过敏", Kind.HEALTH), ("我的血糖偏高", Kind.HEALTH),
                                            ("I take insulin", Kind.HEALTH), ("我每天早上打太极", Kind.HABIT),
                                            ("I usually cycle to work", Kind.HABIT), ("我周末去爬山了", Kind.OTHER),
                                            ("I will go hiking next weekend", Kind.OTHER),
                                            ("我妈妈有哮喘", Kind.OTHER)])
def test_kind_by_words(text: str, kind: Kind) -> None:
    assert kind_by_words(text, Kind.OTHER) == kind


@pytest.mark.parametrize(("text", "is_code"), [("A7C2", True), ("华为Mate60", True), ("iPhone 15", True),
                                               ("The Z6 II.", True), ("65寸", False), ("Sony", False),
                                               ("我有A7C2", False), ("the 2nd", False)])
def test_model_fragment(text: str, is_code: bool) -> None:
    assert model_fragment(text) is is_code
