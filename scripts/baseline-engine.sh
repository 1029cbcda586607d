#!/usr/bin/env bash
# Builds `souk` as it was at COMMIT into build-baseline/COMMIT/ and writes
# build-baseline/engines.json naming its bots as engines, so that a change to the AI
# is measured against the bots it replaces through the engine protocol (docs/ai.md):
#
#   scripts/baseline-engine.sh 980a02a
#   build/souk arena jaipur mcts:time=100 engine:baseline-mcts-100 --games 400 \
#       --engines build-baseline/engines.json
#
# Usage: scripts/baseline-engine.sh COMMIT   (any revision git knows; default: HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."
revision="${1:-HEAD}"
commit=$(git rev-parse --short=12 "$revision^{commit}")
out="build-baseline/$commit"
if [ ! -x "$out/souk" ]; then
  tree=$(mktemp -d)
  trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"' EXIT
  git worktree add --detach "$tree" "$commit" >/dev/null
  cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release -DSOUK_PYTHON=OFF >/dev/null
  cmake --build "$tree/build" --target souk -j2 >/dev/null
  mkdir -p "$out"
  cp "$tree/build/souk" "$out/souk"
fi
souk="$(pwd)/$out/souk"
# Each seat's engine is a fresh `souk engine` of the baseline per game; `time_ms` is
# the budget each `go` gives, and the bot spec sets everything else (one thread).
cat >build-baseline/engines.json <<JSON
{
  "baseline-mcts-100": {"command": ["$souk", "engine", "--bot", "mcts:threads=1"], "time_ms": 100},
  "baseline-mcts-1000": {"command": ["$souk", "engine", "--bot", "mcts:threads=1"], "time_ms": 1000},
  "baseline-hard": {"command": ["$souk", "engine", "--bot", "hard"], "time_ms": 0}
}
JSON
echo "baseline $commit: $out/souk; engines in build-baseline/engines.json"
