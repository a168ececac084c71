#!/usr/bin/env python3
"""Checks the architecture the code is meant to have (docs/architecture.md):

- layers: grammar/ and dynamics/ include nothing of the other libraries but
  common/; interpreter/ nothing of viewer/ or cli/; viewer/ nothing of cli/;
- rooms: a room's private headers (interpreter/ROOM/src/) are included only
  by the room itself and by its own tests (tests/interpreter/ROOM/); the
  same for grammar/src/ and dynamics/src/ (their libraries and tests);
  interpreter/ has only rooms (no sources of its own) and a room has no
  folder but src/;
- size: no source file (C++, Python, shell) over 600 lines.

    python3 scripts/check_layers.py [ROOT]

Prints every violation and exits 1 if there is one (a ctest runs it).
"""
import os
import re
import sys

MAX_LINES = 600
LAYERS = {  # folder -> the top-level folders it may include from
    "common": {"common"},
    "grammar": {"grammar", "common"},
    "dynamics": {"dynamics", "common"},
    "interpreter": {"interpreter", "grammar", "dynamics", "common"},
    "viewer": {"viewer", "interpreter", "grammar", "dynamics", "common"},
}
SOURCES = (".cpp", ".hpp", ".h", ".inc", ".py", ".sh")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def tracked_files(root):
    skip = {".git", "node_modules", "scratch"}
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        dirs[:] = [x for x in dirs if x not in skip and not (rel == "." and x.startswith("build"))]
        for f in files:
            yield os.path.normpath(os.path.join(rel, f))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    problems = []
    rooms = sorted(d for d in os.listdir(os.path.join(root, "interpreter"))
                   if os.path.isdir(os.path.join(root, "interpreter", d)))
    for f in os.listdir(os.path.join(root, "interpreter")):
        if f.endswith(SOURCES):
            problems.append(f"interpreter/{f}: a source outside the rooms ({', '.join(rooms)})")
    for room in rooms:
        for d in os.listdir(os.path.join(root, "interpreter", room)):
            if os.path.isdir(os.path.join(root, "interpreter", room, d)) and d != "src":
                problems.append(f"interpreter/{room}/{d}: a room has one folder, src/")
    for path in tracked_files(root):
        if not path.endswith(SOURCES):
            continue
        try:
            text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        lines = text.count("\n")
        if lines > MAX_LINES:
            problems.append(f"{path}: {lines} lines (at most {MAX_LINES}: split it by topic)")
        if not path.endswith((".cpp", ".hpp", ".h", ".inc")):
            continue
        top = path.split(os.sep)[0]
        parts = path.split(os.sep)
        own_room = parts[1] if top == "interpreter" and len(parts) > 2 else None
        test_room = parts[2] if top == "tests" and len(parts) > 3 and parts[1] == "interpreter" else None
        for inc in INCLUDE.findall(text):
            inc_parts = inc.split("/")
            if inc_parts[0] in ("grammar", "dynamics", "interpreter", "viewer", "cli", "common"):
                allowed = LAYERS.get(top)
                if allowed is not None and inc_parts[0] not in allowed:
                    problems.append(f"{path}: includes {inc} ({top}/ may not depend on {inc_parts[0]}/)")
            if len(inc_parts) > 3 and inc_parts[0] == "interpreter" and inc_parts[2] == "src":
                room = inc_parts[1]
                if room not in (own_room, test_room):
                    problems.append(f"{path}: includes {inc}, a private header of the room interpreter/{room}/")
            if len(inc_parts) > 2 and inc_parts[0] in ("grammar", "dynamics") and inc_parts[1] == "src":
                lib = inc_parts[0]
                if top != lib and not (top == "tests" and parts[1] == lib) and top != "fuzz":
                    problems.append(f"{path}: includes {inc}, a private header of {lib}/")
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problems")
        return 1
    print("check_layers: the layers, the rooms and the file sizes hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
