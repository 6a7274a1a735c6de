"""Score the shipped answerability gate on a held-out set it was never fitted on.

``goldset/noanswer_fresh.jsonl`` (the format of ``noanswer.jsonl``) was written before reading
any miss of the round that added it; :func:`memcli.answer_fit.fit_goldset` never reads it. Each
question runs once through ``search`` (:func:`memcli.answer_fit.collect`, no extra wrapping:
the file's own questions carry their chatter) and is cut as ``context`` cuts it with the
weights of ``settings.model`` (:func:`memcli.read.answer.load_answer_weights`).

Per language (``zh``/``en``, the chatter-wrapped ones apart as ``zh_long``/``en_long`` and
together in ``all``): the empty share of the no-answer questions, per kind (first tag:
general, task, near_miss; first:second: near_miss:other_person…), recall@5 and answered@3 of
the answer questions (answered@3: a relevant fact among the first three kept hits), and the
same for the person-by-fact ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memcli.settings import Settings

__all__ = ["score_fresh"]


def _kinds(tags: list[str]) -> list[str]:
    first = tags[0] if tags else "untagged"
    return [first] + [f"{first}:{t}" for t in tags[1:2] if t != "chatter"]


def score_fresh(settings: Settings, path: str | Path) -> dict[str, Any]:
    """The report described in the module doc, for the questions of ``path``.

    Raises:
        BadInputError: no weights for the model, or a malformed file.
    """
    from memcli.answer_fit import _probs, _score_personal, _with_personal, collect, gate
    from memcli.errors import BadInputError
    from memcli.eval.formats import load_open_cases
    from memcli.read.answer import load_answer_weights

    params = load_answer_weights(settings)
    if params is None:
        raise BadInputError(f"no answerability weights for {settings.model}")
    qs = collect(settings, list(load_open_cases(Path(path))), wrap=False)
    rows = []
    for q in qs:
        lp = params.get(q.lang) or params[q.lang.split("_")[0]]
        q1 = _with_personal([q], _score_personal(lp["personal"], [q]))[0] if "personal" in lp else q
        probs = _probs(lp, q1)
        g = gate(q, probs, float(lp["min_p"]))
        kept = [h.keys for h, p in zip(q.hits, probs, strict=True) if p >= float(lp["min_p"])]
        if q.relevant:
            g["answered@3"] = float(bool({k for ks in kept[:3] for k in ks} & q.relevant))
        rows.append((q, g))
    out: dict[str, Any] = {}
    for group in ("zh", "en", "zh_long", "en_long", "zh_all", "en_all"):
        sel = [(q, g) for q, g in rows if (q.lang.split("_")[0] == group[:2] if group.endswith("_all")
                                           else q.lang == group)]
        ans = [(q, g) for q, g in sel if q.relevant]
        none = [(q, g) for q, g in sel if not q.relevant]
        pbf = [g for q, g in ans if "person_by_fact" in q.tags]

        def mean(vals: list[float]) -> float | None:
            return round(sum(vals) / len(vals), 4) if vals else None

        rep: dict[str, Any] = {
            "n_answer": len(ans), "n_no_answer": len(none),
            "empty_no_answer": mean([g["empty"] for _, g in none]),
            "recall@5": mean([g["recall@5"] for _, g in ans]), "answered@3": mean([g["answered@3"] for _, g in ans]),
            "empty_answer": mean([g["empty"] for _, g in ans]),
            "person_by_fact_answered@3": mean([g["answered@3"] for g in pbf]), "n_person_by_fact": len(pbf)}
        kinds = sorted({k for q, _ in none for k in _kinds(q.tags)})
        rep["by_kind"] = {k: [mean([g["empty"] for q, g in none if k in _kinds(q.tags)]),
                              sum(k in _kinds(q.tags) for q, _ in none)] for k in kinds}
        rep["missed"] = [q.query for q, g in none if not g["empty"]] + [
            f"LOST {q.query}" for q, g in ans if not g["answered@3"]]
        out[group] = rep
    return out
