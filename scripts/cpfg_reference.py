#!/usr/bin/env python3
"""cpfg's random numbers and view-file functions, written out in Python as
a reference for reimplementing them (docs/cpfg_differences_findings.md says
where each piece is in cpfg's source). Run it to check the reference against
the strings cpfg printed for tests/cpfg_cases/ (NAME.cpfg.txt):

    python3 scripts/cpfg_reference.py

The C library's rand48 family (POSIX): a 48-bit state X, X' = (a X + c)
mod 2^48 with a = 0x5DEECE66D, c = 0xB; erand48 / drand48 return X'/2^48
(the new state). A state is three 16-bit words, least significant first.
"""
import math
import struct
import sys

A, C, M = 0x5DEECE66D, 0xB, 1 << 48


class Rand48:
    def __init__(self, words=(0, 0, 0)):
        self.x = words[0] | (words[1] << 16) | (words[2] << 32)

    def next(self):
        self.x = (A * self.x + C) % M
        return self.x / M


def f32(v):
    """v rounded to a 32-bit float, as cpfg stores a parameter in its string."""
    return struct.unpack("f", struct.pack("f", v))[0]


class Cpfg:
    """The generator state of one cpfg process."""

    def __init__(self, seed=None):
        self.main = Rand48((0x330E, 0, 0))   # ran() nran() bran() biran(): utility.c main_xsubi
        self.iset, self.gset = 10, 0.0         # nrand()'s pair cache; iset starts at 10, not 0
        self.prod = Rand48((0, 0, 0))          # drand48(): glibc's state before any seeding is X = 0
        if seed:                               # "seed: s" with s != 0 (control.c): seed48({s, 0, 155})
            self.prod = Rand48((seed & 0xFFFF, 0, 155))

    def srand(self, n):                        # srand(n) in a statement (utility.c Do_srand)
        self.main = Rand48((0x330E, n & 0xFFFF, (n >> 16) & 0xFFFF))
        self.iset = 0

    def ran(self, v):
        return self.main.next() * v

    def nran(self, mean, sd):                  # Numerical Recipes gasdev (utility.c nrand)
        if self.iset == 0:
            while True:
                v1 = 2.0 * self.main.next() - 1.0
                v2 = 2.0 * self.main.next() - 1.0
                rsq = v1 * v1 + v2 * v2
                if 0.0 < rsq < 1.0:
                    break
            fac = math.sqrt(-2.0 * math.log(rsq) / rsq)
            self.gset, self.iset = v1 * fac, 1
            return v2 * fac * sd + mean
        self.iset = 0
        return self.gset * sd + mean

    def choose(self, probs):
        """generate.c SelectProd: the index of the production chosen among the
        applicable ones (probabilities in file order), or None. In float, as cpfg."""
        total = 0.0
        for p in probs:
            total = f32(total + f32(p))
        r = f32(total * self.prod.next())
        for i, p in enumerate(probs):
            r = f32(r - f32(p))
            if r <= 0:
                return i
        return None


class Func:
    """A view-file function (splinefun.cpp): the control points (x, y), each
    repeated by its multiplicity, of a cubic B-spline with clamped ends;
    tabulated at `samples` points when samples > 2 (a "fver 1 1" file: its
    own samples: line), each by bisection; linear between the samples."""

    def __init__(self, points, samples):
        self.p, self.n = points, len(points) - 1
        self.vals = [self.bisect(i / (samples - 1)) for i in range(samples)] if samples > 2 else None

    def uk(self, j):
        return 0 if j < 4 else (self.n - 2 if j > self.n else j - 3)

    def basis(self, k, t, u):   # Cox-de Boor; the order-1 pieces are [u_k, u_k+1)
        if t == 1:
            return 1.0 if self.uk(k) <= u < self.uk(k + 1) else 0.0
        s, d = 0.0, self.uk(k + t - 1) - self.uk(k)
        if d:
            s = (u - self.uk(k)) / d * self.basis(k, t - 1, u)
        d = self.uk(k + t) - self.uk(k + 1)
        if d:
            s += (self.uk(k + t) - u) / d * self.basis(k + 1, t - 1, u)
        return s

    def point(self, d):          # P(d), d in [0, 1]: u = d (n - 2)
        u = d * (self.n - 2)
        w = [self.basis(k, 4, u) for k in range(self.n + 1)]
        return sum(p[0] * b for p, b in zip(self.p, w)), sum(p[1] * b for p, b in zip(self.p, w))

    def bisect(self, v):         # _Value without samples: bisection until x is within 0.001 of v
        low, high = 0.0, 1.0
        while True:
            c = (low + high) / 2
            x, y = self.point(c)
            if x > v:
                high = c
            else:
                low = c
            if abs(x - v) <= 0.001:
                return y

    def value(self, v):          # func(id, v); v is clamped to [0, 1] first
        v = min(max(v, 0.0), 1.0)
        if self.vals is None:
            return self.bisect(v)
        index = v * (len(self.vals) - 1)
        i = math.floor(index)
        if i == len(self.vals) - 1:
            return self.vals[i]
        return (1 - index + i) * self.vals[i] + (index - i) * self.vals[i + 1]


def fmt(v):
    return "%g" % f32(v)


def cases():
    """Each case's string, derived by hand with the reference (the .l files say what they do)."""
    out = {}
    g = Cpfg()
    s = [g.ran(1) if k % 2 == 0 else g.ran(10) for k in range(8)]
    out["ran_default"] = "".join("B(%s)" % fmt(v) for v in s) + "A"
    g = Cpfg(7)
    g.srand(70000)
    out["ran_srand"] = "".join("B(%s)" % fmt(g.ran(1)) for _ in range(3)) + "A"
    g = Cpfg()
    t = ""
    for _ in range(3):
        t += "N(%s)N(%s)R(%s)" % (fmt(g.nran(5, 2)), fmt(g.nran(5, 2)), fmt(g.ran(1)))
    out["nran_first"] = t + "A"
    g = Cpfg()
    g.srand(3)
    out["nran_srand"] = "".join("N(%s)" % fmt(g.nran(0, 1)) for _ in range(6)) + "A"
    # stoch_per_module: every module draws once; A chooses between "A B" (1) and "A C" (2)
    g = Cpfg(12345)
    s = list("FAFFA")
    for _ in range(4):
        n = []
        for m in s:
            if m == "A":
                k = g.choose([1, 2])
                n += ["A", "B" if k == 0 else "C"]
            else:
                g.choose([1] if m == "B" else [])
                n.append(m)
        s = n
    out["stoch_per_module"] = "".join(s)
    g = Cpfg(0)
    s = "AAA"
    for _ in range(3):
        s = "".join(("B" if g.choose([1, 1]) == 0 else "C") if m == "A" else (g.choose([]), m)[1] for m in s)
    out["stoch_seed0"] = s
    # stoch_ran_order: A(x) has two productions whose conditions each call ran(); then
    # the choice (drand48), then the successor's ran()
    g = Cpfg(99)
    s = [("A", 0.0)]
    for _ in range(3):
        n = []
        for m, x in s:
            if m != "A":
                g.choose([])
                n.append((m, x))
                continue
            ok = [g.ran(1) < 0.9, g.ran(1) < 0.9]
            k = g.choose([1 for o in ok if o])
            prods = [i for i, o in enumerate(ok) if o]
            if k is None:
                n.append((m, x))
                continue
            n += [("A", f32(x + 1)), ("PQ"[prods[k]], f32(g.ran(1)))]
        s = n
    out["stoch_ran_order"] = "".join("%s(%s)" % (m, fmt(x)) for m, x in s)
    f = Func([(0.0, 0.531316), (0.323810, 0.502745), (0.647619, 0.450364), (1.0, 0.417031)], 10)
    out["func_bisect"] = "".join("V(%s)" % fmt(f.value(x)) for x in (0, 0.05, 0.5, 1))
    return out


def main():
    import os
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "cpfg_cases")
    bad = 0
    for name, mine in cases().items():
        path = os.path.join(here, name + ".cpfg.txt")
        cpfg = [l for l in open(path).read().splitlines() if not l.startswith("# made by")][0]
        ok = mine == cpfg
        bad += not ok
        print("%-18s %s%s" % (name, "same as cpfg" if ok else "DIFFERS", "" if ok else "\n  ref  %s\n  cpfg %s" % (mine, cpfg)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
