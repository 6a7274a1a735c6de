"""Where settings come from, without pydantic: the config file's path, its keys, and the
values of the ``MEMCLI_*`` environment, merged flag > environment > TOML file.

:class:`memcli.settings.Settings` validates what :func:`sourced_values` gives it. This is what
pydantic-settings did for memcli (its ``BaseSettings`` with ``env_prefix="MEMCLI_"``, names not
case-sensitive, a TOML source, no ``.env`` or secrets), written out so that a cold ``memcli
context`` does not import pydantic-settings and, through it, asyncio and a dozen unused
providers (~40 % of the settings import; docs/benchmarks.md, round 15).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from memcli.errors import ConfigError

__all__ = ["OWN_ENV", "check_config_keys", "config_path", "config_values", "default_db_path", "env_values",
           "sourced_values", "unknown_env", "user_problem", "write_config_values", "writable_config_dir"]

ENV_PREFIX = "memcli_"  # matched without regard to case, as MEMCLI_DB or memcli_db
#: ``MEMCLI_*`` variables that are no setting yet are memcli's own (the config file, switches read where
#: they act) or its scripts' and docs' (the demo's database, the bench's llama server, the operator's token
#: of the service's cron line): no warning for them (:func:`unknown_env`)
OWN_ENV = frozenset({"config", "debug", "embed_threads", "vector_files", "no_progress", "demo_db", "llama_server",
                     "operator_token", "test_onnx_write"})
#: what a user id may be (:func:`user_problem`), said in every error about one
USER_RULE = ("a user id is printable text with no space at either end and no control or invisible character "
             "(alice, user-42, 张三)")


def user_problem(user: object) -> str | None:
    """What is wrong with ``user`` as a user id, one line naming the rule (:data:`USER_RULE`), or None when
    it is one. The one rule of the CLI (``--user``, ``MEMCLI_USER``, the config file), the library
    (``Memory(user=…)``), the HTTP service (a token's user) and the MCP server: an id is taken as given —
    ``"tom "`` is refused, not trimmed into another user's ``tom``."""
    import unicodedata

    if not isinstance(user, str):
        return f"user must be text; {USER_RULE}"
    if not user.strip():
        return f"user must not be empty; {USER_RULE}"
    if user != user.strip():  # a newline or a tab is whitespace too: name what it is ("bob\n")
        ends = {c for c in (user[0], user[-1]) if c.isspace()}
        kind = "a space" if ends == {" "} else "whitespace (a newline, tab or other blank)"
        return f"user {user!r} has {kind} at its start or end; {USER_RULE}"
    # C0, DEL, C1 and format characters (zero-width, bidi); lone surrogates (non-UTF-8 bytes of argv, which
    # SQLite cannot store); private-use and unassigned code points; line and paragraph separators
    bad = [c for c in user if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")]
    if bad:
        shown = "".join(f"\\u{ord(c):04x}" if c in bad else c for c in user)
        return f"user '{shown}' holds a control or invisible character; {USER_RULE}"
    return None


def unknown_env(fields: Collection[str]) -> list[tuple[str, str | None]]:
    """The ``MEMCLI_*`` environment variables that are neither a setting (``fields``) nor one of
    :data:`OWN_ENV`, each with the setting its name is nearest to (``MEMCLI_DB_PATH`` → ``db``,
    ``MEMCLI_BUDGETMS`` → ``budget_ms``), or None. They are ignored: the CLI warns once (another
    tool may set ``MEMCLI_`` variables of its own, so it is no error)."""
    import difflib

    n = len(ENV_PREFIX)
    out: list[tuple[str, str | None]] = []
    for key in sorted(os.environ):
        name = key.lower()[n:]
        if not key.lower().startswith(ENV_PREFIX) or name in fields or name in OWN_ENV:
            continue
        near = difflib.get_close_matches(name, list(fields), n=1, cutoff=0.6)
        heads = [f for f in fields if name.startswith(f + "_") or name.endswith("_" + f)]
        out.append((key, near[0] if near else max(heads, key=len, default=None)))
    return out


def config_path() -> Path:
    """Path of the TOML config file: ``$MEMCLI_CONFIG`` or the platform config dir."""
    env = os.environ.get("MEMCLI_CONFIG")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_config_path("memcli") / "config.toml"


def default_db_path() -> Path:
    """Default database: ``<platform data dir>/memcli/memcli.db``."""
    import platformdirs

    return platformdirs.user_data_path("memcli") / "memcli.db"


def _by_field(values: Mapping[str, Any], fields: Collection[str]) -> dict[str, Any]:
    """``values`` with a key that names a field in another case (``DB``) under the field's name."""
    out: dict[str, Any] = {}
    for k, v in values.items():
        low = k.lower()
        out[low if low in fields else k] = v
    return out


def env_values() -> dict[str, str]:
    """Every ``MEMCLI_<NAME>`` environment variable as ``{name: text}``: the name lower-cased without
    the prefix (any case: ``MEMCLI_DB``, ``memcli_db``), the text as given (also when empty)."""
    n = len(ENV_PREFIX)
    return {k.lower()[n:]: v for k, v in os.environ.items() if k.lower().startswith(ENV_PREFIX)}


def config_values(path: Path) -> dict[str, Any]:
    """The TOML file at ``path`` as a dict; ``{}`` when no file is there.

    Raises:
        OSError, ValueError: the file cannot be read, is not UTF-8, or is not TOML.
    """
    if not path.is_file():
        return {}
    import tomllib  # here, not above: most processes have no config file

    return tomllib.loads(path.read_text(encoding="utf-8"))


def sourced_values(init: Mapping[str, Any], fields: Collection[str]) -> dict[str, Any]:
    """The raw values of the settings ``fields`` that some source sets: keyword (flag) >
    ``MEMCLI_<FIELD>`` (any case; its text as given, also when empty) > the TOML file (when it
    exists). A field no source sets is left out (it gets its default, and is not in
    ``model_fields_set``).

    Raises:
        OSError, ValueError: the config file cannot be read, or is not TOML.
    """
    out = _by_field(config_values(config_path()), fields)
    out.update((k, v) for k, v in env_values().items() if k in fields)
    out.update(_by_field(init, fields))
    return out


def check_config_keys(fields: Collection[str]) -> None:
    """The config file's keys are settings: a typo such as ``max_text_char`` is an error, not
    silently ignored. (A missing file is no error: ``calibrate --write`` creates it.)

    Raises:
        ConfigError: a folder where the file should be, malformed TOML, or an unknown key.
    """
    path = config_path()
    if path.is_dir():
        raise ConfigError(f"config {path} is a folder, not a TOML file (set MEMCLI_CONFIG to a file)")
    if not path.is_file():
        return
    import difflib  # here, not above: most processes have no config file (a few ms of a cold context)

    try:
        data = config_values(path)
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read config {path}: {exc}") from None
    for key in data:
        if key not in fields:
            near = difflib.get_close_matches(key, list(fields), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise ConfigError(f"unknown setting {key!r} in config {path}{hint}")


def write_config_values(values: dict[str, Any]) -> Path:
    """Merge ``values`` into the TOML config file (created if missing); return its path.

    Raises:
        ConfigError: the existing file cannot be read, or is not TOML.
    """
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


def writable_config_dir() -> Path:
    """The config file's folder (created if missing), checked before a long fit writes into it
    (``calibrate --write``: the config and the fitted weights files).

    Raises:
        ConfigError: it cannot be created or written (a file in its place, no permission).
    """
    folder = config_path().parent
    bad = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
    if bad is not None:
        raise ConfigError(f"cannot write the config folder {folder}: {bad} is a file, not a folder; "
                          "set MEMCLI_CONFIG to a file in a folder you can write")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as exc:
        raise ConfigError(f"cannot write the config folder {folder}: {exc.strerror or exc}; "
                          "set MEMCLI_CONFIG to a file in a folder you can write") from None
    return folder
