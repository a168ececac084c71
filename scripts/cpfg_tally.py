#!/usr/bin/env python3
"""Runs lsd over every cpfg model of a vlab tree and tallies what parses,
derives and draws. The vlab models are not part of lsd: give the
path of a checkout (or of any folder of vlab object folders).

    python3 scripts/cpfg_tally.py VLAB_PATH [--lsd build/lsd] [--list] [--only SUBSTRING]

A model is a `cpfg ... FILE.l FILE.v ...` line of an object folder's
`specifications` file (lpfg models are left out). Each is run as
`lsd check FOLDER/FILE.l`, `lsd derive` and `lsd render` (headless: no
display needed); a stage passes when lsd exits 0 within its time limit,
and `render` passes when something was drawn. The first error line of a
failing stage is its reason.

With --cpfg BIN (the folder of the reference cpfg, built from vlab's
public source by scripts/cpfg-oracle/build.sh) or --cache DIR alone (cpfg's outputs saved by an earlier run), it
compares instead: each model's string from `lsd derive` with the one cpfg
derives (`cpfg -g -str`, the derivation length), printing "same string",
"differs at module k (lsd ... / cpfg ...)" or "not comparable (why)";
models with an environment program (`-e` on their cpfg line) are counted
apart, and run with --allow-programs and the programs of
BIN/../../../src/.binaries/bin as --program-dir (docs/language.md 9.7).
For the models whose strings match, the geometry lsd draws (`lsd segments
--primitives`) is compared with the one cpfg writes (`-ray`), primitive by
primitive (scripts/cpfg_oracle.py says how).

    python3 scripts/cpfg_tally.py VLAB_PATH --cpfg $ORACLE/patched/.binaries/bin \
        --cache /work/oracle-cache [--list] [--only SUBSTRING] [--no-geometry]

With --sway it runs each model that derives with `lsd run FILE.l --sway
--time 10 --dt 1/60 --wind 3,0,0` (docs/language.md 7.8) and prints the
share that runs without divergence, and the others with their reasons.

    python3 scripts/cpfg_tally.py VLAB_PATH --sway [--list] [--only SUBSTRING]

The 179 models: vlab's main branch (`git archive HEAD`: its oofs/, 98) with
`Distribution/oofs` of its l-studio branch (81) unpacked into the same
folder (scripts/cpfg-oracle/vlab-corpus.sh does it). docs/cpfg_differences_findings.md has the figures and what differs.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpfg_oracle  # noqa: E402

TIMEOUT = {"check": 20, "derive": 120, "render": 180}

# Why the models whose strings still differ from cpfg's do (docs/language.md
# 9.3), by a part of their path.
KNOWN = {
    "Sedge/sedge.l": "sub-L-systems (?(n) ... $): lsd reads the first L-system only",
    "01-lilac-congo/": "reads its data with fscanf into array elements, which lsd does not run",
    "03-soil3d/": "reads its data with fscanf into array elements, which lsd does not run",
    "GettingStarted/02-lychnis/": "cpfg itself crashes on it",
}


def known_reason(name):
    for part, why in KNOWN.items():
        if part in name:
            return why
    return "not explained yet"


def models(root):
    """(folder, l-file) of every cpfg command line, once each."""
    seen = set()
    for dirpath, _dirs, files in os.walk(root):
        if "specifications" not in files:
            continue
        try:
            text = open(os.path.join(dirpath, "specifications"), errors="replace").read()
        except OSError:
            continue
        for line in text.splitlines():
            words = line.strip().split()
            if not words or words[0] != "cpfg":
                continue
            try:
                args = shlex.split(line.strip())
            except ValueError:
                args = words
            lfiles = [a for a in args[1:] if a.endswith(".l")]
            if not lfiles:
                continue
            key = (dirpath, lfiles[0])
            if key in seen or not os.path.exists(os.path.join(dirpath, lfiles[0])):
                continue
            seen.add(key)
            yield key


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            return re.sub(r"^.*?error: ", "", line).strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout after %d s" % timeout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vlab")
    ap.add_argument("--lsd", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "lsd"))
    ap.add_argument("--list", action="store_true", help="print every model's result")
    ap.add_argument("--only", default="", help="only models whose path contains this")
    ap.add_argument("--no-render", action="store_true", help="check and derive only")
    ap.add_argument("--png-dir", default="", help="keep every picture in this folder (path with / as _)")
    ap.add_argument("--cpfg", default="", help="compare with cpfg: the folder holding its cpfg binary")
    ap.add_argument("--cache", default="", help="folder of cpfg's cached outputs (read, and written by --cpfg)")
    ap.add_argument("--no-geometry", action="store_true", help="compare strings only")
    ap.add_argument("--timeout", type=int, default=300, help="seconds for each cpfg and lsd run")
    ap.add_argument("--sway", action="store_true", help="run every model that derives with --sway in wind")
    a = ap.parse_args()
    lsd = os.path.abspath(a.lsd)
    if a.cpfg or a.cache:
        return compare(a, lsd)
    if a.sway:
        return sway(a, lsd)
    tmp = tempfile.mkdtemp(prefix="cpfg_tally_")
    ms = sorted(m for m in models(a.vlab) if a.only in os.path.join(*m))
    if a.png_dir:
        os.makedirs(a.png_dir, exist_ok=True)
    counts = Counter()
    reasons = {"check": Counter(), "derive": Counter(), "render": Counter()}
    failures = []
    for folder, lfile in ms:
        path = os.path.join(folder, lfile)
        name = os.path.relpath(path, a.vlab)
        result = "ok"
        rc, out, err = run([lsd, "check", path], TIMEOUT["check"])
        stage = "check"
        if rc == 0:
            counts["check"] += 1
            rc, out, err = run([lsd, "derive", path, "-o", os.path.join(tmp, "s.txt")], TIMEOUT["derive"])
            stage = "derive"
            if rc == 0:
                counts["derive"] += 1
                if a.no_render:
                    stage = None
                else:
                    png = os.path.join(a.png_dir or tmp, name.replace("/", "_") + ".png" if a.png_dir else "p.png")
                    rc, out, err = run([lsd, "render", path, "-o", png, "--width", "160", "--height", "160"],
                                       TIMEOUT["render"])
                    stage = "render"
                    if rc == 0:
                        counts["render"] += 1
                        stage = None
                        if "nothing is drawn" in err:
                            counts["render"] -= 1
                            stage, err = "render", "nothing is drawn"
        if stage:
            why = first_error(err or out)
            reasons[stage][re.sub(r"'[^']*'", "'…'", why)[:90]] += 1
            failures.append((name, stage, why))
            result = stage + ": " + why
        warnings = sum(1 for l in err.splitlines() if "warning:" in l)
        if a.list:
            print("%-90s %s%s" % (name, result, "" if not warnings else "  (%d warnings)" % warnings), flush=True)
    n = len(ms)
    print("\n%d cpfg models: %d parse (lsd check), %d derive, %d draw (%.0f%%)" %
          (n, counts["check"], counts["derive"], counts["render"], 100.0 * counts["render"] / max(n, 1)))
    for stage in ("check", "derive", "render"):
        if reasons[stage]:
            print("\nfailing at %s:" % stage)
            for why, k in reasons[stage].most_common():
                print("  %3d  %s" % (k, why))
    if failures and not a.list:
        print("\nfailures:")
        for name, stage, why in failures:
            print("  %s: %s: %s" % (name, stage, why))
    return 0


def has_env(folder, lfile):
    return "-e" in cpfg_oracle.spec_line(folder, lfile)


def lsd_env(a):
    """lsd's environment (the caller's)."""
    return dict(os.environ)


def trust_args(a, e):
    """lsd's options for a model with an environment program (e): allowed to
    run it (docs/language.md 9.7), from its folder or from the vlab programs
    cpfg's build made (BIN/../../../src/.binaries/bin), given as --program-dir."""
    if not e:
        return []
    args = ["--allow-programs"]
    if a.cpfg:
        src_bin = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(a.cpfg)))),
                               "src", ".binaries", "bin")
        if os.path.isdir(src_bin):
            args += ["--program-dir", src_bin]
    return args


def run_env(cmd, timeout, env):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace", env=env)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout after %d s" % timeout


def compare_one(a, lsd, folder, lfile, name, env):
    """(string verdict, kind, geometry verdict or None): kind is 'same',
    'differs' or 'not comparable'."""
    c = cpfg_oracle.run_cpfg(a.cpfg, folder, lfile, name, a.cache, timeout=a.timeout) if a.cpfg else None
    if c is None:
        key = os.path.join(a.cache, cpfg_oracle.cache_key(name, None))
        if not os.path.exists(key + ".rc"):
            return "not comparable (no cpfg output cached)", "not comparable", None
        c = cpfg_oracle.run_cpfg("", folder, lfile, name, a.cache)
    if c["str"] is None:
        why = "timeout" if c["rc"] == 124 else "cpfg wrote no string, status %d: %s" % (
            c["rc"], first_error(c["log"] or "")[:80])
        return "not comparable (%s)" % why, "not comparable", None
    path = os.path.join(folder, lfile)
    trust = trust_args(a, has_env(folder, lfile))
    rc, out, err = run_env([lsd, "derive", path, "--quiet"] + trust, a.timeout, env)
    if rc != 0:
        return "not comparable (lsd derive: %s)" % first_error(err or out)[:80], "not comparable", None
    ls, cs = cpfg_oracle.parse_lsd_string(out), cpfg_oracle.parse_cpfg_string(c["str"])
    d = cpfg_oracle.first_difference(ls, cs)
    partial = "" if c["rc"] == 0 else " (cpfg exited %d)" % c["rc"]
    if d:
        return "differs at module %d of %d/%d (lsd %s / cpfg %s)%s" % (d[0], len(ls), len(cs), d[1][:60], d[2][:60],
                                                                      partial), "differs", None
    geo = None
    if not a.no_geometry:
        if not c["ray"]:
            geo = "not comparable (cpfg wrote no .ray)"
        else:
            rc, out, err = run_env([lsd, "segments", path, "--primitives", "--quiet"] + trust, a.timeout, env)
            if rc != 0:
                geo = "not comparable (lsd segments: %s)" % first_error(err or out)[:80]
            else:
                view, _env = cpfg_oracle.cpfg_files(folder, lfile)
                pixel = cpfg_oracle.line_style(folder, view) == "pixel"
                why = cpfg_oracle.compare_geometry(cpfg_oracle.parse_lsd_primitives(out),
                                                   cpfg_oracle.parse_ray(c["ray"]), pixel=pixel)
                geo = ("same geometry" + (" (pixel line style: widths in pixels)" if pixel else "")) if not why \
                    else "geometry differs: " + "; ".join(why)[:400]
    return "same string (%d modules)%s" % (len(cs), partial), "same", geo


def compare(a, lsd):
    if a.cpfg:
        a.cpfg = os.path.abspath(a.cpfg)
    ms = sorted(m for m in models(a.vlab) if a.only in os.path.join(*m))
    env = lsd_env(a)
    tally = {False: Counter(), True: Counter()}
    geo, geo_why = Counter(), Counter()
    rest = []
    for folder, lfile in ms:
        name = os.path.relpath(os.path.join(folder, lfile), a.vlab)
        e = has_env(folder, lfile)
        verdict, kind, g = compare_one(a, lsd, folder, lfile, name, env)
        tally[e][kind] += 1
        if g is not None:
            geo["compared"] += 1
            geo["pixel"] += "pixel line style" in g
            for why in g.split("geometry differs: ", 1)[1].split("; ") if "differs" in g else []:
                geo_why[why.split(":")[0]] += 1
            geo["same" if g.startswith("same geometry") else ("nc" if g.startswith("not comparable") else "differs")] += 1
        if kind != "same":
            rest.append((name, e, verdict))
        if a.list:
            print("%s%s: %s%s" % (name, " [env]" if e else "", verdict, "" if g is None else "; " + g), flush=True)
    print()
    for e, label in ((False, "without an environment program"), (True, "with an environment program (vlab's, run)")):
        t = tally[e]
        n = sum(t.values())
        print("strings, %d models %s: %d same (%.0f%%), %d differ, %d not comparable" %
              (n, label, t["same"], 100.0 * t["same"] / max(n, 1), t["differs"], t["not comparable"]))
    if not a.no_geometry:
        print("geometry, of the %d models whose strings match: %d same (%.0f%%), %d differ, %d not comparable" %
              (geo["compared"], geo["same"], 100.0 * geo["same"] / max(geo["compared"], 1), geo["differs"], geo["nc"]))
        print("  (%d of the same are in the pixel line style: widths compared up to the pixel size); the differences"
              " by class:" % geo["pixel"])
        for why, k in geo_why.most_common():
            print("  %3d  %s" % (k, why))
    if rest:
        print("\nthe rest, and why:")
        for name, e, verdict in rest:
            print("  %s%s: %s\n      why: %s" % (name, " [env]" if e else "", verdict, known_reason(name)))
    return 0


# What a failure of --sway says, as the reason the tally prints.
SWAY_REASONS = [
    ("not finite", "diverged"),
    ("diverge", "diverged"),
    ("timeout", "timed out"),
]


def sway_reason(why, path):
    if "draws no segment 'F'" in why:  # what it draws instead
        text = open(path, errors="replace").read()
        if "@Gc" in text or "@Gs" in text or re.search(r"\{\(\s*[1-9]", text):
            return "not a tree of segments: drawn with generalized cylinders (@Gs ... @Gc, {(t) ... }(t))"
        if "~" in text:
            return "not a tree of segments: surfaces (~) only"
        return "not a tree of segments: polygons, spheres or nothing drawn"
    for part, reason in SWAY_REASONS:
        if part in why:
            return reason
    return why


def sway(a, lsd):
    """Runs every model that derives for 10 s with --sway in a 3 m/s wind."""
    tmp = tempfile.mkdtemp(prefix="cpfg_sway_")
    ms = sorted(m for m in models(a.vlab) if a.only in os.path.join(*m))
    derived, ok = 0, 0
    others = []
    for folder, lfile in ms:
        path = os.path.join(folder, lfile)
        name = os.path.relpath(path, a.vlab)
        rc, out, err = run([lsd, "derive", path, "-o", os.path.join(tmp, "s.txt")], TIMEOUT["derive"])
        if rc != 0:
            if a.list:
                print("%-90s does not derive: %s" % (name, first_error(err or out)), flush=True)
            continue
        derived += 1
        rc, out, err = run([lsd, "run", path, "--sway", "--time", "10", "--dt", repr(1 / 60), "--wind", "3,0,0", "--quiet"],
                           a.timeout)
        if rc == 0:
            ok += 1
            result = "sways"
        else:
            result = sway_reason(first_error(err or out), path)
            others.append((name, result))
        if a.list:
            print("%-90s %s" % (name, result), flush=True)
    trees = derived - sum(1 for _, why in others if why.startswith("not a tree"))
    print("\n%d cpfg models, %d derive; with --sway for 10 s at 1/60 s in a 3 m/s wind: %d run (%.0f%%); "
          "of the %d that draw segments F or cylinders along f (trees), %d run without divergence (%.0f%%)" %
          (len(ms), derived, ok, 100.0 * ok / max(derived, 1), trees, ok, 100.0 * ok / max(trees, 1)))
    if others:
        print("\nthe others, and why:")
        for name, why in others:
            print("  %s: %s" % (name, why))
    return 0


if __name__ == "__main__":
    sys.exit(main())
