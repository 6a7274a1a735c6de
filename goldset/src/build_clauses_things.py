"""Write ``goldset/clauses_things.jsonl`` from ``clauses_things.py``: ``python goldset/src/build_clauses_things.py``."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from clauses_things import rows, rows_more  # noqa: E402

out = Path(__file__).resolve().parents[1] / "clauses_things.jsonl"
all_rows = rows() + rows_more()
out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in all_rows), encoding="utf-8")
print(f"wrote {out} ({len(all_rows)} clauses)")
