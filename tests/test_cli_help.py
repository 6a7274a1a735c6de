"""Every command and command group of the CLI shows at least one example in its ``--help``
(a fresh-user trial found six without one: warm, eval, outbox, token list / revoke…)."""

from __future__ import annotations

import typer.main

from memcli.cli import entry


def _walk(cmd, path):  # noqa: ANN001, ANN202
    yield path, cmd
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from _walk(sub, [*path, name])


def test_every_command_and_group_has_an_example() -> None:
    entry.register()  # every command module, as `memcli --help` loads them
    root = typer.main.get_command(entry._app)
    seen = list(_walk(root, []))
    assert len(seen) > 30  # the walk reached the groups' commands (eval, outbox, token, tools)
    missing = [" ".join(p) for p, c in seen if "Example" not in (c.help or "") + (c.epilog or "")]
    assert missing == []


def test_a_group_help_prints_its_examples() -> None:
    from conftest import run_cli

    for group, example in (("outbox", "memcli outbox retry 12"), ("token", "memcli token list --json"),
                           ("eval", "memcli eval decisions --json")):
        r = run_cli(group, "--help")
        assert r.exit_code == 0 and example in r.stdout


def test_root_help_says_where_settings_come_from_and_mcp_help_names_the_db() -> None:
    """Round 26's trial: `memcli --help` never named the config file or the order of the sources, and `mcp
    --help`'s client entry had no --db, the pitfall docs/agents.md warns of (the client drops MEMCLI_DB)."""
    from conftest import run_cli

    root = " ".join(run_cli("--help").stdout.split())
    assert "flag > MEMCLI_* variable > config file ($MEMCLI_CONFIG" in root
    assert '"--db", "/data/memcli.db"' in " ".join(run_cli("mcp", "--help").stdout.split())
