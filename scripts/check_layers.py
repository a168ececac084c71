#!/usr/bin/env python3
"""Checks the architecture the code is meant to have (docs/architecture.md):

- layers: every folder of code is a room, declared in a CMakeLists.txt by
  lsd_room(NAME [FOLDER f] USES ...) (a library) or lsd_layer(...) (the
  viewer, the executable, the benchmarks), and its files include only the
  headers of its own room and of the rooms it uses, directly or through
  theirs: the order the libraries are linked in. tests/ and fuzz/ may include
  anything;
- rooms: a room's private headers (FOLDER/src/) are included only by the
  room itself, its tests (tests/FOLDER/) and the fuzz targets; interpreter/
  holds only rooms (no sources of its own), and a room there has no folder
  but src/;
- size: no source file (C++, Python, shell) over 600 lines.

    python3 scripts/check_layers.py [ROOT]

Prints every violation and exits 1 if there is one (a ctest runs it).
"""
import os
import re
import sys

MAX_LINES = 600
FREE = ("tests", "fuzz")  # folders that may include anything
SOURCES = (".cpp", ".hpp", ".h", ".inc", ".py", ".sh")
CODE = (".cpp", ".hpp", ".h", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DECLARATION = re.compile(r"^\s*lsd_(?:room|layer)\s*\(([^)]*)\)", re.M)


def tracked_files(root):
    skip = {".git", "node_modules", "scratch"}
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        dirs[:] = [x for x in dirs if x not in skip and not x.startswith(".") and not (rel == "." and x.startswith("build"))]
        for f in files:
            yield os.path.normpath(os.path.join(rel, f))


def declared_rooms(root):
    """name -> (folder relative to root, the rooms it uses), from the CMake files."""
    rooms = {}
    for path in tracked_files(root):
        if os.path.basename(path) != "CMakeLists.txt" or path.split(os.sep)[0] in FREE:
            continue
        text = re.sub(r"#.*", "", open(os.path.join(root, path), encoding="utf-8").read())
        for call in DECLARATION.findall(text):
            words = call.split()
            name, folder, uses, key = words[0], words[0], [], None
            for w in words[1:]:
                if w in ("FOLDER", "USES"):
                    key = w
                elif key == "FOLDER":
                    folder = w
                elif key == "USES":
                    uses.append(w)
            rooms[name] = (os.path.normpath(os.path.join(os.path.dirname(path), folder)), uses)
    return rooms


def closure(rooms, name, seen=None):
    seen = set() if seen is None else seen
    for u in rooms.get(name, ((), ()))[1]:
        if u not in seen:
            seen.add(u)
            closure(rooms, u, seen)
    return seen


def room_of(rooms, path):
    """The room whose folder holds path (the deepest one), or None."""
    best = None
    for name, (folder, _) in rooms.items():
        if folder == "." or path == folder or path.startswith(folder + os.sep):
            if best is None or len(folder) > len(rooms[best][0]):
                best = name
    return best


def check_rooms(root, rooms, problems):
    for name, (folder, uses) in sorted(rooms.items()):
        for u in uses:
            if u not in rooms:
                problems.append(f"the room {name} uses {u}, which no lsd_room or lsd_layer declares")
        if name in closure(rooms, name):
            problems.append(f"the room {name} uses itself through {', '.join(sorted(rooms[name][1]))}: a cycle")
    interp = os.path.join(root, "interpreter")
    if not os.path.isdir(interp):
        return
    folders = {f for f, _ in rooms.values()}
    for f in sorted(os.listdir(interp)):
        rel = os.path.join("interpreter", f)
        if f.endswith(SOURCES):
            problems.append(f"{rel}: a source outside the rooms")
        elif os.path.isdir(os.path.join(root, rel)):
            if rel not in folders:
                problems.append(f"{rel}: a folder no lsd_room declares (interpreter/CMakeLists.txt)")
            for d in os.listdir(os.path.join(root, rel)):
                if os.path.isdir(os.path.join(root, rel, d)) and d != "src":
                    problems.append(f"{rel}/{d}: a room has one folder, src/")


def check_includes(path, text, rooms, problems):
    top = path.split(os.sep)[0]
    own = None if top in FREE else room_of(rooms, path)
    if own is None and top not in FREE:
        problems.append(f"{path}: in no room (declare its folder with lsd_room or lsd_layer)")
        return
    allowed = None if own is None else closure(rooms, own) | {own}
    for inc in INCLUDE.findall(text):
        target = room_of(rooms, os.path.normpath(inc)) if "/" in inc else None
        if target is None:
            continue  # a file of the same folder, a test's helper, or not the project's
        if allowed is not None and target not in allowed:
            problems.append(f"{path}: includes {inc} ({own} may not depend on {target}: "
                            f"it uses {', '.join(sorted(closure(rooms, own))) or 'nothing'})")
        folder = rooms[target][0]
        private = folder + os.sep + "src" + os.sep
        if os.path.normpath(inc).startswith(private) and own != target and top != "fuzz" \
                and not path.startswith(os.path.join("tests", folder) + os.sep):
            problems.append(f"{path}: includes {inc}, a private header of the room {target} ({folder}/)")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    problems = []
    rooms = declared_rooms(root)
    if not rooms:
        problems.append("no lsd_room or lsd_layer in any CMakeLists.txt")
    check_rooms(root, rooms, problems)
    for path in sorted(tracked_files(root)):
        if not path.endswith(SOURCES):
            continue
        try:
            text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        lines = text.count("\n")
        if lines > MAX_LINES:
            problems.append(f"{path}: {lines} lines (at most {MAX_LINES}: split it by topic)")
        if path.endswith(CODE):
            check_includes(path, text, rooms, problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problems")
        return 1
    print(f"check_layers: the {len(rooms)} rooms' order, their private headers and the file sizes hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
