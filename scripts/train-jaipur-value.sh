#!/usr/bin/env bash
# Regenerates the Jaipur learned evaluation, src/ai/jaipur/jaipur_value_weights.inc,
# as docs/ai.md describes it: three `souk train jaipur-value` runs, each starting from
# the weights of the one before (the file's header lists them, newest first).
#   1. 300,000 rounds of the rollout policy, from zeros              (~10 s)
#   2. 20,000 rounds of mcts:iterations=100 judging by 1's weights   (~1.5 min)
#   3. 20,000 rounds of mcts:iterations=100 judging by 2's weights   (~1.5 min)
# The weights depend on the seeds only (not on --threads); rebuild `souk` after.
#
# Usage: scripts/train-jaipur-value.sh   (from a built tree: build/souk)
set -euo pipefail
cd "$(dirname "$0")/.."
souk=build/souk
threads=$(nproc)
mkdir -p build/jaipur-value
"$souk" train jaipur-value --threads "$threads" --out build/jaipur-value/rollout.inc
"$souk" train jaipur-value --from build/jaipur-value/rollout.inc --policy mcts:iterations=100 --rounds 20000 \
    --threads "$threads" --out build/jaipur-value/search-1.inc
"$souk" train jaipur-value --from build/jaipur-value/search-1.inc --policy mcts:iterations=100 --rounds 20000 \
    --threads "$threads" --out src/ai/jaipur/jaipur_value_weights.inc
