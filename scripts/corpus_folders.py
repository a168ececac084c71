"""The hostile vlab object folders of tests/corpus/folders/, written
by scripts/make_corpus.py: models that name a program to run (in their
folder, /bin/sh, a name on PATH) or files outside their folder (../ paths,
/etc/passwd, a symbolic link), and files beyond the readers' limits (a
100,000 x 100,000 texture, a cut run-length image, a function of a million
points, a negative line width). Beside them, bait files (folders/outside.*)
that the folders name and lsd must not read. FOLDERS.tsv gives each folder's
warning and exit status; tests/cli/trust_test.cpp opens every folder with
check, derive, render and run.
"""
import os
import shutil
import sys

MODEL_L = ("Lsystem: 1\nderivation length: 2\nAxiom: F(1)A\nA --> +F(1)A\nendlsystem\n")
OPEN_L = ("Lsystem: 1\nderivation length: 2\nAxiom: F(1)?E(0)A\nA --> +F(1)A\nendlsystem\n")
# A program that would leave a marker where the test says (LSD_TRUST_MARKER), and nothing without it.
MARK = 'touch "${LSD_TRUST_MARKER:?}"; exit 0\n'


def sgi_header(xs, ys, zs, rle):
    h = bytearray(512)
    h[0:2] = (474).to_bytes(2, "big")
    h[2] = 1 if rle else 0
    h[3] = 1
    h[4:6] = (3).to_bytes(2, "big")
    h[6:8] = xs.to_bytes(2, "big")
    h[8:10] = ys.to_bytes(2, "big")
    h[10:12] = zs.to_bytes(2, "big")
    return bytes(h)


def truncated_rle():
    """An 8 x 8 RGB run-length image whose rows point past its end."""
    rows = 8 * 3
    start = 512 + 8 * rows
    offsets = b"".join((start + 4 * r).to_bytes(4, "big") for r in range(rows))
    lengths = b"".join((4).to_bytes(4, "big") for _ in range(rows))
    data = bytes([0x88] + [200] * 8 + [0])  # one row's run, then the file ends
    return sgi_header(8, 8, 3, True) + offsets + lengths + data


def folder_set():
    """(folder, {file: bytes or str}, warning, exit status); a file named '@link' is a symbolic link."""
    spec = "cpfg plant.l plant.v\n"
    spec_e = "cpfg -e plant.e plant.l plant.v\n"
    view = "angle factor: 8\n"
    return [
        ("program_in_folder", {"specifications": spec_e, "plant.l": OPEN_L, "plant.v": view,
                               "plant.e": "executable: ./x.sh\n", "x.sh": "#!/bin/sh\n" + MARK},
         "was not started", 0),
        # `/bin/sh -e plant.e`: the .e file run as a shell script
        ("program_bin_sh", {"specifications": spec_e, "plant.l": OPEN_L, "plant.v": view,
                            "plant.e": MARK + "executable: /bin/sh\n"},
         "outside the model's folder", 0),
        ("program_on_path", {"specifications": spec_e, "plant.l": OPEN_L, "plant.v": view,
                             "plant.e": MARK + "executable: sh\n"},
         "--allow-path-programs", 0),
        ("include_passwd", {"specifications": spec, "plant.l": '#include "/etc/passwd"\n' + MODEL_L, "plant.v": view},
         "/etc/passwd", 0),
        ("parent_paths", {
            "specifications": "cpfg -m ../outside.map plant.l plant.v\n",
            "plant.l": '#include "../outside.h"\n#ifdef LEAK\n#error the outside file was read\n#endif\n' + MODEL_L,
            "plant.v": (view + "contour: 1 ../outside.con\ncontour: 2 link.con\nsurface: s ../outside.s 1\n"
                        "texture: F: ../outside.rgb\nfunction: ../outside.func\ncurve: ../outside.con\n"),
            "link.con": "@link:../outside.con"},
         "outside the model's folder", 0),
        ("texture_huge", {"specifications": spec, "plant.l": MODEL_L,
                          "plant.v": view + "texture: F: huge.ppm\ntexture: F: huge.rgb\n",
                          "huge.ppm": "P6\n100000 100000\n255\n", "huge.rgb": sgi_header(65535, 65535, 3, False)},
         "100000 x 100000", 0),
        ("texture_rle_cut", {"specifications": spec, "plant.l": MODEL_L, "plant.v": view + "texture: F: cut.rgb\n",
                             "cut.rgb": truncated_rle()},
         "cut short", 0),
        ("function_million", {"specifications": spec, "plant.l": MODEL_L, "plant.v": view + "function: big.func\n",
                              "big.func": "fver 1 1\nname: big\nsamples: 10\npoints: 1000000\n0 0\n0.5 1\n1 0\n"},
         "limit of 10,000 points", 0),
        ("view_negative_width", {"specifications": spec, "plant.l": MODEL_L,
                                 "plant.v": view + "initial line width: -5\nline style: cylinder\n"},
         "not negative", 0),
    ]


# Folders of tests/corpus/regressions/ (written by hand: inputs that once met
# undefined behaviour in a reader) that trust_test.cpp opens like the others.
REGRESSION_FOLDERS = [
    # colour indices, contour sides and a line width of +-1e300: converted to int unchecked once
    ("regressions/view_huge_numbers", "not negative", 0),
]


def bait():
    """The files beside the folders that they name: reading any of them would show."""
    con = "cver 1 3\nname: o\npoints: 4\ntype: closed\n1 0 0 1\n0 1 0 1\n-1 0 0 1\n0 -1 0 1\n"
    return {
        "outside.h": "#define LEAK 1\n",
        "outside.con": con,
        "outside.map": bytes(768),
        "outside.rgb": sgi_header(2, 2, 3, False) + bytes(12),
        "outside.func": "fver 1 1\nname: o\npoints: 4\n0 0\n0.3 1\n0.6 1\n1 0\n",
        "outside.s": "CONTACT POINT X: 0 Y: 0 Z: 0\n",
    }


def write_folders(corpus):
    FOLDERS = os.path.join(corpus, "folders")
    if os.path.isdir(FOLDERS):
        shutil.rmtree(FOLDERS)
    os.makedirs(FOLDERS)
    for name, data in sorted(bait().items()):
        with open(os.path.join(FOLDERS, name), "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
    rows = []
    for folder, members, warning, status in folder_set():
        d = os.path.join(FOLDERS, folder)
        os.makedirs(d)
        for name, data in sorted(members.items()):
            path = os.path.join(d, name)
            if isinstance(data, str) and data.startswith("@link:"):
                os.symlink(data[len("@link:"):], path)
                continue
            with open(path, "wb") as f:
                f.write(data.encode() if isinstance(data, str) else data)
            if name.endswith(".sh"):
                os.chmod(path, 0o755)
        rows.append((folder, warning, status))
    with open(os.path.join(corpus, "FOLDERS.tsv"), "w") as f:
        f.write("# folder\ta warning every command gives\texit status (folders/; tests/cli/trust_test.cpp). "
                "Written by scripts/make_corpus.py\n")
        for folder, warning, status in rows:
            f.write("folders/%s\t%s\t%d\n" % (folder, warning, status))
        for folder, warning, status in REGRESSION_FOLDERS:
            f.write("%s\t%s\t%d\n" % (folder, warning, status))
    print("make_corpus: %d hostile folders" % len(rows), file=sys.stderr)
