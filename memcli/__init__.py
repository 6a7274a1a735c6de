"""memcli — long-term memory for AI agents on local SQLite.

``from memcli import Memory`` gives the whole engine: capture (online, no model),
drain (extraction and the four-state decision), remember/correct/forget, search (hybrid
RRF retrieval) and context (the prompt block under a hard budget).
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
from memcli.memory import Memory, MemoryRecord
from memcli.models import Candidate, CaptureResult, Decision, DecisionResult, Event, Kind, Level, MemoryItem
from memcli.settings import Settings, load_settings

__version__ = "0.1.0"

__all__ = [
    "BadInputError", "CaptureResult", "Candidate", "ConfigError", "Decision", "DecisionResult", "EmbeddingError",
    "Event", "ExtractionError", "Kind", "Level", "MemcliError", "Memory", "MemoryItem", "MemoryRecord",
    "MigrationError", "ModelMismatchError", "ModelUnavailableError", "NotFoundError", "Settings", "StoreCorruptError",
    "StoreError", "StoreFullError", "StoreLockedError", "StoreReadOnlyError", "load_settings",
]
