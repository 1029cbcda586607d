#!/usr/bin/env bash
# Installs the Debian packages Souk builds with, when any is missing.
# Idempotent: a machine that has them all is left untouched (no network).
# postgresql: the store tests start servers of their own from its programs, as its
# `postgres` account when they run as root (docs/deploy.md); the cluster the package
# may create is not used.
set -euo pipefail

packages=(
  build-essential cmake make pkg-config
  lld  # LLVM's linker: links the test programs about three times faster than ld (CI time)
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev
  libsqlite3-dev libssl-dev libboost1.81-dev libsodium-dev
  libpq-dev postgresql
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed
  chromium
  nginx  # the reverse proxy of docs/deploy.md, run by tests/nginx_test.sh
  prometheus  # promtool checks the metrics' format; tests/prometheus_test.sh scrapes two servers with it
  libcurl4-openssl-dev  # the email notifications' SMTP client (docs/notifications.md)
  python3-aiosmtpd  # the real SMTP server the email tests start
  python3-torch python3-matplotlib  # the learning showcase (examples/learning/, docs/python-learning.md)
)
# The web app's build and its browser tests run on Node.js 20 or newer with npm
# (playwright-core needs 20): Debian's packages when the machine has none.
if ! command -v node >/dev/null 2>&1; then packages+=(nodejs); fi
if ! command -v npm >/dev/null 2>&1; then packages+=(npm); fi

# Only a warning: the terminal game and the server need no Node.js.
check_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt 20 ]; then
    echo "install-deps: warning: the web app needs Node.js 20 or newer; this machine has $(node --version 2>/dev/null || echo none)" >&2
  fi
  return 0
}

missing=()
for p in "${packages[@]}"; do
  if [ "$p" = nodejs ] || [ "$p" = npm ]; then missing+=("$p"); continue; fi
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  check_node
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
check_node
