"""Fit :data:`memcli.write.cross_lang.KEYED_VALUE_COSINE` on ``goldset/decisions_xlang.jsonl``, leave-one-out.

A pair counts when it reaches the short-value step (two languages, one subject and keyed attribute, the
values below ``SAME_VALUE_COSINE``, no change told). Its features: the values' cosine, the statements'
cosine and whether a word of a several-word English value is not found in the Chinese one. A threshold T
says NOOP when both cosines are >= T and every word is found; its label is NOOP or not. The threshold is the
one with the fewest pairs decided NOOP that are not (each hides a fact), then the most right, then the
highest; leave-one-out refits it without each pair.

    python bench/xlang_threshold.py [--pairs goldset/decisions_xlang.jsonl]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from memcli.settings import load_settings
from memcli.write import cross_lang
from memcli.write.decide_range import _facts

GRID = [round(0.50 + 0.01 * i, 2) for i in range(31)]


def features(pairs: list[dict], model: str) -> list[tuple[str, float, float, bool, str]]:
    """(label, value cosine, statement cosine, a part matches, text) of each pair reaching the step."""
    seen: list[tuple[float, float, bool, str]] = []
    real = cross_lang._short_restated

    def spy(model: str, en_s: str, zh_s: str, ev: str, zv: str, cos: float) -> float | None:
        whole = cross_lang._cosine(model, en_s, zh_s)
        seen.append((cos, whole, cross_lang._unaligned(model, ev, zv) is not None, f"{ev} / {zv}"))
        return None

    out = []
    cross_lang._short_restated = spy  # type: ignore[assignment]
    try:
        for p in pairs:
            seen.clear()
            cross_lang.restatement(_facts(p["incoming"], None), _facts(p["stored"], None), model)
            if seen:
                out.append((p["label"], *seen[0]))
    finally:
        cross_lang._short_restated = real  # type: ignore[assignment]
    return out


def right(rows: list, t: float) -> int:
    return sum((v >= t and s >= t and not part) == (label == "NOOP") for label, v, s, part, _ in rows)


def hidden(rows: list, t: float) -> int:
    """Pairs not NOOP that ``t`` decides NOOP: each hides a true fact."""
    return sum(v >= t and s >= t and not part and label != "NOOP" for label, v, s, part, _ in rows)


def fit(rows: list) -> float:
    return max(GRID, key=lambda t: (-hidden(rows, t), right(rows, t), t))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=Path, default=Path("goldset/decisions_xlang.jsonl"))
    args = ap.parse_args()
    pairs = [json.loads(ln) for ln in args.pairs.read_text(encoding="utf-8").splitlines() if ln.strip()]
    rows = features(pairs, load_settings().model)
    for label, v, s, part, text in sorted(rows, key=lambda r: -r[1]):
        print(f"{label:8} value {v:.3f} statements {s:.3f} part {'yes' if part else 'no '} {text}")
    t = fit(rows)
    held = [fit(rows[:i] + rows[i + 1:]) for i in range(len(rows))]
    loo = sum(right([r], h) for r, h in zip(rows, held, strict=True))
    loo_hidden = sum(hidden([r], h) for r, h in zip(rows, held, strict=True))
    print(f"{len(rows)} pairs reach the step; fitted T = {t:.2f}: {right(rows, t)}/{len(rows)} right, "
          f"{hidden(rows, t)} hidden; leave-one-out {loo}/{len(rows)} right, {loo_hidden} hidden")


if __name__ == "__main__":
    main()
