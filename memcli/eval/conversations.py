"""``eval conversations``: whole conversations end to end — capture each message at its own
time, drain, then ask the user's later questions.

For each conversation a fresh temporary store (a real SQLite file) is opened with the
configured model, extractor and judge, through :class:`memcli.memory.Memory` — the same calls
``memcli capture`` and ``memcli drain`` make. Every message (user and assistant turns) is
captured with its own ``at`` and the conversation id as session; then the outbox is drained.
Two things are measured:

- **facts kept**: a fact is kept when an *active* memory matches one of its key alternatives
  (below). A changed fact (``stale`` keys: the superseded value) also reports whether a memory
  with only the old value is still active;
- **answered@k**: :meth:`Memory.search` with the question, ``as_of`` its ``at`` (what was
  believed true then), top 10; a question is answered at k when one of the first k hits matches
  its ``answer_keys``. Reported: answered@1, answered@3, MRR (1 / rank of the first matching
  hit in the top 10, 0 if none) and answered@3 through :meth:`Memory.context` (the memories
  that make it into the block, ``limit=3``).

Conversation format (JSON Lines, one per line)::

    {"id": "zh-01", "lang": "zh",
     "messages": [{"role": "user", "text": "我领导叫王建国", "at": "2026-03-02T09:05+08:00"}, ...],
     "facts": [{"id": "boss", "keys": [["王建国"]], "stale": [["周涛"]]}],
     "questions": [{"q": "我领导叫什么？", "at": "2026-04-01T10:00+08:00",
                    "answer_keys": [["王建国"]], "fact": "boss"}]}

``role`` is user | assistant; ``at`` ISO-8601 (without an offset: UTC); ``lang`` optional
(guessed from the messages). ``keys``/``answer_keys``/``stale`` are a list of
*alternatives*; an alternative is a string (one required substring) or a list of strings
(all required): ``["Hoka", "Clifton"]`` = either; ``[["Jake", "bank"]]`` = both.
``stale``, ``fact`` (the question's fact id) and the question's ``answer_keys`` (default:
its fact's keys) are optional.

Matching rule (:func:`matches`): statement and key are normalised alike — NFKC (full-width
digits and letters become ASCII), traditional → simplified Chinese, case-folded, every run
of punctuation/whitespace one space. A key part then occurs in the statement as a
substring; a part starting with a Latin letter or a digit must start at a word boundary
(``cat`` finds "cats" but not "location"; ``68`` finds "turned 68" and 六十八 does not —
write ``六十八|68``; 5岁 finds 今年5岁). Chinese numerals are not converted: give both
forms as alternatives.
"""

from __future__ import annotations

import re
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from memcli.settings import Settings

__all__ = ["Conversation", "eval_conversations", "load_conversations", "matches", "normalize_keys",
           "run_conversation"]

K_SEARCH = 10  # hits fetched per question (MRR over these)
CONTEXT_BUDGET_MS = 60_000  # the block is not timed here: a busy machine must not change the figure

Keys = list[list[str]]


def normalize_keys(v: object, what: str = "keys") -> Keys:
    """``"a"`` / ``["a", ["b", "c"]]`` → ``[["a"], ["b", "c"]]``; ValueError on another shape
    or a blank part."""
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list) or not v:
        raise ValueError(f"{what} must be a non-empty list of alternatives (strings or lists of strings)")
    out: Keys = []
    for alt in v:
        parts = [alt] if isinstance(alt, str) else alt
        if not isinstance(parts, list) or not parts or not all(isinstance(p, str) for p in parts):
            raise ValueError(f"{what}: each alternative must be a string or a non-empty list of strings")
        if any(not _norm(p).strip() for p in parts):
            raise ValueError(f"{what}: blank key")
        out.append(list(parts))
    return out


_SEP = re.compile(r"[\W_]+", re.UNICODE)


def _norm(text: str) -> str:
    from memcli.text import to_simplified

    t = to_simplified(unicodedata.normalize("NFKC", text)).casefold()
    return " " + _SEP.sub(" ", t).strip() + " "


@lru_cache(maxsize=4096)
def _part_re(part: str) -> re.Pattern[str]:
    p = _norm(part).strip()
    bound = r"(?<![a-z0-9])" if re.match(r"[a-z0-9]", p) else ""
    return re.compile(bound + re.escape(p))


def matches(statement: str, keys: Keys) -> bool:
    """True when ``statement`` holds every part of at least one alternative of ``keys``
    (the matching rule of the module docstring)."""
    text = _norm(statement)
    return any(all(_part_re(p).search(text) for p in alt) for alt in keys)


class ConvMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["user", "assistant"]
    text: str = Field(min_length=1)
    at: str = Field(min_length=1)


class ConvFact(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1)
    keys: Keys
    stale: Keys | None = None

    @field_validator("keys", "stale", mode="before")
    @classmethod
    def _keys(cls, v: object) -> object:
        return None if v is None else normalize_keys(v)


class ConvQuestion(BaseModel):
    model_config = ConfigDict(extra="allow")

    q: str = Field(min_length=1)
    at: str = Field(min_length=1)
    answer_keys: Keys | None = None
    fact: str | None = None
    no_answer: bool = False  # round 31: nothing told answers it; the context block must be empty

    @field_validator("answer_keys", mode="before")
    @classmethod
    def _keys(cls, v: object) -> object:
        return None if v is None else normalize_keys(v, "answer_keys")


class Conversation(BaseModel):
    """One conversation: its messages in time order, the facts they state, later questions."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1)
    lang: str | None = None
    messages: list[ConvMessage] = Field(min_length=1)
    facts: list[ConvFact] = Field(default_factory=list)
    questions: list[ConvQuestion] = Field(default_factory=list)

    @field_validator("id", mode="before")
    @classmethod
    def _id_str(cls, v: object) -> object:
        return str(v) if isinstance(v, int) else v

    @model_validator(mode="after")
    def _check(self) -> Conversation:
        from memcli.errors import BadInputError
        from memcli.text import lang_of
        from memcli.timeutil import parse_at

        for where, at in [(f"messages.{i}.at", m.at) for i, m in enumerate(self.messages)] + \
                         [(f"questions.{i}.at", q.at) for i, q in enumerate(self.questions)]:
            try:
                parse_at(at, field=where)
            except BadInputError as exc:
                raise ValueError(str(exc)) from None
        for i, m in enumerate(self.messages):
            if not m.text.strip():
                raise ValueError(f"messages.{i}.text: must not be blank")
        ids = [f.id for f in self.facts]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate fact id {next(x for x in ids if ids.count(x) > 1)!r}")
        by_id = {f.id: f for f in self.facts}
        for i, q in enumerate(self.questions):
            if q.fact is not None and q.fact not in by_id:
                raise ValueError(f"questions.{i}.fact: unknown fact id {q.fact!r}")
            if q.no_answer:
                if q.answer_keys is not None or q.fact is not None:
                    raise ValueError(f"questions.{i}: a no_answer question takes no answer_keys and no fact")
                continue
            if q.answer_keys is None:
                if q.fact is None:
                    raise ValueError(f"questions.{i}: needs answer_keys or a fact")
                q.answer_keys = by_id[q.fact].keys
        if self.lang is None:
            self.lang = lang_of(" ".join(m.text for m in self.messages if m.role == "user") or self.messages[0].text)
        return self


def load_conversations(path: str | Path) -> list[Conversation]:
    """Conversations from a JSON Lines file; ids must be unique.

    Raises:
        BadInputError: no such file, not UTF-8, a bad line (file, line and field named), no
            conversation, a duplicate id.
    """
    from memcli.errors import BadInputError
    from memcli.eval.formats import _load

    convs: list[Conversation] = _load(path, Conversation, "conversation")
    ids = [c.id for c in convs]
    if len(set(ids)) != len(ids):
        raise BadInputError(f"{path}: duplicate conversation id {next(x for x in ids if ids.count(x) > 1)!r}")
    return convs


def _memory_row(item: Any) -> dict[str, Any]:
    return {"id": item.id, "statement": item.statement, "status": item.status, "slot": item.slot,
            "valid_from": item.valid_from.isoformat()}


def run_conversation(settings: Settings, conv: Conversation, workdir: Path, n: int, embedder: Any,
                     *, use_context: bool = True) -> dict[str, Any]:
    """Capture, drain and ask one conversation in a fresh database under ``workdir``.

    Returns ``{"id", "lang", "messages", "memories": [...all items, with status...], "facts":
    [{"id", "kept", "kept_by", "stale_active"}], "questions": [{"q", "fact", "rank",
    "context_hit", "top": [...]}]}``; ``rank`` is 1-based in the top 10, None if no hit matched.
    """
    from memcli.eval.retrieval import open_eval_memory

    db = workdir / f"conv-{n}.db"
    with open_eval_memory(settings, db, "eval", embedder) as mem:
        for i, m in enumerate(conv.messages):
            mem.capture(m.text, role=m.role, at=m.at, session=conv.id, key=f"{conv.id}:{i}",
                        allow_future=True)  # a labelled conversation's times are data, not a typo
        mem.drain()
        items = mem.list(include_all=True)
        active = [it for it in items if it.status == "active"]
        facts = []
        for f in conv.facts:
            kept_by = [it.id for it in active if matches(it.statement, f.keys)]
            stale = [it.id for it in active if f.stale and matches(it.statement, f.stale)
                     and not matches(it.statement, f.keys)]
            facts.append({"id": f.id, "keys": f.keys, "kept": bool(kept_by), "kept_by": kept_by,
                          "has_stale": f.stale is not None, "stale_active": stale})
        kept = {f["id"]: f["kept"] for f in facts}
        questions = []
        for q in conv.questions:
            if q.no_answer:  # (asked of the block only: skipped with use_context=False)
                if not use_context:
                    continue
                ctx = mem.context(q.q, as_of=q.at, limit=3, budget_ms=CONTEXT_BUDGET_MS)
                questions.append({"q": q.q, "at": q.at, "no_answer": True, "block_empty": not ctx.text,
                                  "top": [h["statement"] for h in ctx.hits]})
                continue
            keys = q.answer_keys or []
            hits = mem.search(q.q, limit=K_SEARCH, as_of=q.at)
            rank = next((i for i, h in enumerate(hits, start=1) if matches(h.statement, keys)), None)
            row: dict[str, Any] = {"q": q.q, "at": q.at, "answer_keys": keys, "fact": q.fact,
                                   "fact_kept": kept.get(q.fact) if q.fact else None, "rank": rank,
                                   "top": [{"id": h.id, "statement": h.statement, "score": round(h.score, 4)}
                                           for h in hits[:3]]}
            if use_context:
                ctx = mem.context(q.q, as_of=q.at, limit=3, budget_ms=CONTEXT_BUDGET_MS)
                row["context_hit"] = any(matches(h["statement"], keys) for h in ctx.hits)
                row["context"] = [h["statement"] for h in ctx.hits]
            questions.append(row)
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    return {"id": conv.id, "lang": conv.lang, "messages": len(conv.messages),
            "memories": [_memory_row(it) for it in items], "facts": facts, "questions": questions}


def _miss_kind(q: dict[str, Any], facts: dict[str, dict[str, Any]]) -> str:
    if q.get("no_answer"):
        return "answered" if q["block_empty"] else "block on a no-answer question"
    if q["rank"] is not None and q["rank"] <= 3:
        return "answered"
    f = facts.get(q["fact"]) if q["fact"] else None
    if f is not None and not f["kept"]:
        return "fact not stored"
    if f is not None and f["stale_active"]:
        return "old value still active"
    return "stored, not in top 3"


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Facts kept, answered@1/@3, MRR and context@3 over ``rows`` (conversations)."""
    facts = [f for r in rows for f in r["facts"]]
    qs = [q for r in rows for q in r["questions"] if not q.get("no_answer")]
    nos = [q for r in rows for q in r["questions"] if q.get("no_answer")]
    changed = [f for f in facts if f["has_stale"]]

    def share(x: int, n: int) -> float | None:
        return x / n if n else None

    ctx = [q for q in qs if "context_hit" in q]
    return {
        "conversations": len(rows), "messages": sum(r["messages"] for r in rows),
        "memories_active": sum(1 for r in rows for m in r["memories"] if m["status"] == "active"),
        "facts": len(facts), "facts_kept": sum(f["kept"] for f in facts),
        "facts_kept_share": share(sum(f["kept"] for f in facts), len(facts)),
        "changed_facts": len(changed), "old_value_active": sum(bool(f["stale_active"]) for f in changed),
        "questions": len(qs),
        "answered@1": share(sum(q["rank"] == 1 for q in qs), len(qs)),
        "answered@3": share(sum(q["rank"] is not None and q["rank"] <= 3 for q in qs), len(qs)),
        "mrr": share(sum(1 / q["rank"] for q in qs if q["rank"]), len(qs)),
        "context@3": share(sum(q["context_hit"] for q in ctx), len(ctx)),
        **({"no_answer_questions": len(nos), "no_answer_empty": share(sum(q["block_empty"] for q in nos), len(nos))}
           if nos else {}),
    }


def eval_conversations(settings: Settings, convs: Sequence[Conversation], *, embedder: Any = None,
                       use_context: bool = True, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run every conversation end to end and score it (see the module docstring).

    ``embedder``: the model to use (default: the configured one, loaded once and shared by
    every temporary store). Returns a JSON-able dict: ``overall`` and ``by_lang`` (see
    :func:`summarize`), ``miss_kinds`` (questions not answered in the top 3, by cause: fact
    not stored / old value still active / stored, not in top 3), ``misses`` (per conversation
    with a miss: the facts not kept, old values still active, the questions not answered in
    the top 3 with their top hits, and every stored memory with its status), and what ran.

    Raises:
        ModelUnavailableError: the model cannot be loaded. StoreError: the temp dir is unusable.
    """
    from collections import Counter

    if embedder is None:
        from memcli.eval.retrieval import cached_embedder

        embedder = cached_embedder(settings, [], [q.q for c in convs for q in c.questions])
    rows = []
    with tempfile.TemporaryDirectory(prefix="memcli-eval-") as tmp:
        for n, conv in enumerate(convs):
            rows.append(run_conversation(settings, conv, Path(tmp), n, embedder, use_context=use_context))
            if progress:
                progress(1)
    kinds: Counter[str] = Counter()
    misses = []
    for r in rows:
        by_id = {f["id"]: f for f in r["facts"]}
        missed_q = []
        for q in r["questions"]:
            kind = _miss_kind(q, by_id)
            if kind != "answered":
                kinds[kind] += 1
                missed_q.append({**q, "miss": kind})
        missed_f = [f for f in r["facts"] if not f["kept"]]
        old = [f for f in r["facts"] if f["stale_active"]]
        if missed_q or missed_f or old:
            misses.append({"id": r["id"], "lang": r["lang"], "facts_not_kept": missed_f, "old_value_active": old,
                           "questions_missed": missed_q, "memories": r["memories"]})
    langs = sorted({r["lang"] for r in rows if r["lang"]})
    return {
        "model": settings.model, "extractor": settings.extractor, "judge": settings.judge,
        "overall": summarize(rows),
        "by_lang": {lg: summarize([r for r in rows if r["lang"] == lg]) for lg in langs},
        "miss_kinds": dict(kinds.most_common()),
        "per_conversation": [{"id": r["id"], "lang": r["lang"], **{k: v for k, v in summarize([r]).items()
                                                                   if k != "conversations"}} for r in rows],
        "misses": misses,
    }
