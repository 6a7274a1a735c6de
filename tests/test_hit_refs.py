"""What search returned names the row it is: an episode hit has ``id`` None, ``episode_id`` and
``ref`` "e<n>"; a memory hit ``id`` and ``ref`` "m<n>". Passing a hit (or its ref) on to ``forget`` /
``correct`` can never touch the unrelated memory of the same number (a new user's trial: ``m.forget(hit.id)``
of episode 2 invalidated memory #2). A bad id is one ``BadInputError`` line in every library method.
Real store, real default model."""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.errors import BadInputError
from memcli.tools import call_tool
from memcli.write.extract import Extractor


class FindsNothing(Extractor):
    name = "finds-nothing"

    def extract(self, utt):  # noqa: ANN001, ANN201
        return []


@pytest.fixture
def clash(db: str, embedder):
    """A store where episode N and memory #N both exist: ``(n, memory ids)``."""
    with Memory(db=db, user="mei", embedder=embedder, extractor=FindsNothing()) as m:
        first = m.remember("I live in Paris").item_id
        src = m.capture("Last weekend we tried the ramen place on Fifth Street with the kids").source_id
        assert m.drain().episodes == 1
        second = m.remember("My sister is a nurse").item_id
    if src != second:  # the ids this store hands out (sources and items count apart)
        pytest.skip(f"no id clash here (episode {src}, memories {first}, {second})")
    return src, (first, second)


def _episode_hit(m: Memory):
    hits = [h for h in m.search("ramen place with the kids", limit=5) if h.origin == "episode"]
    assert len(hits) == 1, [h.statement for h in hits]
    return hits[0]


def test_an_episode_hit_has_no_memory_id_and_forgetting_it_leaves_the_memory_of_that_number(db, embedder, clash):
    n, (_, second) = clash
    with Memory(db=db, user="mei", embedder=embedder) as m:
        hit = _episode_hit(m)
        assert (hit.id, hit.episode_id, hit.ref, hit.kind) == (None, n, f"e{n}", "episode")
        mem = next(h for h in m.search("sister nurse", limit=5) if h.origin != "episode")
        assert (mem.id, mem.episode_id, mem.ref) == (second, None, f"m{second}")
        assert hit.model_dump(mode="json")["ref"] == f"e{n}"  # the JSON carries it too
        for wrong in (m.correct, lambda h, *a: m.show(h), lambda h, *a: m.history(h)):
            with pytest.raises(BadInputError, match=f"e{n} is an episode"):
                wrong(hit, "I live in Rome")
        with pytest.raises(BadInputError, match="is a memory, not an episode"):
            m.forget_episode(mem)
        out = m.forget(hit)  # the hit names the episode
        assert out["episode"] is True and out["id"] == n
        assert m.show(second).status == "active"  # memory #n untouched
        assert [h for h in m.search("ramen place with the kids", limit=5) if h.origin == "episode"] == []
        assert m.forget(f"m{second}")["already"] is False and m.show(f"m{second}").status == "forgotten"


def test_a_ref_string_forgets_the_episode_it_names(db, embedder, clash):
    n, (first, second) = clash
    with Memory(db=db, user="mei", embedder=embedder) as m:
        assert m.forget(f"e{n}")["episode"] is True
        assert [m.show(i).status for i in (first, second)] == ["active", "active"]
        new = m.correct(f"m{first}", "I live in Rome")
        assert new.statement == "I live in Rome"
        assert m.forget(new)["id"] == new.id and m.show(new).status == "forgotten"  # a MemoryItem names itself


@pytest.mark.parametrize("bad", ["abc", "", "e0", "m", "12x", 0, -3, True, 1.5, None, "1e3"])
def test_a_bad_id_is_one_bad_input_line_in_every_method(mem, bad):
    calls = [
        lambda: mem.forget(bad),
        lambda: mem.correct(bad, "I live in Rome"),
        lambda: mem.show(bad),
        lambda: mem.history(bad),
        lambda: mem.events(bad),
        lambda: mem.forget_episode(bad),
    ]
    if bad is not None:
        calls.append(lambda: mem.retry_dead(bad))
    for call in calls:
        with pytest.raises(BadInputError) as e:
            call()
        assert "\n" not in str(e.value) and "invalid literal" not in str(e.value)


def test_the_cli_json_and_the_context_hits_carry_refs(cli, db, embedder, clash):
    n, (_, second) = clash
    base = ("--db", db, "--user", "mei")
    hits = cli(*base, "search", "ramen place with the kids", "--json").json()["hits"]
    ep = next(h for h in hits if h["origin"] == "episode")
    assert (ep["id"], ep["episode_id"], ep["ref"]) == (None, n, f"e{n}")
    ctx = cli(*base, "context", "--format", "json", "--budget-ms", "60000", "--", "sister nurse").json()
    assert [(h["id"], h["ref"]) for h in ctx["hits"] if h["origin"] != "episode"][:1] == [(second, f"m{second}")]
    r = cli(*base, "forget", f"m{second}", "--episode")
    assert r.exit_code == 2 and "is a memory" in r.stderr
    assert cli(*base, "show", f"m{second}", "--json").json()["status"] == "active"
    assert cli(*base, "forget", ep["ref"], "--json").json()["episode"] is True
    assert cli(*base, "show", str(second), "--json").json()["status"] == "active"


def test_the_tool_search_gives_only_memory_ids(db, embedder, clash):
    _, (first, second) = clash
    with Memory(db=db, user="mei", embedder=embedder) as m:
        found = call_tool(m, "search", {"query": "ramen place with the kids", "limit": 5})["memories"]
        assert all(h["id"] in (first, second) for h in found)  # no episode, whose number is a source id
        assert call_tool(m, "forget", {"id": second})["forgotten"] is True
