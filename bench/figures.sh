#!/usr/bin/env bash
# Every quality figure of the round table, one file each, for comparing two trees line by line.
#
#   bench/figures.sh TREE OUT TAG     # e.g. bench/figures.sh /work/wt/snapA /tmp/figs mainA
#
# TREE is a checkout (a detached worktree is best: the figures take ~10-15 minutes on 2 quiet
# cores and the tree must not change meanwhile); it runs with this repo's .venv (or $PY) and
# with PYTHONPATH=TREE, no user config. OUT/TAG_<figure>.txt is written per figure; compare two
# tags with `diff OUT/A_x.txt OUT/B_x.txt` or `bench/figures_diff.sh OUT A B`. Data sets are
# read from TREE/../shared/data or $DATA (never copied).
set -uo pipefail
TREE=$(cd "$1" && pwd); OUT=$2; TAG=$3
mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$HERE/.venv/bin/python}
DATA=${DATA:-$(cd "$HERE/.." && pwd)/shared/data}
export PYTHONPATH=$TREE MEMCLI_CONFIG=/dev/null
cd "$TREE" || exit 2
m() { "$PY" -m memcli "$@"; }
run() { local name=$1; shift; echo "== $name" >&2; "$@" > "$OUT/${TAG}_$name.txt" 2>&1; echo "rc=$?" >> "$OUT/${TAG}_$name.txt"; }
run calibrate_shipped "$PY" -m pytest -q -p no:cacheprovider tests/test_calibrate.py -k shipped
run dec_goldset m eval decisions --json
for f in goldset/decisions_*.jsonl; do
  b=$(basename "$f" .jsonl); run "dec_${b#decisions_}" m eval decisions --pairs "$f" --json
done
run dec_dev2 m eval decisions --pairs goldset/dev2/decisions.jsonl --json
run extraction m eval extraction
run extraction_dev2 m eval extraction --cases goldset/dev2/extraction.jsonl
run memdaily m eval memdaily "$DATA"/memdaily-dev/*.json
run conversations m eval conversations
run answer_fresh "$PY" bench/refit_answer.py --fresh
run answer_world "$PY" bench/refit_answer.py --world
run answer_heldout "$PY" bench/refit_answer.py
run month_en "$PY" bench/months/run_month.py bench/months/round31_en.json
run month_zh "$PY" bench/months/run_month.py bench/months/round31_zh.json
for n in 40 41 42; do run "chat$n" m eval locomo-e2e "fixtures/round${n}_en_chat.json"; done
run chat43 m eval locomo-e2e fixtures/round43_heldout_chat.json
for r in 44 45; do run "requests$r" "$PY" bench/requests43/run.py "bench/requests$r/requests.json"; done
run zh44 "$PY" bench/zh44/run_zh44.py
run alternatives_en "$PY" bench/alternatives_en.py
run kind_bridge "$PY" bench/kind_bridge.py
run trial47_en "$PY" bench/trials/round47_en_casual.py
run trial47_zh "$PY" bench/trials/round47_zh_carer.py
run trial48_en "$PY" bench/trials/round48_en_social.py
run trial48_zh "$PY" bench/trials/round48_zh_worker.py
run locomo m eval locomo-e2e "$DATA"/locomo/locomo10.json --json
echo "done $TAG" >&2
