#!/usr/bin/env bash
# Writes a private nginx setup into DIR that runs SITE (deploy/nginx/souk.conf) as
# shipped, changing only its "# instance" lines (one per PORT) and its "# listen" line
# (127.0.0.1:LISTEN), for tests/nginx_test.sh and scripts/bench-instances.sh:
#   scripts/nginx-local.sh DIR SITE LISTEN PORT...
#   nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'
set -eu
dir="$1" site="$2" listen="$3"
shift 3
mkdir -p "$dir/logs"
awk -v listen="$listen" -v ports="$*" '
  /# instance$/ {
    if (!done) { n = split(ports, p, " "); for (i = 1; i <= n; ++i) print "    server 127.0.0.1:" p[i] " max_fails=1 fail_timeout=5s;  # instance"; done = 1 }
    next
  }
  /# listen$/ { print "    listen 127.0.0.1:" listen ";  # listen"; next }
  { print }' "$site" >"$dir/souk.conf"
cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
worker_rlimit_nofile 40000;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  include $dir/souk.conf;
}
CONF
