#!/usr/bin/env python3
"""A parameter sweep from Python: the thesis cantilever's tip sag against Young's
modulus, 20 runs on every core (multiprocessing), plotted with matplotlib against
the small-deflection formula w L^4 / (8 E I) (1 + 1/n)^2 that its file quotes.

    python3 examples/python/sweep.py                      # sweep.png beside you
    python3 examples/python/sweep.py --processes 1 --out one.png
    python3 examples/python/sweep.py --quick              # 6 runs, short: a smoke test

Each run is independent: the worker loads the file itself (an lsd.Simulation
is not sent between processes), so the sweep scales with the cores.
"""
import argparse
import math
import multiprocessing
import os
import time

import numpy as np

import lsd

HERE = os.path.dirname(os.path.abspath(__file__))
CANTILEVER = os.path.join(HERE, "..", "dynamics", "cantilever.ls")
N, L, R, RHO, G = 40, 1.0, 0.01, 923.0, 9.81


def tip_sag(young, seconds=4.0, dt=5e-4):
    """The settled tip's fall below the clamp (m) for Young's modulus `young` (Pa)."""
    sim = lsd.Simulation(lsd.load(CANTILEVER, defines={"E": young, "N": N, "ZETA": 0.7}), dt=dt)
    sim.advance(seconds)
    b = sim.bodies
    tip = b.positions[-1] + b.lengths[-1] * b.orientations[-1][:, 0]  # the far end of the last body
    return -tip[1]


def formula(young):
    w = RHO * G * math.pi * R * R  # N/m
    inertia = math.pi * R ** 4 / 4
    return w * L ** 4 / (8 * young * inertia) * (1 + 1 / N) ** 2


def sweep(moduli, processes, seconds):
    with multiprocessing.Pool(processes) as pool:
        return pool.starmap(tip_sag, [(e, seconds) for e in moduli])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processes", type=int, default=os.cpu_count())
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=4.0, help="simulated seconds of each run")
    ap.add_argument("--quick", action="store_true", help="6 runs of 1 s")
    ap.add_argument("--out", default="sweep.png")
    a = ap.parse_args()
    if a.quick:
        a.runs, a.seconds = 6, 1.0
    moduli = np.logspace(math.log10(3e9), math.log10(3e10), a.runs)
    start = time.perf_counter()
    sags = sweep(moduli, a.processes, a.seconds)
    wall = time.perf_counter() - start
    print("%d runs on %d processes: %.2f s" % (a.runs, a.processes, wall))
    for e, s in zip(moduli, sags):
        print("E = %.3g Pa: tip sag %.4f mm (formula %.4f mm)" % (e, 1e3 * s, 1e3 * formula(e)))

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    ax.loglog(moduli, np.array(sags) * 1e3, "o", label="lsd, %d rigid bodies" % N)
    ax.loglog(moduli, [formula(e) * 1e3 for e in moduli], "-", label="w L^4 / (8 E I) (1 + 1/n)^2")
    ax.set_xlabel("Young's modulus E (Pa)")
    ax.set_ylabel("tip sag (mm)")
    ax.set_title("The cantilever of 1 m under its weight")
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.out)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
