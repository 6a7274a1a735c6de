"""A "where" question about work or study reaches the job or study fact that names the place (found by a
trial: 我在哪工作 after 我在杭州的一家医院当护士 got an empty block: the question asks ``workplace``, the
fact is stored as ``job``, and no word nor the cosine joined them)."""

from __future__ import annotations

from memcli.read.slot_leg import place_kin
from memcli.slot_query import query_slots


def _drained(mem, texts: list[str]) -> None:  # noqa: ANN001
    for t in texts:
        mem.capture(t)
    mem.drain()


def _block(mem, query: str) -> str:  # noqa: ANN001
    return mem.context(query, budget_ms=60000).text


def test_where_do_i_work_finds_the_job_that_names_the_place(mem) -> None:  # noqa: ANN001
    _drained(mem, ["我在无锡的一所小学当语文老师", "我住在滨湖区的一个老小区", "我每周四晚上去打羽毛球",
                   "我老公是公交司机", "我弟弟在南京大学读物理"])
    assert [h.slot for h in mem.search("我在哪上班", limit=8) if "小学" in h.statement] == ["job"]
    for q in ("我在哪工作？", "我在哪里上班？", "我在哪上班"):
        assert "语文老师" in _block(mem, q), q
    assert "南京大学" in _block(mem, "我弟弟在哪上学？")
    assert "滨湖区" in _block(mem, "我住在哪")
    assert _block(mem, "长城有多长？") == ""


def test_where_do_i_work_finds_the_job_that_names_the_place_en(mem) -> None:  # noqa: ANN001
    _drained(mem, ["I'm a paramedic with the ambulance service in Hull", "I live in a terraced house by the docks",
                   "My sister studies geology at Aberdeen", "I go climbing on Fridays", "My husband is a plumber"])
    assert [h.slot for h in mem.search("Where do I work?", limit=8) if "Hull" in h.statement] == ["job"]
    for q in ("Where do I work?", "Where am I working these days?"):
        assert "ambulance service in Hull" in _block(mem, q), q
    assert "Aberdeen" in _block(mem, "Where does my sister study?")
    assert "terraced house" in _block(mem, "Where do I live?")
    assert _block(mem, "Where is the Eiffel Tower?") == ""


def test_place_questions_and_their_kin_keys() -> None:
    assert query_slots("Where am I working these days?") == ["workplace"]
    assert query_slots("Where does my sister study?") == ["sister.school"]
    assert place_kin(["workplace"]) == ["job"]
    assert place_kin(["sister.workplace", "residence"]) == ["sister.job"]
    assert place_kin(["job", "workplace"]) == []  # asked already
    assert place_kin(["school"]) == []


def test_a_job_that_names_no_place_is_not_brought(mem) -> None:  # noqa: ANN001
    _drained(mem, ["我是做财务的", "我每天骑车上下班"])
    assert all("slot" not in h.legs for h in mem.search("我在哪工作？", limit=8))
