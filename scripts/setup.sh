#!/usr/bin/env bash
# Installs the Debian packages lsd needs, only when some are missing.
# Extra package names given as arguments are installed too.
# Uses sudo when not run as root. Safe to run again: it does nothing when all is there.
set -euo pipefail
pkgs=(cmake make g++ pkg-config tao-pegtl-dev libeigen3-dev libglfw3-dev libimgui-dev
      libstb-dev catch2 libcli11-dev
      libfast-float-dev libdragonbox-dev  # reading and writing numbers (common/numbers.hpp): header libraries
      libgl-dev libopengl-dev libegl-dev libegl-mesa0 libgl1-mesa-dri  # OpenGL, headless through EGL (llvmpipe without a GPU)
      xvfb xauth          # the tests of the window path (GLFW on X) on a virtual display
      libtinygltf-dev nlohmann-json3-dev                                  # glTF export
      libavcodec-dev libavformat-dev libswscale-dev libavutil-dev ffmpeg   # video; tests run ffprobe
      ccache     # the Makefile's builds compile through it (make noviewer reuses make test's objects)
      cpp        # the C preprocessor, run on cpfg files (.l) as cpfg runs it
      strace     # tests/cli/trust_test.cpp (a hostile model folder opens no file outside it), tests/cli/durability_test.cpp
      parallel   # GNU parallel: sweeps on one machine (scripts/sweep.sh)
      python3    # the architecture test (scripts/check_layers.py) and the scripts other tests run
      python3-venv python3-setuptools python3-wheel python3-pip pybind11-dev python3-pybind11 python3-numpy  # the Python module (pip install .)
      python3-pytest python3-nbconvert python3-ipykernel python3-matplotlib)  # its tests, the notebook and the sweep example
pkgs+=("$@")  # more for one task, e.g. scripts/fuzz.sh: clang libclang-rt-14-dev; make bench: libmujoco-dev
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
