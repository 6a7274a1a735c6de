"""The memcli exception tree.

Every error a user can cause derives from :class:`MemcliError`, carries a one-line
message, a process exit code and a stable snake-case ``code`` (``bad_input``, ``not_found``,
``store_locked`` …: the same in the CLI's ``--json`` errors and the HTTP service's bodies).
The CLI catches the base class once, prints the message on stderr and exits with
``exit_code``; ``--debug`` shows the traceback.
Mistakes of calling code (wrong argument types) stay ``ValueError``/``TypeError``.

::

    MemcliError (exit 1)
    ├── ConfigError (exit 2)            bad setting, unknown option value
    ├── BadInputError (exit 2)          empty/oversized text, bad time, malformed JSON Lines
    ├── NotFoundError (exit 3)          no such memory *for this user* (other users' ids too)
    ├── StoreError (exit 4)             the database cannot be used
    │   ├── StoreLockedError            held by another writer past busy_timeout
    │   ├── StoreCorruptError           not a SQLite file, integrity failure
    │   ├── StoreReadOnlyError          file or folder not writable
    │   ├── StoreFullError              disk or quota full
    │   └── MigrationError              a schema migration failed (rolled back)
    ├── EmbeddingError (exit 5)
    │   ├── ModelUnavailableError       the model cannot be loaded
    │   └── ModelMismatchError          the database was embedded with another model
    └── ExtractionError (exit 6)        an extractor/judge failed (task retried, nothing written)
"""

from __future__ import annotations

__all__ = [
    "error_body",
    "BadInputError",
    "ConfigError",
    "EmbeddingError",
    "ExtractionError",
    "MemcliError",
    "MigrationError",
    "ModelMismatchError",
    "ModelUnavailableError",
    "NotFoundError",
    "StoreCorruptError",
    "StoreError",
    "StoreFullError",
    "StoreLockedError",
    "StoreReadOnlyError",
]


class MemcliError(Exception):
    """Base of every user-facing memcli error: a one-line message, an exit code, a ``code``."""

    code = "memcli"
    exit_code = 1

    def __init__(self, message: str) -> None:
        # One line, always: the CLI prints it as is.
        super().__init__(" ".join(str(message).split()))

    @property
    def message(self) -> str:
        return str(self)


class ConfigError(MemcliError):
    code = "config"
    exit_code = 2


class BadInputError(MemcliError):
    code = "bad_input"
    exit_code = 2


class NotFoundError(MemcliError):
    code = "not_found"
    exit_code = 3


class StoreError(MemcliError):
    code = "store"
    exit_code = 4


class StoreLockedError(StoreError):
    code = "store_locked"


class StoreCorruptError(StoreError):
    pass


class StoreReadOnlyError(StoreError):
    pass


class StoreFullError(StoreError):
    code = "store_full"


class MigrationError(StoreError):
    pass


class EmbeddingError(MemcliError):
    code = "embedding"
    exit_code = 5


class ModelUnavailableError(EmbeddingError):
    pass


class ModelMismatchError(EmbeddingError):
    code = "model_mismatch"


class ExtractionError(MemcliError):
    code = "extraction"
    exit_code = 6


def error_body(code: str, message: str, exit_code: int) -> dict[str, dict[str, object]]:
    """The one JSON shape of an error, CLI ``--json`` and HTTP alike:
    ``{"error": {"code": str, "message": one line, "exit_code": int}}``."""
    return {"error": {"code": code, "message": " ".join(str(message).split()), "exit_code": exit_code}}
