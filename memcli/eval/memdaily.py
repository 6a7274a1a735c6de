"""``eval memdaily``: the MemDaily format end to end (MemSim, Zhang et al. 2024; data read by
path, never shipped or copied).

A file is a JSON list of trajectories ``{tid, message_list: [{mid, message, time, place}],
question_list: [{qid, question, answer, target_step_id: [mid, ...], choices, ground_truth,
time}]}``; times look like ``2024年04月01日 周一 08:30`` and are read as Beijing time (+08:00).
Every message is one user utterance to an assistant; every question is asked later, and the
messages named by ``target_step_id`` (its *targets*) hold what answers it.

Per trajectory, a fresh user in a fresh temporary store (a real SQLite file), with the
configured model, extractor and judge, through :class:`memcli.memory.Memory`: each message is
captured at its own time, the outbox drained, then each question searched (top 10, ``as_of``
its time). Measured:

- **facts** — each (question, target message) pair is one fact, classified
  ``memory`` / ``episode`` / ``lost``: *memory* when an active memory was drawn from that
  message (its source ids) and, if that message states the answer verbatim, the memory's text
  holds the answer too (another fact of the same message does not count); else *episode* when
  the message is kept as an episode (the episodes leg, when the build has one and it is on);
  else *lost*.
- **answered@k** (k = 1, 3, 5), counted on the *verbatim* questions only — those whose answer,
  normalised (:func:`memcli.text.normalize`: NFKC, simplified Chinese, case-folded,
  punctuation and spaces removed), occurs in a target message's normalised text. A question
  is answered at k when the normalised text of one of its top-k hits contains the normalised
  answer. Summaries and counts (``04_aggregative``, ``06_noisy_items/places``) are not
  verbatim and are left out: their answer is no string a hit could hold.
- **evidence@k**, on every question: a top-k hit was drawn from a target message (a memory
  whose source ids include one, or that message's episode). Not "answered": the hit may be
  another fact of the same message; it says the right message was reached.
- two **raw baselines** on the same questions in the same run: ``raw_memcli`` — every message
  stored as a memory as said (no extraction, no decision) and ranked by memcli's own
  retrieval; ``raw_rrf`` — every message ranked by a plain RRF(cosine, BM25)
  (:mod:`memcli.eval.baseline`).
- the **confidence labels** (:func:`memcli.governance.confidence.label`) of the active
  memories, their effective confidence taken at the trajectory's last question.

Reported per file and overall; ``misses`` (``--json``) lists every verbatim question not
answered in the top 3 with its targets' fate and its top hits.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memcli.errors import BadInputError
from memcli.settings import Settings

__all__ = ["KS", "Trajectory", "eval_memdaily", "has_episodes", "load_memdaily", "parse_memdaily_time",
           "run_trajectory", "summarize"]

KS = (1, 3, 5)
K_SEARCH = 10
BEIJING = timezone(timedelta(hours=8))
_TIME = re.compile(r"^\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(?:(?:周|星期)[一二三四五六日天])?\s*"
                   r"(?:(\d{1,2})\s*[:：]\s*(\d{2}))?\s*$")


def parse_memdaily_time(text: str) -> datetime:
    """``"2024年04月01日 周一 08:30"`` → aware datetime at +08:00 (the weekday is optional and
    not checked; no time of day = 00:00).

    Raises:
        ValueError: another format, or no such date.
    """
    m = _TIME.match(str(text))
    if not m:
        raise ValueError(f"expected a time like 2024年04月01日 周一 08:30, got {text!r}")
    y, mo, d, hh, mm = m.groups()
    try:
        return datetime(int(y), int(mo), int(d), int(hh or 0), int(mm or 0), tzinfo=BEIJING)
    except ValueError as exc:
        raise ValueError(f"{text!r}: {exc}") from None


def _time(v: object) -> datetime:
    if isinstance(v, datetime):
        return v
    return parse_memdaily_time(str(v))


class MDMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    mid: int
    message: str = Field(min_length=1)
    time: datetime

    @field_validator("time", mode="before")
    @classmethod
    def _t(cls, v: object) -> object:
        return _time(v)


class MDQuestion(BaseModel):
    model_config = ConfigDict(extra="allow")

    qid: int | str
    question: str = Field(min_length=1)
    answer: str | None = None  # a few published items carry none (null, "[ERRORC]" choices): never verbatim
    target_step_id: list[int] = Field(min_length=1)
    time: datetime

    @field_validator("time", mode="before")
    @classmethod
    def _t(cls, v: object) -> object:
        return _time(v)

    @field_validator("answer", mode="before")
    @classmethod
    def _answer(cls, v: object) -> object:
        return str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v


class Trajectory(BaseModel):
    """One MemDaily trajectory: messages in time order, later questions on them."""

    model_config = ConfigDict(extra="allow")

    tid: int | str
    message_list: list[MDMessage] = Field(min_length=1)
    question_list: list[MDQuestion] = Field(default_factory=list)


def load_memdaily(path: str | Path) -> list[Trajectory]:
    """Trajectories of one MemDaily file; every question's targets must be message ids of its
    trajectory.

    Raises:
        BadInputError: no such file, a folder, not UTF-8 JSON, not a list of trajectories, or a
            bad trajectory (file, trajectory index and field named in one line).
    """
    p = Path(path).expanduser()
    if p.is_dir():
        raise BadInputError(f"{path} is a folder; give the MemDaily .json files inside it")
    if not p.is_file():
        raise BadInputError(f"no such MemDaily file: {path}")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BadInputError(f"{path}: not valid UTF-8") from None
    except json.JSONDecodeError as exc:
        raise BadInputError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, list) or not data:
        raise BadInputError(f"{path}: expected a non-empty JSON list of trajectories {{tid, message_list, "
                            "question_list}}")
    out = []
    for i, raw in enumerate(data):
        try:
            t = Trajectory.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(map(str, err["loc"]))
            raise BadInputError(f"{path}: trajectory {i}: {where}: {err['msg']}") from None
        mids = [m.mid for m in t.message_list]
        if len(set(mids)) != len(mids):
            raise BadInputError(f"{path}: trajectory {i}: duplicate mid")
        for q in t.question_list:
            bad = [x for x in q.target_step_id if x not in mids]
            if bad:
                raise BadInputError(f"{path}: trajectory {i}: question {q.qid}: target_step_id {bad[0]} is no mid")
        out.append(t)
    return out


def has_episodes(settings: Settings) -> bool:
    """Whether this build has the episodes setting (issue 19's fourth retrieval leg)."""
    return "episodes" in type(settings).model_fields


def _norm(text: str) -> str:
    from memcli.text import normalize

    return normalize(text)


def _episode_sources(mem: Any) -> set[int]:
    """Source ids of the user's episodes ({} when the store keeps none)."""
    fn = getattr(mem.store, "episodes_of", None)
    if fn is None or not getattr(mem.settings, "episodes", False):
        return set()
    return {int(r["id"]) for r in fn(mem.user)}


def _hit_sources(hit: Any, item_sources: dict[int, list[int]]) -> list[int]:
    if getattr(hit, "origin", None) == "episode":
        sid = (hit.metadata or {}).get("source_id", hit.episode_id)
        return [int(sid)]
    return item_sources.get(hit.id, [])


def _first(ranked_hits: Sequence[bool]) -> int | None:
    return next((i for i, ok in enumerate(ranked_hits, start=1) if ok), None)


def run_trajectory(settings: Settings, traj: Trajectory, workdir: Path, n: int, embedder: Any,
                   *, baselines: bool = True) -> dict[str, Any]:
    """Capture, drain and ask one trajectory in fresh databases under ``workdir``.

    Returns ``{"tid", "messages", "memories": [{"id", "statement", "status", "label"}],
    "drain": {counts}, "questions": [{"qid", "verbatim", "facts": {mid: fate}, "rank",
    "evidence_rank", "raw_memcli_rank", "raw_rrf_rank", "top": [...]}]}``; ranks are 1-based in
    the top 10, None when no hit matched.
    """
    from memcli.eval.baseline import rrf_rank
    from memcli.eval.retrieval import EvalMemory, load_store, open_eval_memory
    from memcli.governance import confidence as conf

    msgs = sorted(traj.message_list, key=lambda m: m.time)
    text_of = {m.mid: m.message for m in msgs}
    db = workdir / f"md-{n}.db"
    with open_eval_memory(settings, db, "memdaily", embedder) as mem:
        src_of: dict[int, int] = {}
        for m in msgs:
            res = mem.capture(m.message, at=m.time, session=f"t{traj.tid}", key=f"{traj.tid}:{m.mid}")
            src_of[m.mid] = res.source_id
        summary = mem.drain()
        items = mem.list(include_all=True)
        active = [it for it in items if it.status == "active"]
        item_sources = {it.id: list(it.source_ids) for it in items}
        episodes = _episode_sources(mem)
        last_q = max((q.time for q in traj.question_list), default=msgs[-1].time)
        memories = [{"id": it.id, "statement": it.statement, "status": it.status, "slot": it.slot,
                     "label": conf.label(conf.effective(it.confidence, it.last_confirmed_at, last_q, settings), "zh")
                     if it.status == "active" else None} for it in items]
        questions = []
        for q in traj.question_list:
            ans = _norm(q.answer or "")
            targets = {src_of[t] for t in q.target_step_id}
            verbatim = bool(ans) and any(ans in _norm(text_of[t]) for t in q.target_step_id)
            facts = {}
            for t in q.target_step_id:
                sid = src_of[t]
                says = bool(ans) and ans in _norm(text_of[t])
                if any(sid in it.source_ids and (not says or ans in _norm(it.statement)) for it in active):
                    facts[t] = "memory"
                elif sid in episodes:
                    facts[t] = "episode"
                else:
                    facts[t] = "lost"
            hits = mem.search(q.question, limit=K_SEARCH, as_of=q.time)
            questions.append({
                "qid": q.qid, "question": q.question, "answer": q.answer, "verbatim": verbatim, "facts": facts,
                "rank": _first([bool(ans) and ans in _norm(h.statement) for h in hits]) if verbatim else None,
                # what context keeps: the hits at or above the answerability point
                "gated_rank": _first([bool(ans) and ans in _norm(h.statement) for h in hits if not h.below_floor])
                if verbatim else None,
                "evidence_rank": _first([bool(targets & set(_hit_sources(h, item_sources))) for h in hits]),
                "top": [{"statement": h.statement, "origin": h.origin, "score": round(h.score, 4)}
                        for h in hits[:3]]})
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    if baselines and traj.question_list:
        _raw_baselines(settings, msgs, traj, questions, workdir / f"md-{n}-raw.db", embedder, load_store,
                       open_eval_memory, EvalMemory, rrf_rank)
    data = summary.model_dump()
    return {"tid": traj.tid, "messages": len(msgs), "memories": memories,
            "drain": {k: data[k] for k in ("done", "dead", "candidates", "added", "reinforced", "updated",
                                            "conflicted")},
            "questions": questions}


def _raw_baselines(settings: Settings, msgs: list[MDMessage], traj: Trajectory, questions: list[dict[str, Any]],
                   db: Path, embedder: Any, load_store: Any, open_eval_memory: Any, eval_memory: Any,
                   rrf_rank: Any) -> None:
    """Fill ``raw_memcli_rank`` and ``raw_rrf_rank`` of each verbatim question (None elsewhere)."""
    with open_eval_memory(settings, db, "memdaily-raw", embedder) as raw:
        load_store(raw, [eval_memory(m.message, m.time, [str(m.mid)]) for m in msgs])
        for row, q in zip(questions, traj.question_list, strict=True):
            ans = _norm(q.answer or "")
            hits = raw.search(q.question, limit=K_SEARCH, as_of=q.time) if row["verbatim"] else []
            row["raw_memcli_rank"] = _first([ans in _norm(h.statement) for h in hits]) if row["verbatim"] else None
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    texts = [m.message for m in msgs]
    order = rrf_rank(embedder, texts, [q.question for q in traj.question_list])
    for row, q, ranked in zip(questions, traj.question_list, order, strict=True):
        ans = _norm(q.answer or "")
        row["raw_rrf_rank"] = (_first([ans in _norm(texts[i]) for i in ranked[:K_SEARCH]])
                               if row["verbatim"] else None)


def _share(x: int, n: int) -> float | None:
    return round(x / n, 4) if n else None


def _at(ranks: Sequence[int | None], k: int) -> float | None:
    return _share(sum(1 for r in ranks if r is not None and r <= k), len(ranks))


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Facts kept, answered@k (memcli and both raw baselines), evidence@k and confidence labels
    over ``rows`` (trajectories from :func:`run_trajectory`)."""
    qs = [q for r in rows for q in r["questions"]]
    verb = [q for q in qs if q["verbatim"]]
    fates = Counter(f for q in qs for f in q["facts"].values())
    n_facts = sum(fates.values())
    labels = Counter(m["label"] for r in rows for m in r["memories"] if m["status"] == "active")
    n_active = sum(labels.values())
    out: dict[str, Any] = {
        "trajectories": len(rows), "messages": sum(r["messages"] for r in rows), "questions": len(qs),
        "verbatim_questions": len(verb), "questions_without_answer": sum(1 for q in qs if not q["answer"]),
        "memories_active": n_active,
        "facts": {"n": n_facts, **{f: fates[f] for f in ("memory", "episode", "lost")},
                  "memory_share": _share(fates["memory"], n_facts),
                  "findable_share": _share(fates["memory"] + fates["episode"], n_facts),
                  "lost_share": _share(fates["lost"], n_facts)},
        "memcli": {f"answered@{k}": _at([q["rank"] for q in verb], k) for k in KS},
        "memcli_gated": {f"answered@{k}": _at([q.get("gated_rank") for q in verb], k) for k in KS},
        "evidence": {f"evidence@{k}": _at([q["evidence_rank"] for q in qs], k) for k in KS},
        "confidence_labels": {lb: {"n": c, "share": _share(c, n_active)} for lb, c in labels.most_common()},
    }
    for base in ("raw_memcli", "raw_rrf"):
        ranks = [q[f"{base}_rank"] for q in verb if f"{base}_rank" in q]
        if ranks:
            out[base] = {f"answered@{k}": _at(ranks, k) for k in KS}
    return out


def eval_memdaily(settings: Settings, paths: Sequence[str | Path], *, limit: int | None = None,
                  episodes: bool | None = None, baselines: bool = True, embedder: Any = None,
                  progress: Callable[[int], None] | None = None,
                  files: Sequence[tuple[str, list[Trajectory]]] | None = None) -> dict[str, Any]:
    """Run MemDaily files end to end (see the module docstring).

    Args:
        paths: MemDaily ``.json`` files (all are loaded and checked before any work).
        limit: only the first N trajectories of each file (quick runs).
        episodes: turn the episodes leg on / off (None: the setting as configured); needs a
            build that has it.
        baselines: also run the two raw baselines (about a third of the time).
        embedder: the model (default: the configured one, loaded once, shared by every store).
        files: already loaded ``(name, trajectories)`` (skips loading ``paths``).

    Returns a JSON-able dict: what ran (model, extractor, judge, episodes), ``overall`` and
    ``by_file`` (:func:`summarize`), ``misses`` (verbatim questions not answered in the top 3).

    Raises:
        BadInputError: a bad file, ``limit`` < 1, ``--episodes`` on a build without episodes.
        ModelUnavailableError: the model cannot be loaded.
    """
    if limit is not None and limit < 1:
        raise BadInputError(f"--limit must be >= 1, got {limit}")
    if episodes is not None:
        if not has_episodes(settings):
            if episodes:
                raise BadInputError("--episodes: this build has no episodes leg (setting 'episodes')")
        else:
            settings = settings.model_copy(update={"episodes": episodes})
    loaded = list(files) if files is not None else [(str(p), load_memdaily(p)) for p in paths]
    if not loaded:
        raise BadInputError("give at least one MemDaily .json file")
    loaded = [(name, trajs[:limit] if limit else trajs) for name, trajs in loaded]
    if embedder is None:
        from memcli.eval.retrieval import cached_embedder

        embedder = cached_embedder(settings, [m.message for _, ts in loaded for t in ts for m in t.message_list],
                                   [q.question for _, ts in loaded for t in ts for q in t.question_list])
    by_file: dict[str, list[dict[str, Any]]] = {}
    n = 0
    with tempfile.TemporaryDirectory(prefix="memcli-memdaily-") as tmp:
        for name, trajs in loaded:
            rows = by_file.setdefault(Path(name).stem, [])
            for t in trajs:
                rows.append(run_trajectory(settings, t, Path(tmp), n, embedder, baselines=baselines))
                n += 1
                if progress:
                    progress(1)
    every = [r for rows in by_file.values() for r in rows]
    misses = [{"file": f, "tid": r["tid"], "question": q["question"], "answer": q["answer"], "facts": q["facts"],
               "rank": q["rank"], "top": q["top"],
               "memories": [m for m in r["memories"] if m["status"] == "active"]}
              for f, rows in by_file.items() for r in rows for q in r["questions"]
              if q["verbatim"] and (q["rank"] is None or q["rank"] > 3)]
    return {"model": settings.model, "extractor": settings.extractor, "judge": settings.judge,
            "episodes": bool(getattr(settings, "episodes", False)) if has_episodes(settings) else None,
            "limit": limit, "baselines": baselines, "k_search": K_SEARCH,
            "overall": summarize(every), "by_file": {f: summarize(rows) for f, rows in by_file.items()},
            "misses": misses}

