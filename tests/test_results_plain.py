"""The read path makes its results without pydantic's validators (``model_construct``) and the
context block writes them without its serializers (:func:`memcli.read.results.plain`), so that a
cold ``context`` builds neither (issue 24). What it makes must be what validation would have made,
and what it writes what ``model_dump`` writes; the types stay pydantic models for their users."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from memcli.read.context import ContextResult
from memcli.read.results import Explain, Hit, RetrievalInfo, plain


@pytest.fixture
def seeded(mem):  # noqa: ANN001, ANN201
    mem.remember("我咖啡不加糖", kind="preference", at="2026-08-18T09:00:00Z")
    mem.remember("我妈妈的生日是3月5号", kind="relationship", at="2026-08-20T09:00:00Z")
    mem.remember(
        "I take my tea with milk",
        kind="preference",
        at="2026-08-21T09:00:00+02:00",
        metadata={"src": "import", "n": 2, "tags": ["a", "b"]},
    )
    return mem


def _same_as_validated(model) -> None:  # noqa: ANN001
    """``model`` equals its own validated copy, field by field and type by type."""
    again = type(model).model_validate({k: getattr(model, k) for k in type(model).model_fields})
    for name in type(model).model_fields:
        a, b = getattr(model, name), getattr(again, name)
        assert type(a) is type(b), (name, a, b)
        if isinstance(a, Explain):
            _same_as_validated(a)
        else:
            assert a == b, name


@pytest.mark.parametrize("explain", [False, True])
def test_hits_and_info_are_what_validation_makes_and_plain_is_model_dump(seeded, explain: bool) -> None:  # noqa: ANN001
    hits = seeded.search("咖啡 tea 生日", limit=5, explain=explain)
    assert {h.statement for h in hits} >= {"我咖啡不加糖", "I take my tea with milk"}
    for h in hits:
        _same_as_validated(h)
        assert plain(h) == h.model_dump()
        assert json.dumps(plain(h, json=True)) == json.dumps(h.model_dump(mode="json"))
        assert "stands_for" not in plain(h)  # an excluded field stays out
    tea = next(h for h in hits if h.statement.startswith("I take"))
    assert plain(tea, json=True)["valid_from"] == "2026-08-21T07:00:00Z"  # as pydantic writes a UTC time
    assert plain(tea, json=True)["metadata"] == {"src": "import", "n": 2, "tags": ["a", "b"]}
    _same_as_validated(hits.info)
    assert plain(hits.info) == hits.info.model_dump()
    assert json.dumps(plain(hits.info, json=True)) == json.dumps(hits.info.model_dump(mode="json"))


@pytest.mark.parametrize("fmt", ["json", "messages"])
def test_the_context_result_is_written_as_model_dump_writes_it(seeded, fmt: str) -> None:  # noqa: ANN001
    res = seeded.context("我咖啡加糖吗", fmt=fmt, budget_ms=60_000)
    assert "我咖啡不加糖" in res.text and res.hits
    assert json.dumps(plain(res, json=True), ensure_ascii=False) == json.dumps(
        res.model_dump(mode="json"), ensure_ascii=False
    )
    assert plain(res) == res.model_dump()
    again = ContextResult.model_validate(res.model_dump())
    assert again.model_dump() == res.model_dump()


def test_the_result_types_stay_pydantic_models_for_their_users() -> None:
    for cls, field in ((Hit, "score"), (RetrievalInfo, "legs_run"), (ContextResult, "text")):
        schema = cls.model_json_schema()
        if "$ref" in schema:  # Hit refers to itself (stands_for)
            schema = schema["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
        assert schema["type"] == "object" and field in schema["properties"]
    h = Hit.model_validate(
        {
            "id": "7",
            "statement": "s",
            "kind": "other",
            "effective_confidence": 0.5,
            "valid_from": "2026-01-02T03:04:05Z",
            "score": "0.25",
            "origin": "explicit",
        }
    )
    assert (h.id, h.score, h.valid_from.year) == (7, 0.25, 2026)
    assert h.model_dump(mode="json")["valid_from"] == "2026-01-02T03:04:05Z"
    with pytest.raises(ValidationError):
        Hit.model_validate({"id": "seven", "statement": "s"})
    with pytest.raises(ValidationError):
        ContextResult.model_validate({"lang": "zh"})


def test_construct_makes_what_model_construct_makes(seeded) -> None:  # noqa: ANN001
    """results.construct stands in for model_construct (no inspect.signature per default): the same
    __dict__ in the same order, the same fields set, no extra, no private; each default list its own."""
    from memcli.read.results import construct

    hits = seeded.search("咖啡 tea 生日", limit=5)
    cases = [(Hit, {k: getattr(h, k) for k in ("id", "statement", "kind", "score", "legs")}) for h in hits]
    cases += [(RetrievalInfo, {"legs_requested": ["dense"], "candidates_per_leg": 50}), (RetrievalInfo, {})]
    cases += [(ContextResult, {"lang": "zh", "format": "json", "max_tokens": 300, "budget_ms": 800, "elapsed_ms": 0.0})]
    for cls, values in cases:
        a, b = construct(cls, **values), cls.model_construct(**values)
        assert list(a.__dict__.items()) == list(b.__dict__.items()), cls
        assert a.model_fields_set == b.model_fields_set == set(values)
        assert (a.__pydantic_extra__, a.__pydantic_private__) == (b.__pydantic_extra__, b.__pydantic_private__)
        assert a.model_dump() == b.model_dump()
    one, two = construct(RetrievalInfo), construct(RetrievalInfo)
    one.legs_run.append("dense")
    assert two.legs_run == [] and two.timings_ms == {}
    with pytest.raises(TypeError, match="no field"):
        construct(Hit, statment="typo")
