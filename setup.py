"""pip install . : builds the Python module lsd._lsd with the project's own CMake
(python/CMakeLists.txt, the option LSD_PYTHON) for the interpreter that runs pip.

Offline (no package index), in a venv that sees Debian's packages:
    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation --no-index .
Needs cmake, a C++20 compiler, Eigen, PEGTL and pybind11 (scripts/setup.sh installs them).
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("LSD_PYTHON_BUILD", os.path.join(ROOT, "build-python"))
        configure = ["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DLSD_PYTHON=ON",
                     "-DPython3_EXECUTABLE=" + sys.executable]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        subprocess.check_call(configure)
        jobs = str(os.cpu_count() or 2)
        subprocess.check_call(["cmake", "--build", build, "-j", jobs, "--target", "_lsd"])
        built = os.path.join(build, "python", "lsd", os.path.basename(self.get_ext_filename(ext.name)))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="lsd",
    version="0.2",
    description="Bracketed parametric L-systems whose plants are living mechanical bodies",
    packages=["lsd"],
    package_dir={"": "python"},
    package_data={"lsd": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("lsd._lsd", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    install_requires=["numpy"],
    python_requires=">=3.9",
)
