#!/usr/bin/env bash
# The reverse proxy of docs/deploy.md, tested as shipped: nginx runs
# deploy/nginx/souk.conf (only its "# instance" and "# listen" lines changed) in front
# of real `souk serve` processes, and games are played through it over HTTP and
# WebSockets. Usage: nginx_test.sh PATH/TO/souk PATH/TO/deploy/nginx/souk.conf
set -u
souk="$1"
site="$2"
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
  wait 2>/dev/null
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
  local name="$1"; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
out_has() { grep -q -- "$1" "$tmp/out"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# One instance on SQLite: until instances share a PostgreSQL, a game lives on the
# instance that created it, so round robin needs them to share a store. This checks the
# proxying itself: HTTP, WebSockets, the forwarded client address.
"$souk" serve --port 0 --db "$tmp/a.db" --trusted-proxy 127.0.0.1 >"$tmp/a.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "serving on" "$tmp/a.out" && break; sleep 0.1; done
port_a=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/a.out")
check "the instance started" [ -n "$port_a" ]

listen=$(free_port)
mkdir -p "$tmp/nginx/logs"
awk -v listen="$listen" -v a="$port_a" '
  /# instance$/ { if (!done) { print "    server 127.0.0.1:" a " max_fails=1 fail_timeout=5s;  # instance"; done = 1 } next }
  /# listen$/ { print "    listen 127.0.0.1:" listen ";  # listen"; next }
  { print }' "$site" >"$tmp/nginx/souk.conf"
cat >"$tmp/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  include $tmp/nginx/souk.conf;
}
CONF
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
# address create in a burst, so they are set up only if the instance reads each
# client's address from nginx's X-Forwarded-For.
"$souk" loadtest --url "http://127.0.0.1:$listen" --games 25 --seconds 2 --think-ms 300 --spread-addresses >"$tmp/out" 2>&1
check "the instance sees each client's own address through nginx" out_has "25 jaipur games set up"
check "games are played through nginx, WebSockets included" out_has " 0 errors, 0 lost moves"
check "moves were made through nginx" bash -c "! grep -q 'loadtest: 0 moves' '$tmp/out'"
[ "$failed" -eq 0 ] || { cat "$tmp/out"; tail -5 "$tmp/nginx/logs/error.log"; }

echo "nginx: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
