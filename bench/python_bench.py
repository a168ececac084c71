#!/usr/bin/env python3
"""make bench: the Python module's costs (docs/python.md), measured in one run.

1. Reading the poses of a 13,122-body plant (examples/dynamics/tree10k.ls,
   derived, then one physics step at a time): sim.bodies (every field, one
   NumPy array each) against one physics step; once posed, and right after
   a step, when the new state's pose is computed first (the string's state
   read and forward kinematics, as for a trace row).
2. A run driven from Python against the same run by the lsd executable, in
   turns (best of 3 each): ns per body per physics step.
3. The 20-run sweep of examples/python/sweep.py (runs of 20 simulated seconds)
   on 1 and on 2 processes.

    build-python/venv/bin/python bench/python_bench.py LSD_EXE
"""
import os
import subprocess
import sys
import time

import lsd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import sweep  # noqa: E402


def best(f, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def poses_against_a_step():
    path = os.path.join(ROOT, "examples", "dynamics", "tree10k.ls")
    sim = lsd.Simulation(lsd.load(path).derive())
    sim.advance(sim.dt)  # (the first step's start-up out of the way)
    step = best(lambda: sim.advance(sim.dt), 10)
    read = best(lambda: sim.bodies, 10)
    sim.advance(sim.dt)
    read_after_step = best(lambda: (sim.advance(sim.dt), sim.bodies), 10) - step
    print("1. %d bodies: one physics step %.2f ms; sim.bodies %.3f ms (%.1f%% of a step), read right after a step "
          "(forward kinematics included) %.3f ms (%.1f%%)" % (sim.nbodies, 1e3 * step, 1e3 * read, 100 * read / step,
                                                             1e3 * read_after_step, 100 * read_after_step / step))


def python_against_lsd_run(exe):
    path = os.path.join(ROOT, "examples", "dynamics", "tree10k.ls")
    seconds = 6.0  # grown to 13,122 bodies at 4.5 s

    def in_python():
        sim = lsd.Simulation(lsd.load(path))
        sim.advance(seconds)
        return sim

    sim = in_python()
    steps, bodies = sim.physics_steps, sim.nbodies
    py, cli = [], []
    for _ in range(3):  # in turns
        py.append(best(in_python, 1))
        cli.append(best(lambda: subprocess.run([exe, "run", path, "--time", str(seconds), "--quiet"], check=True), 1))
    p, c = min(py), min(cli)
    print("2. tree10k.ls, %g s (%d steps, %d bodies at the end): from Python %.3f s, lsd run %.3f s: "
          "%.1f vs %.1f ns per body per step, Python/lsd = %.3f" % (seconds, steps, bodies, p, c,
                                                                  1e9 * p / (steps * bodies),
                                                                  1e9 * c / (steps * bodies), p / c))


def sweep_on_two_cores():
    import math
    import numpy as np
    moduli = np.logspace(math.log10(3e9), math.log10(3e10), 20)
    one = best(lambda: sweep.sweep(moduli, 1, 20.0), 1)  # runs of 20 simulated s: 40,000 steps of 41 bodies
    two = best(lambda: sweep.sweep(moduli, 2, 20.0), 1)
    print("3. the 20-run sweep (examples/python/sweep.py): 1 process %.2f s, 2 processes %.2f s: %.2fx "
          "(%d cores, load average %.1f)" % (one, two, two / one, os.cpu_count(), os.getloadavg()[0]))


if __name__ == "__main__":
    exe = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "lsd")
    print("lsd", lsd.__version__, "from", os.path.dirname(lsd.__file__))
    poses_against_a_step()
    python_against_lsd_run(exe)
    sweep_on_two_cores()
