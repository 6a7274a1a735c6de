"""The docs (issue 23): a README that fits a few screens and links only to what exists; the
site's pages all present; a CLI reference generated from the code that lists every command and
option; the generated section of docs/benchmarks.md replaced, the rest kept.

``mkdocs build --strict`` itself runs in ``scripts/test`` (what CI runs), so a broken link or a
missing page fails there.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from conftest import ROOT

from memcli.cli.reference import cli_reference_markdown, iter_commands

README = ROOT / "README.md"
DOCS = ROOT / "docs"


def test_readme_is_short_and_names_the_two_commands_and_the_docs():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    assert "./scripts/test" in text and "./scripts/demo" in text and "pip install memcli" in text
    tour = text.split("## A short tour", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    commands = [c for ln in tour.splitlines() for c in ln.split("#", 1)[0].split(";") if c.strip().startswith(
        ("memcli", "MEMCLI")) or " memcli " in f" {c} "]
    assert 5 <= len(commands) <= 15, commands


def test_readme_and_pages_link_only_to_files_that_exist():
    targets = []
    for page in [README, *DOCS.glob("*.md")]:
        for link in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in link or link.startswith("mailto:"):
                continue
            targets.append((page, link))
    missing = [(p.name, link) for p, link in targets if not (p.parent / link).exists()
               and not (p.parent == DOCS and link == "cli.md")]  # the site generates cli.md at build
    assert missing == []
    assert len(targets) > 30  # the check saw the links


def test_every_page_of_the_nav_exists():
    nav = re.findall(r":\s*([\w./-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert "cli.md" in nav and "benchmarks.md" in nav and "api.md" in nav
    missing = [p for p in nav if p != "cli.md" and not (DOCS / p).is_file()]  # cli.md is generated at build
    assert missing == []
    assert not (DOCS / "cli.md").exists()  # generated, never a stale copy in the repo


def test_cli_reference_lists_every_command_and_every_option():
    md = cli_reference_markdown()
    commands = list(iter_commands())
    assert len(commands) >= 25
    for path, cmd, ctx in commands:
        assert f"## `{path}`" in md, path
        section = md.split(f"## `{path}`", 1)[1].split("\n## ", 1)[0]
        for param in cmd.get_params(ctx):
            if getattr(param, "hidden", False):
                continue
            names = [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
            if param.param_type_name == "argument":
                names = [param.name]
            for name in names:
                assert name in section, (path, name)
    for must in ("memcli capture", "memcli outbox retry", "--allow-future", "--budget-ms", "--as-of", "--purge"):
        assert must in md, must


def _run_all():
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "bench" / "run_all.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_run_all_rewrites_only_the_generated_section_of_the_benchmarks_page():
    ra = _run_all()
    report = "# memcli benchmark report (2026-12-01T10:00:00Z, quick)\n\nMachine: 2 CPUs.\n\n## Capture\n\nfast\n"
    section = ra.generated_section(report, "python bench/run_all.py --quick")
    assert section.startswith("## Latest `bench/run_all.py` run: (2026-12-01T10:00:00Z, quick)")
    assert "Made by `python bench/run_all.py --quick`" in section and "### Capture" in section
    assert "Machine: 2 CPUs." in section

    page = DOCS.joinpath("benchmarks.md").read_text(encoding="utf-8")
    new = ra.replace_generated(page, section)
    head, rest = page.split(ra.BEGIN, 1)
    assert new.startswith(head) and new.endswith(rest.split(ra.END, 1)[1])
    assert "### Capture" in new and new.count(ra.BEGIN) == new.count(ra.END) == 1
    assert ra.replace_generated(new, section) == new  # rerun: the same page
    bare = ra.replace_generated("# Benchmarks\n", section)
    assert bare.startswith("# Benchmarks\n\n" + ra.BEGIN) and bare.rstrip().endswith(ra.END)


def test_every_recorded_figure_keeps_its_command():
    page = DOCS.joinpath("benchmarks.md").read_text(encoding="utf-8")
    recorded = page.split("<!-- run_all:end -->", 1)[1]
    sections = [s for s in recorded.split("\n## ")[1:]]
    assert len(sections) >= 6
    for s in sections:
        title = s.splitlines()[0]
        assert re.search(r"`(python bench/|memcli |PYTHONPATH=)", s), title
    assert Path(ROOT / "bench" / "run_all.py").exists()


def test_settings_page_table_lists_every_setting():
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "scripts" / "docs_hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    from memcli.settings import Settings

    table = hooks.settings_table_markdown()
    assert hooks.SETTINGS_MARK in DOCS.joinpath("settings.md").read_text(encoding="utf-8")
    rows = [ln for ln in table.splitlines()[2:] if ln.startswith("| `")]
    assert [r.split("`")[1] for r in rows] == list(Settings.model_fields)
    assert "| `busy_timeout_ms` | `MEMCLI_BUSY_TIMEOUT_MS` | `int` | `10000` |" in table


# -- brackets in help texts (issue 23: rich markup ate "[server]" from `pip install 'memcli[server]'`) --
_TAG = re.compile(r"\\?\[[A-Za-z/@#][^\[\]\n]*\]")  # what rich would take for a markup tag


def _squeeze(text: str) -> str:
    return re.sub(r"[\s│]+", "", text)


def test_every_bracketed_word_of_every_help_survives_rendering():
    """Each `[word…]` of a command's or option's help (memcli[llm], [settings.min_score], …)
    appears intact in that command's rendered --help: none is eaten as rich markup."""
    from conftest import run_cli

    checked = 0
    for path, cmd, ctx in iter_commands():
        texts = [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.get_params(ctx)]
        wanted = {m.group().removeprefix("\\") for t in texts for m in _TAG.finditer(t)}
        if not wanted:
            continue
        r = run_cli(*path.split()[1:], "--help")
        assert r.exit_code == 0, (path, r.stderr)
        shown = _squeeze(r.stdout)
        for w in wanted:
            assert _squeeze(w) in shown, f"{path} --help lost {w!r}"
            checked += 1
    assert checked >= 5  # serve's memcli[server], search's and context's [settings.…], …
    assert "memcli[server]" in run_cli("serve", "--help").stdout


def test_every_memcli_extra_named_in_the_cli_source_is_in_its_help():
    """Every memcli[extra] written in memcli/cli/ (help text or error message) is either
    shown intact by some command's --help or only in an error (printed without markup)."""
    from conftest import run_cli

    helps = "".join(_squeeze(run_cli(*p.split()[1:], "--help").stdout) for p, _, _ in iter_commands())
    for src in (ROOT / "memcli" / "cli").glob("*.py"):
        for m in re.finditer(r"'memcli\\*\[(\w+)\]'", src.read_text(encoding="utf-8")):
            line = src.read_text(encoding="utf-8")[: m.start()].rsplit("\n", 1)[-1]
            if "Error(" in line or "raise" in line:
                continue  # an error message: entry.py prints it with markup=False
            assert f"'memcli[{m.group(1)}]'" in helps, (src.name, m.group())


def test_the_install_extras_lists_name_every_extra():
    import tomllib

    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
                 ["optional-dependencies"]) - {"llm-real", "dev"}  # for tests and contributors only
    assert {"server", "langgraph"} <= extras
    for doc in ("README.md", "docs/getting-started.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert {e for e in extras if f"`memcli[{e}]`" not in text} == set(), doc


def test_the_commands_without_json_are_the_ones_the_readme_names():
    """Issue 23: the README said every command takes --json; it names the ones that do not."""
    no_json = sorted(path.removeprefix("memcli ") for path, cmd, ctx in iter_commands()
                     if not getattr(cmd, "commands", None)
                     and "--json" not in {o for p in cmd.get_params(ctx) for o in getattr(p, "opts", [])})
    assert no_json == ["export", "mcp", "serve", "tools call"]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "Every command takes `--json`" not in readme
    assert all(f"`{c}`" in readme for c in no_json)


def test_the_tour_says_which_user_commands_use_by_default():
    """Issue 23: with MEMCLI_USER unset and no --user, commands use the user "default"; the tour says so."""
    from conftest import run_cli

    tour = (ROOT / "README.md").read_text(encoding="utf-8").split("## A short tour", 1)[1].split("```", 2)[1]
    assert 'without MEMCLI_USER or --user, commands use the user "default"' in tour
    assert run_cli("stats", "--json").json()["user"] == "default"  # conftest unsets every MEMCLI_USER


def test_help_prose_is_rewrapped_to_the_terminal():
    """A docstring's hard line breaks leave its prose paragraphs (the trial saw ragged --help at 80
    columns); examples (indented), bullets and \\b paragraphs keep theirs."""
    from conftest import run_cli

    from memcli.cli.entry import unwrap_help

    doc = ("First line\n    of the summary.\n\n    Prose that was\n    wrapped by hand.\n\n    - a bullet\n"
           "      that goes on\n    - another\n\n    Examples:\n\n      memcli drain\n      memcli list\n\n"
           "    \b\n    kept\n    as is")
    assert unwrap_help(doc) == ("First line of the summary.\n\nProse that was wrapped by hand.\n\n"
                                "- a bullet that goes on\n- another\n\nExamples:\n\n  memcli drain\n  memcli list\n\n"
                                "\b\nkept\nas is")
    r = run_cli("drain", "--help")  # stdout is no terminal: 80 columns
    assert "the background drain of `capture --drain`): no task is extracted twice." in " ".join(r.stdout.split())
