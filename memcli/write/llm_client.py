"""The OpenAI-compatible chat client of the optional LLM extractor and judge (:mod:`memcli.write.llm`).

``POST {llm_base_url}/chat/completions`` with httpx, retried with tenacity (connection errors, 429, 500,
502, 503, 504: up to 3 attempts, exponential backoff 0.2 s to 2 s; a timeout is not retried at once);
structured output first, then JSON mode, then none, learnt per endpoint and model (:func:`names_format`);
``max_tokens`` always, :data:`STOP` where no grammar binds the reply. Why each of these: the
:mod:`memcli.write.llm` docstring. Split out of it (the prompts and the reply models stay there).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from memcli.errors import ConfigError, ExtractionError
from memcli.settings import Settings
from memcli.write.llm_reply import parse_reply, reply_excerpt

__all__ = ["MODES", "STOP", "LLMClient", "names_format"]

#: response_format modes tried in order by ``llm_response_format = "auto"``
MODES = ("json_schema", "json_object", "none")
#: (chat URL, model) → the modes still to try, first = the one in use (shared by every client)
_LEARNT: dict[tuple[str, str], list[str]] = {}
#: stop strings where no grammar constrains the reply: a blank line after a closing fence, or three line breaks
STOP = ["```\n\n", "\n\n\n"]
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|json schema|schema|grammar|structured|"
                           r"format", re.I)


def names_format(status: int, body: str) -> bool:
    """An HTTP error answer that is about the requested output format (any 4xx/5xx whose body names
    it), so the next mode may work: 400/422 always (the classic refusal), other codes when the
    body says ``response_format``, ``json_schema``, ``json_object``, ``schema``, ``grammar``…"""
    if status in (400, 422):
        return True
    return status >= 400 and bool(_FORMAT_WORDS.search(body or ""))


def _content_text(content: object) -> object:
    """Message content as text (some servers send a list of parts)."""
    if isinstance(content, list):
        return "".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return content


class LLMClient:
    """A minimal OpenAI-compatible chat client (``POST {base}/chat/completions``) that
    returns the reply's first JSON value.

    Raises:
        ConfigError: no endpoint configured, or httpx/tenacity missing.
        ExtractionError: unreachable endpoint after retries, HTTP error, or a reply without
            JSON (the message holds a truncated copy of the reply).
    """

    def __init__(self, settings: Settings) -> None:
        if not settings.llm_configured:
            raise ConfigError("LLM not configured: set llm_base_url and llm_model (MEMCLI_LLM_BASE_URL, "
                              "MEMCLI_LLM_MODEL)")
        try:
            import httpx  # noqa: F401
            import tenacity  # noqa: F401
        except ImportError:
            raise ConfigError("the LLM extractor/judge needs the llm extra: pip install 'memcli[llm]'") from None
        self.settings = settings
        self.url = str(settings.llm_base_url).rstrip("/") + "/chat/completions"
        forced = settings.llm_response_format
        key = (self.url, str(settings.llm_model))
        # what an endpoint accepts is learnt once per process, for the extractor and the judge alike
        self.modes: list[str] = (_LEARNT.setdefault(key, list(MODES)) if forced == "auto" else [forced])

    def _response_format(self, mode: str, schema: dict[str, Any], name: str) -> dict[str, Any] | None:
        if mode == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": False}}
        if mode == "json_object":
            return {"type": "json_object"}
        return None

    def chat(self, system: str, user: str, schema: type[BaseModel], what: str,
             json_schema: dict[str, Any] | None = None) -> tuple[Any, object]:
        """One chat call: ``(first JSON value of the reply, the reply as sent)``; ``json_schema`` overrides."""
        import httpx
        from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

        def transient(exc: BaseException) -> bool:
            if isinstance(exc, httpx.TimeoutException):
                return False  # the server may still be generating it: a retry now only queues more
            if isinstance(exc, httpx.TransportError):
                return True
            if not isinstance(exc, httpx.HTTPStatusError):
                return False
            code = exc.response.status_code
            if len(self.modes) > 1 and names_format(code, exc.response.text):
                return False  # about the format: the next mode, not the same request again
            return code in (429, 500, 502, 503, 504)

        headers = {"Content-Type": "application/json"}
        if self.settings.llm_api_key:
            headers["Authorization"] = f"Bearer {self.settings.llm_api_key}"

        @retry(retry=retry_if_exception(transient), stop=stop_after_attempt(3),
               wait=wait_exponential(multiplier=0.2, max=2), reraise=True)
        def post(body: dict[str, Any]) -> httpx.Response:
            r = httpx.post(self.url, json=body, headers=headers, timeout=self.settings.llm_timeout_s)
            r.raise_for_status()
            return r

        while True:
            mode = self.modes[0]
            body: dict[str, Any] = {"model": self.settings.llm_model, "temperature": 0,
                                    "max_tokens": self.settings.llm_max_tokens,
                                    "messages": [{"role": "system", "content": system},
                                                 {"role": "user", "content": user}]}
            rf = self._response_format(mode, json_schema or schema.model_json_schema(), what)
            if rf is not None:
                body["response_format"] = rf
            if mode != "json_schema":
                body["stop"] = STOP
            try:
                resp = post(body)
                break
            except httpx.HTTPStatusError as exc:
                if len(self.modes) > 1 and names_format(exc.response.status_code, exc.response.text):
                    if self.modes and self.modes[0] == mode:
                        self.modes.pop(0)  # the endpoint lacks this structured-output mode: the next one, from now on
                    continue
                raise ExtractionError(f"LLM endpoint {self.url} failed: HTTP {exc.response.status_code}: "
                                      f"{reply_excerpt(exc.response.text)}") from None
            except httpx.HTTPError as exc:
                raise ExtractionError(f"LLM endpoint {self.url} failed: {type(exc).__name__}: {exc}") from None
        try:
            content = _content_text(resp.json()["choices"][0]["message"]["content"])
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ExtractionError(f"LLM response is not a chat completion ({type(exc).__name__}); "
                                  f"body: {reply_excerpt(resp.text)}") from None
        return parse_reply(content, what), content
