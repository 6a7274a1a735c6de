"""Settings, resolved once at the edge: flag > ``MEMCLI_*`` environment > TOML file > default.

The TOML file is ``$MEMCLI_CONFIG`` if set, else ``<platform config dir>/memcli/config.toml``
(platformdirs). Library functions take a :class:`Settings` object; they never read the
environment themselves.
Every tuning constant of the engine lives here, so that ``--json`` outputs can report the values they ran with;
the per-model fitted defaults (:data:`MODEL_PROFILES`) and the model names are in :mod:`memcli.model_profiles`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from memcli.errors import ConfigError
from memcli.model_profiles import (
    DEFAULT_MODEL,
    E5_MODEL,
    MINILM_MODEL,
    MODEL_ALIASES,
    MODEL_PROFILES,
    PROFILE_FIELDS,
    canonical_model,
    canonical_stored,
    profile_values,
)
from memcli.settings_sources import (
    check_config_keys,
    config_path,
    default_db_path,
    sourced_values,
    user_problem,
    write_config_values,
)
from memcli.timeutil import MAX_DURATION_S  # durations: at most 100 years (a wait past it overflows)
from memcli.validation_words import error_words

__all__ = ["DEFAULT_MODEL", "E5_MODEL", "MINILM_MODEL", "MODEL_ALIASES", "MODEL_PROFILES", "PROFILE_FIELDS", "Settings",
           "calibration_warning", "canonical_model", "canonical_stored", "config_path", "follow_stored_model",
           "load_settings", "profile_values", "quick_settings", "write_config_values"]

#: the named choices of settings, checked at load time (one clear error, see Settings._one_of)
CHOICES: dict[str, tuple[str, ...]] = {
    "query_encoder": ("auto", "onnx", "torch"),
    "extractor": ("fitted", "rules", "llm"),
    "judge": ("auto", "fitted", "offline", "llm"),
}
_UNKNOWN = "unknown "


def check_choice(name: str, value: object) -> str:
    """``value`` of the named choice ``name`` (stripped, lower case).

    Raises:
        ConfigError: not one of :data:`CHOICES` ``[name]`` (one line naming the setting).
    """
    v = str(value).strip().lower()
    allowed = CHOICES[name]
    if v not in allowed:
        raise ConfigError(f"{_UNKNOWN}{name.replace('_', ' ')} {v!r}; expected {', '.join(allowed[:-1])} or "
                          f"{allowed[-1]} (setting {name}, MEMCLI_{name.upper()})")
    return v

def follow_stored_model(settings: Settings, stored: str | None, stored_dim: int | None
                        ) -> tuple[Settings, str | None]:
    """A database keeps the model it was embedded with unless a model is configured
    explicitly (flag, ``MEMCLI_MODEL``, config file): returns the settings to use (the model-
    specific values follow that model's profile) and a note on how to upgrade, or None."""
    if not stored or "model" in settings.model_fields_set:
        return settings, None
    canon = canonical_stored(stored, stored_dim)
    if canon == settings.model:
        return settings, None
    note = (f"note: this database was embedded with {canon!r}; the default model is now {DEFAULT_MODEL!r} "
            f"(multilingual, much better on Chinese): upgrade with `memcli reembed --model {DEFAULT_MODEL}`")
    return settings.for_model(canon), note


#: the default model's fitted values: the defaults of the model-specific fields below (model_profiles)
_P = MODEL_PROFILES[DEFAULT_MODEL]


class Settings(BaseModel):
    """All memcli settings. Units are in the names (``_ms``, ``_s``, ``_days``).

    ``Settings(**values)`` resolves each field keyword > ``MEMCLI_<FIELD>`` > the TOML file >
    default (:func:`memcli.settings_sources.sourced_values`), then validates.

    Raises:
        pydantic.ValidationError: an invalid value (:func:`load_settings` makes it a ConfigError).
        OSError, ValueError: an unreadable or malformed config file.
    """

    # defer_build: the validator is built when settings are first validated; a cold `context` with
    # nothing but the database and the user set gets them from quick_settings and builds none
    # allow_inf_nan=False: NaN or infinity in any number (MEMCLI_DEDUP_UPPER=nan) is refused when the settings load
    model_config = ConfigDict(extra="ignore", validate_default=True, defer_build=True, allow_inf_nan=False)

    def __init__(self, /, **values: Any) -> None:
        super().__init__(**sourced_values(values, type(self).model_fields))

    # -- where and who -------------------------------------------------------------
    db: Path | str = Field(default_factory=default_db_path,
                           description="SQLite database path, or a postgresql:// URL (PostgreSQL + pgvector)")
    user: str = Field("default", description="user whose memories are read and written")
    busy_timeout_ms: int = Field(10_000, ge=0, le=2**31 - 1,  # SQLite takes a C int
                                  description="how long to wait for another writer, milliseconds")
    db_pool_size: int = Field(0, ge=0, le=1000, description="PostgreSQL: a long-lived process keeps a pool of up to "
                              "N connections (psycopg_pool); 0: one connection (CLI commands)")
    timezone: str = Field("local", description="the user's time zone for what people read (tables, the context "
                          "block's dates, the LLM's 'said at'): an IANA name (Asia/Shanghai), an offset (+08:00), UTC, "
                          "or local = the system's zone ($TZ first). Stored times and --json stay UTC")

    # -- embedding -----------------------------------------------------------------
    model: str = Field(DEFAULT_MODEL, min_length=1, description="embedding model: use-multilingual-v3 (default), "
                       "multilingual-e5-small-q4, all-MiniLM-L6-v2, or any sentence-transformers model folder")
    embed_batch_size: int = Field(64, ge=1, le=4096)
    query_encoder: str = Field("auto", description="query encoder for the read path: auto | onnx | torch")
    embed_backend: Literal["auto", "onnx", "torch"] = Field("auto", description="write-path encoder: auto (the ONNX "
                                                            "export `memcli warm` made, else sentence-transformers)")
    read_threads: bool = Field(True, description="context/search encode the query on a thread beside the lexical leg "
                               "and context retrieves on a thread it can abandon at its budget; false: all on the "
                               "caller's thread (memcli serve), the budget checked between steps")

    # -- input limits --------------------------------------------------------------
    max_text_chars: int = Field(4000, ge=1, description="longest accepted memory (remember/import/correct) and "
                                "longest query used, characters")
    max_turn_chars: int = Field(100_000, ge=1, description="longest accepted captured turn, characters: a longer "
                                "turn is stored whole and extracted clause by clause; past this it is refused "
                                "(a hard bound against abuse)")

    # -- write path: outbox worker ------------------------------------------------------
    drain_batch_size: int = Field(32, ge=1)
    drain_ahead: bool = Field(True, description="drain with a local extractor (rules, fitted): the next batches are "
                              "extracted and embedded in a forked process while this one is written, with what "
                              "the writer will compute of their texts; same results, on a second core "
                              "(docs/performance.md)")
    lease_s: float = Field(60.0, gt=0, le=MAX_DURATION_S, description="how long a claimed task is leased, seconds")
    max_attempts: int = Field(5, ge=1, description="attempts before a task is dead")
    backoff_base_s: float = Field(2.0, gt=0, le=MAX_DURATION_S, description="exponential backoff base, seconds")
    backoff_max_s: float = Field(3600.0, gt=0, le=MAX_DURATION_S)
    context_turns: int = Field(3, ge=0, description="drain: the user's turns before an utterance (same session) "
                               "given to the extractor as discourse context, e.g. for 她/she across messages; 0: none")
    context_window_s: float = Field(86400.0, gt=0, le=MAX_DURATION_S,
                                    description="drain: turns without a session are context when "
                                    "said at most this long before the utterance, seconds")
    context_session_window_s: float = Field(30 * 86400.0, gt=0, le=MAX_DURATION_S,
                                            description="drain: the same for turns of a named "
                                            "session (a thread the user comes back to days later), seconds")
    auto_drain: bool = Field(False, description="capture starts a background drain for the user")
    drain_interval_s: float = Field(5.0, gt=0, le=MAX_DURATION_S,
                                    description="drain --loop: pause when the outbox is empty, seconds")

    # -- HTTP service (memcli serve) ---------------------------------------------------------
    server_max_body_bytes: int = Field(1_048_576, ge=1024, description="memcli serve: larger bodies: 413, bytes")
    server_open_users: int = Field(64, ge=1, le=10_000, description="memcli serve: users whose store connection a "
                                   "process keeps open (least recently used closed first)")
    server_drain_max_s: float = Field(50.0, gt=0, le=MAX_DURATION_S,
                                      description="memcli serve: POST /internal/drain stops claiming "
                                      "after this many seconds unless the request asks for less")
    server_max_budget_ms: int = Field(10_000, ge=1, le=MAX_DURATION_S * 1000,
                                      description="memcli serve: the largest budget_ms a POST /v1/context may ask "
                                      "(above: 400), and budget_ms may not exceed it, milliseconds")
    server_next_request_drain: bool = Field(True, description="memcli serve: a capture starts that user's drain in "
                                            "the background (never two at once for one user)")
    server_model_processes: int = Field(2, ge=0, le=64, description="memcli serve: child processes running the model "
                                        "calls (context, search, remember, correct); 0: threads of the server")
    server_model_threads: int = Field(2, ge=1, le=64, description="memcli serve, server_model_processes = 0: model "
                                      "calls at once per process; the others wait")
    server_fast_threads: int = Field(8, ge=1, le=256, description="memcli serve: requests without the model "
                                     "(capture, list, show, forget, export) at once per process")
    server_drain_process: bool = Field(True, description="memcli serve: the next-request drain runs in a child "
                                       "process of lower CPU priority (its own copy of the model) instead of a thread")
    mcp_eof_grace_s: float = Field(60.0, ge=0, le=MAX_DURATION_S,
                                   description="memcli mcp: after the client closes stdin, calls already received "
                                   "still run when their turn comes within this many seconds (later: not run, "
                                   "answered with an error); then the server exits")
    decide_neighbors: int = Field(5, ge=1, le=100, description="stored neighbours the decision compares (KNN k)")

    # -- decision (dedup) thresholds: cosine similarity in [-1, 1] -----------------------------
    # Model-specific: the defaults come from MODEL_PROFILES for the configured model
    # (`memcli calibrate` on the shipped goldset); see the README for the figures.
    dedup_upper: float = Field(_P["dedup_upper"], description="cosine >= upper: NOOP (reinforce) without a judge")
    dedup_lower: float = Field(_P["dedup_lower"], description="cosine < lower: ADD without a judge")
    calibrated_model: str | None = Field(DEFAULT_MODEL, description="model the thresholds and fusion were fitted for")

    # -- confidence ------------------------------------------------------------------------
    confidence_explicit: float = Field(0.95, ge=0, le=1, description="initial trust: remember/import")
    confidence_extracted: float = Field(0.8, ge=0, le=1, description="initial trust: drained extraction of a plain "
                                        "statement (我叫林晓梅, my sister lives in Lyon): 'fairly sure'")
    confidence_hedged: float = Field(0.45, ge=0, le=1, description="initial trust: drained extraction of a hedged "
                                     "statement (好像/可能, I think/maybe): 'unsure'")
    confidence_stable_half_life_days: float = Field(3650.0, gt=0, description="decay half-life of attributes that "
                                                    "do not change (name, birthday, hometown, blood type, zodiac)")
    confidence_reinforce_step: float = Field(0.1, ge=0, le=1, description="NOOP moves confidence this share toward 1")
    confidence_half_life_days: float = Field(730.0, gt=0, description="decay half-life since last confirmation, "
                                             "days: a plain extracted fact stays 'fairly sure' for ~10 months")
    confidence_floor: float = Field(0.3, ge=0, le=1, description="decay never goes below floor*confidence")

    # -- read path -------------------------------------------------------------------------
    # rrf_k, the leg weights and the two cosine floors are fitted per model and query
    # language on the goldset (MODEL_PROFILES; `memcli calibrate` refits them)
    fusion: Literal["rrf", "score"] = Field(_P["fusion"], description="rrf: weighted reciprocal rank fusion; "
                                            "score: w_d*cosine + w_l*(k+1)/(k+lexical rank)")
    rrf_k: int = Field(_P["rrf_k"], ge=1, description="RRF constant (Cormack et al. 2009 use 60)")
    candidates_per_leg: int = Field(50, ge=1, le=4096)
    weight_dense_en: float = Field(_P["weight_dense_en"], ge=0)
    weight_lexical_en: float = Field(_P["weight_lexical_en"], ge=0)
    weight_dense_zh: float = Field(_P["weight_dense_zh"], ge=0)
    weight_lexical_zh: float = Field(_P["weight_lexical_zh"], ge=0)
    weight_slot: float = Field(1.0, ge=0, description="weight of the slot leg: memories of the slot a question "
                               "asks about (where do I live → residence), both languages")
    weight_salience: float = Field(0.3, ge=0, description="final *= (1 - w + w*salience)")
    weight_recency: float = Field(0.2, ge=0, description="final *= (1 - w + w*recency)")
    recency_half_life_days: float = Field(90.0, gt=0)
    min_cosine: float = Field(_P["min_cosine"], description="relevance floor for a dense-only hit")
    min_cosine_zh: float = Field(_P["min_cosine_zh"], description="relevance floor for a dense-only hit when the "
                                 "query or the memory is Chinese")
    min_score: float = Field(0.0, ge=0, le=1, description="floor on the final fused score, in [0, 1]")
    budget_ms: int = Field(800, ge=1, le=MAX_DURATION_S * 1000,
                           description="context assembly wall-clock budget, milliseconds")
    max_tokens: int = Field(400, ge=1, description="context block token budget")
    answerability: bool = Field(True, description="context: leave out hits the fitted answerability model scores "
                                "below its chosen point (memcli/read/answer.py); search marks them below_floor")
    answer_weights: Path | None = Field(None, description="JSON file of fitted answerability weights (written by "
                                        "`memcli calibrate --write`); default: the shipped weights of the model")
    answer_min_p_zh: float | None = Field(None, ge=0, le=1, description="answerability point for Chinese queries "
                                          "(probability a hit is relevant); default: the fitted one")
    answer_min_p_en: float | None = Field(None, ge=0, le=1, description="the same for other queries")
    subject_expansion: bool = Field(True, description="a hit about a subject (我上司, my sister, a named person) "
                                    "brings that subject's facts whose attribute the query asks about")
    told_with: bool = Field(True, description="English search: the last place goes to a memory told with the best "
                            "hit (its turn, or the user's next turn of the session) that is not listed (round 46)")
    context_min_ratio: float = Field(0.4, ge=0, le=1, description="context block: leave out a memory whose score "
                                     "is below this share of the best one's (search is not affected); 0 = keep all")
    episodes: bool = Field(True, description="search and context also find episodes: the user's own turns that "
                           "produced no memory and are not chatter, shown as their words with the date")
    weight_episode: float = Field(0.5, ge=0, le=1, description="an episode's share of a memory's score (zh)")
    weight_episode_en: float | None = Field(0.9, ge=0, le=1, description="the same for English (None: weight_episode)")

    # -- optional LLM (OpenAI-compatible) --------------------------------------------------------
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout_s: float = Field(30.0, gt=0, le=MAX_DURATION_S)
    llm_max_tokens: int = Field(512, ge=16, le=32768, description="LLM reply budget (max_tokens), tokens: a "
                                "judgement or a batch's memories fit in a few hundred; an unbounded reply can run "
                                "to the server's whole context")
    llm_response_format: Literal["auto", "json_schema", "json_object", "none"] = Field(
        "auto", description="structured output asked of the endpoint: auto (JSON schema, then JSON mode, then "
        "none, as the endpoint accepts) | json_schema | json_object | none")
    extractor: str = Field("fitted", description="fitted (rules + the fitted clause model) | rules | llm")
    judge: str = Field("auto", description="auto (llm when configured, else fitted when weights for the model "
                       "exist, else offline) | fitted (classifier fitted on labelled pairs) | offline (rules) | llm")
    judge_weights: Path | None = Field(None, description="JSON file of fitted judge weights (written by "
                                       "`memcli calibrate --write`); default: the shipped weights of the model")

    @field_validator("query_encoder", "extractor", "judge")
    @classmethod
    def _one_of(cls, v: str, info: ValidationInfo) -> str:
        """Named choices are checked when the settings load, with one clear error."""
        try:
            return check_choice(info.field_name or "", v)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None

    @field_validator("db", mode="before")
    @classmethod
    def _db_path_or_url(cls, v: Any) -> Any:
        """A ``postgresql://`` URL stays text (a Path would fold its ``//``); anything else is a path."""
        from memcli.db.postgres.url import is_other_url, is_pg_url

        if is_pg_url(v):
            return str(v).strip()
        if is_other_url(v):
            raise ValueError(f"{str(v).strip().split('://')[0]}:// is no database memcli opens (a file path, or "
                             "a postgresql:// URL)")
        if not isinstance(v, str | os.PathLike):  # one plain message, not pydantic's union trace
            raise ValueError("Input is not a valid path (a file path, or a postgresql:// URL)")
        if not str(v).strip():  # Path("") is ".", the current folder: say what was given
            raise ValueError("empty (a file path, or a postgresql:// URL)")
        return Path(v).expanduser()

    @field_validator("user")
    @classmethod
    def _user_not_blank(cls, v: str) -> str:
        """The user id as given, or ValueError naming the rule (:func:`memcli.settings_sources.user_problem`)."""
        if (problem := user_problem(v)) is not None:
            raise ValueError(problem)
        return v

    @model_validator(mode="after")
    def _model_profile(self) -> Settings:
        """Fill the model-specific values not set explicitly from the model's profile."""
        self.__dict__["model"] = canonical_model(self.model)
        self.__dict__.update(profile_values(self.model, self.model_fields_set))
        return self

    def for_model(self, model: str) -> Settings:
        """These settings with another model: the model-specific values that were not set
        explicitly follow that model's profile (reembed, a database made with another model)."""
        return self.model_copy(update={"model": canonical_model(model), **profile_values(model, self.model_fields_set)})

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, v: str) -> str:
        from memcli.timeutil import get_zone

        v = v.strip() or "local"
        get_zone(v)  # raises ValueError: unknown zone
        return v

    @property
    def tz(self):  # noqa: ANN201
        """The resolved :class:`datetime.tzinfo` of ``timezone``."""
        from memcli.timeutil import get_zone

        return get_zone(self.timezone)

    def public_dict(self) -> dict[str, Any]:
        """Settings as JSON-able dict, the API key and a database password masked."""
        d = self.model_dump(mode="json")
        if d.get("llm_api_key"):
            d["llm_api_key"] = "***"
        from memcli.db.postgres.url import is_pg_url, redact_url

        if is_pg_url(d.get("db")):
            d["db"] = redact_url(d["db"])
        return d

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


def calibration_warning(settings: Settings) -> str | None:
    """A one-line warning when the dedup thresholds were calibrated for another model, else None.
    Here, not in :mod:`memcli.calibrate` (which re-exports it): every command checks it, and a cold
    ``context`` should not import the fitting code to do so."""
    cal = settings.calibrated_model
    if cal is None or canonical_model(cal) == canonical_model(settings.model):
        return None
    return (f"warning: dedup thresholds were calibrated for model {cal!r}, not {settings.model!r}; "
            "calibration is stale — run `memcli calibrate --write`")


def quick_settings(**overrides: Any) -> Settings | None:
    """What :func:`load_settings` gives for ``overrides`` when nothing but the database and the user is
    set (flags, ``MEMCLI_DB``, ``MEMCLI_USER``; no config file) and both are well-formed, made with
    ``Settings.model_construct`` from what the validators do to them — every other field is its
    default, which validation leaves as it is (tests/test_settings_quick.py compares the two) — so
    that no validator is built (issue 24: a cold ``context`` builds no pydantic model at all, which
    also keeps pydantic's plugin loader and ``importlib.metadata`` out of it). None otherwise: then
    :func:`load_settings` reads and validates everything."""
    from memcli.db.postgres.url import is_other_url, is_pg_url

    clean = {k: v for k, v in overrides.items() if v is not None}
    path = config_path()
    if path.exists() or set(clean) - {"db", "user"}:
        return None
    try:
        vals = sourced_values(clean, Settings.model_fields)
    except (OSError, ValueError):
        return None
    if set(vals) - {"db", "user"}:
        return None
    db, user = vals.get("db", default_db_path()), vals.get("user", "default")
    if not isinstance(db, str | os.PathLike) or not str(db).strip() or not isinstance(user, str) or is_other_url(db):
        return None
    if user_problem(user) is not None:  # the full path says what is wrong
        return None
    st = Settings.model_construct(_fields_set=set(vals), db=str(db).strip() if is_pg_url(db) else Path(db).expanduser(),
                                  user=user)
    st.__dict__.update(profile_values(st.model, st.model_fields_set))  # as _model_profile (the model is the default)
    return st


def load_settings(**overrides: Any) -> Settings:
    """Build settings; ``overrides`` (flags) win. ``None`` overrides are ignored.

    Raises:
        ConfigError: an invalid value in flags, environment or the config file.
    """
    clean = {k: v for k, v in overrides.items() if v is not None}
    check_config_keys(Settings.model_fields)
    try:
        return Settings(**clean)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ())) or "settings"
        msg = error_words(err)  # memcli's words (a NaN, a bound); our own checks' lines as they are
        if msg.startswith(_UNKNOWN):  # a named choice: the message names the setting itself
            raise ConfigError(msg) from None
        raise ConfigError(f"invalid setting {loc}: {msg}") from None
    except (OSError, ValueError) as exc:  # unreadable / malformed TOML
        raise ConfigError(f"cannot read config {config_path()}: {exc}") from None
