"""Optional LLM extraction and gray-zone judging over any OpenAI-compatible endpoint.

Install with ``pip install 'memcli[llm]'`` (httpx + tenacity). Configure ``llm_base_url``
(e.g. ``http://127.0.0.1:8080/v1``), ``llm_model`` and, if needed, ``llm_api_key``; then
``extractor = "llm"`` and/or ``judge = "auto"`` (default: the LLM judges the gray zone
when configured).

Trust nothing that comes back: the reply must be JSON matching a pydantic schema, and any
memory id in it must be one the model was shown. A malformed reply or a made-up id raises
:class:`~memcli.errors.ExtractionError`: the task is retried with backoff, then dead — never
a crash, never a write (Mem0 v1 crashed on hallucinated ids and silently dropped input on
malformed JSON). Transport errors, 429 and 5xx are retried a few times first (tenacity).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

from memcli.errors import ConfigError, ExtractionError
from memcli.models import Candidate, Decision, Kind
from memcli.settings import Settings
from memcli.write.extract import Extractor, Utterance
from memcli.write.judge import Judge, Neighbor, Verdict

__all__ = ["LLMClient", "LLMExtractor", "LLMJudge"]

EXTRACT_PROMPT = (
    "You extract durable personal facts about the USER from one utterance, for a long-term memory. "
    "Keep preferences, dislikes, health (allergies), identity (name, residence, work), relatives and their facts, "
    "habits. Ignore questions, chit-chat, and calendar items (meetings, appointments, times). Write each fact as a "
    "short first-person statement in the utterance's language. Reply with JSON only: "
    '{"memories": [{"statement": str, "kind": "preference|relationship|identity|habit|health|other", '
    '"slot": "subject.attribute or null", "salience": 0..1, "confidence": 0..1}]}'
)
JUDGE_PROMPT = (
    "You compare a NEW fact about a user with stored memories (each with an id). Answer ADD (new information), "
    "NOOP (it restates a stored memory), UPDATE (it refines a stored memory with more detail) or CONFLICT (it "
    "contradicts a stored memory: negation, another value, another number or date). For NOOP, UPDATE and CONFLICT "
    'give the id of that stored memory. Reply with JSON only: {"decision": str, "target_id": int|null, "reason": str}'
)


class _Memory(BaseModel):
    statement: str = Field(min_length=1, max_length=500)
    kind: Kind = Kind.OTHER
    slot: str | None = Field(None, max_length=100)
    salience: float = Field(0.5, ge=0, le=1)
    confidence: float = Field(0.7, ge=0, le=1)


class _Extraction(BaseModel):
    memories: list[_Memory] = Field(max_length=20)


class _Judgement(BaseModel):
    decision: Literal["ADD", "NOOP", "UPDATE", "CONFLICT"]
    target_id: int | None = None
    reason: str = Field("", max_length=500)


class LLMClient:
    """A minimal OpenAI-compatible chat client (``POST {base}/chat/completions``) that
    returns the reply parsed as JSON.

    Raises:
        ConfigError: no endpoint configured, or httpx/tenacity missing.
        ExtractionError: unreachable endpoint after retries, HTTP error, or a reply that is
            not a JSON object.
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

    def chat_json(self, system: str, user: str) -> dict[str, Any]:
        import httpx
        from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

        def transient(exc: BaseException) -> bool:
            if isinstance(exc, httpx.TransportError):
                return True
            return isinstance(exc, httpx.HTTPStatusError) and exc.response.status_code in (429, 500, 502, 503, 504)

        headers = {"Content-Type": "application/json"}
        if self.settings.llm_api_key:
            headers["Authorization"] = f"Bearer {self.settings.llm_api_key}"
        body = {"model": self.settings.llm_model, "temperature": 0, "response_format": {"type": "json_object"},
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}

        @retry(retry=retry_if_exception(transient), stop=stop_after_attempt(3),
               wait=wait_exponential(multiplier=0.2, max=2), reraise=True)
        def post() -> httpx.Response:
            r = httpx.post(self.url, json=body, headers=headers, timeout=self.settings.llm_timeout_s)
            r.raise_for_status()
            return r

        try:
            resp = post()
        except httpx.HTTPError as exc:
            raise ExtractionError(f"LLM endpoint {self.url} failed: {type(exc).__name__}: {exc}") from None
        try:
            content = resp.json()["choices"][0]["message"]["content"]
            data = json.loads(content)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ExtractionError(f"LLM reply is not valid JSON: {type(exc).__name__}: {str(exc)[:120]}") from None
        if not isinstance(data, dict):
            raise ExtractionError("LLM reply is not a JSON object")
        return data


_M = TypeVar("_M", bound=BaseModel)


def _validated(model: type[_M], data: object, what: str) -> _M:
    """``model`` validated from the LLM's JSON. Raises ExtractionError (schema mismatch, one line)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ExtractionError(f"LLM {what} does not match the schema: {'.'.join(map(str, err['loc']))}: "
                              f"{err['msg']}") from None


class LLMExtractor(Extractor):
    """Extraction by an LLM; the reply is validated with pydantic (:class:`_Extraction`)."""

    name = "llm"

    def __init__(self, settings: Settings) -> None:
        self.client = LLMClient(settings)
        self.cap = settings.confidence_extracted

    def extract(self, utt: Utterance) -> list[Candidate]:
        if utt.role != "user":
            return []
        data = self.client.chat_json(EXTRACT_PROMPT, utt.text)
        parsed = _validated(_Extraction, data, "extraction")
        return [Candidate(statement=m.statement.strip(), kind=m.kind, slot=m.slot, salience=m.salience,
                          confidence=min(self.cap, m.confidence), valid_from=utt.occurred_at)
                for m in parsed.memories if m.statement.strip()]


class LLMJudge(Judge):
    """Gray-zone judge by an LLM. Ids it returns are checked against those it was shown."""

    name = "llm"

    def __init__(self, settings: Settings) -> None:
        self.client = LLMClient(settings)

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        shown = [{"id": nb.id, "statement": nb.statement, "valid_from": nb.valid_from.date().isoformat()}
                 for nb in neighbors]
        prompt = json.dumps({"new": {"statement": candidate.statement,
                                     "valid_from": candidate.valid_from.date().isoformat()},
                             "stored": shown}, ensure_ascii=False)
        data = self.client.chat_json(JUDGE_PROMPT, prompt)
        j = _validated(_Judgement, data, "judgement")
        ids = {nb.id for nb in neighbors}
        if j.decision != "ADD" and j.target_id not in ids:
            raise ExtractionError(f"LLM judge named id {j.target_id}, which it was not shown ({sorted(ids)}); "
                                  "nothing written")
        return Verdict(Decision(j.decision), j.target_id if j.decision != "ADD" else None, j.reason or "llm judge")
