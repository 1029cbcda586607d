#!/usr/bin/env bash
# The figures of docs/performance.md, "Several instances": `souk loadtest` against
#   1. one `souk serve` on SQLite, then
#   2. two `souk serve` on one PostgreSQL 15 (default durability settings, its data in
#      /dev/shm), each game's seats on different instances (--url twice), then
#   3. the same two behind nginx running deploy/nginx/souk.conf,
# with the same load. Run as root on an otherwise idle machine, after a release build:
#   scripts/bench-instances.sh [GAMES] [SECONDS]        (2000 30 by default)
#   scripts/bench-instances.sh --rated [GAMES] [SECONDS] [THINK_MS]   (200 40 100 by default)
# --rated: `souk loadtest --rated`, each game's seats two accounts and its games rated,
# played again as they end, every rating checked at the end; the instances without
# rate limits (--no-rate-limits: a seat moving every THINK_MS is over the limits made
# for people; sign-ups, which no option lifts, come from each game's own address).
# Everything it starts is stopped and removed at the end.
set -eu
rated=""
if [ "${1:-}" = "--rated" ]; then
  rated=1
  shift
fi
games="${1:-$([ -n "$rated" ] && echo 200 || echo 2000)}"
seconds="${2:-$([ -n "$rated" ] && echo 40 || echo 30)}"
think_ms="${3:-$([ -n "$rated" ] && echo 100 || echo 500)}"
serve_extra=()
load_extra=(--think-ms "$think_ms")
if [ -n "$rated" ]; then
  serve_extra=(--no-rate-limits)
  load_extra+=(--rated)
fi
root=$(cd "$(dirname "$0")/.." && pwd)
souk="$root/build/souk"
pgbin=/usr/lib/postgresql/15/bin
tmp=$(mktemp -d /dev/shm/souk-bench-XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve() {  # serve NAME DB: starts an instance, its port in $port and pid in $pid
  nice -n -15 "$souk" serve --port 0 --db "$2" --trusted-proxy 127.0.0.1 --max-games-per-client 0 --max-games 10000 \
    ${serve_extra[@]+"${serve_extra[@]}"} >"$tmp/$1.out" 2>&1 &
  pid=$!
  pids+=($pid)
  serve_pids="$serve_pids $pid"
  for _ in $(seq 300); do grep -qs "serving on" "$tmp/$1.out" && break; sleep 0.1; done
  port=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/$1.out")
}
# CPU seconds (user + system) used so far by the processes named: souk serve instances,
# every PostgreSQL process, nginx.
cpu_of() {  # cpu_of PID...
  local ticks=0
  for p in "$@"; do
    [ -r "/proc/$p/stat" ] || continue
    ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo "$ticks"
}
# This script's PostgreSQL and nginx: each master and its children (other people's
# servers on the machine are not counted).
pg_pid=""
nginx_pid=""
family() { [ -n "$1" ] && echo "$1" $(pgrep -P "$1" || true); }
load() {  # load URL...: the loadtest's last line, then where the CPU went
  local args=()
  for url in "$@"; do args+=(--url "$url"); done
  local before_serve before_pg before_nginx
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  : >"$tmp/load.out"
  ( nice -n -15 "$souk" loadtest "${args[@]}" --games "$games" --seconds "$seconds" "${load_extra[@]}" --spread-addresses \
      >"$tmp/load.out" 2>&1
    times >"$tmp/load.times" ) &
  local loader=$!
  # The servers' CPU from the games set up (with --rated, after the accounts' password
  # hashes) to the end.
  while kill -0 "$loader" 2>/dev/null && ! grep -q "games set up" "$tmp/load.out"; do sleep 0.1; done
  before_serve=$(cpu_of $serve_pids)
  before_pg=$(cpu_of $(family "$pg_pid"))
  before_nginx=$(cpu_of $(family "$nginx_pid"))
  wait "$loader" || true
  grep -E 'moves in|heard|rated|counting|failed' "$tmp/load.out"
  local hz; hz=$(getconf CLK_TCK)
  echo "CPU seconds: souk serve $(( ($(cpu_of $serve_pids) - before_serve) / hz )), postgres $(( ($(cpu_of $(family "$pg_pid")) - before_pg) / hz )), nginx $(( ($(cpu_of $(family "$nginx_pid")) - before_nginx) / hz )), loadtest (user, system): $(tail -1 "$tmp/load.times")"
}
serve_pids=""

kind="${rated:+rated }"
echo "== one instance, SQLite, $games ${kind}games, $seconds s, think $think_ms ms"
serve sqlite "$tmp/souk.db"
load "http://127.0.0.1:$port"
kill "$pid"
serve_pids=""

chown postgres "$tmp"
runuser -u postgres -- "$pgbin/initdb" -D "$tmp/pg" -U souk --auth=trust >/dev/null
runuser -u postgres -- "$pgbin/postgres" -D "$tmp/pg" -k "$tmp" -p 5499 -c listen_addresses= -c max_connections=50 \
  >"$tmp/pg.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do "$pgbin/pg_isready" -q -h "$tmp" -p 5499 && break; sleep 0.1; done
pg_pid=$(head -1 "$tmp/pg/postmaster.pid")
runuser -u postgres -- "$pgbin/createdb" -h "$tmp" -p 5499 -U souk souk
db="postgresql://souk@/souk?host=$tmp&port=5499"
serve a "$db"; port_a=$port
serve b "$db"; port_b=$port
echo "== two instances, PostgreSQL, each game's seats on both, $games ${kind}games, $seconds s, think $think_ms ms"
load "http://127.0.0.1:$port_a" "http://127.0.0.1:$port_b"

echo "== the same two instances behind nginx, $games ${kind}games, $seconds s, think $think_ms ms"
listen=$(free_port)
"$root/scripts/nginx-local.sh" "$tmp/nginx" "$root/deploy/nginx/souk.conf" "$listen" "$port_a" "$port_b"
nice -n -15 nginx -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
nginx_pid=$!
sleep 0.5
load "http://127.0.0.1:$listen"
