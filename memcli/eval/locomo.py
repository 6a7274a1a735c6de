"""LoCoMo retrieval evaluation (Maharana et al. 2024, "Evaluating Very Long-Term
Conversational Memory of LLM Agents"; data: snap-research/LoCoMo, ``locomo10.json``, read by
path — memcli does not ship it).

Each of the 10 conversations is one user in its own temporary database. Two modes:

- ``observations``: the data's ``observation`` facts ("Caroline attended an LGBTQ support
  group ...") stored as memories, each keyed to its dia_ids and valid from its session's date;
- ``turns``: the raw turns captured (``capture``, at the session's date, keyed by dia_id) and
  drained through the write path (extraction + decision); an item covers the dia_ids of the
  turns it was drawn from.

For every QA item the question is the query and its ``evidence`` dia_ids the relevant ids;
recall@k, hit@k and MRR per category (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
5 adversarial) and overall, for hybrid, dense-only and lexical-only in the same run.
Malformed evidence ids (``"D8:6; D9:17"``, ``"D"``, ``"D30:05"``) are repaired where the
intent is clear (split, leading zero) or dropped, and counted.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memcli.errors import BadInputError
from memcli.eval.retrieval import (
    MODES,
    EvalMemory,
    EvalQuery,
    cached_embedder,
    load_store,
    open_eval_memory,
    run_queries,
    summarize,
)
from memcli.settings import Settings

__all__ = ["CATEGORIES", "default_locomo_path", "eval_locomo", "load_locomo", "parse_evidence", "parse_session_date"]

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
_ID = re.compile(r"^D(\d+):(\d+)$")
_SEP = re.compile(r"[;,\s]+")


def default_locomo_path() -> Path:
    """``<repo>/../shared/data/locomo/locomo10.json``."""
    return Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo" / "locomo10.json"


def parse_evidence(raw: Any, issues: Counter | None = None) -> list[str]:
    """Normalised dia_ids (``D<session>:<turn>``) from an evidence value (str or list).

    ``"D8:6; D9:17"`` → two ids (counted ``split``); ``"D30:05"`` → ``D30:5`` (counted
    ``leading_zero``); anything else unparseable (``"D"``) is dropped (counted ``invalid``).
    """
    issues = issues if issues is not None else Counter()
    values = raw if isinstance(raw, list) else [raw]
    out: list[str] = []
    for v in values:
        parts = [p for p in _SEP.split(str(v).strip()) if p]
        if len(parts) > 1:
            issues["split"] += 1
        for p in parts:
            m = _ID.match(p)
            if not m:
                issues["invalid"] += 1
                continue
            norm = f"D{int(m.group(1))}:{int(m.group(2))}"
            if norm != p:
                issues["leading_zero"] += 1
            if norm not in out:
                out.append(norm)
    return out


def parse_session_date(text: str) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` → aware UTC datetime; None if the format is unknown."""
    t = " ".join(str(text).split())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%I:%M %p on %B %d, %Y"):
        try:
            return datetime.strptime(t, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


def _sessions(conv: dict[str, Any]) -> list[tuple[int, datetime | None, list[dict[str, Any]]]]:
    out = []
    last = None
    for key in conv:
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(conv[key], list):
            n = int(m.group(1))
            when = parse_session_date(conv.get(f"session_{n}_date_time", "")) or last
            last = when
            out.append((n, when, conv[key]))
    return sorted(out, key=lambda x: x[0])


def _observations(sample: dict[str, Any], issues: Counter) -> list[EvalMemory]:
    dates = {n: when for n, when, _ in _sessions(sample["conversation"])}
    mems = []
    for key, by_speaker in sample.get("observation", {}).items():
        m = re.fullmatch(r"session_(\d+)_observation", key)
        when = dates.get(int(m.group(1))) if m else None
        for facts in by_speaker.values():
            for fact in facts:
                if not isinstance(fact, list) or not fact or not str(fact[0]).strip():
                    issues["bad_observation"] += 1
                    continue
                ids = parse_evidence(fact[1:] if len(fact) > 2 else fact[1] if len(fact) > 1 else [], issues)
                mems.append(EvalMemory(str(fact[0]).strip(), when, ids))
    return mems


def _questions(sample: dict[str, Any], issues: Counter, max_questions: int | None) -> list[EvalQuery]:
    qs = []
    for qa in sample.get("qa", []):
        ev = parse_evidence(qa.get("evidence", []), issues)
        if not ev:
            issues["qa_without_evidence"] += 1
            continue
        cat = qa.get("category")
        qs.append(EvalQuery(str(qa["question"]), set(ev),
                            {"category": f"{cat} {CATEGORIES.get(cat, '?')}", "sample": sample.get("sample_id", "")}))
    return qs[:max_questions] if max_questions else qs


def _ingest_turns(mem: Any, sample: dict[str, Any], drained: Counter) -> dict[int, list[str]]:
    """Capture every turn (at its session's date, key = sample + dia_id), drain, map items → dia_ids.

    ``drained`` accumulates the drain summary's counts (turns captured, items added, ...)."""
    src_dia: dict[int, str] = {}
    for _n, when, turns in _sessions(sample["conversation"]):
        base = when or datetime(2023, 1, 1, tzinfo=UTC)
        for i, turn in enumerate(turns):
            text = str(turn.get("text", "")).strip()
            ids = parse_evidence(turn.get("dia_id", ""))
            if not text or not ids:
                continue
            res = mem.capture(text, at=base + timedelta(seconds=i),
                              key=f"{sample.get('sample_id')}:{ids[0]}", session=f"session_{_n}",
                              allow_future=True)  # a labelled set's times are data, not a typo
            src_dia[res.source_id] = ids[0]
    summary = mem.drain()
    drained["turns_captured"] += len(src_dia)
    data = summary.model_dump() if hasattr(summary, "model_dump") else {}
    for k, v in data.items():
        if isinstance(v, int) and not isinstance(v, bool):
            drained[k] += v
    rows = mem.store.list_items(mem.user, include_all=True)
    return {r["id"]: [src_dia[s] for s in mem.store.source_ids_of(r["id"]) if s in src_dia] for r in rows}


def load_locomo(path: str | Path) -> list[dict[str, Any]]:
    """The samples of a ``locomo10.json``: a JSON list of dicts, each with a ``conversation``.

    Raises:
        BadInputError: no such file, not UTF-8 JSON, or another shape (one line, file named).
    """
    p = Path(path)
    if not p.is_file():
        raise BadInputError(f"no LoCoMo file at {p}; pass the path of locomo10.json")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadInputError(f"{p}: not a LoCoMo JSON file ({exc})") from None
    if not isinstance(data, list) or not data or not all(
            isinstance(s, dict) and isinstance(s.get("conversation"), dict) for s in data):
        raise BadInputError(f"{p}: expected a JSON list of LoCoMo samples with 'conversation'")
    return data


def eval_locomo(settings: Settings, path: str | Path | None = None, *, mode: str = "observations",
                modes: Sequence[str] = tuple(MODES), samples: int | None = None,
                max_questions: int | None = None,
                progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Evaluate retrieval on LoCoMo; see the module docstring.

    Args:
        path: ``locomo10.json`` (default :func:`default_locomo_path`).
        mode: ``observations`` or ``turns``.
        samples / max_questions: only the first N conversations / N questions of each (quick runs).

    Returns ``{"mode", "conversations", "memories", "queries", "evidence_issues", "overall":
    {mode: metrics}, "by_category": {...}}``.

    Raises:
        BadInputError: missing or malformed file, unknown mode.
    """
    if mode not in ("observations", "turns"):
        raise BadInputError(f"--mode must be observations or turns, got {mode!r}")
    p = Path(path) if path else default_locomo_path()
    data = load_locomo(p)
    data = data[:samples] if samples else data
    issues: Counter = Counter()
    drained: Counter = Counter()
    rows: list[dict[str, Any]] = []
    n_mem = n_q = 0
    with tempfile.TemporaryDirectory(prefix="memcli-locomo-") as tmp:
        for i, sample in enumerate(data):
            user = str(sample.get("sample_id") or f"conv-{i}")
            qs = _questions(sample, issues, max_questions)
            mems = _observations(sample, issues) if mode == "observations" else []
            emb = cached_embedder(settings, [m.text for m in mems], [q.query for q in qs])
            with open_eval_memory(settings, Path(tmp) / f"locomo-{i}.db", user, emb) as mem:
                if mode == "observations":
                    keys_of = load_store(mem, mems)
                else:
                    keys_of = _ingest_turns(mem, sample, drained)
                n_mem += len(keys_of)
                n_q += len(qs)
                rows += run_queries(mem, qs, keys_of, modes, progress)
    return {"dataset": str(p), "mode": mode, "conversations": len(data), "memories": n_mem, "queries": n_q,
            "modes": list(modes), "model": settings.model, "evidence_issues": dict(issues),
            **({"drain": dict(drained)} if mode == "turns" else {}),
            **summarize(rows, modes, ("category",))}


def count_questions(path: str | Path | None = None, samples: int | None = None,
                    max_questions: int | None = None) -> int:
    """How many QA items with evidence :func:`eval_locomo` will run (for a progress bar)."""
    p = Path(path) if path else default_locomo_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    data = data[:samples] if samples else data
    return sum(len(_questions(s, Counter(), max_questions)) for s in data if isinstance(s, dict))
