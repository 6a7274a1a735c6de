"""scripts/setup's pip_install (issue 23): the two known-harmless warnings and pip's Location
lines are left out, every other line shows, and a failed install fails the script."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT

# a stand-in for `python -m pip install`: the setuptools and platformdirs warnings (as Python
# warnings, so PYTHONWARNINGS decides), one real warning, pip's Location line, then exit $RC
STUB = """#!/usr/bin/env bash
exec python3 -c '
import os, sys, warnings
warnings.warn("Editable installation.\\n!!\\n****", UserWarning)
warnings.warn("XDG_RUNTIME_DIR is not set, falling back to /tmp/runtime-1000", UserWarning)
warnings.warn("something real", UserWarning)
print("WARNING: Location /x")
print("ERROR: the install failed", file=sys.stderr)
sys.exit(int(os.environ["RC"]))'
"""


@pytest.mark.parametrize("rc", [0, 1])
def test_pip_install_filters_the_known_noise_and_keeps_the_exit_status(tmp_path: Path, rc: int):
    script = (ROOT / "scripts" / "setup").read_text(encoding="utf-8")
    fn = re.search(r"^pip_install\(\) \{\n.*?^\}\n", script, re.S | re.M)
    assert fn, "scripts/setup defines pip_install"
    assert not re.search(r"pip install[^\n]*\|\|\s*true", script.replace("--upgrade pip >/dev/null 2>&1 || true", ""))
    (tmp_path / "python").write_text(STUB, encoding="utf-8")
    (tmp_path / "python").chmod(0o755)
    run = f'set -euo pipefail; PATH="{tmp_path}:$PATH"\n{fn.group()}pip_install foo\necho reached'
    r = subprocess.run(["bash", "-c", run], capture_output=True, text=True, timeout=60,
                       env={"RC": str(rc), "PATH": "/usr/bin:/bin"})
    out = r.stdout + r.stderr
    assert "Editable installation" not in out and "XDG_RUNTIME_DIR" not in out and "Location" not in out
    assert "something real" in out and "ERROR: the install failed" in out
    assert (r.returncode, "reached" in r.stdout) == ((0, True) if rc == 0 else (1, False))
    if rc:
        assert "scripts/setup: pip install foo failed (exit 1)" in r.stderr
