# The two commands of the README: `make run` and `make test`.
# Both install what is missing (scripts/setup.sh), configure and build first.
BUILD   ?= build
JOBS    ?= $(shell nproc)
EXAMPLE ?= examples/dynamics/herb.ls

.PHONY: all setup configure build run test test-slow bench clean sanitize

all: build

setup:
	@bash scripts/setup.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

configure: setup $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@bash scripts/run.sh $(BUILD) $(EXAMPLE)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

# The slow test cases (tagged [.slow]): energy drift over a million steps, the
# doubling grammar up to its memory limit, the viewer reloading an edited file.
test-slow: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

# libmujoco-dev: bench_peers measures MuJoCo beside lsd on the same plants
# (bench/peers/); only the benchmarks need it.
bench:
	@bash scripts/setup.sh libmujoco-dev
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DLSD_NATIVE=ON
	cmake --build build-bench -j $(JOBS)
	@$(MAKE) --no-print-directory build
	@bash scripts/bench.sh build-bench $(BUILD)

# The tests built with AddressSanitizer and UndefinedBehaviorSanitizer (issue 7).
# Leaks are checked everywhere but in the OpenGL tests, where Mesa's own
# allocations would be reported (they run with detect_leaks=0).
SAN_UBSAN = UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
sanitize: setup
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLSD_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && $(SAN_UBSAN) ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -E '^viewer'
	cd build-asan && $(SAN_UBSAN) ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure -R '^viewer'

clean:
	rm -rf $(BUILD) build-bench build-asan
