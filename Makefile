# The two commands of the README: `make run` and `make test`.
# Both install what is missing (scripts/setup.sh) and configure first; `make
# run` builds only the lsd executable (all that scripts/run.sh uses), `make
# test` only the tests and what they run (the target lsd_tests: no benchmark);
# `make build` builds everything, the benchmarks too.
# `make install PREFIX=DIR` puts lsd, its man page and the examples under DIR.
# With ccache installed (scripts/setup.sh installs it) every build folder
# compiles through it, so that a second folder of the same sources (make
# noviewer) compiles only what differs.
BUILD   ?= build
ASAN    ?= build-asan
JOBS    ?= $(shell nproc)
EXAMPLE ?= examples/dynamics/herb.ls
PREFIX  ?= /usr/local
LAUNCHER = $(if $(shell command -v ccache),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

.PHONY: all setup configure build test-build lsd run install test test-slow bench clean sanitize asan-configure noviewer web web-test test-clients python-test

all: build

setup:
	@bash scripts/setup.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(LAUNCHER)

configure: setup $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

lsd: configure
	cmake --build $(BUILD) -j $(JOBS) --target lsd

run: lsd
	@bash scripts/run.sh $(BUILD) $(EXAMPLE)

# PREFIX/bin/lsd, PREFIX/share/man/man1/lsd.1, PREFIX/share/lsd/examples/ and
# PREFIX/share/lsd/scripts/blender_import.py (`make install PREFIX=$$HOME/.local`
# for one user; the same as `cmake --install $(BUILD) --prefix PREFIX`).
install: lsd
	cmake --install $(BUILD) --prefix $(PREFIX)

test-build: configure
	cmake --build $(BUILD) -j $(JOBS) --target lsd_tests

# ctest runs each test file as its own entry (tests/split.cmake), JOBS at once.
test: test-build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

# The slow test cases (tagged [.slow]): energy drift over a million steps, the
# doubling grammar up to its memory limit, every ABOP example swaying for 10 s,
# the viewer reloading an edited file, Blender importing the glTF (skipped
# without blender).
test-slow: test-build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

# libmujoco-dev: bench_peers measures MuJoCo beside lsd on the same plants
# (bench/peers/); only the benchmarks need it.
bench:
	@bash scripts/setup.sh libmujoco-dev
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DLSD_NATIVE=ON
	cmake --build build-bench -j $(JOBS)
	@$(MAKE) --no-print-directory build
	@if command -v emcc >/dev/null; then $(MAKE) --no-print-directory web; fi
	@bash scripts/python_test.sh --install
	@bash scripts/bench.sh build-bench $(BUILD)

# The tests built with clang, AddressSanitizer and UndefinedBehaviorSanitizer
# (the second compiler CI builds with), but for the slow ones. The same build
# folder, $(ASAN), serves scripts/fuzz.sh: its libraries are also instrumented
# for libFuzzer (LSD_FUZZ). Leaks are checked everywhere but in the OpenGL
# tests, where Mesa's own allocations would be reported (tests/CMakeLists.txt).
asan-configure: setup
	@bash scripts/setup.sh clang libclang-rt-14-dev
	CXX=clang++ cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLSD_SANITIZE=ON -DLSD_FUZZ=ON $(LAUNCHER)

sanitize: asan-configure
	cmake --build $(ASAN) -j $(JOBS) --target lsd_tests
	cd $(ASAN) && UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
	  ctest --output-on-failure -j $(JOBS) -LE slow

# lsd built without the OpenGL viewer (-DLSD_VIEWER=OFF, for machines without
# OpenGL): it must build, derive, run and export, and say clearly that
# pictures need the viewer.
noviewer: setup
	cmake -S . -B build-noviewer -DCMAKE_BUILD_TYPE=Release -DLSD_VIEWER=OFF $(LAUNCHER)
	cmake --build build-noviewer -j $(JOBS) --target lsd
	@bash scripts/noviewer_smoke.sh build-noviewer/lsd

# The page (docs/web.md): lsd's core compiled to WebAssembly by Debian's
# emscripten, and the page's files, in build-web/site; serve it with
# `python3 -m http.server -d build-web/site`. Debian's emscripten finds its
# JavaScript parser (node-acorn) in /usr/share/nodejs, where a node from
# elsewhere does not look: NODE_PATH says so.
WEB_ENV = NODE_PATH=/usr/share/nodejs
web:
	@bash scripts/setup.sh emscripten
	$(WEB_ENV) emcmake cmake -S . -B build-web -DCMAKE_BUILD_TYPE=Release
	$(WEB_ENV) cmake --build build-web -j $(JOBS)

# The test clients from npm (tests/web/package.json, pinned by its lock):
# playwright-core for the page's tests, the Khronos gltf-validator for the
# glTF tests (tests/cli/gltf_skin_test.cpp skips without it). .ci/run
# installs them before make test.
test-clients:
	@command -v npm >/dev/null || bash scripts/setup.sh nodejs npm  # (some nodejs packages bring npm)
	cd tests/web && npm ci --prefer-offline --no-audit --no-fund

# The page's tests in Debian's headless Chromium, driven by playwright-core
# (npm, tests/web/package-lock.json; it downloads no browser), against the
# native lsd: strings, poses, errors, a screenshot (build-web/test/page.png).
web-test: web configure test-clients
	@bash scripts/setup.sh chromium
	cmake --build $(BUILD) -j $(JOBS) --target lsd lsd_poses
	node tests/web/page_test.mjs --site build-web/site --lsd $(BUILD)/lsd --poses $(BUILD)/tests/lsd_poses \
	  --examples examples --out build-web/test

# The Python module (docs/python.md): pip-installed into a venv of Debian's
# python3 (build-python/venv) from this tree, as a user installs it offline,
# then its tests against lsd, the sweep example and the notebook.
python-test: lsd
	@bash scripts/python_test.sh $(BUILD)/lsd

clean:
	rm -rf $(BUILD) build-bench $(ASAN) build-noviewer build-web build-python
