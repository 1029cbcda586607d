#!/usr/bin/env bash
# `souk loadtest --rated` for a few seconds: rated games between accounts end, and every
# account's rating history holds each of its finished games once (none missing, none
# twice). First one `souk serve` on a temporary SQLite database, then two instances on
# the tests' own PostgreSQL with each game's seats on different instances.
# Usage: loadtest_rated_test.sh PATH/TO/souk PATH/TO/souk_test_postgres
set -u
souk="$1"
test_postgres="$2"
tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  # souk_test_postgres stops its server and removes its directory once its input closes.
  [ -n "${PG_PID:-}" ] && { eval "exec ${PG[1]}>&-"; wait "$PG_PID"; }
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
source "$(dirname "$0")/check.sh"
# The number after KEY in the report's rated line.
figure() { sed -n "s/.*[ ,]$1 \([0-9]*\).*/\1/p" "$tmp/out" | head -1; }
start_instance() {  # start_instance NAME DB: its port in $port
  # Moves every few milliseconds are over the per-seat limits a person needs: off.
  "$souk" serve --port 0 --db "$2" --no-rate-limits >"$tmp/$1.out" 2>&1 &
  pids+=($!)
  port=""
  for _ in $(seq 100); do grep -q "serving on" "$tmp/$1.out" && break; sleep 0.1; done
  port=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/$1.out")
}
# Checks a run's report; $1 names the setup.
check_run() {
  local what="$1" rc="$2"
  check "$what: the loadtest succeeds (exit 0)" [ "$rc" -eq 0 ]
  check "$what: rated games were set up" out_has "rated jaipur games set up"
  check "$what: at least one rated game finished" [ "$(figure rated_games_finished)" -ge 1 ]
  check "$what: every finished game's result was looked for" \
    [ "$(figure ratings_checked)" -eq $((2 * $(figure rated_games_finished))) ]
  check "$what: no rating missing" [ "$(figure ratings_missing)" = 0 ]
  check "$what: no rating counted twice" [ "$(figure ratings_double)" = 0 ]
  check "$what: no rating of a game not finished" [ "$(figure ratings_unexpected)" = 0 ]
  check "$what: every new game between a pair was created" [ "$(figure new_games_failed)" = 0 ]
  check "$what: no move lost, no error" out_has " 0 errors, 0 lost moves"
  [ "$failed" -eq 0 ] && [ -z "${SHOW:-}" ] || cat "$tmp/out"
}

start_instance sqlite "$tmp/souk.db"
check "souk serve started on SQLite" [ -n "$port" ]
"$souk" loadtest --port "$port" --games 3 --seconds 8 --think-ms 2 --rated >"$tmp/out" 2>&1
check_run "SQLite" $?

# A name of the run cannot sign up again: the run's names are its own.
name=$(sed -n 's/.*signing up [0-9]* accounts (\([a-z0-9]*\),.*/\1/p' "$tmp/out")
check "the run printed its first account's name" [ -n "$name" ]
# Every account's profile, read here: its games counted add up to two a finished game
# (which pair's games finish within the run depends on the machine's speed).
finished=$(figure rated_games_finished)
python3 - "$port" "${name%0a}" 3 >"$tmp/profile" 2>&1 <<'PY'
import json, sys, urllib.request
port, prefix, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
total = 0
for i in range(games):
    for side in "ab":
        url = f"http://127.0.0.1:{port}/api/players/{prefix}{i}{side}"
        profile = json.load(urllib.request.urlopen(url, timeout=5))
        total += sum(pool["games"] for pool in profile["ratings"].values())
print(total)
PY
check "the accounts' profiles count two games a finished game" [ "$(cat "$tmp/profile")" = "$((2 * finished))" ]

coproc PG { "$test_postgres"; }
read -r -t 30 db <&"${PG[0]}"
check "a PostgreSQL for two instances" [ -n "${db:-}" ]
start_instance a "$db"; port_a=$port
start_instance b "$db"; port_b=$port
check "two instances started on PostgreSQL" [ -n "$port_a" -a -n "$port_b" ]
"$souk" loadtest --url "http://127.0.0.1:$port_a" --url "http://127.0.0.1:$port_b" --games 2 --seconds 10 --think-ms 2 \
  --rated >"$tmp/out" 2>&1
check_run "two instances on PostgreSQL" $?
check "two instances: each game's seats on both" out_has "spread over 2 servers"

echo "loadtest_rated_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
