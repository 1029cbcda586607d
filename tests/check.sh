# What the shell tests share (sourced, after setting $tmp): counted checks, each
# failure named, and a look into the last output kept in $tmp/out.
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
  local name="$1"; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
out_has() { grep -q -- "$1" "$tmp/out"; }
