"""Round 43: short replies to the assistant's questions, stored and found, English and Chinese.

Reads a LoCoMo-format chat (default ``fixtures/round43_qa_chat.json``: an assistant asks, the user answers
briefly), captures each conversation's whole transcript for its user — the user's turns as ``user``, the other
speaker's as ``assistant`` (``--own-only``: the user's turns alone, what a store without the assistant's turns
reads) — drains it once, and for every later question counts its answer **stored** (an active memory holds every
answer word: the words of :func:`memcli.eval.locomo_e2e.answer_words` in English, the answer as a substring in
Chinese) and **found** (the same in the top 5 of ``search``). Prints one line per question and a total per
language; ``--json`` prints the rows.

    python bench/round43_replies.py [FILE] [--own-only] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memcli import Memory  # noqa: E402
from memcli.eval.locomo_e2e import _speaker_turns, answer_words, covers  # noqa: E402
from memcli.text import lang_of  # noqa: E402


def _has(texts: list[str], answer: str) -> bool:
    if lang_of(answer) == "zh":
        return any(answer in t for t in texts)
    return covers(texts, answer_words(answer))


def run(path: Path, own_only: bool) -> list[dict]:
    rows = []
    for sample in json.loads(path.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        user = conv["speaker_a"]
        _, turns = _speaker_turns(sample)
        said = sorted([(at, dia, text, "user" if sp == user else "assistant") for sp, ts in turns.items()
                       for dia, at, text in ts if sp == user or not own_only])
        with tempfile.TemporaryDirectory() as tmp, Memory(db=f"{tmp}/m.db", user=user) as m:
            for at, dia, text, role in said:
                m.capture(text, role=role, at=at, session=dia.split(":")[0], key=dia)
            m.drain()
            active = [it.statement for it in m.list()]
            for qa in sample["qa"]:
                hits = [h.statement for h in m.search(qa["question"], limit=5)]
                rows.append({"sample": sample["sample_id"], "question": qa["question"], "answer": qa["answer"],
                             "stored": _has(active, qa["answer"]), "found": _has(hits, qa["answer"]),
                             "top": hits[:2]})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path", nargs="?", default=str(ROOT / "fixtures" / "round43_qa_chat.json"))
    ap.add_argument("--own-only", action="store_true", help="capture the user's turns alone")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = run(Path(a.path), a.own_only)
    if a.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        print(f"{'S' if r['stored'] else '-'}{'F' if r['found'] else '-'}  {r['question']}  [{r['answer']}]")
    for s in sorted({r["sample"] for r in rows}):
        part = [r for r in rows if r["sample"] == s]
        print(f"{s}: stored {sum(r['stored'] for r in part)}/{len(part)}, found {sum(r['found'] for r in part)}"
              f"/{len(part)}")


if __name__ == "__main__":
    main()
