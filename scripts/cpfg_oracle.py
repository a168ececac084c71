"""The reference cpfg for scripts/cpfg_tally.py: runs the real cpfg (vlab's,
built from vlab's public source by scripts/cpfg-oracle/build.sh) on a vlab
model, caches what it writes, and reads its two outputs: the derived string
(`-str`) and the geometry it draws (`-ray`, its rayshade scene).

A development tool: lsd's build and tests never need cpfg.

cpfg's string (`.str`): modules one after another without separators, a
module is one character and, only if it has parameters, `(p1,p2,...)`, each
printed with `%g`; cpfg breaks lines at about 70 characters. lsd's string
(`lsd derive`): modules separated by blanks, multi-character modules spelled
whole (`@O(1)`), which cpfg stores as consecutive one-character modules (`@`
then `O(1)`). Both are turned into lists of (symbol, parameters) of
one-character symbols and compared with parameters within a relative
tolerance.
"""
import hashlib
import math
import os
import re
import shlex
import shutil
import subprocess
import tempfile

REL_TOL = 1e-4


# ---------------------------------------------------------------- the model
def spec_line(folder, lfile):
    """The words of the folder's `cpfg ... lfile ...` command line, or []."""
    try:
        text = open(os.path.join(folder, "specifications"), errors="replace").read()
    except OSError:
        return []
    for line in text.splitlines():
        words = line.strip().split()
        if not words or words[0] != "cpfg":
            continue
        try:
            args = shlex.split(line.strip())
        except ValueError:
            args = words
        if lfile in args:
            return args
    return []


def cpfg_files(folder, lfile):
    """(view file, environment file, options to keep) for cpfg, from the command line."""
    args = spec_line(folder, lfile)[1:]
    view = env = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-e" and i + 1 < len(args):
            env = args[i + 1]
            i += 2
            continue
        if a in ("-w", "-wr", "-wp", "-wpr") and i + 2 < len(args):
            i += 3
            continue
        if re.fullmatch(r"-(m\d*|M\d*|a)", a):
            i += 1 if a == "-a" else 2
            continue
        if a.endswith(".v") and view is None:
            view = a
        i += 1
    if view and not os.path.exists(os.path.join(folder, view)):
        view = None
    if view is None:
        base = os.path.splitext(lfile)[0] + ".v"
        vs = [f for f in os.listdir(folder) if f.endswith(".v")]
        view = base if os.path.exists(os.path.join(folder, base)) else (vs[0] if len(vs) == 1 else None)
    return view, env


def line_style(folder, view):
    """cpfg's line style of a view file (cpfg's interpret.c, ReadViewData):
    pixel by default; `initial line width: w` makes it polygon, or pixel /
    cylinder when followed by a word starting with p / s; `line style:` sets it."""
    style = "pixel"
    try:
        lines = open(os.path.join(folder, view), errors="replace").read().splitlines() if view else []
    except OSError:
        lines = []
    for l in lines:
        m = re.match(r"\s*initial line width:\s*\S+\s*(\S*)", l, re.I)
        if m:
            w = m.group(1).lower()
            style = "pixel" if w.startswith("p") else "cylinder" if w.startswith("s") else "polygon"
        m = re.match(r"\s*line style:\s*(\S+)", l, re.I)
        if m:
            w = m.group(1).lower()
            if w in ("pixel", "polygon", "cylinder"):
                style = w
            elif w[:1] in "123":
                style = ("pixel", "polygon", "cylinder")[int(w[0]) - 1]
    return style


# ---------------------------------------------------------------- running cpfg
def cache_key(name, steps):
    h = hashlib.sha1(("%s|%s" % (name, steps)).encode()).hexdigest()[:10]
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)[-80:] + "." + h


def run_cpfg(bin_dir, folder, lfile, name, cache, steps=None, timeout=300, env_programs=True, extra=(),
             copy_only=None):
    """Runs cpfg on FOLDER/LFILE (or reads its cached results): a dict with
    'rc', 'str' (the string, lines joined, or None), 'ray' (the .ray text or
    None) and 'log' (cpfg's messages). `name` names the cache entry."""
    key = os.path.join(cache, cache_key(name, steps)) if cache else None
    if key and os.path.exists(key + ".rc"):
        out = {"rc": int(open(key + ".rc").read() or 0)}
        for k in ("str", "ray", "log"):
            p = key + "." + k
            out[k] = open(p, errors="replace").read() if os.path.exists(p) else None
        return out
    view, env = cpfg_files(folder, lfile)
    work = tempfile.mkdtemp(prefix="cpfg_oracle_")
    try:
        if copy_only:   # only these files of the folder (a folder of many small cases)
            for f in copy_only:
                shutil.copy(os.path.join(folder, f), work)
            views = [f for f in copy_only if f.endswith(".v")]
            view = views[0] if views else None
        else:
            shutil.copytree(folder, work, dirs_exist_ok=True, symlinks=True)
        with open(os.path.join(work, "_oracle.map"), "wb") as f:
            f.write(bytes(768))
        if view is None:
            open(os.path.join(work, "_oracle_empty.v"), "w").close()
            view = "_oracle_empty.v"
        args = [os.path.join(bin_dir, "cpfg"), "-g", "-m", "_oracle.map"] + list(extra)
        if env:
            args += ["-e", env]
        if steps is not None:
            with open(os.path.join(work, "_oracle.a"), "w") as f:
                f.write("first frame: %d\nlast frame: %d\nstep: 1\n" % (steps, steps))
            args += ["-a", "-str", "_o.%d.str", "-ray", "_o.%d.ray", lfile, view, "_oracle.a"]
            sfile, rfile = "_o.%d.str" % steps, "_o.%d.ray" % steps
        else:
            args += ["-str", "_o.str", "-ray", "_o.ray", lfile, view]
            sfile, rfile = "_o.str", "_o.ray"
        envir = dict(os.environ)
        envir["PATH"] = bin_dir + os.pathsep + envir.get("PATH", "")
        if env_programs:
            src_bin = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(bin_dir))), "src", ".binaries", "bin")
            envir["PATH"] = src_bin + os.pathsep + envir["PATH"]
        try:
            p = subprocess.run(args, cwd=work, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL, env=envir)
            rc, log = p.returncode, (p.stdout + p.stderr).decode(errors="replace")
        except subprocess.TimeoutExpired as e:
            rc, log = 124, "timeout after %d s\n" % timeout + ((e.stdout or b"") + (e.stderr or b"")).decode(errors="replace")
        out = {"rc": rc, "log": log}
        for k, fname in (("str", sfile), ("ray", rfile)):
            p = os.path.join(work, fname)
            out[k] = open(p, errors="replace").read() if os.path.exists(p) and os.path.getsize(p) else None
        if out["str"] is not None:
            out["str"] = out["str"].replace("\n", "")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if key:
        os.makedirs(cache, exist_ok=True)
        for k in ("str", "ray", "log"):
            if out[k] is not None:
                with open(key + "." + k, "w") as f:
                    f.write(out[k])
        with open(key + ".rc", "w") as f:
            f.write(str(rc))
    return out


# ---------------------------------------------------------------- strings
def parse_cpfg_string(text):
    """cpfg's string as [(symbol, [params...])] of one-character symbols."""
    mods, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        i += 1
        params = []
        if i < n and text[i] == "(":
            j = text.index(")", i)
            params = [float(v) for v in text[i + 1:j].split(",") if v.strip() != ""]
            i = j + 1
        mods.append((c, params))
    return mods


def parse_lsd_string(text):
    """lsd's string (`lsd derive` output) as cpfg stores it: [(symbol, params)]
    with one-character symbols (a name of several characters is that many
    modules, the parameters on the last)."""
    mods = []
    body = "\n".join(l for l in text.splitlines() if not l.startswith("# lsd "))  # a saved string's header
    for tok in re.finditer(r"([^\s(]+)(\(([^)]*)\))?", body):
        name, plist = tok.group(1), tok.group(3)
        params = [float(v) for v in plist.split(",")] if plist is not None and plist.strip() != "" else []
        for ch in name[:-1]:
            mods.append((ch, []))
        mods.append((name[-1], params))
    return mods


def same_number(a, b, rel=REL_TOL):
    if a == b:
        return True
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= rel * max(abs(a), abs(b)) or abs(a - b) < 1e-30


def fmt_module(m):
    c, p = m
    return c + ("(" + ",".join("%g" % v for v in p) + ")" if p else "")


def first_difference(lsd, cpfg, rel=REL_TOL):
    """None when the module lists agree, else (k, lsd module text, cpfg module text)
    with k counted from 1."""
    for k in range(max(len(lsd), len(cpfg))):
        a = lsd[k] if k < len(lsd) else None
        b = cpfg[k] if k < len(cpfg) else None
        if a is None or b is None or a[0] != b[0] or len(a[1]) != len(b[1]) or \
                not all(same_number(x, y, rel) for x, y in zip(a[1], b[1])):
            return (k + 1, fmt_module(a) if a else "(end)", fmt_module(b) if b else "(end)")
    return None


# ---------------------------------------------------------------- geometry
NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(inf|nan)$")
KEYWORDS = {"cylinder", "cone", "sphere", "disc", "poly", "polygon", "triangle", "triangleuv", "object", "name",
            "grid", "list", "end", "transform", "translate", "scale", "rotate", "applysurf", "surface", "texture",
            "map", "eyep", "lookp", "up", "fov", "screen", "background", "light", "box", "ambient", "diffuse",
            "specular", "specpow", "reflect", "transp", "body", "extinct", "index", "noshadow", "directional",
            "point", "outfile", "maxdepth", "sample", "report", "shadowtransp", "aperture", "focaldist", "plane"}


def _tokens(text):
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        for w in s.split():
            yield w


def _rot(axis, deg):
    x, y, z = axis
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    x, y, z = x / n, y / n, z / n
    c, s, t = math.cos(math.radians(deg)), math.sin(math.radians(deg)), 1 - math.cos(math.radians(deg))
    # rows: images of the x, y, z axes (rayshade's row-vector convention)
    return [[t * x * x + c, t * x * y + s * z, t * x * z - s * y],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c]]


def parse_ray(text, main="_o"):
    """The primitives of cpfg's rayshade output, in world coordinates: a dict
    of lists: 'line' (r0, p0, r1, p1), 'sphere' (r, c), 'disc' (r, c, n),
    'face' (a list of vertices: poly, triangle, and the triangles of every
    view-file surface instance `object X`, placed by its scale, rotate or
    transform and translate). 'unknown': words not understood."""
    toks = list(_tokens(text))
    out = {"line": [], "sphere": [], "disc": [], "face": [], "unknown": [], "rotate": 0}
    objects, current = {}, None   # name -> list of faces (local coordinates) being defined
    i, n = 0, len(toks)

    def numbers(j):
        vals = []
        while j < n and NUM.match(toks[j]):
            vals.append(float(toks[j]))
            j += 1
        return vals, j

    def skip_names(j):
        while j < n and not NUM.match(toks[j]) and toks[j] not in KEYWORDS:
            j += 1
        return j

    pending = None  # an object instance being placed: [faces, scale, matrix, translate]

    def flush():
        nonlocal pending
        if pending is None:
            return
        faces, sc, m, tr = pending
        for f in faces:
            w = []
            for (x, y, z) in f:
                x, y, z = x * sc[0], y * sc[1], z * sc[2]
                if m is not None:
                    x, y, z = (x * m[0][0] + y * m[1][0] + z * m[2][0], x * m[0][1] + y * m[1][1] + z * m[2][1],
                               x * m[0][2] + y * m[1][2] + z * m[2][2])
                w.append((x + tr[0], y + tr[1], z + tr[2]))
            out["face"].append(w)
        pending = None

    while i < n:
        w = toks[i]
        if w in ("transform", "translate", "scale", "rotate") and pending is not None:
            vals, j = numbers(i + 1)
            if w == "scale" and len(vals) >= 3:
                pending[1] = vals[:3]
            elif w == "translate" and len(vals) >= 3:
                pending[3] = vals[:3]
            elif w == "transform" and len(vals) >= 9:
                pending[2] = [vals[0:3], vals[3:6], vals[6:9]]
            elif w == "rotate" and len(vals) >= 4:
                pending[2] = _rot(vals[:3], vals[3])
                out["rotate"] += 1
            i = j
            continue
        flush()
        if w == "name" and i + 1 < n:
            nm = toks[i + 1]
            if i + 2 < n and toks[i + 2] == "object":   # "name X object Y ..." : an alias
                i += 2
                continue
            # the scene itself is named after the output file (_o...: run_cpfg's); others are
            # view-file surfaces (one letter, or the letter and 2), defined to be placed by `object`
            current = None if nm.startswith(main) else objects.setdefault(nm, [])
            i += 2
            continue
        if w == "end":
            current = None
            i += 1
            continue
        if w == "object" and i + 1 < n:
            nm = toks[i + 1]
            if nm in objects and current is None:
                pending = [objects[nm], [1, 1, 1], None, [0, 0, 0]]
            i += 2
            continue
        if w in ("cylinder", "cone", "sphere", "disc", "poly", "triangle", "triangleuv"):
            vals, j = numbers(skip_names(i + 1))
            target = out if current is None else None
            if w == "cylinder" and len(vals) >= 7:
                if target:
                    out["line"].append((vals[0], vals[1:4], vals[0], vals[4:7]))
            elif w == "cone" and len(vals) >= 8:
                if target:
                    out["line"].append((vals[0], vals[1:4], vals[4], vals[5:8]))
            elif w == "sphere" and len(vals) >= 4:
                if target:
                    out["sphere"].append((vals[0], vals[1:4]))
            elif w == "disc" and len(vals) >= 7:
                if target:
                    out["disc"].append((vals[0], vals[1:4], vals[4:7]))
            elif w == "poly" and len(vals) >= 9:
                f = [tuple(vals[k:k + 3]) for k in range(0, len(vals) - 2, 3)]
                (out["face"] if target else current).append(f)
            elif w in ("triangle", "triangleuv"):
                per = len(vals) // 3
                f = [tuple(vals[k * per:k * per + 3]) for k in range(3)]
                (out["face"] if target else current).append(f)
            i = j
            continue
        i += 1
    flush()
    return out


def parse_lsd_primitives(text):
    """`lsd segments --primitives` in the classes of parse_ray."""
    out = {"line": [], "sphere": [], "disc": [], "face": [], "smooth": 0}
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "segment":  # x0 y0 z0 x1 y1 z1 width [end width]
            v = [float(x) for x in w[1:9]]
            out["line"].append((v[6] / 2, v[0:3], v[-1] / 2, v[3:6]))
        elif w[0] == "sphere":
            v = [float(x) for x in w[1:5]]
            out["sphere"].append((v[3] / 2, v[0:3]))
        elif w[0] == "polygon":
            k, smooth = int(w[1]), w[2] == "1"
            v = [float(x) for x in w[3:3 + 3 * k]]
            out["face"].append([tuple(v[j:j + 3]) for j in range(0, 3 * k, 3)])
            out["smooth"] += smooth
    return out


def _dist(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def bbox_diagonal(prims):
    lo, hi = [1e300] * 3, [-1e300] * 3
    pts = [p for l in prims["line"] for p in (l[1], l[3])] + [s[1] for s in prims["sphere"]] + \
        [d[1] for d in prims["disc"]] + [p for f in prims["face"] for p in f]
    for p in pts:
        for c in range(3):
            lo[c], hi[c] = min(lo[c], p[c]), max(hi[c], p[c])
    return _dist(lo, hi) if pts else 0.0


def _face_vertices(faces, tol):
    """The distinct vertices of all faces (equal to within tol / 1000), by
    cells of size tol: a dict from cell to the list of its vertices."""
    cells = {}
    fine = tol * 1e-3
    for f in faces:
        for p in f:
            cell = cells.setdefault(tuple(int(math.floor(c / tol)) for c in p), {})
            cell.setdefault(tuple(int(math.floor(c / fine)) for c in p), p)
    return {k: list(v.values()) for k, v in cells.items()}


def _unmatched(a, b, tol):
    """Vertices of cell dict a with no vertex of b within tol (every vertex of
    b in the 27 cells around is tried)."""
    bad = []
    for key, pts in a.items():
        near = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dz in (-1, 0, 1):
                    near.extend(b.get((key[0] + dx, key[1] + dy, key[2] + dz), ()))
        for p in pts:
            if not any(_dist(p, q) <= tol for q in near):
                bad.append(p)
    return bad


def _fmt_p(p):
    return "(%s)" % ",".join("%.4g" % c for c in p)


def _disc_of(f):
    """(r, centre, unit normal) of a regular polygon of 16 vertices (lsd's @c), else None."""
    if len(f) != 16:
        return None
    c = [sum(p[k] for p in f) / 16 for k in range(3)]
    rs = [_dist(p, c) for p in f]
    r = sum(rs) / 16
    if r <= 0 or max(abs(x - r) for x in rs) > 1e-6 * r:
        return None
    a = [f[0][k] - c[k] for k in range(3)]
    b = [f[4][k] - c[k] for k in range(3)]
    nrm = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    ln = math.sqrt(sum(x * x for x in nrm)) or 1
    return (r, c, [x / ln for x in nrm])


def compare_geometry(lsd, cpfg, pixel=False, rel_pos=1e-3, rel_width=0.01):
    """None when lsd's primitives are cpfg's within the tolerances (positions
    within rel_pos of cpfg's bounding box diagonal, radii within rel_width),
    else a list of reasons, each starting with its class and a colon. Lines
    and spheres are compared one by one in drawing order (lsd's segments
    shorter than cpfg's cut-off of sqrt(1e-5) or of width 0 are dropped, as
    cpfg's writer drops them). cpfg's discs with lsd's regular 16-gons (its @c), in
    order. Faces (polygons, triangles of generalized cylinders and surfaces)
    by their vertices: every vertex of one side must have a vertex of the
    other within the tolerance (so a quad matches its two triangles). In the
    pixel line style lsd's widths must be one multiple of cpfg's pixels."""
    diag = bbox_diagonal(cpfg) or bbox_diagonal(lsd) or 1.0
    tol = rel_pos * diag
    why = []
    ll = [l for l in lsd["line"] if sum((a - b) ** 2 for a, b in zip(l[1], l[3])) > 1e-5 and l[0] > 0]
    cl = cpfg["line"]
    if len(ll) != len(cl):
        why.append("line count: lsd %d, cpfg %d" % (len(ll), len(cl)))
    for k, (a, b) in enumerate(zip(ll, cl)):
        if _dist(a[1], b[1]) > tol or _dist(a[3], b[3]) > tol:
            why.append("line position: %d of %d: lsd %s-%s / cpfg %s-%s" % (
                k + 1, len(cl), _fmt_p(a[1]), _fmt_p(a[3]), _fmt_p(b[1]), _fmt_p(b[3])))
            break
    if not pixel:
        for k, (a, b) in enumerate(zip(ll, cl)):
            if abs(a[0] - b[0]) > rel_width * max(abs(b[0]), 1e-12) or abs(a[2] - b[2]) > rel_width * max(abs(b[2]), 1e-12):
                kind = "cone" if b[0] != b[2] else "cylinder"
                why.append("line width%s: %d: lsd r %.4g-%.4g / cpfg %s r %.4g-%.4g" % (
                    " (cpfg cone)" if kind == "cone" else "", k + 1, a[0], a[2], kind, b[0], b[2]))
                break
    else:
        # cpfg writes pixels, lsd world widths of one pixel size (1/400 of the
        # plant): the start widths must be one common multiple of cpfg's
        # (cpfg's lines keep the width they start with; the cone it writes
        # ends with the width of the node's end, which its OpenGL lines ignore).
        ratios = sorted(a[0] / b[0] for a, b in zip(ll, cl) if b[0] > 0)
        scale = ratios[len(ratios) // 2] if ratios else 1.0
        for k, (a, b) in enumerate(zip(ll, cl)):
            if abs(a[0] - scale * b[0]) > rel_width * scale * max(b[0], 1e-12):
                why.append("line width (pixels): %d: lsd r %.4g / cpfg r %.4g pixels x %.4g" % (k + 1, a[0], b[0], scale))
                break
    ls_, cs = lsd["sphere"], cpfg["sphere"]
    if len(ls_) != len(cs):
        why.append("sphere count: lsd %d, cpfg %d" % (len(ls_), len(cs)))
    for k, (a, b) in enumerate(zip(ls_, cs)):
        if _dist(a[1], b[1]) > tol or abs(a[0] - b[0]) > rel_width * max(abs(b[0]), 1e-12):
            why.append("sphere: %d: lsd r %.4g at %s / cpfg r %.4g at %s" % (k + 1, a[0], _fmt_p(a[1]), b[0], _fmt_p(b[1])))
            break
    lf, discs = [], []
    for f in lsd["face"]:
        d = _disc_of(f)
        (discs if d else lf).append(d or f)
    cd = cpfg["disc"]
    if len(discs) != len(cd):
        why.append("disc count: lsd %d, cpfg %d" % (len(discs), len(cd)))
    for k, (a, b) in enumerate(zip(discs, cd)):
        n = math.sqrt(sum(x * x for x in b[2])) or 1
        if _dist(a[1], b[1]) > tol or abs(a[0] - b[0]) > rel_width * max(abs(b[0]), 1e-12) or \
                abs(abs(sum(x * y / n for x, y in zip(a[2], b[2]))) - 1) > 1e-3:
            why.append("disc: %d: lsd r %.4g at %s / cpfg r %.4g at %s" % (k + 1, a[0], _fmt_p(a[1]), b[0], _fmt_p(b[1])))
            break
    cf = cpfg["face"]
    if lf or cf:
        lv, cv = _face_vertices(lf, tol), _face_vertices(cf, tol)
        a, b = _unmatched(lv, cv, tol), _unmatched(cv, lv, tol)
        if a or b:
            why.append("faces: lsd %d, cpfg %d: %d of lsd's %d vertices not cpfg's (e.g. %s), %d of cpfg's %d not lsd's"
                       " (e.g. %s)" % (len(lf), len(cf), len(a), sum(map(len, lv.values())), _fmt_p(a[0]) if a else "-", len(b),
                                       sum(map(len, cv.values())),
                                       _fmt_p(b[0]) if b else "-"))
    return why or None
