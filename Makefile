# Thin wrapper over the CMake presets. `make play` and `make test` work on a fresh
# Debian 12 machine: both install missing packages first.
.PHONY: deps node-version build build-asan play python serve web test test-release test-asan test-web-unit test-e2e bench clean

deps:
	@scripts/install-deps.sh

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release

build-asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan

# Only the `souk` binary: a first game should not wait for the test suite to build.
play: deps
	cmake --preset release >/dev/null
	cmake --build --preset release --target souk
	./build/souk play jaipur --vs medium

# The Python module `souk` (docs/python.md) into build/python:
#   PYTHONPATH=build/python /usr/bin/python3 -c "import souk"
python: deps
	cmake --preset release >/dev/null
	cmake --build --preset release --target souk_python

# The web app (web/): npm packages from the lockfile, TypeScript compiled into build/web,
# which `build/souk serve` serves by default.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web: deps node-version web/node_modules/.package-lock.json
	cd web && node build.mjs --out ../build/web

node-version:
	@node -e 'if (+process.versions.node.split(".")[0] < 20) { console.error("make: the web app needs Node.js 20 or newer, found " + process.version); process.exit(1) }'

serve: build web
	./build/souk serve

test-release: build
	ctest --preset release

test-asan: build-asan
	ctest --preset asan

# The web app's pure logic (wording, move composition, Assam's path): node's test runner
# over the compiled modules (web/test/), no browser and no server; a second or two.
test-web-unit: web
	cd web && node --test test/

# The browser tests: headless Chromium against a real `souk serve` (web/e2e/);
# screenshots in build/e2e-screenshots/. The command is web/package.json's `e2e`: two
# files at a time, each with its own server and database, every file run even when one
# fails (docs/performance.md, "Where CI's time goes").
test-e2e: build web
	cd web && npm run --silent e2e

test: test-release test-asan test-web-unit test-e2e

bench: build
	./build/bench/souk_bench

clean:
	rm -rf build build-debug build-asan web/node_modules
