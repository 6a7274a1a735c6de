"""Round 31's small sharp edges, each as a kind, on real stores with the real default model.

- A number that is not finite (NaN, an infinity, ``1e400``) or out of its range was pydantic's wording on the
  library and over HTTP ("Input should be a finite number", "Input should be less than or equal to 1"); now
  memcli's one line naming the field, in the CLI's words: ``confidence: needs a finite number, got nan``.
- ``max_seconds=inf`` drained with no limit in the library while the CLI and HTTP refused it: refused on all
  three now (leave it out for no limit), before anything is claimed.
- ``import`` of a file with a bad JSON line said ``line 2: not valid JSON (… line 1 column 2 …)``: now it
  names the file (``stdin`` for ``-``), the line and the column.
- The LangGraph store's ``put`` over a key forgot the old version, then wrote the new one: a failure in
  between (the model, the store) left the key resolving to nothing. One transaction now.
"""

from __future__ import annotations

import math
import re
import uuid

import httpx
import pytest

from memcli import Admin, Memory
from memcli.errors import BadInputError, EmbeddingError

NAN, INF = math.nan, math.inf


def test_library_says_a_number_is_not_finite_or_out_of_range_in_memcli_words(mem) -> None:
    for bad, shown in ((NAN, "nan"), (INF, "inf"), (-INF, "-inf")):
        with pytest.raises(BadInputError) as err:
            mem.remember("I keep two goldfish", confidence=bad)
        assert str(err.value) == f"confidence: needs a finite number, got {shown}"
    with pytest.raises(BadInputError) as err:
        mem.remember("I keep two goldfish", confidence=1.5)
    assert str(err.value) == "confidence: needs a number ≤ 1, got 1.5"
    with pytest.raises(BadInputError) as err:
        mem.import_jsonl(['{"text": "I keep two goldfish", "confidence": -0.25}'])
    assert str(err.value) == "line 1: confidence: needs a number ≥ 0, got -0.25; nothing was written"
    assert mem.list(include_all=True) == []  # nothing half-written
    mem.remember("I keep two goldfish", confidence=0.9)  # a good value still passes
    assert [m.statement for m in mem.list()] == ["I keep two goldfish"]


def test_the_cli_says_a_value_of_the_wrong_kind_in_the_same_words(cli, tmp_path) -> None:
    """typer's own coercion of ``--limit 0`` said pydantic's "Input should be greater than or equal to 1"."""
    db = ("--db", str(tmp_path / "w.db"), "--user", "noor")
    kinds = "'preference', 'relationship', 'identity', 'habit', 'health', 'goal' or 'other'"  # (round 48: goal)
    for args, said in ((("search", "kites", "--limit", "0"), "Invalid value for '--limit' / '-k': needs a number ≥ 1, "
                                                             "got '0'; see 'memcli search --help'"),
                       (("capture", "I fly kites", "--role", "bot"), "role: must be 'user' or 'assistant', got 'bot'"),
                       (("remember", "I fly kites", "--kind", "fun"), f"kind: must be {kinds}, got 'fun'")):
        r = cli(*db, *args)
        assert (r.exit_code, r.stderr.strip()) == (2, f"memcli: error: {said}"), r.stderr
    assert cli(*db, "list", "--all", "--json").json() == []


def test_max_seconds_infinity_is_refused_by_the_library_the_admin_and_the_cli(mem, cli, db_path) -> None:
    mem.capture("My neighbour teaches the cello")
    for drain in (mem.drain, Admin(settings=mem.settings).drain):
        for bad in (INF, NAN, -1.0):
            with pytest.raises(BadInputError, match=r"^max_seconds must be a number of seconds"):
                drain(max_seconds=bad)
    r = cli("--db", str(mem.settings.db), "drain", "--max-seconds", "inf")
    assert r.exit_code == 2 and "'--max-seconds': needs a finite number ≥ 0, got 'inf'" in r.stderr, r.stderr
    assert mem.stats()["outbox"]["pending"] == 1  # refused before anything was claimed
    assert mem.drain(max_seconds=60).done == 1  # a finite budget drains


def test_import_names_the_file_the_line_and_the_column(cli, tmp_path) -> None:
    db = ("--db", str(tmp_path / "imp.db"), "--user", "ines")
    path = tmp_path / "mine.jsonl"
    first = '{"text": "I practise fencing at the old armoury on Thursdays", "kind": "habit"}\n'
    path.write_text(first + '{"text": "oops", kind: 1}\n', encoding="utf-8")
    r = cli(*db, "import", str(path))
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"memcli: error: {path} line 2: not valid JSON at column 18: Expecting property name "
                                "enclosed in double quotes; nothing was written"), r.stderr
    r = cli(*db, "import", "-", input=path.read_text(encoding="utf-8"))
    assert r.exit_code == 2, r.stderr
    assert r.stderr.startswith("memcli: error: stdin line 2: not valid JSON at column 18"), r.stderr
    path.write_text(first + '{"text": "unterminated\n', encoding="utf-8")
    r = cli(*db, "import", str(path))
    assert r.stderr.strip().endswith(f"{path} line 2: not valid JSON at column 10: Unterminated string; "
                                     "nothing was written"), r.stderr
    src = ("--db", str(tmp_path / "src.db"), "--user", "ines")
    assert cli(*src, "remember", "I practise fencing at the old armoury on Thursdays").exit_code == 0
    cut = tmp_path / "cut.jsonl"  # an export cut at a line end: no end line
    cut.write_text(cli(*src, "export", "--all").stdout.splitlines()[0] + "\n", encoding="utf-8")
    r = cli(*db, "import", str(cut))
    assert r.exit_code == 2 and r.stderr.startswith(f"memcli: error: {cut}: the file has no end line"), r.stderr
    assert cli(*db, "list", "--all", "--json").json() == []  # nothing was written
    with Memory(db=str(tmp_path / "imp.db"), user="ines") as m:  # a str read as lines: each character a line
        for given, said in ((str(path), f"a file name ({str(path)[:40]!r}); give open(path, encoding='utf-8')"),
                            ('{"text": "I fence"}', """one str ('{"text": "I fence"}'); give for one line: [line]""")):
            for call in (m.import_jsonl, m.capture_jsonl):
                with pytest.raises(BadInputError) as err:
                    call(given)
                assert str(err.value) == f"expected the lines (an open file, a list of str), got {said}; nothing was " \
                                         "written"
        assert m.list(include_all=True) == [] and m.stats()["outbox"]["pending"] == 0
    hist = tmp_path / "turns.jsonl"  # context --history: the same kind (it said "--history line 2", counted after
    hist.write_text('\n{"role": "user", "content": "hi"}\n{"role": "user", content}\n', encoding="utf-8")  # a strip)
    r = cli(*db, "context", "when do I practise fencing?", "--history", str(hist))
    assert (r.exit_code, r.stderr.strip()) == (2, f"memcli: error: --history: {hist} line 3: not valid JSON at column "
                                                  "18: Expecting property name enclosed in double quotes"), r.stderr


# -- HTTP -------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(http_service):
    """The session's server (``http_service``), a user of this module's and the operator's token."""
    base_url, settings = http_service
    with Admin(settings=settings) as adm:
        tok = adm.create_token(f"u-{uuid.uuid4().hex[:8]}")["token"]
        op = adm.create_token(operator=True)["token"]
    return base_url, {"Authorization": f"Bearer {tok}", "content-type": "application/json"}, op


def _err(r: httpx.Response) -> str:
    assert r.status_code == 400, r.text
    return r.json()["error"]["message"]


def test_http_says_a_number_is_not_finite_or_out_of_range_in_memcli_words(server) -> None:
    base, hdr, op = server
    said = {
        "confidence: needs a finite number, got nan":
            httpx.post(f"{base}/v1/memories", content='{"text": "I grow chillies", "confidence": NaN}', headers=hdr),
        "confidence: needs a number ≤ 1, got 3":
            httpx.post(f"{base}/v1/memories", content='{"text": "I grow chillies", "confidence": 3}', headers=hdr),
        "budget_ms: needs a finite number, got inf":
            httpx.post(f"{base}/v1/context", content='{"query": "chillies", "budget_ms": 1e400}', headers=hdr),
        "limit: needs a number ≥ 1, got 0":
            httpx.post(f"{base}/v1/context", content='{"query": "chillies", "limit": 0}', headers=hdr),
        "purge: needs true or false, got 'maybe'":
            httpx.delete(f"{base}/v1/memories/1", params={"purge": "maybe"}, headers=hdr),
        "role: must be 'user' or 'assistant', got 'bot'":
            httpx.post(f"{base}/v1/capture", json={"text": "I grow chillies", "role": "bot"}, headers=hdr),
        "max_seconds: needs a finite number, got inf":
            httpx.post(f"{base}/internal/drain", content='{"max_seconds": Infinity}',
                       headers={**hdr, "Authorization": f"Bearer {op}"}),
    }
    for want, r in said.items():
        assert _err(r) == want
    assert not any(re.search("Input should", _err(r)) for r in said.values())
    listed = httpx.get(f"{base}/v1/memories", params={"all": "true"}, headers=hdr).json()["memories"]
    assert listed == []  # nothing written


# -- LangGraph --------------------------------------------------------------------------------------
class _FailingModel:
    """The real model, until ``broken`` is set: then embedding fails as a dead model process does."""

    def __init__(self, real) -> None:  # noqa: ANN001
        self.real, self.broken = real, False

    def embed(self, texts, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        if self.broken:
            raise EmbeddingError("the embedding model stopped (round 31 test)")
        return self.real.embed(texts, *args, **kwargs)

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self.real, name)


@pytest.mark.backends
def test_langgraph_put_that_fails_after_validation_leaves_the_old_version(db, embedder) -> None:
    pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")
    from memcli.integrations.langgraph import MemcliStore

    model = _FailingModel(embedder)
    ns = ("memories", "tariq")
    with MemcliStore(db, embedder=model) as store:
        store.put(ns, "bike", {"text": "I ride a red road bike"})
        model.broken = True
        with pytest.raises(EmbeddingError):
            store.put(ns, "bike", {"text": "I ride a blue gravel bike"})
        assert store.get(ns, "bike").value == {"text": "I ride a red road bike"}
        model.broken = False
        with pytest.raises(BadInputError):  # refused before anything: a secret is never stored
            store.put(ns, "bike", {"text": "my password for the bike shop is hunter2xyz"})
        assert store.get(ns, "bike").value == {"text": "I ride a red road bike"}
        store.put(ns, "bike", {"text": "I ride a blue gravel bike"})  # the same put, the model back: it lands
        assert store.get(ns, "bike").value == {"text": "I ride a blue gravel bike"}
    with Memory(db=db, user="tariq", embedder=embedder) as m:
        assert [i.statement for i in m.list()] == ["I ride a blue gravel bike"]
        every = sorted((i.statement, i.status) for i in m.list(include_all=True))
    assert every == [("I ride a blue gravel bike", "active"), ("I ride a red road bike", "forgotten")], every
