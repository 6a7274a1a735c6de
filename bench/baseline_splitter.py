"""A trivial extractor as a floor for the extraction figures: cut the utterance at punctuation and
at and/but/而且/但是, drop questions and the assistant's turns, keep every other piece as a fact.

It knows nothing about facts, so whatever it scores is what a scorer gives away for free. Run::

    python bench/baseline_splitter.py [--cases goldset/dev2/extraction.jsonl]

Prints strict and loose recall / precision for the splitter and for memcli's configured
extractor on the same cases.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_CUT = re.compile(r"[，。！？；,.!?;…]+|\s+(?:and|but|so)\s+|而且|但是|不过")
_QUESTION = re.compile(r"[?？]\s*$|^(?:what|who|where|when|why|how|do|does|did|is|are|can|could)\b|吗$|呢$|什么|哪",
                       re.I)


class Splitter:
    name = "splitter"

    def extract(self, utt):  # noqa: ANN001, ANN201
        from memcli.models import Candidate

        if utt.role != "user" or _QUESTION.search(utt.text.strip()):
            return []
        parts = [p.strip() for p in _CUT.split(utt.text) if p and p.strip()]
        return [Candidate(statement=p, kind="other", valid_from=utt.occurred_at) for p in parts
                if not _QUESTION.search(p)]


def main() -> None:
    from memcli.eval.extraction import eval_extraction
    from memcli.eval.formats import default_goldset_dir, load_extraction_cases
    from memcli.settings import load_settings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=default_goldset_dir() / "extraction.jsonl")
    args = ap.parse_args()
    cases = load_extraction_cases(args.cases)
    st = load_settings()
    for name, ext in (("splitter", Splitter()), ("memcli", None)):
        r = eval_extraction(st, cases, extractor=ext)
        f, fl = r["facts"], r["facts_loose"]
        print(f"{name:9s} strict recall {f['recall']:.3f} precision {f['precision']:.3f} | "
              f"loose recall {fl['recall']:.3f} precision {fl['precision']:.3f} | "
              f"silence {r['silence']['accuracy']:.3f}")


if __name__ == "__main__":
    main()
