#!/usr/bin/env python3
"""Runs the small cpfg cases of tests/cpfg_cases/ (our own files, each
showing one way cpfg's derivation works) through the reference cpfg and
writes the string cpfg prints for each into NAME.cpfg.txt beside it, with the
command that made it; then compares lsd's string with it.

    python3 scripts/cpfg_cases.py --cpfg $ORACLE/patched/.binaries/bin [--lsd build/lsd] [CASE.l ...]
    python3 scripts/cpfg_cases.py [--lsd build/lsd]      # compare only, with the committed strings

A case is derived to its "derivation length:". A line `cpfg options: -homo`
in the case passes -homo to cpfg (its string is then written after the
homomorphism; lsd has no such output: tests/interpreter/cpfg/cpfg_cases_test.cpp
compares those through lsd's homomorphism); `cpfg files:
a.v b.func` copies those files of the folder too (a .v is the view file,
else an empty one is given). A development
tool: lsd's build and tests never need cpfg.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpfg_oracle  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "tests", "cpfg_cases")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--cpfg", default="", help="folder of the reference cpfg: (re)write NAME.cpfg.txt")
    ap.add_argument("--lsd", default=os.path.join(HERE, "..", "build", "lsd"))
    a = ap.parse_args()
    cases = a.cases or sorted(glob.glob(os.path.join(CASES, "*.l")))
    same = 0
    for path in cases:
        path = os.path.abspath(path)
        folder, lfile = os.path.dirname(path), os.path.basename(path)
        text = open(path).read()
        m = re.search(r"cpfg options:\s*([^*\n]*)", text)
        extra = m.group(1).split() if m else []
        expected = path[:-2] + ".cpfg.txt"
        if a.cpfg:
            m = re.search(r"cpfg files:\s*([^*\n]*)", text)
            files = m.group(1).split() if m else []
            out = cpfg_oracle.run_cpfg(a.cpfg, folder, lfile, lfile, None, extra=extra, copy_only=[lfile] + files)
            if out["str"] is None:
                print("%s: cpfg wrote no string (status %d): %s" % (lfile, out["rc"], out["log"][-300:]))
                continue
            with open(expected, "w") as f:
                views = [f for f in files if f.endswith(".v")]
                f.write("# made by: cpfg -g -m any.map %s-str out.str %s %s  (vlab %s, patched build "
                        "reference, docs/language.md 9.6; scripts/cpfg_cases.py)\n%s\n"
                        % ("".join(x + " " for x in extra), lfile, views[0] if views else "empty.v", "9bf820d",
                           out["str"]))
        if not os.path.exists(expected):
            print("%s: no %s" % (lfile, os.path.basename(expected)))
            continue
        cpfg_str = [l for l in open(expected).read().splitlines() if not l.startswith("# made by")][0]
        if "-homo" in extra:
            print("%s: cpfg %s (after the homomorphism; not compared)" % (lfile, cpfg_str[:100]))
            continue
        p = subprocess.run([a.lsd, "derive", path, "--quiet"], capture_output=True, text=True)
        if p.returncode != 0:
            print("%s: lsd derive failed: %s" % (lfile, p.stderr.strip()[:200]))
            continue
        d = cpfg_oracle.first_difference(cpfg_oracle.parse_lsd_string(p.stdout),
                                         cpfg_oracle.parse_cpfg_string(cpfg_str))
        if d is None:
            same += 1
            print("%s: same string" % lfile)
        else:
            print("%s: differs at module %d (lsd %s / cpfg %s)" % (lfile, d[0], d[1], d[2]))
    print("%d of %d cases: lsd's string is cpfg's" % (same, len(cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
