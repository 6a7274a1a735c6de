"""The CLI reference as Markdown, generated from the Typer app (never hand-copied).

``docs/cli.md`` is written by this module during ``mkdocs build`` (``scripts/docs_hooks.py``),
so the reference always lists every command and every option the installed code has. Run by
hand: ``python -m memcli.cli.reference > cli.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

__all__ = ["cli_reference_markdown", "iter_commands"]

_MARKUP = re.compile(r"\[/?(?:bold|italic|dim|red|green|yellow|blue|cyan|magenta|b|i|u|code)\]")


def _click_root() -> tuple[Any, Any]:
    """(root command, its context) of the app, as the console script builds them."""
    import typer

    from memcli.cli.entry import app

    root = typer.main.get_command(app)
    return root, root.make_context("memcli", [], resilient_parsing=True)


def iter_commands() -> Iterator[tuple[str, Any, Any]]:
    """Every command of the app, depth first: (``"memcli outbox retry"``, command, context).

    The root (``"memcli"``) comes first; groups come before their subcommands, each level in
    alphabetical order. Hidden commands are left out.
    """
    root, ctx = _click_root()

    def walk(cmd: Any, ctx: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
        yield path, cmd, ctx
        for name in sorted(getattr(cmd, "commands", {}) or {}):
            sub = cmd.commands[name]
            if getattr(sub, "hidden", False):
                continue
            sub_ctx = sub.make_context(name, [], parent=ctx, resilient_parsing=True)
            yield from walk(sub, sub_ctx, f"{path} {name}")

    yield from walk(root, ctx, "memcli")


def _text(value: str | None) -> str:
    """Help text as Markdown prose: rich markup dropped; brackets and angle brackets escaped."""
    text = _MARKUP.sub("", value or "").replace("\\[", "[").strip()  # rich's escape
    return text.replace("[", "\\[").replace("]", "\\]").replace("<", "&lt;").replace(">", "&gt;")


def _anchor(path: str) -> str:
    return path.replace(" ", "-")


def _param_row(param: Any, ctx: Any) -> str | None:
    if getattr(param, "hidden", False):
        return None
    record = param.get_help_record(ctx)
    if record is None:
        return None
    names, help_text = record
    kind = "argument" if param.param_type_name == "argument" else "option"
    cell = " ".join(_text(help_text).split()).replace("|", "\\|")
    return f"| `{names}` | {kind} | {cell} |"


def _unescape(text: str) -> str:
    return text.replace("\\[", "[").replace("\\]", "]").replace("&lt;", "<").replace("&gt;", ">")


def _help_blocks(text: str) -> list[str]:
    """A command's help as Markdown: prose paragraphs as they are, indented example lines as one code block."""
    out: list[str] = []
    examples: list[str] = []
    for para in text.split("\n\n"):
        if para.startswith("  ") and para.strip():
            examples += [_unescape(line.strip()) for line in para.splitlines()]
            continue
        if examples:
            out += ["```bash", *examples, "```", ""]
            examples = []
        if para.strip():
            out += [para.strip(), ""]
    if examples:
        out += ["```bash", *examples, "```", ""]
    return out


def _usage(cmd: Any, ctx: Any) -> str:
    pieces = cmd.collect_usage_pieces(ctx)
    return f"{ctx.command_path} {' '.join(pieces)}".strip()


def cli_reference_markdown() -> str:
    """The whole CLI reference: one section per command with its usage, help and options table.

    Returns Markdown text (one ``## memcli …`` heading per command, anchors ``memcli-outbox-retry``).
    Every option of every command appears by all its names (``--user``, ``-u``).
    """
    out = ["# CLI reference", "",
           "Generated from the Typer app by `memcli/cli/reference.py` when the site is built: it lists every "
           "command and option of the code it was built from. `memcli COMMAND --help` prints the same help "
           "in the terminal.", "",
           "Global options (`--db`, `--user`, `--model`, `--verbose`, `--debug`, `--json`) go before or after "
           "the command (`memcli --json show 1` = `memcli show 1 --json`), and between a group and its command "
           "(`memcli eval --json decisions`, `memcli token --user alice create`); given in two places, the one "
           "nearest the end wins. A group's own options (`outbox --db`, `--user`, `--json`) reach its command "
           "the same way (`memcli outbox --user bob retry --all-dead`). `export` and `tools call` print JSON "
           "anyway and take `--json` as it is; `serve` and `mcp` refuse it (exit 2). A command-line word that "
           "is not valid UTF-8 is refused with one line (exit 2) before anything is done.", "",
           "| command | what it does |", "|---|---|"]
    commands = list(iter_commands())
    for path, cmd, _ctx in commands[1:]:
        out.append(f"| [`{path}`](#{_anchor(path)}) | {_text(cmd.get_short_help_str(limit=90))} |")
    out.append("")
    for path, cmd, ctx in commands:
        out += [f"## `{path}` {{ #{_anchor(path)} }}", "", "```text", _usage(cmd, ctx), "```", ""]
        out += _help_blocks(_text(cmd.help))
        rows = [r for p in cmd.get_params(ctx) if (r := _param_row(p, ctx)) is not None]
        if rows:
            out += ["| name | kind | meaning |", "|---|---|---|", *rows, ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.stdout.write(cli_reference_markdown())
