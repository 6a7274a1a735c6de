"""MkDocs hooks (mkdocs.yml ``hooks:``): reference pages generated from the code at every build.

- ``cli.md`` is not a file in the repository: each build renders it from the Typer app
  (:func:`memcli.cli.reference.cli_reference_markdown`), so it cannot drift from ``--help``.
- ``<!-- settings:table -->`` in a page becomes the table of every setting of
  :class:`memcli.settings.Settings` (name, environment variable, type, default, meaning).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
SETTINGS_MARK = "<!-- settings:table -->"


def _checkout_first() -> None:
    if str(ROOT) not in sys.path:  # the checkout's memcli, whatever is installed
        sys.path.insert(0, str(ROOT))


def settings_table_markdown() -> str:
    """Every field of :class:`memcli.settings.Settings` as one Markdown table row, in model order."""
    _checkout_first()
    from pydantic_core import PydanticUndefined

    from memcli.settings import Settings

    rows = ["| setting | environment | type | default | meaning |", "|---|---|---|---|---|"]
    for name, field in Settings.model_fields.items():
        kind = getattr(field.annotation, "__name__", None) or str(field.annotation).replace("typing.", "")
        default = "" if field.default is PydanticUndefined else f"`{field.default!r}`"
        if field.default_factory is not None:
            default = "(computed)"
        meaning = " ".join((field.description or "").split()).replace("|", "\\|")
        rows.append(f"| `{name}` | `MEMCLI_{name.upper()}` | `{kind}` | {default} | {meaning} |")
    return "\n".join(rows) + "\n"


def on_files(files: Files, config) -> Files:  # noqa: ANN001 - mkdocs' config object
    _checkout_first()
    from memcli.cli.reference import cli_reference_markdown

    files.append(File.generated(config, "cli.md", content=cli_reference_markdown()))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ANN001 - mkdocs' objects
    if SETTINGS_MARK in markdown:
        markdown = markdown.replace(SETTINGS_MARK, settings_table_markdown())
    return markdown
