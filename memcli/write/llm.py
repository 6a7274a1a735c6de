"""Optional LLM extraction and gray-zone judging over any OpenAI-compatible endpoint.

Install with ``pip install 'memcli[llm]'`` (httpx + tenacity). Configure ``llm_base_url``
(e.g. ``http://127.0.0.1:8080/v1``), ``llm_model`` and, if needed, ``llm_api_key``; then
``extractor = "llm"`` and/or ``judge = "auto"`` (default: the LLM judges the gray zone
when configured).

Trust nothing that comes back, but read what real models send (issue 15 §1):

- **Structured output first.** The request asks for ``response_format`` JSON schema (the
  pydantic schema of the answer); an endpoint that refuses it — any HTTP 4xx/5xx whose body
  names the format (llama.cpp's server answers 500 "Input should be 'text' or 'json_object'") —
  is asked again with JSON mode, then with no ``response_format``; what an endpoint refused is
  remembered per endpoint and model for every later call of the process (``llm_response_format``
  forces one mode). The HTTP client is :class:`memcli.write.llm_client.LLMClient`.
- **A bounded reply.** Every request sends ``max_tokens`` (``llm_max_tokens``, default 512: a
  judgement or a batch's memories fit), and, where no grammar constrains the reply (JSON mode or
  no format), ``stop`` strings that end a reply after its JSON block; a timed-out call is not
  retried at once (the server may still be generating it): the task is retried with backoff.
- **Tolerant reading.** The first JSON value is taken out of fenced ```` ```json ```` blocks,
  prose around it and a leading ``<think>…</think>`` (:mod:`memcli.write.llm_reply`); labels
  are case-insensitive (``"conflict"``, ``"Health"``); then the pydantic schema validates it.
- **The reply in the error.** A reply that cannot be read fails the task with a truncated,
  one-line copy of what the model said (``memcli outbox`` shows it).
- **Time said.** The extractor's user message is JSON: the utterance, when it was said in the
  user's zone (``said_at``, ISO-8601 with offset) and the zone, so "yesterday" resolves; a
  long turn is sent in pieces of at most :data:`CHUNK_CHARS` characters cut between words.
- **Context.** The user's preceding turns of the session (``context``, marked context only:
  facts come from the utterance), so 她/she/they resolve across messages.

And any memory id in a judgement must be one the model was shown. A malformed reply or a made-up id raises
:class:`~memcli.errors.ExtractionError`: the task is retried with backoff, then dead — never
a crash, never a write (Mem0 v1 crashed on hallucinated ids and silently dropped input on
malformed JSON). Connection errors, 429, 502, 503 and 504 are retried a few times first (tenacity).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime, tzinfo
from typing import Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError, field_validator

from memcli.errors import ExtractionError
from memcli.governance.confidence import extracted as extracted_confidence
from memcli.models import Candidate, Decision, Kind
from memcli.settings import Settings
from memcli.timeutil import offset_text
from memcli.write.extract import Extractor, Utterance
from memcli.write.judge import Judge, Neighbor, Verdict
from memcli.write.llm_client import STOP, LLMClient, names_format
from memcli.write.llm_reply import judgement_schema, reply_excerpt

__all__ = ["CHUNK_CHARS", "LLMClient", "LLMExtractor", "LLMJudge", "STOP", "chunks", "names_format"]

def _slot_help() -> str:
    """The slot vocabulary the prompt asks for: the same keys as the rule extractor (memcli.slots)."""
    from memcli import slots

    functional = ", ".join(a.name for a in slots.ATTRIBUTES.values() if a.functional)
    keyed = ", ".join(a.name for a in slots.ATTRIBUTES.values() if not a.functional)
    return (f"slot = [subject.]attribute[.object]. subject: omitted for the user; a relation key in English "
            f"(mother, elder_sister, maternal_aunt, boss, colleague, wife.elder_brother for 'my wife's older "
            f"brother'); person:<name> for a named person; thing:<noun> for a thing the user owns or uses. "
            f"attribute, one value at a time: {functional}; many values, object in the slot: {keyed} "
            f"(like.jazz, allergy.peanuts, owns.dog).")


EXTRACT_PROMPT = (
    "You extract durable facts about the USER and the people and things in the user's life, for a long-term "
    "memory. Split the utterance into clauses; keep every declarative clause that states a durable fact "
    "(identity, residence, work, education, relatives, colleagues, friends, named people, possessions, health, "
    "preferences, habits, past life events, opinions of a named thing). One memory per fact; resolve pronouns "
    "(她/he) to whom they refer. Ignore questions, greetings, chit-chat, passing states (I'm tired), "
    "hypotheticals and wishes, plans and calendar items (meetings, appointments, future times). Write each "
    "fact as a short statement in the utterance's language. The user message is JSON: \"utterance\", "
    "\"said_at\" (when the user said it, ISO-8601 with the user's UTC offset) and \"timezone\"; resolve relative "
    "times (yesterday, last year, 上个月) against said_at and give days_ago (how many days before said_at the "
    "fact started to hold; 0 when undated). \"context\", when present, lists the user's earlier turns of the "
    "same conversation (oldest first): CONTEXT ONLY, to tell whom 她/他/they/her refer to (她在昆明开了一家花店 "
    "after 我姐姐… → 我姐姐在昆明开了一家花店); every fact must come from \"utterance\", never from the context. "
    + _slot_help() + " Reply with JSON only: "
    '{"memories": [{"statement": str, "kind": "preference|relationship|identity|habit|health|goal|other", '
    '"slot": str|null, "days_ago": int, "salience": 0..1, "confidence": 0..1}]}. '
    'Several utterances come as {"utterances": [{"id": int, "utterance": str, "said_at": str, "timezone": str, '
    '"context"?: [str]}]}; '
    'then each memory also has "utterance": the id it comes from.'
)
JUDGE_PROMPT = (
    "You compare a NEW fact about a user with stored memories (each with an id). Answer ADD (new information), "
    "NOOP (it restates a stored memory), UPDATE (it refines a stored memory with more detail) or CONFLICT (it "
    "contradicts a stored memory: negation, another value, another number or date). For NOOP, UPDATE and CONFLICT "
    'give the id of that stored memory. Reply with JSON only: {"decision": str, "target_id": int|null, "reason": str}'
)
#: longest piece of a turn sent in one extraction call, characters
CHUNK_CHARS = 4000
#: longest context turn sent (its last characters), characters
CONTEXT_CHARS = 500
class _Memory(BaseModel):
    statement: str = Field(min_length=1, max_length=500)
    kind: Kind = Kind.OTHER
    slot: str | None = Field(None, max_length=100)
    salience: float = Field(0.5, ge=0, le=1)
    confidence: float = Field(0.7, ge=0, le=1)
    days_ago: int = Field(0, ge=0, le=36500)
    utterance: int | None = None

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: object) -> object:
        if v is None:
            return Kind.OTHER
        if isinstance(v, str):
            k = v.strip().casefold()
            return k if k in {m.value for m in Kind} else Kind.OTHER  # an unknown kind is not worth a dead task
        return v


class _Extraction(BaseModel):
    memories: list[_Memory] = Field(max_length=200)


#: decision words a model uses for the four labels
_LABELS = {"ADD": "ADD", "NEW": "ADD", "NOOP": "NOOP", "NONE": "NOOP", "SAME": "NOOP", "DUPLICATE": "NOOP",
           "REINFORCE": "NOOP", "UPDATE": "UPDATE", "REFINE": "UPDATE", "CONFLICT": "CONFLICT",
           "CONTRADICTION": "CONFLICT", "CONTRADICT": "CONFLICT", "CONTRADICTS": "CONFLICT"}
_ID_KEYS = ("target_id", "targetId", "target", "id", "memory_id", "stored_id")


def _judgement_dict(data: object) -> object:
    """The judgement object in a reply: unwrapped from a one-element list or a wrapper
    (``{"result": {...}}``), ``target_id`` found under its usual other names."""
    if isinstance(data, list) and len(data) == 1:
        data = data[0]
    if isinstance(data, dict) and "decision" not in data and len(data) == 1:
        inner = next(iter(data.values()))
        if isinstance(inner, dict):
            data = inner
    if isinstance(data, dict) and "target_id" not in data:
        for k in _ID_KEYS[1:]:
            if k in data:
                data = {**{kk: vv for kk, vv in data.items() if kk != k}, "target_id": data[k]}
                break
    return data


def _extraction_dict(data: object) -> object:
    """The extraction object in a reply: a bare list of memories, one memory, a wrapper
    (``{"result": {"memories": [...]}}``) or ``facts`` for ``memories``."""
    if isinstance(data, list):
        return {"memories": data}
    if isinstance(data, dict) and "memories" not in data:
        if "statement" in data:
            return {"memories": [data]}
        if "facts" in data:
            return {**{k: v for k, v in data.items() if k != "facts"}, "memories": data["facts"]}
        if len(data) == 1 and isinstance(inner := next(iter(data.values())), (dict, list)):
            return _extraction_dict(inner)
    return data


class _Judgement(BaseModel):
    decision: Literal["ADD", "NOOP", "UPDATE", "CONFLICT"]
    target_id: int | None = None
    reason: str = Field("", max_length=500)

    @field_validator("decision", mode="before")
    @classmethod
    def _label(cls, v: object) -> object:
        """``conflict``, ``Conflict.``, ``CONFLICT (negation)``, ``contradiction`` → CONFLICT."""
        if not isinstance(v, str):
            return v
        words = re.findall(r"[A-Za-z]+", v.upper())
        for w in words:
            if w in _LABELS:
                return _LABELS[w]
        return v.strip().upper()

    @field_validator("target_id", mode="before")
    @classmethod
    def _id(cls, v: object) -> object:
        if isinstance(v, str):  # "#12", "id 12", "12"
            m = re.search(r"-?\d+", v)
            return int(m.group(0)) if m else (None if v.strip().lower() in ("", "null", "none") else v)
        return v

    @field_validator("reason", mode="before")
    @classmethod
    def _short(cls, v: object) -> object:
        return "" if v is None else (v[:500] if isinstance(v, str) else v)


_M = TypeVar("_M", bound=BaseModel)


def _validated(model: type[_M], data: object, what: str, raw: object) -> _M:
    """``model`` validated from the LLM's JSON. Raises ExtractionError (schema mismatch, one
    line, with a truncated copy of the reply ``raw``)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ExtractionError(f"LLM {what} does not match the schema: {'.'.join(map(str, err['loc']))}: "
                              f"{err['msg']}; reply: {reply_excerpt(raw)}") from None


_CUTS = (re.compile(r"[。！？!?；;\n]|\.(?=\s)"), re.compile(r"[，、：,:]"), re.compile(r"\s+"))  # best first


def chunks(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """``text`` in pieces of at most ``size`` characters, each cut after its last sentence end, else clause mark,
    else space (never in a word: no "I like gre"); at ``size`` in an unbroken run. ``"".join(chunks(t)) == t``."""
    out: list[str] = []
    while len(text) > size:
        cut = next((e for rx in _CUTS if (e := max((m.end() for m in rx.finditer(text, 0, size)), default=0))), size)
        out.append(text[:cut])
        text = text[cut:]
    if text:
        out.append(text)
    return out


def _zone_name(tz: tzinfo, at: datetime) -> str:
    return getattr(tz, "key", None) or ("UTC" if at.utcoffset().total_seconds() == 0 else "UTC" + offset_text(at))


class LLMExtractor(Extractor):
    """Extraction by an LLM; the reply is validated with pydantic (:class:`_Extraction`)."""

    name = "llm"

    def __init__(self, settings: Settings) -> None:
        self.client = LLMClient(settings)
        self.settings = settings
        self.tz = settings.tz

    def message(self, utt: Utterance, piece: str) -> str:
        """The user message: the utterance (or a piece of it), when it was said and where, and
        the user's preceding turns as ``context`` (each cut to its last :data:`CONTEXT_CHARS`)."""
        said = utt.occurred_at.astimezone(self.tz)
        msg = {"utterance": piece, "said_at": said.isoformat(timespec="seconds"), "timezone": _zone_name(self.tz, said)}
        if utt.context:
            msg["context"] = [c[-CONTEXT_CHARS:] for c in utt.context]
        return json.dumps(msg, ensure_ascii=False)

    #: utterances per call in extract_batch (one JSON request lists them with ids)
    batch = 8

    def _candidates(self, utt: Utterance, memories: list[_Memory]) -> list[Candidate]:
        from datetime import timedelta

        out = []
        for m in memories:
            if not m.statement.strip():
                continue
            when = utt.occurred_at - timedelta(days=m.days_ago)
            out.append(Candidate(statement=m.statement.strip(), kind=m.kind, slot=m.slot, salience=m.salience,
                                 confidence=min(m.confidence, extracted_confidence(utt.text, self.settings,
                                                                        m.statement.strip())),
                                 valid_from=when,
                                 confirmed_at=utt.occurred_at if m.days_ago else None))
        return out

    def extract(self, utt: Utterance) -> list[Candidate]:
        if utt.role != "user":
            return []
        out: list[Candidate] = []
        seen: set[str] = set()
        for piece in chunks(utt.text):
            data, raw = self.client.chat(EXTRACT_PROMPT, self.message(utt, piece), _Extraction, "extraction")
            parsed = _validated(_Extraction, _extraction_dict(data), "extraction", raw)
            for c in self._candidates(utt, parsed.memories):
                if c.statement not in seen:
                    seen.add(c.statement)
                    out.append(c)
        return out

    def extract_batch(self, utts: Sequence[Utterance]) -> list[list[Candidate] | Exception]:
        """Up to :attr:`batch` short user utterances per call (``{"utterances": [{"id", "utterance",
        "said_at", "timezone"}]}``, each memory naming its ``utterance`` id); a batch whose reply
        fails validation, or names an id it was not given, falls back to one call per utterance."""
        out: list[list[Candidate] | Exception] = [[] for _ in utts]
        users = [i for i, u in enumerate(utts) if u.role == "user" and len(u.text) <= CHUNK_CHARS]
        single = [i for i, u in enumerate(utts) if u.role == "user" and len(u.text) > CHUNK_CHARS]
        for start in range(0, len(users), self.batch):
            idx = users[start:start + self.batch]
            if len(idx) == 1:
                single += idx
                continue
            try:
                msg = json.dumps({"utterances": [{"id": j, **json.loads(self.message(utts[i], utts[i].text))}
                                                 for j, i in enumerate(idx)]}, ensure_ascii=False)
                data, raw = self.client.chat(EXTRACT_PROMPT, msg, _Extraction, "extraction")
                parsed = _validated(_Extraction, _extraction_dict(data), "extraction", raw)
                if any(m.utterance is None or not 0 <= m.utterance < len(idx) for m in parsed.memories):
                    raise ExtractionError("LLM batch reply names no utterance (or one it was not given)")
                for j, i in enumerate(idx):
                    out[i] = self._candidates(utts[i], [m for m in parsed.memories if m.utterance == j])
            except ExtractionError:
                single += idx
        for i, res in zip(single, super().extract_batch([utts[i] for i in single]), strict=True):
            out[i] = res
        return out


class LLMJudge(Judge):
    """Gray-zone judge by an LLM. Ids it returns are checked against those it was shown."""

    name = "llm"

    def __init__(self, settings: Settings) -> None:
        self.client = LLMClient(settings)
        self.tz = settings.tz

    def _day(self, dt: datetime) -> str:
        return dt.astimezone(self.tz).date().isoformat()

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        shown = [{"id": nb.id, "statement": nb.statement, "valid_from": self._day(nb.valid_from)}
                 for nb in neighbors]
        prompt = json.dumps({"new": {"statement": candidate.statement,
                                     "valid_from": self._day(candidate.valid_from)},
                             "stored": shown}, ensure_ascii=False)
        ids = {nb.id for nb in neighbors}
        data, raw = self.client.chat(JUDGE_PROMPT, prompt, _Judgement, "judgement", judgement_schema(sorted(ids)))
        j = _validated(_Judgement, _judgement_dict(data), "judgement", raw)
        if j.decision != "ADD" and j.target_id not in ids:
            raise ExtractionError(f"LLM judge named id {j.target_id}, which it was not shown ({sorted(ids)}); "
                                  "nothing written")
        return Verdict(Decision(j.decision), j.target_id if j.decision != "ADD" else None, j.reason or "llm judge")
