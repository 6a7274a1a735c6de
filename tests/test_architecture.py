"""The structure of memcli, read from its own source (ast, no import): imports point one way.

- no import cycle between memcli's modules (every import counts: top level, inside a
  function, under ``TYPE_CHECKING``);
- ``read/`` and ``write/`` never import each other, nor the facade (``memory``, ``admin``,
  ``engine``, ``warm``) or anything above it (``cli``, ``tools``, ``mcp_server``, ``eval``);
- ``db/``, ``embed/`` and ``governance/`` never import ``read/``, ``write/`` or the facade;
- no SQL statement outside ``db/``; only ``cli/`` imports typer and rich;
- no module over 450 lines.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "memcli"
MAX_LINES = 450
FACADE = {"memory", "admin", "engine", "warm"}
ABOVE = {"cli", "tools", "mcp_server", "eval", "calibrate", "__main__"}
SQL = re.compile(r"\b(SELECT\s.+\sFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                 r"CREATE\s+(VIRTUAL\s+)?TABLE|DROP\s+TABLE|PRAGMA\s+\w+)\b", re.S)


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(PKG.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(path: Path) -> set[str]:
    """memcli modules imported anywhere in ``path`` (``from pkg import sub`` → ``pkg.sub``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {r for a in node.names if a.name.startswith("memcli") and (r := _resolve(a.name))}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("memcli"):
            for a in node.names:
                full = f"{node.module}.{a.name}"
                r = full if full in MODULES else _resolve(node.module or "")
                if r:
                    found.add(r)
    return found


GRAPH = {m: _imports(p) - {m} for m, p in MODULES.items()}


def _area(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def test_the_walker_sees_the_package():
    assert {"memcli.memory", "memcli.db.store", "memcli.read.retrieve", "memcli.write.worker"} <= set(MODULES)
    assert "memcli.db.store" in GRAPH["memcli.read.dense"]  # an edge it must find


def test_no_import_cycle():
    assert _cycles() == []


def test_read_and_write_are_independent_and_below_the_facade():
    bad = [(m, t) for m, ts in GRAPH.items() for t in ts
           if _area(m) in ("read", "write") and (
               {_area(m), _area(t)} == {"read", "write"} or _area(t) in FACADE | ABOVE or t == "memcli")]
    assert bad == []


def test_lower_layers_never_import_upwards():
    upper = {"read", "write"} | FACADE | ABOVE
    bad = [(m, t) for m, ts in GRAPH.items() for t in ts
           if _area(m) in ("db", "embed", "governance") and (_area(t) in upper or t == "memcli")]
    assert bad == []


def test_sql_only_in_db():
    offenders = []
    for m, p in MODULES.items():
        if _area(m) == "db":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.search(node.value):
                offenders.append(f"{m}:{node.lineno}")
    assert offenders == []


def test_only_the_cli_imports_typer_and_rich():
    offenders = []
    for m, p in MODULES.items():
        if _area(m) == "cli":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{m}:{n}" for n in names if n.split(".")[0] in ("typer", "rich")]
    assert offenders == []


#: modules over the limit that their owner splits (issue 10: the rule tables of write/rules/).
#: The set may only shrink.
KNOWN_LARGE: set[str] = set()


def test_no_module_over_the_size_limit():
    big = {m: n for m, p in MODULES.items() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert set(big) - KNOWN_LARGE == set(), big


def test_no_importorskip_of_our_own_modules():
    """importorskip turns an ImportError of memcli into a skip: our modules always exist, so a
    failed import must fail the test. Only optional third-party extras may be skipped."""
    root = Path(__file__).resolve().parent
    found = [f"{p.name}: {m.group(0)}" for p in sorted(root.glob("*.py"))
             for m in re.finditer(r"importorskip\(\s*['\"]memcli[^'\"]*['\"]", p.read_text(encoding="utf-8"))]
    assert found == []


def test_no_test_writes_the_real_cache_dir():
    import os

    from memcli.paths import cache_dir

    home_cache = Path(os.path.expanduser("~")) / ".cache"
    assert os.environ.get("XDG_CACHE_HOME") and not cache_dir().is_relative_to(home_cache), cache_dir()
