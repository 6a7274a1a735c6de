"""``eval locomo-e2e``: LoCoMo end to end, per speaker (data: snap-research/LoCoMo,
``locomo10.json``, read by path — memcli does not ship it; parsing shared with
:mod:`memcli.eval.locomo`).

Each of the 10 conversations has two speakers. For each speaker, a fresh user in a fresh
temporary store (a real SQLite file): *that speaker's own turns* are captured at their
session's date-time (one second apart, in order) and drained through the configured
extractor and judge — the memory that speaker would have if they talked to memcli. The other
speaker's turns are captured between them as the ``assistant`` role (round 43): the honest
equivalent of an agent's transcript, where the assistant's turns are never memories but its question
gives a short reply its clause (:mod:`memcli.write.reply_to`: "Where do you live?" "Boston.").

Questions: categories 1 (multi-hop) and 4 (single-hop), each asked of one speaker: the
speaker who said every evidence turn; when the evidence spans both (or none parses), the one
speaker the question names; else the question is left out (counted ``unassigned``).

A question is **answered** when every answer word occurs among the words of the top 5 hits
(their texts together). Words: NFKC, case-folded, split on anything but letters and digits,
:data:`memcli.text.STOPWORDS` dropped ("the", "a", "of", ...). An answer with no word left
is not counted.

Measured in the same run, on the same questions:

- ``memories``: :meth:`Memory.search` top 5 with the episodes leg off (memories alone);
- ``episodes``: the same store with the episodes leg on (only in a build that has it);
- ``raw_rrf``: the speaker's raw turns ranked by a plain RRF(cosine, BM25)
  (:mod:`memcli.eval.baseline`), top 5.

Reported overall and per category, with turns and memories per speaker (median).
"""

from __future__ import annotations

import re
import statistics
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memcli.eval.locomo import CATEGORIES, _sessions, default_locomo_path, parse_evidence
from memcli.settings import Settings

__all__ = ["E2E_CATEGORIES", "K", "answer_words", "assign_questions", "covers", "eval_locomo_e2e"]

E2E_CATEGORIES = (1, 4)
K = 5
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def answer_words(text: str) -> set[str]:
    """The words of ``text`` that must be found: NFKC, case-folded, letters/digits runs, no stopwords."""
    from memcli.text import STOPWORDS

    return {w for w in _WORD.findall(unicodedata.normalize("NFKC", str(text)).casefold()) if w not in STOPWORDS}


def covers(texts: Sequence[str], words: set[str]) -> bool:
    """True when every word of ``words`` (non-empty) is among the words of ``texts`` together."""
    have: set[str] = set()
    for t in texts:
        have |= set(_WORD.findall(unicodedata.normalize("NFKC", t).casefold()))
    return bool(words) and words <= have


def _speaker_turns(sample: dict[str, Any]) -> tuple[dict[str, str], dict[str, list[tuple[str, datetime, str]]]]:
    """dia_id → speaker, and speaker → [(dia_id, at, text)] in conversation order."""
    who: dict[str, str] = {}
    turns: dict[str, list[tuple[str, datetime, str]]] = {}
    for _n, when, session in _sessions(sample["conversation"]):
        base = when or datetime(2023, 1, 1, tzinfo=UTC)
        for i, turn in enumerate(session):
            ids = parse_evidence(turn.get("dia_id", ""))
            text = str(turn.get("text", "")).strip()
            speaker = str(turn.get("speaker", "")).strip()
            if not ids or not text or not speaker:
                continue
            who[ids[0]] = speaker
            turns.setdefault(speaker, []).append((ids[0], base + timedelta(seconds=i), text))
    return who, turns


def assign_questions(sample: dict[str, Any], who: dict[str, str], issues: Counter,
                     max_questions: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """speaker → the category 1/4 questions asked of them (the rule of the module docstring).

    Each question: ``{"question", "answer", "words", "category", "evidence"}``. Counts
    ``by_evidence``, ``by_name``, ``unassigned`` and ``no_answer_words`` in ``issues``."""
    conv = sample["conversation"]
    speakers = [s for s in (conv.get("speaker_a"), conv.get("speaker_b")) if s]
    out: dict[str, list[dict[str, Any]]] = {s: [] for s in speakers}
    qs = [qa for qa in sample.get("qa", []) if qa.get("category") in E2E_CATEGORIES]
    for qa in qs[:max_questions] if max_questions else qs:
        ev = parse_evidence(qa.get("evidence", []))
        said = {who[d] for d in ev if d in who}
        if len(said) == 1:
            speaker = next(iter(said))
            issues["by_evidence"] += 1
        else:
            named = [s for s in speakers if re.search(rf"\b{re.escape(s.split()[0])}\b", str(qa["question"]))]
            if len(named) != 1:
                issues["unassigned"] += 1
                continue
            speaker = named[0]
            issues["by_name"] += 1
        words = answer_words(str(qa.get("answer", "")))
        if not words:
            issues["no_answer_words"] += 1
            continue
        cat = qa["category"]
        out.setdefault(speaker, []).append({"question": str(qa["question"]), "answer": str(qa.get("answer", "")),
                                            "words": words, "category": f"{cat} {CATEGORIES[cat]}",
                                            "evidence": ev})
    return out


#: the role the other speaker's turns are captured as (the eval's output says so)
OTHER_ROLE = "assistant"


def _transcript(turns: dict[str, list[tuple[str, datetime, str]]], speaker: str) -> list[tuple[str, datetime, str,
                                                                                                 str]]:
    """The whole conversation as ``speaker``'s transcript: (dia_id, at, text, role) in time order, the
    speaker's own turns as ``user``, every other speaker's as :data:`OTHER_ROLE`."""
    rows = [(dia, at, text, "user" if sp == speaker else OTHER_ROLE) for sp, ts in turns.items()
            for dia, at, text in ts]
    return sorted(rows, key=lambda r: r[1])


def _run_speaker(settings: Settings, sample_id: str, speaker: str, turns: list[tuple[str, datetime, str]],
                 questions: list[dict[str, Any]], db: Path, embedder: Any, with_episodes: bool, built: bool,
                 progress: Callable[[int], None] | None,
                 transcript: list[tuple[str, datetime, str, str]] | None = None) -> dict[str, Any]:
    from memcli.eval.baseline import rrf_rank
    from memcli.eval.retrieval import open_eval_memory

    on = settings.model_copy(update={"episodes": True}) if with_episodes else settings
    user = f"{sample_id}:{speaker}"
    with open_eval_memory(on, db, user, embedder) as mem:
        for dia, at, text, role in transcript or [(*t, "user") for t in turns]:
            mem.capture(text, role=role, at=at, key=f"{user}:{dia}", session=dia.split(":")[0])
        mem.drain()
        n_mem = sum(1 for it in mem.list() if it.status == "active")
        ep_found = [covers([h.statement for h in mem.search(q["question"], limit=K)], q["words"])
                    for q in questions] if with_episodes else None
    off = settings.model_copy(update={"episodes": False}) if built else settings
    rows = []
    with open_eval_memory(off, db, user, embedder) as mem:
        for q in questions:
            hits = mem.search(q["question"], limit=K)
            rows.append({"category": q["category"], "question": q["question"], "answer": q["answer"],
                         "memories": covers([h.statement for h in hits], q["words"]),
                         "top": [h.statement for h in hits[:3]]})
    texts = [t for _, _, t in turns]
    for row, order in zip(rows, rrf_rank(embedder, texts, [q["question"] for q in questions]), strict=True):
        row["raw_rrf"] = covers([texts[i] for i in order[:K]], answer_words(row["answer"]))
    if ep_found is not None:
        for row, ok in zip(rows, ep_found, strict=True):
            row["episodes"] = ok
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    if progress:
        progress(1)
    return {"sample": sample_id, "speaker": speaker, "turns": len(turns), "memories_active": n_mem,
            "questions": rows}


def _summary(rows: Sequence[dict[str, Any]], modes: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for m in modes:
        out[m] = round(sum(1 for r in rows if r.get(m)) / len(rows), 4) if rows else None
    return out


def eval_locomo_e2e(settings: Settings, path: str | Path | None = None, *, samples: int | None = None,
                    max_questions: int | None = None, episodes: bool | None = None, embedder: Any = None,
                    progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run LoCoMo end to end per speaker (see the module docstring).

    Args:
        path: ``locomo10.json`` (default :func:`memcli.eval.locomo.default_locomo_path`).
        samples / max_questions: only the first N conversations / N category 1+4 questions of each.
        episodes: also measure with the episodes leg on (None: when the build has it).
        progress: called with 1 after each speaker.

    Returns ``{"conversations", "speakers", "questions", "other_speaker_role" (``assistant``: how the
    other speaker's turns were captured), "assigned": {...}, "turns_per_speaker" (the speaker's own),
    "memories_per_speaker" (medians), "modes", "overall": {"n", mode: share answered},
    "by_category", "misses"}``.

    Raises:
        BadInputError: missing or malformed file; ``episodes=True`` on a build without episodes.
        ModelUnavailableError: the model cannot be loaded.
    """
    from memcli.errors import BadInputError
    from memcli.eval.locomo import load_locomo
    from memcli.eval.memdaily import has_episodes

    built = has_episodes(settings)
    if episodes and not built:
        raise BadInputError("--episodes: this build has no episodes leg (setting 'episodes')")
    with_episodes = built if episodes is None else bool(episodes)
    p = Path(path) if path else default_locomo_path()
    data = load_locomo(p)[:samples] if samples else load_locomo(p)
    issues: Counter = Counter()
    plan = []
    for i, sample in enumerate(data):
        sid = str(sample.get("sample_id") or f"conv-{i}")
        who, turns = _speaker_turns(sample)
        asked = assign_questions(sample, who, issues, max_questions)
        plan += [(sid, sp, turns.get(sp, []), qs, _transcript(turns, sp)) for sp, qs in asked.items()
                 if turns.get(sp)]
    if embedder is None:
        from memcli.eval.retrieval import cached_embedder

        embedder = cached_embedder(settings, [t for _, _, ts, _, _ in plan for _, _, t in ts],
                                   [q["question"] for _, _, _, qs, _ in plan for q in qs])
    modes = ["memories", *(["episodes"] if with_episodes else []), "raw_rrf"]
    speakers = []
    with tempfile.TemporaryDirectory(prefix="memcli-locomo-e2e-") as tmp:
        for n, (sid, sp, turns, qs, said) in enumerate(plan):
            speakers.append(_run_speaker(settings, sid, sp, turns, qs, Path(tmp) / f"sp-{n}.db", embedder,
                                         with_episodes, built, progress, said))
    rows = [q for s in speakers for q in s["questions"]]
    cats = sorted({r["category"] for r in rows})
    return {"dataset": str(p), "model": settings.model, "extractor": settings.extractor, "judge": settings.judge,
            "k": K, "conversations": len(data), "speakers": len(speakers), "questions": len(rows),
            "other_speaker_role": OTHER_ROLE,
            "assigned": dict(issues), "modes": modes,
            "turns_per_speaker": statistics.median(s["turns"] for s in speakers) if speakers else 0,
            "memories_per_speaker": statistics.median(s["memories_active"] for s in speakers) if speakers else 0,
            "overall": _summary(rows, modes),
            "by_category": {c: _summary([r for r in rows if r["category"] == c], modes) for c in cats},
            "misses": [r for r in rows if not r["memories"]]}


def count_speakers(path: str | Path | None = None, samples: int | None = None) -> int:
    """Speakers :func:`eval_locomo_e2e` will run (for a progress bar): two per conversation."""
    from memcli.eval.locomo import load_locomo

    data = load_locomo(Path(path) if path else default_locomo_path())
    return 2 * len(data[:samples] if samples else data)
