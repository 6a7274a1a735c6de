"""An OpenAI-compatible chat endpoint on 127.0.0.1 for the LLM tests: ``serve(reply)`` runs a
threaded HTTP server whose every POST body (parsed JSON) goes to ``reply(body) -> (status,
content)``, where ``content`` is the assistant message's text (status 200) or a raw error body."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def chat_reply(content: str) -> str:
    """The JSON body of a chat completion whose one message is ``content``."""
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]})


@contextmanager
def serve(reply: Callable[[dict], tuple[int, str]]) -> Iterator[str]:
    """Yield the base URL (``http://127.0.0.1:PORT/v1``) of a stub answering with ``reply``."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            code, data = reply(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            raw = data.encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    # shutdown() waits for the loop's next poll: 0.5 s by default, paid by every test that uses a stub
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
