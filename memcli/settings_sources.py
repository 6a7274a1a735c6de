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

__all__ = ["check_config_keys", "config_path", "config_values", "default_db_path", "env_values", "sourced_values",
           "write_config_values"]

ENV_PREFIX = "memcli_"  # matched without regard to case, as MEMCLI_DB or memcli_db


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
