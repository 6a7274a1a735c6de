"""Quality floors: the figures ``memcli eval ...`` must keep, recorded in ``goldset/floors.json``.

Each entry of the file names an eval command line (run as ``python -m memcli ARGS --json`` from
the repository root, at fixed seeds, with no user config and a temporary database) and the
floors of the figures it reports, by dotted path into its JSON (``facts.recall``,
``cases.overall.hybrid.mrr``). A figure fails when it is more than ``tolerance`` (0.01 = one
point) below its floor. A new eval is one more entry in the file; ``tests/test_floors.py`` runs
every entry.

Re-record (after a change that moves a figure on purpose; then review ``git diff goldset/floors.json``)::

    python -m memcli.eval.floors --write            # every entry
    python -m memcli.eval.floors --write extraction # one entry
    python -m memcli.eval.floors                    # check only: one line per figure, exit 1 on a fall

Recorded floors are the measured values rounded down to 3 decimals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["FLOORS", "ROOT", "check", "load", "lookup", "measure", "record"]

ROOT = Path(__file__).resolve().parents[2]
FLOORS = ROOT / "goldset" / "floors.json"


def load(path: Path = FLOORS) -> dict[str, Any]:
    """The floors file: ``{"tolerance", "evals": {name: {"args": [...], "floors": {path: value}}}}``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data.get("evals"), dict) or not data["evals"]:
        raise ValueError(f"{path}: no evals")
    for name, e in data["evals"].items():
        if not isinstance(e.get("args"), list) or not isinstance(e.get("floors"), dict):
            raise ValueError(f"{path}: entry {name!r} needs args (a list) and floors (an object)")
    return data


def lookup(report: dict[str, Any], path: str) -> float:
    """The number at a dotted ``path`` of a report (``cases.overall.hybrid.mrr``). Raises KeyError."""
    node: Any = report
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"{path}: no {part!r} in the report")
        node = node[part]
    if not isinstance(node, int | float) or isinstance(node, bool):
        raise KeyError(f"{path}: not a number ({node!r})")
    return float(node)


def measure(entry: dict[str, Any], *, timeout_s: float = 900) -> dict[str, Any]:
    """Run one entry's eval (``python -m memcli ARGS --json``) and return its JSON report.

    The child gets no ``MEMCLI_*`` variable and no config file (defaults only) and a database in
    a temporary folder; everything else of the environment is kept (``XDG_CACHE_HOME``, paths).
    Raises RuntimeError with the child's last stderr line when it fails.
    """
    with tempfile.TemporaryDirectory(prefix="memcli-floors-") as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCLI_")}
        env.update({"MEMCLI_CONFIG": str(Path(tmp) / "none.toml"), "MEMCLI_DB": str(Path(tmp) / "floors.db"),
                    "HF_HUB_OFFLINE": "1"})
        proc = subprocess.run([sys.executable, "-m", "memcli", *entry["args"], "--json"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=timeout_s, check=False)
    if proc.returncode:
        last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise RuntimeError(f"memcli {' '.join(entry['args'])} exited {proc.returncode}: {last}")
    return json.loads(proc.stdout)


def check(floors: dict[str, float], report: dict[str, Any], tolerance: float) -> list[str]:
    """One line per figure that fell more than ``tolerance`` below its floor (or is missing)."""
    out = []
    for path, floor in floors.items():
        try:
            got = lookup(report, path)
        except KeyError as exc:
            out.append(str(exc.args[0]))
            continue
        if got < floor - tolerance - 1e-9:
            out.append(f"{path}: {got:.4f} is below the floor {floor:.4f} by {100 * (floor - got):.1f} points")
    return out


def record(report: dict[str, Any], paths: list[str]) -> dict[str, float]:
    """The floors to store for ``paths``: the measured values rounded down to 3 decimals."""
    return {p: math.floor(lookup(report, p) * 1000) / 1000 for p in paths}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m memcli.eval.floors", description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="entries to run (default: all)")
    ap.add_argument("--write", action="store_true", help="store the measured values as the new floors")
    ap.add_argument("--file", type=Path, default=FLOORS, help="the floors file (default: goldset/floors.json)")
    args = ap.parse_args(argv)
    try:
        data = load(args.file)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    unknown = [n for n in args.names if n not in data["evals"]]
    if unknown:
        print(f"error: no entry {unknown[0]!r} in {args.file} (have: {', '.join(data['evals'])})", file=sys.stderr)
        return 2
    failed = 0
    for name in args.names or list(data["evals"]):
        entry = data["evals"][name]
        try:
            report = measure(entry)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
        for path, floor in entry["floors"].items():
            got = lookup(report, path)
            print(f"{name} {path}: {got:.4f} (floor {floor:.4f})")
        if args.write:
            entry["floors"] = record(report, list(entry["floors"]))
        else:
            bad = check(entry["floors"], report, data.get("tolerance", 0.01))
            failed += len(bad)
            for line in bad:
                print(f"{name}: {line}", file=sys.stderr)
    if args.write:
        tmp = args.file.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        tmp.replace(args.file)
        print(f"wrote {args.file}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
