#!/usr/bin/env bash
# Compare two tags written by bench/figures.sh: one line per figure, "same" or the diff of its output.
#
#   bench/figures_diff.sh OUT A B      # e.g. bench/figures_diff.sh /tmp/figs mainA round46
set -uo pipefail
OUT=$1; A=$2; B=$3
for fa in "$OUT/${A}"_*.txt; do
  name=${fa#"$OUT/${A}_"}; name=${name%.txt}; fb="$OUT/${B}_$name.txt"
  if [ ! -f "$fb" ]; then echo "$name: missing in $B"; continue; fi
  # timings differ run to run: drop lines that only report seconds/rates
  if diff -q <(grep -vE '[0-9.]+ ?(s|ms)\b|passed in|utt/s|elapsed' "$fa") \
             <(grep -vE '[0-9.]+ ?(s|ms)\b|passed in|utt/s|elapsed' "$fb") > /dev/null; then
    echo "$name: same"
  else
    echo "$name: DIFFERS"; diff <(grep -vE '[0-9.]+ ?(s|ms)\b|passed in|utt/s|elapsed' "$fa") \
                                <(grep -vE '[0-9.]+ ?(s|ms)\b|passed in|utt/s|elapsed' "$fb") | head -20
  fi
done
