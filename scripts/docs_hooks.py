"""MkDocs hooks (mkdocs.yml ``hooks:``): the CLI reference page, generated from the Typer app.

``docs/cli.md`` is not a file in the repository: each build renders it from the code
(:func:`memcli.cli.reference.cli_reference_markdown`), so it cannot drift from ``--help``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]


def on_files(files: Files, config) -> Files:  # noqa: ANN001 - mkdocs' config object
    if str(ROOT) not in sys.path:  # the checkout's memcli, whatever is installed
        sys.path.insert(0, str(ROOT))
    from memcli.cli.reference import cli_reference_markdown

    files.append(File.generated(config, "cli.md", content=cli_reference_markdown()))
    return files
