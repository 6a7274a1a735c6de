"""Root options on either side of the command.

People write ``memcli show 1 --json`` as often as ``memcli --json show 1``, and ``memcli list
-v`` as often as ``memcli -v list``. The root callback takes ``--db``, ``--user``/``-u``,
``--model``, ``--verbose``/``-v``, ``--debug`` and ``--json``; :func:`root_options_anywhere`
gives every command the root options it lacks (hidden from its help, they set the same global
value) and lets ``--json`` before the command switch on the command's own ``--json``. A command
group takes them too, between the group and its command (``memcli eval --json decisions``,
``memcli token --user alice create``, ``memcli outbox --user bob retry 3``: a group's own
``--db``, ``--user`` or ``--json`` reaches its command the same way; before round 39 ``outbox``
dropped them when a command followed). A command whose output is JSON anyway (``export``,
``tools call``) takes ``--json`` and changes nothing; one without JSON output (``serve``, ``mcp``)
refuses it with one line (exit 2). The fast paths (:mod:`memcli.cli.fast_args`) read the same
lines the same way.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from memcli.cli.app import GLOBALS
from memcli.errors import BadInputError

__all__ = ["ROOT_OPTIONS", "root_options_anywhere"]

#: the root callback's parameters that every command also takes → the Globals field each sets
ROOT_OPTIONS = {"db": "db", "user": "user", "model": "model", "verbose": "verbose", "debug": "debug",
                "as_json": "json"}
#: commands without a --json flag whose output is JSON anyway: --json is taken and changes nothing
ALWAYS_JSON = frozenset({"memcli export", "memcli tools call"})


def _setter(field: str) -> Any:
    def set_global(ctx: Any, param: Any, value: Any) -> Any:
        if value is not None and value is not False:
            setattr(GLOBALS, field, value)
        return value

    return set_global


def _with_root_json(callback: Any, json_name: str | None, path: str) -> Any:
    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        if GLOBALS.json and json_name is not None:
            kwargs[json_name] = True
        elif GLOBALS.json and path not in ALWAYS_JSON:
            raise BadInputError(f"--json: '{path}' has no JSON output")
        return callback(*args, **kwargs)

    return run


def _take_root_options(cmd: Any, root_params: dict[str, Any], *, group: bool) -> None:
    """Give ``cmd`` the root options it lacks (hidden; each sets its global value). In a ``group``,
    its own option of a root option's name (``outbox --db``) sets the global value as well, so that
    it reaches the command that follows (which reads it as the root option's)."""
    taken = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)}
    for name, field in ROOT_OPTIONS.items():
        root = root_params[name]
        own = [p for p in cmd.params if set(getattr(p, "opts", ())) & set(root.opts)]
        if group and own and own[0].callback is None:
            own[0].callback = _setter(field)
        free = [n for n in root.opts if n not in taken]
        if not free:  # the command has an option of that name itself (context --verbose, --db, --user ...)
            continue
        opt = copy.copy(root)  # the same type and parsing as the root option, under the names still free
        opt.opts, opt.secondary_opts, opt.hidden, opt.expose_value = free, [], True, False
        opt.name, opt.callback = f"_root_{field}", _setter(field)
        cmd.params.append(opt)


def _leaf(cmd: Any, path: str, root_params: dict[str, Any]) -> None:
    json_name = next((p.name for p in cmd.params if "--json" in getattr(p, "opts", ())), None)
    _take_root_options(cmd, root_params, group=False)
    if cmd.callback is not None:
        cmd.callback = _with_root_json(cmd.callback, json_name, path)


def root_options_anywhere(root: Any) -> None:
    """Give every command under ``root`` (a click group) the root options it lacks; see the module doc."""
    def walk(cmd: Any, path: str) -> None:
        if isinstance(getattr(cmd, "commands", None), dict):  # a group, whichever click (typer vendors its own)
            json_name = next((p.name for p in cmd.params if "--json" in getattr(p, "opts", ())), None)
            if cmd.callback is not None and json_name is not None:  # a group that answers alone (`outbox --json`)
                cmd.callback = _with_root_json(cmd.callback, json_name, path)
            _take_root_options(cmd, root_params, group=True)
            for name, sub in cmd.commands.items():
                walk(sub, f"{path} {name}")
        else:
            _leaf(cmd, path, root_params)

    root_params = {p.name: p for p in root.params}
    for name, sub in getattr(root, "commands", {}).items():
        walk(sub, f"memcli {name}")
