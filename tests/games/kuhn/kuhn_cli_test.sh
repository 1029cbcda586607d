#!/usr/bin/env bash
# The tests' own game through the command line, the arena, `souk engine` and the
# engine client, and the terminal's generic screen: `souk_with_kuhn` is the `souk`
# command with tests/games/kuhn linked in. The release binary must not know it.
# Usage: kuhn_cli_test.sh SOUK_WITH_KUHN SOUK
set -uo pipefail
souk="$(realpath "$1")"
release="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

"$souk" new kuhn --seed 5 > "$tmp/new.json"
check "new deals the seed's cards" grep -qx '{"game":"kuhn","cards":\["J","K"\],"set_aside":"Q","moves":\[\]}' "$tmp/new.json"
check "legal lists seat 0's first moves" test "$("$souk" legal "$tmp/new.json" | tr '\n' ' ')" = "bet pass "
"$souk" apply "$tmp/new.json" bet > "$tmp/bet.json"
check "apply plays a move" grep -q '"moves":\["bet"\]' "$tmp/bet.json"
check "apply refuses a move the rules refuse, naming it" bash -c "! '$souk' apply '$tmp/bet.json' pass 2>'$tmp/err' && grep -q \"'pass' is not legal now\" '$tmp/err'"
"$souk" view "$tmp/bet.json" --player 1 > "$tmp/view1.json"
check "a seat's view shows its own card" grep -q '"players":\[{"card":null,"stake":2},{"card":"K","stake":1}\]' "$tmp/view1.json"
check "and not the other's, nor the card set aside" bash -c "! grep -q '\"J\"\|\"Q\"' '$tmp/view1.json'"

"$souk" arena kuhn greedy random --games 40 --seed 1 > "$tmp/arena.out" 2>&1
check "the arena plays whole games of it" grep -q "^greedy *40 " "$tmp/arena.out"
check "a kind of bot it has not is refused by name" bash -c "! '$souk' arena kuhn medium random --games 2 2>'$tmp/err' && grep -q 'kuhn has no medium bot' '$tmp/err'"

# No address-space limit: a sanitizer build reserves terabytes of it.
cat > "$tmp/engines.json" <<JSON
{"kuhn-greedy": {"command": ["$souk", "engine", "--bot", "greedy"], "time_ms": 1000, "memory_mb": 0}}
JSON
"$souk" arena kuhn engine:kuhn-greedy random --games 6 --seed 2 --engines "$tmp/engines.json" > "$tmp/engine.out" 2>&1
rc=$?
check "souk engine plays it through the engine client (rc $rc)" test "$rc" = 0
check "and never fails" bash -c "! grep -q 'by failing' '$tmp/engine.out'"

timeout 20 "$souk" watch kuhn random greedy --seed 3 > "$tmp/watch.out" 2>&1
check "the terminal shows it on its generic screen" grep -q "^Kuhn poker" "$tmp/watch.out"
check "with the view's keys in plain words" grep -q "^  players: \[{card " "$tmp/watch.out"
check "to the end" grep -q "Game over" "$tmp/watch.out"

check "the release binary does not list it" bash -c "! '$release' new kuhn 2>'$tmp/err' && grep -q 'games: jaipur, marrakech)' '$tmp/err'"

echo "$failures failed"
test "$failures" = 0
