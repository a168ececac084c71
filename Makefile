# The two commands of the README: `make run` and `make test`.
# Both install what is missing (scripts/setup.sh), configure and build first.
BUILD   ?= build
JOBS    ?= $(shell nproc)
EXAMPLE ?= examples/abop/fig1_24a.ls

.PHONY: all setup configure build run test bench clean sanitize

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
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: setup
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DLSD_NATIVE=ON
	cmake --build build-bench -j $(JOBS)
	@bash scripts/bench.sh build-bench

sanitize: setup
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLSD_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) build-bench build-asan
