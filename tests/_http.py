"""A real uvicorn server for the tests: on 127.0.0.1, a free port, ready when /healthz answers."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx


def wait_healthy(base: str, timeout_s: float = 120.0, proc: Any = None) -> None:
    """Poll ``base``/healthz until it answers 200 (the server's readiness), or fail."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode} before it was ready")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)  # a poll interval, not a stand-in for readiness
    raise AssertionError(f"{base} not healthy after {timeout_s} s")


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


def free_port() -> int:
    with contextlib.closing(free_socket()) as s:
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a thread; yields the base URL; stops it afterwards."""
    import uvicorn

    sock = free_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=5))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, 60)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


def http_user(settings: Any, name: str = "u", *, operator: bool = False) -> tuple[str, dict[str, str]]:
    """A fresh user of ``http_service`` (``name`` and a random suffix) and its Authorization header;
    ``operator=True``: the operator's token (``/internal/drain``) instead, user ``""``."""
    import uuid

    from memcli.admin import Admin

    user = "" if operator else f"{name}-{uuid.uuid4().hex[:8]}"
    with Admin(settings=settings) as adm:
        tok = adm.create_token(operator=True)["token"] if operator else adm.create_token(user)["token"]
    return user, {"Authorization": f"Bearer {tok}"}
