#!/usr/bin/env bash
# `souk bench` against the signature kept in tests/bench_signature.txt: fixed searches of
# every bot of every game, so any change to how a bot plays changes the signature.
# Usage: bench_signature_test.sh PATH/TO/souk PATH/TO/bench_signature.txt
set -u
souk="$1"
expected_file="$2"
got=$("$souk" bench) || { echo "FAIL: souk bench exited with status $?"; exit 1; }
expected=$(cat "$expected_file")
if [ "$got" != "$expected" ]; then
  echo "FAIL: souk bench printed    $got"
  echo "      tests/bench_signature.txt $expected"
  echo "Some bot now plays differently (or searches a different number of nodes)."
  echo "If that is meant: build/souk bench > tests/bench_signature.txt, and say in the"
  echo "commit why play changed (docs/performance.md, \"The search signature\")."
  exit 1
fi
echo "souk bench: $got, as expected"
