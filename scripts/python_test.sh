#!/usr/bin/env bash
# make python-test (docs/python.md): installs the Python module as a user
# does without a package index — a venv of Debian's python3 that sees the
# system's packages, `pip install --no-build-isolation --no-index .` — then
# runs its tests against the command line LSD, the sweep example (quick) and
# the notebook, executed headless.
#
#   scripts/python_test.sh BUILD/lsd
#   scripts/python_test.sh --install   (the venv and the module only: make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
install_only=false
[ "${1:-}" = --install ] && install_only=true
$install_only || lsd_exe=$(realpath "$1")
venv=$PWD/build-python/venv
[ -x $venv/bin/python ] || /usr/bin/python3 -m venv --system-site-packages $venv
# (the module is built in build-python by the project's CMake: setup.py)
LSD_PYTHON_BUILD=$PWD/build-python $venv/bin/pip install -q --no-build-isolation --no-index .
$install_only && exit 0
out=build-python/test
mkdir -p $out
# Outside the source tree, so that `import lsd` is the installed package.
(cd $out && $venv/bin/python -c "import lsd, sys; print('python-test: lsd', lsd.__version__, 'from', lsd.__file__)")
# Exit status 5 (no test collected) fails too: set -e.
LSD_EXE=$lsd_exe $venv/bin/python -m pytest -q -p no:cacheprovider tests/python
$venv/bin/python examples/python/sweep.py --quick --out $out/sweep.png
# The notebook's kernel (python3) is the venv's: its own kernel spec, found first.
$venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
PYDEVD_DISABLE_FILE_VALIDATION=1 $venv/bin/python -m nbconvert --to notebook --execute examples/python/grow_and_sway.ipynb \
  --output-dir $out --output grow_and_sway.executed.ipynb
echo "python-test: the notebook ran: $out/grow_and_sway.executed.ipynb"
