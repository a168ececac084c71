"""pytest setup of the Python module's tests (docs/python.md): the lsd package
under test is the one the interpreter imports (pip-installed in a venv by
`make python-test`), the command line to compare with is LSD_EXE (default
build/lsd)."""
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    exe = os.environ.get("LSD_EXE", os.path.join(ROOT, "build", "lsd"))
    if not os.access(exe, os.X_OK):
        pytest.fail("the lsd executable to compare with is missing: %s (make lsd, or set LSD_EXE)" % exe)

    def run(*args, check=True):
        r = subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError("lsd %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr))
        return r

    return run


@pytest.fixture
def example(root):
    return lambda rel: os.path.join(root, "examples", rel)
