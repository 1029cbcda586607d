# Thin wrapper over the CMake presets. `make play` and `make test` work on a fresh
# Debian 12 machine: both install missing packages first.
.PHONY: deps build build-asan play test test-release test-asan bench clean

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

test-release: build
	ctest --preset release

test-asan: build-asan
	ctest --preset asan

test: test-release test-asan

bench: build
	./build/bench/souk_bench

clean:
	rm -rf build build-debug build-asan
