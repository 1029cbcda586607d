#!/usr/bin/env bash
# The reverse proxy of docs/deploy.md, tested as shipped: nginx runs
# deploy/nginx/souk.conf (only its "# instance" and "# listen" lines changed) in front
# of two real `souk serve` processes sharing a real PostgreSQL, and games are played
# through it over HTTP and WebSockets, before and after one instance is killed.
# Usage: nginx_test.sh PATH/TO/souk PATH/TO/deploy/nginx/souk.conf PATH/TO/souk_test_postgres
set -u
souk="$1"
site="$2"
test_postgres="$3"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$nginx" ]; then
  echo "nginx_test: nginx is not installed (scripts/install-deps.sh installs Debian's nginx)"
  exit 1
fi
tmp=$(mktemp -d)
chmod 755 "$tmp"  # nginx's workers (nobody, when run as root) read below it
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  # souk_test_postgres stops its server and removes its directory once its input closes.
  [ -n "${PG_PID:-}" ] && { eval "exec ${PG[1]}>&-"; wait "$PG_PID"; }
  wait 2>/dev/null
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
source "$(dirname "$0")/check.sh"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The tests' own PostgreSQL (gone when its standard input closes, at the end).
coproc PG { "$test_postgres"; }
read -r -t 30 db <&"${PG[0]}"
check "a PostgreSQL for the instances" [ -n "${db:-}" ]

# Two instances on it, each reading the client's address from nginx.
start_instance() {  # start_instance NAME: its port in $port
  "$souk" serve --port 0 --db "$db" --trusted-proxy 127.0.0.1 >"$tmp/$1.out" 2>&1 &
  pids+=($!)
  eval "pid_$1=$!"
  for _ in $(seq 100); do grep -q "serving on" "$tmp/$1.out" && break; sleep 0.1; done
  port=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/$1.out")
}
start_instance a; port_a=$port
start_instance b; port_b=$port
check "both instances started" [ -n "$port_a" -a -n "$port_b" ]

listen=$(free_port)
"$(dirname "$0")/../scripts/nginx-local.sh" "$tmp/nginx" "$site" "$listen" "$port_a" "$port_b"
"$nginx" -t -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" >"$tmp/out" 2>&1
check "nginx accepts the shipped configuration" out_has "syntax is ok"
"$nginx" -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -g 'daemon off;' >"$tmp/nginx.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $listen), 0.2)" 2>/dev/null && break; sleep 0.1; done

python3 - "$listen" >"$tmp/out" 2>&1 <<'PY'
import sys, urllib.request
print(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=5).read().decode())
PY
check "HTTP goes through nginx" out_has '"ok"'

# 25 games, each from its own address: more than the 20 an instance lets one client
# address create in a burst, so they are set up only if the instances read each
# client's address from nginx's X-Forwarded-For. Round robin sends each game's
# requests and WebSockets to both instances: a move stored through one reaches the
# other seat through the other.
"$souk" loadtest --url "http://127.0.0.1:$listen" --games 25 --seconds 3 --think-ms 200 --spread-addresses >"$tmp/out" 2>&1
check "the instances see each client's own address through nginx" out_has "25 jaipur games set up"
check "games are played through nginx over both instances, WebSockets included" out_has " 0 errors, 0 lost moves"
check "moves were made through nginx" bash -c "! grep -q 'loadtest: 0 moves' '$tmp/out'"
[ "$failed" -eq 0 ] || { cat "$tmp/out"; tail -5 "$tmp/nginx/logs/error.log"; }

# Instance A killed: nginx sends everything to B, and play goes on.
kill -9 "$pid_a"
"$souk" loadtest --url "http://127.0.0.1:$listen" --games 10 --seconds 2 --think-ms 200 --spread-addresses >"$tmp/out" 2>&1
check "with one instance killed, games go on through the other" out_has " 0 errors, 0 lost moves"
check "moves were made after the kill" bash -c "! grep -q 'loadtest: 0 moves' '$tmp/out'"
[ "$failed" -eq 0 ] || { cat "$tmp/out"; tail -5 "$tmp/nginx/logs/error.log"; }

echo "nginx: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
