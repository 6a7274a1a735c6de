"""memcli — long-term memory for AI agents on local SQLite.

``from memcli import Memory`` gives the whole engine for one user: capture (online, no
model), drain (extraction and the four-state decision), remember/correct/forget, search
(hybrid retrieval) and context (the prompt block under a hard budget). ``from memcli import
Admin`` does the work across users: drain every user, reembed, global stats.
"""

from memcli.errors import (
    BadInputError,
    ConfigError,
    EmbeddingError,
    ExtractionError,
    MemcliError,
    MigrationError,
    ModelMismatchError,
    ModelUnavailableError,
    NotFoundError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreReadOnlyError,
)

__version__ = "0.1.0"

# The engine loads on first use (PEP 562): ``import memcli.cli`` for a capture must not pay
# for pydantic models, settings and the store (``memcli capture`` is one process per turn).
_LAZY = {
    "Admin": "memcli.admin", "Memory": "memcli.memory", "MemoryRecord": "memcli.memory",
    "Candidate": "memcli.models", "CaptureResult": "memcli.models", "Decision": "memcli.models",
    "DecisionResult": "memcli.models", "Event": "memcli.models", "Kind": "memcli.models", "Level": "memcli.models",
    "MemoryItem": "memcli.models",
    "Settings": "memcli.settings", "load_settings": "memcli.settings",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'memcli' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])

__all__ = [
    "Admin", "BadInputError", "CaptureResult", "Candidate", "ConfigError", "Decision", "DecisionResult",
    "EmbeddingError",
    "Event", "ExtractionError", "Kind", "Level", "MemcliError", "Memory", "MemoryItem", "MemoryRecord",
    "MigrationError", "ModelMismatchError", "ModelUnavailableError", "NotFoundError", "Settings", "StoreCorruptError",
    "StoreError", "StoreFullError", "StoreLockedError", "StoreReadOnlyError", "load_settings",
]
