#!/usr/bin/env python3
"""The twining threshold in the plane (docs/dynamics.md, "Twining").

Runs examples/dynamics/twining.ls with `lsd run` (a rod of intrinsic
curvature k growing at its tip against a pole, frictionless, no gravity)
and classifies each run from its contact trace:

  twines     at every late trace row the contacts with the pole form the
             stationary pattern of Goriely & Neukirch (2006): continuous
             contact, a gap, and an isolated contact at the tip, with a gap
             of the same length (within 2 bodies) at the rows taken while it
             grows (the pattern travels with the tip);
  slips      the pattern is lost: the tip is off the pole or the contacts
             break up (the growing end rolls up on itself).

  twining.py classify RHO [--dt H] [--stiffness K] [--grow-every G] [--clothoid]
  twining.py threshold            the threshold by bisection, for three dt,
                                  three contact stiffnesses, three growth rates
  twining.py profiles OUT_DIR     curvature profiles (CSV and SVG) at several RHO
  twining.py analytic             the planar elastica's arch length and its fold (rho_c)

--clothoid runs examples/dynamics/twining_clothoid.ls instead: the same rod
as 5 clothoid elements growing together; its contact is read from the
centreline (`lsd segments` of the string at each row), the same pattern in
lengths (RC/20 for a body).

LSD names the lsd executable (default: build/lsd beside this script).
"""
import math
import os
from concurrent.futures import ThreadPoolExecutor
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LSD = os.environ.get("LSD", os.path.join(ROOT, "build", "lsd"))
MODEL = os.path.join(ROOT, "examples", "dynamics", "twining.ls")
NR = 20          # bodies per RC (twining.ls)
N = 120          # bodies grown
ROWS = 5         # late trace rows that must all show the pattern (3 while growing, 2 after)
DEFAULTS = {"dt": 0.005, "stiffness": 1e5, "grow_every": 0.1}


def simulate(rho, dt, stiffness, grow_every, out_dir):
    """Runs the model; returns (contact rows by time, body count by time, final string path)."""
    every = 10 * grow_every          # a trace row every 10 bodies grown
    until = N * grow_every + 2 * every
    contacts = os.path.join(out_dir, "c.csv")
    trace = os.path.join(out_dir, "t.csv")
    final = os.path.join(out_dir, "rod.str")
    cmd = [LSD, "run", MODEL, "-D", f"RHO={rho}", "-D", f"K={stiffness}", "-D", f"G={grow_every}",
           "--dt", repr(dt), "--time", repr(until), "--trace-every", repr(every),
           "--contacts", contacts, "--trace", trace, "-o", final, "--quiet"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    touching = {}
    with open(contacts) as f:
        next(f)
        for line in f:
            t, body, _other, kind = line.split(",")[:4]
            if kind == "pole":
                touching.setdefault(float(t), set()).add(int(body))
    bodies = {}
    with open(trace) as f:
        next(f)
        for line in f:
            row = line.split(",")
            bodies[float(row[0])] = int(row[3])
    return touching, bodies, final


def pattern(touching, nbody):
    """The gap (bodies) of the stationary pattern in one row, or None.

    Bodies are numbered from the base (0, fixed) to the tip (nbody - 1).
    The pattern: an isolated contact at the tip (at most 3 bodies, the
    last of which may be a short growing one, touch at the tip), then a gap
    of at least 2 bodies that do not, then a run of at least NR bodies that
    touch without a break.
    """
    tip = nbody - 1
    if tip not in touching and tip - 1 not in touching:
        return None
    k = tip
    while k in touching or k == tip:
        k -= 1
    if tip - k > 3:
        return None
    gap_end = k
    while k > 0 and k not in touching:
        k -= 1
    gap = gap_end - k
    run = 0
    while k - run > 0 and (k - run) in touching:
        run += 1
    if gap < 2 or run < NR:
        return None
    return gap


def classify(rho, dt=DEFAULTS["dt"], stiffness=DEFAULTS["stiffness"], grow_every=DEFAULTS["grow_every"]):
    """'twines' or 'slips', and the gaps (bodies) at the late rows.

    It twines when the last ROWS trace rows all show the pattern, with the
    same gap (within 2 bodies) at the rows taken while it grows: the
    pattern travels with the tip.
    """
    with tempfile.TemporaryDirectory() as d:
        touching, bodies, _ = simulate(rho, dt, stiffness, grow_every, d)
    times = sorted(bodies)[-ROWS:]
    gaps = [pattern(touching.get(t, set()), bodies[t]) for t in times]
    if None in gaps:
        return "slips", gaps
    growing = gaps[:ROWS - 2]
    return ("twines" if max(growing) - min(growing) <= 2 else "slips"), gaps


CLOTHOID_MODEL = os.path.join(ROOT, "examples", "dynamics", "twining_clothoid.ls")
RC, RR = 0.2, 0.01               # twining_clothoid.ls: m
CLOTHOID_ROWS = (9, 10, 11, 12, 13)  # s: three rows while it grows (until 11 s), two after
TOUCH = 0.3 * RR                 # a centreline closer than this to the pole's surface touches it


def clothoid_profile(rho, t, dt, stiffness, out_dir):
    """(arc length, distance of the centreline from the pole's surface) from
    the base to the tip of the clothoid rod at time t."""
    final = os.path.join(out_dir, f"rod{t}.str")
    subprocess.run([LSD, "run", CLOTHOID_MODEL, "-D", f"RHO={rho}", "-D", f"K={stiffness}", "--dt", repr(dt),
                    "--time", repr(t), "-o", final, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    seg = subprocess.run([LSD, "segments", CLOTHOID_MODEL, "-D", f"RHO={rho}", "--axiom-file", final, "-n", "0"],
                         check=True, capture_output=True, text=True).stdout.split("\n")[1:]
    s, out = 0.0, []
    for line in filter(None, seg):
        x0, y0, z0, x1, y1, z1 = map(float, line.split(",")[:6])
        s += math.dist((x0, y0, z0), (x1, y1, z1))
        out.append((s, math.hypot(x1, z1) - RC))
    return out


def clothoid_pattern(profile):
    """The gap (RC) of the stationary pattern along the centreline, or None:
    the tip touching over at most 0.15 RC (3 bodies), a gap of at least
    0.1 RC, then continuous contact over at least RC (pattern's lengths)."""
    k = len(profile) - 1
    if profile[k][1] > TOUCH:
        return None
    while k >= 0 and profile[k][1] <= TOUCH:
        k -= 1
    if k < 0 or profile[-1][0] - profile[k][0] > 0.15 * RC:
        return None
    gap_end = profile[k][0]
    while k >= 0 and profile[k][1] > TOUCH:
        k -= 1
    run_end = profile[k][0] if k >= 0 else 0.0
    while k >= 0 and profile[k][1] <= TOUCH:
        k -= 1
    gap, run = (gap_end - run_end) / RC, (run_end - (profile[k][0] if k >= 0 else 0.0)) / RC
    return round(gap, 3) if gap >= 0.1 and run >= 1 else None


def classify_clothoid(rho, dt=DEFAULTS["dt"], stiffness=DEFAULTS["stiffness"]):
    """As classify, for the clothoid rod: it twines when every row shows the
    pattern. Its gap is not held to the rigid rod's 2 bodies: it follows
    the elements' size, which grows by 0.1 RC a row (at rho = 2.8: 2.17,
    2.02, 1.88 RC at 9, 10, 11 s; docs/dynamics.md)."""
    with tempfile.TemporaryDirectory() as d, ThreadPoolExecutor(2) as pool:
        profiles = list(pool.map(lambda t: clothoid_profile(rho, t, dt, stiffness, d), CLOTHOID_ROWS))
    gaps = [clothoid_pattern(p) for p in profiles]
    return ("slips" if None in gaps else "twines"), gaps


def threshold(lo=2.0, hi=4.0, tol=0.02, clothoid=False, **kw):
    """Bisection on RHO between a twining lo and a slipping hi."""
    judge = classify_clothoid if clothoid else classify
    assert judge(lo, **kw)[0] == "twines" and judge(hi, **kw)[0] == "slips", (lo, hi, kw)
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        if judge(mid, **kw)[0] == "twines":
            lo = mid
        else:
            hi = mid
    return lo, hi


def elastica(rho, phi, arch, n=2000):
    """The free arch of the planar elastica (EI = 1, RC = 1) from the point
    where it leaves the pole, (1, 0) heading (0, 1), to the tip, loaded only
    by the pole's force f at the tip along u = (cos phi, sin phi) (radial,
    frictionless), so that the moment is m(s) = -f x(s) x u, zero at the tip;
    continuity of the moment where it leaves gives f = (rho - 1) / sin(phi).
    Returns the tip's miss of the pole's surface point u (RK4)."""
    f = (rho - 1) / math.sin(phi)
    ux, uy = math.cos(phi), math.sin(phi)

    def rhs(x, y, th):
        return math.cos(th), math.sin(th), rho - f * (x * uy - y * ux)

    x, y, th, h = 1.0, 0.0, math.pi / 2, arch / n
    for _ in range(n):
        a = rhs(x, y, th)
        b = rhs(x + h / 2 * a[0], y + h / 2 * a[1], th + h / 2 * a[2])
        c = rhs(x + h / 2 * b[0], y + h / 2 * b[1], th + h / 2 * b[2])
        d = rhs(x + h * c[0], y + h * c[1], th + h * c[2])
        x += h / 6 * (a[0] + 2 * b[0] + 2 * c[0] + d[0])
        y += h / 6 * (a[1] + 2 * b[1] + 2 * c[1] + d[1])
        th += h / 6 * (a[2] + 2 * b[2] + 2 * c[2] + d[2])
    return x - ux, y - uy


def arch_solution(rho, phi, arch):
    """Newton on (phi, arch) until the tip lies on the pole; None if it fails."""
    for _ in range(60):
        r = elastica(rho, phi, arch)
        if abs(r[0]) + abs(r[1]) < 1e-11:
            return phi, arch
        e = 1e-7
        a, b = elastica(rho, phi + e, arch), elastica(rho, phi, arch + e)
        j = [[(a[0] - r[0]) / e, (b[0] - r[0]) / e], [(a[1] - r[1]) / e, (b[1] - r[1]) / e]]
        det = j[0][0] * j[1][1] - j[0][1] * j[1][0]
        if det == 0:
            return None
        phi -= (j[1][1] * r[0] - j[0][1] * r[1]) / det
        arch -= (-j[1][0] * r[0] + j[0][0] * r[1]) / det
        if arch < 0.5:
            return None  # fell onto the trivial solution (no arch)
    return None


def analytic():
    """Continues the arch from rho = 2 (phi = 2.1, arch = 2.2 RC) until it
    ends at a fold: rho_c, beyond which no arch with a tip contact exists."""
    phi, arch, rho, step = 2.1, 2.2, 2.0, 0.1
    print("rho   arch (RC)")
    while step > 1e-4:
        sol = arch_solution(rho + step, phi, arch)
        if sol is None or abs(sol[1] - arch) > 0.5:  # none, or a jump to another branch
            step /= 2
            continue
        rho += step
        phi, arch = sol
        if step >= 0.1:
            print(f"{rho:.2f}  {arch:.3f}")
    print(f"fold: no arch beyond rho_c = {rho:.3f} (arch {arch:.3f} RC there)")


def curvature(final):
    """kappa / kappa-hat at every joint of a saved rod (the rest turn plus the joint's bend about U)."""
    text = open(final).read()
    bends = []
    pos = 0
    while True:
        pos = text.find("J(", pos)
        if pos < 0:
            break
        end = text.index(")", pos)
        bends.append(float(text[pos + 2:end].split(",")[2]))
        pos = end
    return bends


def profiles(out_dir, rhos=(1.5, 2.0, 2.8, 3.2, 3.8)):
    os.makedirs(out_dir, exist_ok=True)
    curves = []
    for rho in rhos:
        with tempfile.TemporaryDirectory() as d:
            touching, bodies, final = simulate(rho, DEFAULTS["dt"], DEFAULTS["stiffness"], DEFAULTS["grow_every"], d)
            bends = curvature(final)
            last = max(bodies)
            on = touching.get(last, set())
        rest = rho / NR   # the rest turn per joint (rad)
        # Joint i joins body i and body i+1: its curvature at s = (i + 1) l from the base.
        rows = [((i + 1) / NR, 1 + b / rest, (i + 1) in on) for i, b in enumerate(bends)]
        with open(os.path.join(out_dir, f"twining_rho{rho}.csv"), "w") as f:
            f.write("s_over_RC,kappa_over_kappa_hat,touching\n")
            for s, k, c in rows:
                f.write(f"{s:.4f},{k:.6f},{int(c)}\n")
        curves.append((rho, rows))
    write_svg(os.path.join(out_dir, "twining_curvature.svg"), curves)


def write_svg(path, curves):
    """kappa/kappa-hat against s/RC, one curve per RHO, contacts as dots."""
    w, h, m = 720, 360, 50
    smax = max(r[-1][0] for _, r in curves)
    kmin = min(min(k for _, k, _ in r) for _, r in curves)
    kmax = max(max(k for _, k, _ in r) for _, r in curves)
    kmin, kmax = min(kmin, 0.0), max(kmax, 1.2)
    X = lambda s: m + (w - 2 * m) * s / smax
    Y = lambda k: h - m - (h - 2 * m) * (k - kmin) / (kmax - kmin)
    colours = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<line x1="{m}" y1="{h-m}" x2="{w-m}" y2="{h-m}" stroke="black"/>',
           f'<line x1="{m}" y1="{m}" x2="{m}" y2="{h-m}" stroke="black"/>',
           f'<text x="{w/2}" y="{h-12}" text-anchor="middle">s / RC (from the base)</text>',
           f'<text x="14" y="{h/2}" transform="rotate(-90 14 {h/2})" text-anchor="middle">curvature / intrinsic curvature</text>']
    for k in (0, 0.5, 1):
        if kmin <= k <= kmax:
            out.append(f'<line x1="{m}" y1="{Y(k):.1f}" x2="{w-m}" y2="{Y(k):.1f}" stroke="#ccc"/>')
            out.append(f'<text x="{m-6}" y="{Y(k)+4:.1f}" text-anchor="end">{k}</text>')
    for s in range(0, int(smax) + 1):
        out.append(f'<text x="{X(s):.1f}" y="{h-m+16}" text-anchor="middle">{s}</text>')
    for n, (rho, rows) in enumerate(curves):
        c = colours[n % len(colours)]
        pts = " ".join(f"{X(s):.1f},{Y(k):.1f}" for s, k, _ in rows)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="1.5"/>')
        for s, k, on in rows:
            if on:
                out.append(f'<circle cx="{X(s):.1f}" cy="{Y(k):.1f}" r="1.6" fill="{c}"/>')
        out.append(f'<text x="{w-m+4}" y="{m+16*n}" fill="{c}">ρ = {rho}</text>')
    out.append("</svg>")
    open(path, "w").write("\n".join(out) + "\n")


def main(argv):
    if len(argv) >= 2 and argv[0] == "classify":
        kw = {}
        args = argv[2:]
        for flag, key in (("--dt", "dt"), ("--stiffness", "stiffness"), ("--grow-every", "grow_every")):
            if flag in args:
                kw[key] = float(args[args.index(flag) + 1])
        if "--clothoid" in args:
            kw.pop("grow_every", None)
            verdict, gaps = classify_clothoid(float(argv[1]), **kw)
            print(f"rho {argv[1]}: {verdict} (gaps at the last rows, RC: {gaps})")
        else:
            verdict, gaps = classify(float(argv[1]), **kw)
            print(f"rho {argv[1]}: {verdict} (gaps at the last rows: {gaps})")
        return 0
    if argv == ["threshold", "--clothoid"]:
        for dt in (0.005,):
            lo, hi = threshold(clothoid=True, dt=dt)
            print(f"clothoids, dt = {dt}: threshold between rho {lo:.3f} and {hi:.3f}", flush=True)
        return 0
    if argv and argv[0] == "threshold":
        sweeps = [("dt", [0.001, 0.0025, 0.005]), ("stiffness", [1e4, 3e4, 1e5]), ("grow_every", [0.1, 0.2, 0.4])]
        for key, values in sweeps:
            for v in values:
                lo, hi = threshold(**{key: v})
                print(f"{key} = {v:.6g}: threshold between rho {lo:.3f} and {hi:.3f}", flush=True)
        return 0
    if argv == ["analytic"]:
        analytic()
        return 0
    if len(argv) == 2 and argv[0] == "profiles":
        profiles(argv[1])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
