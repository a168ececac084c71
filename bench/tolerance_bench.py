#!/usr/bin/env python3
"""make bench: error-controlled steps (tolerance:) on a growing plant and a
large tree against a converged run and against fixed steps (docs/dynamics.md,
"Error-controlled steps"). Runs through the Python module.

    build-python/venv/bin/python bench/tolerance_bench.py FILE.ls T DERIVE REFDIV

FILE grown and swayed for T simulated seconds in frames of 1/30 s (DERIVE 1:
derived to its end first); the reference takes steps of 1/(60 REFDIV) s and
is checked against steps twice as long. The error is the largest difference
of any joint's rotation vector at any frame, over the swing: the largest
joint rotation of the reference. The time is that of the runs alone.
"""
import lsd, re, time, sys, numpy as np
J = re.compile(r"\bJ\(([^)]*)\)")
def joints(s):
    return np.array([[float(v) for v in m.split(",")[:3]] for m in J.findall(s)])
def run(path, T, derive, **kw):
    ls = lsd.load(path)
    if derive: ls.derive()
    sim = lsd.Simulation(ls, **kw)
    out = []
    spent = 0.0
    frames = int(round(T * 30))
    for k in range(1, frames + 1):
        t0 = time.perf_counter()
        sim.advance_to(k / 30)
        spent += time.perf_counter() - t0
        out.append(joints(sim.string))
    return out, spent
def err(a, ref):
    e = max((np.abs(x - y).max() for x, y in zip(a, ref) if x.size), default=0.0)
    scale = max(np.linalg.norm(y, axis=1).max() for y in ref if y.size)
    return e, scale
path, T, derive, refdiv = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
ref, tref = run(path, T, derive, dt=1 / (60 * refdiv))
half, thalf = run(path, T, derive, dt=1 / (60 * refdiv // 2))
e, scale = err(half, ref)
print(f"{path} T={T}: reference dt=1/{60*refdiv} ({tref:.1f} s); its half 1/{60*refdiv//2} differs by {100*e/scale:.4f}% of the swing {scale:.4g} rad", flush=True)
for k in (1, 4, 16, 64):
    a, t = run(path, T, derive, dt=1 / (60 * k))
    e, _ = err(a, ref)
    print(f"fixed dt=1/{60*k}: error {100*e/scale:.3f}% of the swing, {t:.2f} s", flush=True)
for x in (0.05, 0.01):
    a, t = run(path, T, derive, dt=1 / 60, tolerance=x)
    e, _ = err(a, ref)
    print(f"tolerance {x} at 1/60: error {100*e/scale:.3f}% of the swing, {t:.2f} s", flush=True)
