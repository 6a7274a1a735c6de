"""A hit that subject expansion places after its parent keeps its own answerability when a leg found it
too and its own is larger (found by a trial: the address of 我妈妈的弟弟, stored about 舅舅, with
another memory saying who 舅舅 is, lost its answer: the address was placed after 我舅舅叫…, a name
hit the gate vetoes for an address question, and took that parent's p of 0)."""

from __future__ import annotations


def _drained(mem, texts: list[str]) -> None:  # noqa: ANN001
    for t in texts:
        mem.capture(t)
    mem.drain()


def _hit(mem, query: str, word: str):  # noqa: ANN001, ANN202
    return next(h for h in mem.search(query, limit=8) if word in h.statement)


def test_an_expanded_hit_keeps_its_own_p_over_a_vetoed_parent(mem) -> None:  # noqa: ANN001
    _drained(mem, ["我舅舅住在成都武侯区桐梓林路12号", "陈建华是我妈的弟弟", "我舅舅叫陈建华"])
    for q in ("我妈妈的弟弟家的地址是什么", "What's my mum's brother's address?"):
        hits = mem.search(q, limit=8)
        address = _hit(mem, q, "桐梓林路")
        if address.via is not None:  # placed after the name hit, whose p is vetoed: its own counts
            assert next(h for h in hits if h.id == address.via).p_relevant == 0.0
        # (since the slot leg reads 我妈妈的弟弟 as 舅舅, round 28, the legs also reach the address directly)
        assert address.p_relevant is not None and address.p_relevant > 0.0 and not address.below_floor
        assert "桐梓林路" in mem.context(q, budget_ms=60000).text


def test_an_expanded_hit_still_shares_a_better_parent_p(mem) -> None:  # noqa: ANN001
    _drained(mem, ["My cousin Priya is called Pri by everyone", "My cousin lives in a houseboat on the Thames",
                   "I like board games"])
    hits = mem.search("Where does my cousin live?", limit=8)
    for h in hits:
        if h.via is not None:
            parent = next(p for p in hits if p.id == h.via)
            assert h.p_relevant is not None and parent.p_relevant is not None
            assert h.p_relevant >= parent.p_relevant  # the larger of its own and its parent's
    assert "houseboat" in mem.context("Where does my cousin live?", budget_ms=60000).text
    assert mem.context("How far is the Moon from the Earth?", budget_ms=60000).text == ""
