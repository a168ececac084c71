#!/usr/bin/env python3
"""Runs lsd over every cpfg model of a vlab tree and tallies what parses,
derives and draws (issue 15). The vlab models are not part of lsd: give the
path of a checkout (or of any folder of vlab object folders).

    python3 scripts/cpfg_tally.py VLAB_PATH [--lsd build/lsd] [--list] [--only SUBSTRING]

A model is a `cpfg ... FILE.l FILE.v ...` line of an object folder's
`specifications` file (lpfg models are left out). Each is run as
`lsd check FOLDER/FILE.l`, `lsd derive` and `lsd render` (headless: no
display needed); a stage passes when lsd exits 0 within its time limit,
and `render` passes when something was drawn. The first error line of a
failing stage is its reason.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter

TIMEOUT = {"check": 20, "derive": 120, "render": 180}


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
    a = ap.parse_args()
    lsd = os.path.abspath(a.lsd)
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


if __name__ == "__main__":
    sys.exit(main())
