"""Loading fitted weights: the JSON files the fits write (model → params), shared by the
answerability gate (:mod:`memcli.read.answer`), the fitted judge (:mod:`memcli.write.fitted`) and
the clause model (:mod:`memcli.write.clause_model`).

A user's file (a setting such as ``judge_weights``) holds one model's params and must match the
features and the model in use; the shipped file beside the module maps each model to its params.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from memcli.errors import ConfigError
from memcli.settings import canonical_model

__all__ = ["fitted_params", "read_weights"]


@lru_cache(maxsize=16)
def read_weights(path: str, what: str, missing_ok: bool = False) -> dict[str, Any]:
    """The JSON object at ``path`` (cached per path). ``what`` names the weights in the error
    ("judge weights"); ``missing_ok``: a missing file reads as ``{}``.

    Raises:
        ConfigError: the file is unreadable or not JSON (or missing, unless ``missing_ok``).
    """
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        if missing_ok:
            return {}
        raise ConfigError(f"cannot read {what} {path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read {what} {path}: {exc}") from None


def fitted_params(model: str, *, user_file: str | None, shipped: Path, features: Sequence[str],
                  what: str, shipped_missing_ok: bool = True) -> dict[str, Any] | None:
    """Params for ``model``: ``user_file`` when set (it must be fitted for ``features`` and
    ``model``), else the shipped file's entry for the model when it has these ``features``; None
    when there is none (no entry, an entry of other features, or — ``shipped_missing_ok`` — no
    shipped file).

    Raises:
        ConfigError: ``user_file`` unreadable, fitted for other features or another model; the
            shipped file unreadable (or missing, unless ``shipped_missing_ok``).
    """
    model = canonical_model(model)
    features = tuple(features)
    if user_file:
        params = read_weights(str(Path(user_file).expanduser()), what)
        if tuple(params.get("features", ())) != features:
            raise ConfigError(f"{what} {user_file} were fitted for other features; "
                              "refit with `memcli calibrate --write`")
        if canonical_model(str(params.get("model", ""))) != model:
            raise ConfigError(f"{what} {user_file} were fitted for model {params.get('model')!r}, not {model!r}; "
                              "refit with `memcli calibrate --write`")
        return params
    params = read_weights(str(shipped), what, missing_ok=shipped_missing_ok).get(model)
    return params if params is not None and tuple(params.get("features", ())) == features else None
