"""A command line imports only the command module it names: the table that says which module
registers which command matches what the modules register, and each command runs alone."""

from __future__ import annotations

import subprocess
import sys

from memcli.cli import entry


def test_the_command_table_matches_what_each_module_registers() -> None:
    app = entry.app  # every module registered
    found = {c.name or c.callback.__name__.rstrip("_"): c.callback.__module__.rsplit(".", 1)[-1]
             for c in app.registered_commands}
    found |= {g.name: g.typer_instance.registered_commands[0].callback.__module__.rsplit(".", 1)[-1]
              for g in app.registered_groups}
    # a group some of whose commands come from a second module names its own module first
    assert found == {k: v if isinstance(v, str) else v[0] for k, v in entry.COMMANDS.items()}


def test_module_for_skips_root_options_and_falls_back_to_all() -> None:
    assert entry.module_for(["--db", "x.db", "-u", "search", "context", "q"]) == "read"  # "search" is a value
    assert entry.module_for(["--user=alice", "-v", "drain"]) == "worker"
    assert entry.module_for(["--help"]) is None and entry.module_for([]) is None
    assert entry.module_for(["serach", "q"]) is None  # a typo: every command, so click can say so


def test_context_imports_neither_the_other_command_groups_nor_the_eval_code(tmp_path) -> None:  # noqa: ANN001
    code = ("import sys; sys.argv = ['memcli', '--db', sys.argv[1], '--user', 'u', 'context', 'coffee'];"
            "from memcli.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "bad = [m for m in ('memcli.cli.memories', 'memcli.cli.transfer', 'memcli.cli.evaluate',"
            " 'memcli.cli.tools', 'memcli.cli.worker', 'memcli.eval.formats') if m in sys.modules]\n"
            "print('loaded:', bad)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "m.db")], capture_output=True, text=True,
                         timeout=120)
    assert "loaded: []" in out.stdout, out.stdout + out.stderr
    help_out = subprocess.run([sys.executable, "-m", "memcli", "--help"], capture_output=True, text=True,
                              timeout=120)
    assert help_out.returncode == 0 and all(c in help_out.stdout for c in ("capture", "drain", "eval", "mcp"))


def test_a_command_a_later_module_adds_to_a_built_group_is_found() -> None:
    # `calibrate` imports only memcli.cli.evaluate (the eval group with decisions and
    # conversations) and builds the click command; `eval retrieval` then imports evaluate_sets,
    # which adds `retrieval` to that group: the command built before must not be reused
    code = ("import sys\nfrom memcli.cli import entry\n"
            "entry.register('evaluate')\nfirst = entry._click_command()\n"
            "entry.register(('evaluate', 'evaluate_e2e', 'evaluate_sets'))\n"
            "print(sorted(entry._click_command().commands['eval'].commands))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "'retrieval'" in out.stdout and "'memdaily'" in out.stdout and "'decisions'" in out.stdout, out.stdout
