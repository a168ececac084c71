#!/usr/bin/env python3
"""Writes tests/corpus/: malformed inputs that lsd must reject with status 1 and
a located message, without crashing or hanging. Deterministic: the
same examples/ give the same files, byte for byte.

    python3 scripts/make_corpus.py          # rewrites tests/corpus/gen/ and tests/corpus/MANIFEST.tsv
    python3 scripts/make_corpus.py folders  # rewrites tests/corpus/folders/ and tests/corpus/FOLDERS.tsv only

Layout of tests/corpus/ (tests/cli/corpus_test.cpp runs every file, from that
folder):
  gen/          generated here; do not edit by hand
  hand/         written by hand
  regressions/  inputs that crashed or hung lsd once (from fuzzing or the corpus)
  support/      valid .ls files the string files are read with (not run alone)
  folders/      hostile vlab object folders, beside bait files
                (folders/outside.*) that they name and must not read;
                tests/cli/trust_test.cpp opens each with check, derive,
                render and run
  FOLDERS.tsv   folder, the warning every command gives, the exit status
  MANIFEST.tsv  file, command, arguments for files whose command is not the
                default; `{file}` stands for the file. Defaults: a .ls file runs
                `lsd check FILE`, a .txt string file runs
                `lsd derive support/base.ls --axiom-file FILE`.
Hand-written and regression files that need another command are listed in
EXTRA_MANIFEST below, so that regenerating keeps them.
"""
import os
import random
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_folders import write_folders  # noqa: E402  (the hostile model folders)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "corpus")
GEN = os.path.join(CORPUS, "gen")

# Commands of the hand-written and regression files (not generated here).
EXTRA_MANIFEST = [
    ("hand/runaway_decomposition.ls", "derive", "{file} --max-modules 100000"),
    ("hand/runaway_homomorphism.ls", "segments", "{file} --max-modules 100000"),
    ("hand/unstable_explicit.ls", "run", "{file} --time 2"),
    ("hand/living_string_bad_joint.txt", "run", "support/living.ls --axiom-file {file} --time 0.01"),
    ("hand/cpfg_gcyl_infinite_sides.l", "derive", "{file}"),
    # derive_fuzz: at t=4.8e13 s, t + dt == t, and the run never ended (here t=1e9, dt=1e-9)
    ("regressions/run_time_beyond_clock_precision.txt", "run", "support/living.ls --axiom-file {file} --time 1e9 --dt 1e-9"),
]

files = {}     # relative path -> bytes
manifest = []  # (relative path, command, args)


def add(name, content, command=None, args="{file}"):
    rel = "gen/" + name
    assert rel not in files, rel
    files[rel] = content.encode() if isinstance(content, str) else content
    if command:
        manifest.append((rel, command, args))


# ---------------------------------------------------------------- truncated examples

def code_mask(text):
    """True for every character outside comments."""
    mask = [True] * len(text)
    i = 0
    while i < len(text):
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = len(text) if j < 0 else j + 2
            for k in range(i, j):
                mask[k] = False
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = len(text) if j < 0 else j
            for k in range(i, j):
                mask[k] = False
            i = j
        else:
            i += 1
    return mask


def cut_points(text):
    """Points where cutting the file leaves it malformed, by kind."""
    mask = code_mask(text)
    cuts = []
    # inside the first and the last parameter list written in code: "expected ')'"
    opens = [i for i, c in enumerate(text) if c == "(" and mask[i]]
    if opens:
        cuts.append(("paren_first", opens[0] + 1))
        if len(opens) > 1:
            cuts.append(("paren_last", opens[-1] + 1))
        if len(opens) > 2:
            cuts.append(("paren_mid", opens[len(opens) // 2] + 1))
    # right after a binary operator inside parentheses: "expected an operand"
    depth = 0
    for i, c in enumerate(text):
        if not mask[i]:
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth > 0 and c in "*/^" and text[i - 1] not in "*/^":
            cuts.append(("operator", i + 1))
            break
    # inside a block comment: "unterminated comment"
    m = re.search(r"/\*", text)
    if m:
        end = text.find("*/", m.end())
        if end > m.end() + 2:
            cuts.append(("comment", (m.end() + end) // 2))
    # right after "axiom:": "'axiom:' needs a value"
    m = re.search(r"(?im)^[ \t]*axiom[ \t]*:", text)
    if m and mask[m.start()]:
        cuts.append(("axiom_key", m.end()))
    return cuts


def truncated_examples():
    ex = os.path.join(ROOT, "examples")
    paths = []
    for d, _, names in os.walk(ex):
        for n in names:
            if n.endswith(".ls"):
                paths.append(os.path.join(d, n))
    for p in sorted(paths):
        text = open(p, encoding="utf-8").read()
        stem = os.path.relpath(p, ex).replace(os.sep, "_")[:-3]
        for kind, at in cut_points(text):
            add("trunc_%s_%s.ls" % (stem, kind), text[:at])


# ---------------------------------------------------------------- binary garbage

def garbage():
    rng = random.Random(7)
    for k, size in enumerate([1, 16, 200, 4096, 65536]):
        add("garbage_random_%d.ls" % k, bytes(rng.randrange(256) for _ in range(size)))
    add("garbage_nul_only.ls", b"\0" * 1000)
    add("garbage_nul_in_axiom.ls", b"axiom: F\0F\nF --> FF\n")
    add("garbage_nul_in_production.ls", b"axiom: F\nF --> F\0[+F]F\n")
    add("garbage_nul_in_define.ls", b"#define a 1\0\naxiom: F(a)\n")
    add("garbage_utf8_in_axiom.ls", "axiom: F(1) \u00e9t\u00e9 F\n".encode())
    add("garbage_bad_utf8_in_axiom.ls", b"axiom: F \xff\xfe\xc3 F\n")
    add("garbage_bad_utf8_in_production.ls", b"axiom: A\nA --> F\x80\x81[+A]\n")
    add("garbage_bad_utf8_in_name.ls", b"#define \xe2\x82 1\naxiom: F\n")
    add("garbage_bad_utf8_key.ls", b"axi\xc3\xb6m: F\n")
    add("garbage_control_bytes.ls", b"axiom: F\x01\x02\x1b[31mF\n")
    add("garbage_elf_header.ls", b"\x7fELF\x02\x01\x01\0" + bytes(range(256)) * 4)
    add("garbage_utf16.ls", "axiom: F\nF --> FF\n".encode("utf-16"))
    add("garbage_crlf_mixed.ls", b"axiom: F\r\nF --> F[\r\n+F]\r")
    add("garbage_random_text_lines.ls", "\n".join(
        "".join(rng.choice("ABF+-[]()*,:<>|&^%!$'\"`~#{}.;0123456789 ") for _ in range(rng.randrange(1, 80)))
        for _ in range(300)) + "\n")
    # string files
    add("string_random_bytes.txt", bytes(rng.randrange(256) for _ in range(3000)))
    add("string_nul.txt", b"F F\0 F\n")
    add("string_bad_utf8.txt", b"F \xc3\x28 F\n")


# ---------------------------------------------------------------- deep nesting

def nesting():
    for n in (257, 10000, 50000):
        add("nest_parens_%d.ls" % n, "axiom: F(" + "(" * n + "1" + ")" * n + ")\n")
    add("nest_parens_unclosed.ls", "axiom: F(" + "(" * 50000 + "1\n")
    add("nest_parens_in_define.ls", "#define x " + "(" * 5000 + "1" + ")" * 5000 + "\naxiom: F(x)\n")
    add("nest_parens_in_condition.ls", "axiom: A(1)\nA(x) : " + "(" * 3000 + "x" + ")" * 3000 + " > 0 --> A(x)\n")
    add("nest_parens_in_succ.ls", "axiom: A(1)\nA(x) --> A(" + "(" * 3000 + "x" + ")" * 3000 + ")\n")
    add("nest_unary_minus.ls", "axiom: F(" + "- " * 20000 + "1)\n")
    add("nest_unary_not.ls", "axiom: F(" + "!" * 20000 + "1)\n")
    add("nest_power_chain.ls", "axiom: F(" + "^".join(["1"] * 20000) + ")\n")
    add("nest_ternary_chain.ls", "axiom: F(" + "1?" * 10000 + "1" + ":1" * 10000 + ")\n")
    add("nest_sum_chain.ls", "axiom: F(" + "+".join(["1"] * 50000) + ")\n")
    add("nest_product_chain_succ.ls", "axiom: A(1)\nA(x) --> A(" + "*".join(["x"] * 5000) + ")\n")
    add("nest_calls.ls", "axiom: F(" + "sin(" * 5000 + "1" + ")" * 5000 + ")\n")
    add("nest_unary_depth.ls", "axiom: F(" + "- " * 300 + "1)\n")  # one level too many, by unary signs
    add("nest_call_depth.ls", "axiom: F(" + "clamp(1, 1, " * 300 + "1" + ")" * 300 + ")\n")
    add("nest_brackets_unclosed.ls", "axiom: " + "[" * 50000 + "F\n")
    add("nest_brackets_unopened.ls", "axiom: F" + "]" * 50000 + "\n")
    add("nest_brackets_succ.ls", "axiom: A\nA --> " + "[" * 50000 + "A" + "]" * 49999 + "\n")
    add("nest_brackets_string.txt", "[ " * 20000 + "F\n")
    add("nest_parens_string.txt", "F(" + "(" * 20000 + "1\n")


# ---------------------------------------------------------------- huge numbers

def huge_numbers():
    add("huge_literal_axiom.ls", "axiom: F(1e999)\n")
    add("huge_literal_digits.ls", "axiom: F(" + "9" * 400 + ")\n")
    add("huge_define_product.ls", "#define x 1e308*10\naxiom: F(x)\n")
    add("huge_power_axiom.ls", "axiom: F(10^400)\n")
    add("huge_pow_call.ls", "axiom: F(pow(10, 400))\n")
    add("huge_exp.ls", "axiom: F(exp(1000))\n")
    add("huge_angle.ls", "angle: 10^400\naxiom: F\n")
    add("huge_step.ls", "step: 1e308*10\naxiom: F\n")
    add("huge_width.ls", "width: -1e308*10\naxiom: F\n")
    add("huge_derivation_length.ls", "derivation length: 1e999\naxiom: F\n")
    add("huge_derivation_length_int.ls", "derivation length: 10000000000\naxiom: F\n")
    add("huge_derivation_length_2e31.ls", "derivation length: 2^31\naxiom: F\n")
    add("huge_derivation_length_neg.ls", "derivation length: -1\naxiom: F\n")
    add("huge_derivation_length_frac.ls", "derivation length: 2.5\naxiom: F\n")
    add("huge_seed.ls", "seed: 1e999\naxiom: F\n")
    add("huge_max_depth.ls", "axiom: A\nA --> B\ndecomposition:\nmaximum depth: 1e9\nB --> C\n")
    add("huge_max_depth_100001.ls", "axiom: A\nhomomorphism:\nmaximum depth: 100001\nA --> F\n")
    add("huge_tropism.ls", "tropism: 0 -1 0 1e308*10\naxiom: F\n")
    add("huge_in_succ.ls", "derivation length: 1\naxiom: A\nA --> F(1e308*10)\n")
    add("huge_growing.ls", "derivation length: 2000\naxiom: A(2)\nA(x) --> A(x*x)\n", "derive")
    add("huge_dynamics_young.ls", "axiom: B(1,0.1)\ndynamics:\n  young: 1e999\n")
    add("huge_dynamics_gravity.ls", "axiom: B(1,0.1)\ndynamics:\n  gravity: 0 10^400 0\n")
    add("huge_string_param.txt", "F(1e999)\n")
    add("huge_string_digits.txt", "F(" + "9" * 400 + ")\n")
    add("huge_string_neg.txt", "F(-1e400)\n")


# ---------------------------------------------------------------- unbalanced brackets

def brackets():
    add("brackets_axiom_open.ls", "axiom: F[+F\n")
    add("brackets_axiom_close.ls", "axiom: F]+F\n")
    add("brackets_axiom_order.ls", "axiom: F][+F\n")
    add("brackets_succ_open.ls", "axiom: F\nF --> F[+F\n")
    add("brackets_succ_close.ls", "axiom: F\nF --> F+F]]\n")
    add("brackets_decomposition.ls", "axiom: A\ndecomposition:\nA --> [B\n")
    add("brackets_homomorphism.ls", "axiom: A\nhomomorphism:\nA --> F]\n")
    add("brackets_predecessor.ls", "axiom: F\n[ --> F\n")
    add("brackets_left_context.ls", "axiom: F\n[ F < F --> G\n")
    add("brackets_params_unclosed.ls", "axiom: F(1\n")
    add("brackets_params_extra.ls", "axiom: F(1))\n")
    add("brackets_string_close.txt", "F ] F\n")
    add("brackets_string_open.txt", "F [ F [ F ]\n")
    add("brackets_string_paren.txt", "F(1 F\n")


# ---------------------------------------------------------------- million-character lines

def long_lines():
    rng = random.Random(11)
    add("long_line_garbage.ls", "".join(rng.choice("+-*/()[]AB1 :<>") for _ in range(1000000)) + "\n")
    add("long_line_axiom_error_at_end.ls", "axiom: " + "F" * 999990 + " F(1,\n")
    add("long_line_name.ls", "axiom: F(" + "x" * 100000 + ")\n")
    add("long_line_string.txt", "F " * 100000 + "@Z\n")


# ---------------------------------------------------------------- NaN-producing expressions

def nans():
    for name, e in [("sqrt", "sqrt(-1)"), ("log", "log(0)"), ("zero_div", "0/0"), ("acos", "acos(2)"),
                    ("asin", "asin(-3)"), ("inf_minus_inf", "exp(1000)-exp(1000)"), ("div_zero", "1/0"),
                    ("mod_zero", "5%0"), ("pow_neg", "(-8)^(1/3)")]:
        add("nan_axiom_%s.ls" % name, "axiom: F(%s)\n" % e)
        add("nan_define_%s.ls" % name, "#define x %s\naxiom: F(x)\n" % e)
        add("nan_succ_%s.ls" % name, "derivation length: 1\naxiom: A\nA --> F(%s)\n" % e, "derive")
    add("nan_succ_param.ls", "derivation length: 3\naxiom: A(1)\nA(x) --> A(x-1) F(sqrt(x-1.5))\n", "derive")
    add("nan_succ_log_param.ls", "derivation length: 2\naxiom: A(0)\nA(x) --> A(log(x))\n", "derive")
    add("nan_decomposition.ls", "axiom: A(0)\ndecomposition:\nA(x) --> F(1/x)\n")
    add("nan_homomorphism.ls", "axiom: A(-1)\nhomomorphism:\nA(x) --> F(sqrt(x))\n", "segments")
    add("nan_angle.ls", "angle: acos(2)\naxiom: F\n")
    add("nan_step.ls", "step: 0/0\naxiom: F\n")
    add("nan_tropism.ls", "tropism: 0 -1 0 sqrt(-1)\naxiom: F\n")
    add("nan_derivation_length.ls", "derivation length: 0/0\naxiom: F\n")
    add("nan_dt.ls", "axiom: B(1,0.1)\ndynamics:\n  dt: log(0)\n")
    add("nan_define_cli.ls", "#define a 1\naxiom: F(a/(a-1))\n")
    add("nan_string.txt", "F(nan)\n")
    add("nan_string_inf.txt", "F(inf) F(-inf)\n")


# ---------------------------------------------------------------- structural errors in dynamics:

LIVING = "axiom: B(0.1, 0.01) J B(0.1, 0.01)\n"


def dynamics():
    bad_values = {
        "young_neg": "young: -1e9", "density_zero": "density: 0",
        "poisson_half": "poisson: 0.5", "poisson_low": "poisson: -1", "dt_zero": "dt: 0", "dt_neg": "dt: -0.001",
        "damping_neg": "damping: -1", "damping_ratio_neg": "damping ratio: -0.1", "drag_neg": "drag: -2",
        "grow_every_neg": "grow every: -1", "base_bad": "base: wobbly", "integrator_bad": "integrator: rk4",
        "body_bad": "body: B B", "joint_bad": "joint: ()", "gravity_two": "gravity: 1 2", "wind_one": "wind: 1",
        "wind_four": "wind: 1 2 3 4", "gravity_text": "gravity: down", "young_name": "young: E",
        "dt_random": "dt: ran(1)", "young_empty": "young:", "dt_two": "dt: 0.1 0.2",
    }
    for name, line in sorted(bad_values.items()):
        add("dyn_value_%s.ls" % name, LIVING + "dynamics:\n  " + line + "\n")
    add("dyn_key_unknown.ls", LIVING + "dynamics:\n  youngs modulus: 1e9\n")
    add("dyn_key_typo.ls", LIVING + "dynamics:\n  dampng: 0.1\n")
    add("dyn_key_twice.ls", LIVING + "dynamics:\n  dt: 0.001\n  dt: 0.002\n")
    add("dyn_damping_both.ls", LIVING + "dynamics:\n  damping: 0.1\n  damping ratio: 0.1\n")
    add("dyn_same_symbols.ls", LIVING + "dynamics:\n  body: J\n")
    add("dyn_production_inside.ls", LIVING + "dynamics:\n  B --> BB\n")
    add("dyn_header_inside.ls", LIVING + "dynamics:\n  angle: 30\n")
    add("dyn_two_sections.ls", LIVING + "dynamics:\n  dt: 0.001\ndynamics:\n  dt: 0.001\n")
    add("dyn_text_after.ls", LIVING + "dynamics: please\n")
    # structure: found when the model is built (lsd run)
    structure = {
        "joint_first": "axiom: J B(0.1, 0.01)",
        "joint_joint": "axiom: B(0.1, 0.01) J J B(0.1, 0.01)",
        "joint_bracket": "axiom: B(0.1, 0.01) J [ B(0.1, 0.01) ] B(0.1, 0.01)",
        "body_five_params": "axiom: B(0.1, 0.01, 900, 1e9, 7) J B(0.1, 0.01)",
        "body_zero_radius": "axiom: B(0.1, 0) J B(0.1, 0.01)",
        "body_neg_length": "axiom: B(-1, 0.01) J B(0.1, 0.01)",
        "body_neg_density": "axiom: B(0.1, 0.01, -5) J B(0.1, 0.01)",
        "body_neg_modulus": "axiom: B(0.1, 0.01, 900, -1) J B(0.1, 0.01)",
        "joint_three_params": "axiom: B(0.1, 0.01) J(0, 0, 0) B(0.1, 0.01)",
        "joint_zero_length": "axiom: B(0, 0.01) J B(0, 0.01)",
        "base_not_first": "axiom: B(0.1, 0.01) @Base(0,0,0,0,0,0,0,0,0,0,0,0) J B(0.1, 0.01)",
        "base_few_params": "axiom: @Base(0,0,0) B(0.1, 0.01)",
    }
    for name, axiom in sorted(structure.items()):
        add("dyn_structure_%s.ls" % name, axiom + "\ndynamics:\n", "run", "{file} --time 0.01")
    add("dyn_structure_grown_joint_joint.ls",
        "derivation length: 2\naxiom: B(0.1, 0.01) A\nA --> J A\ndynamics:\n", "run", "{file} --time 0.01")
    add("dyn_structure_grown_body_five_params.ls",
        "derivation length: 1\naxiom: B(0.1, 0.01) A\nA --> J B(1, 0.01, 900, 1e9, 7)\ndynamics:\n", "run",
        "{file} --time 0.01")
    # values that make the physics blow up or loop
    add("dyn_young_1e308.ls", LIVING.replace("J", "J(0.1,0,0,0,0,0)") + "dynamics:\n  young: 1e308\n", "run",
        "{file} --time 0.1")
    add("dyn_density_1e308.ls", LIVING.replace("J", "J(0.1,0,0,0,0,0)") + "dynamics:\n  density: 1e308\n", "run",
        "{file} --time 0.1")
    add("dyn_dt_1e-300.ls", LIVING + "dynamics:\n  dt: 1e-300\n", "run", "{file} --time 1")
    add("dyn_joint_huge_rotation.ls", "axiom: B(0.1,0.01) J(1e300,1e300,0,0,0,0) B(0.1,0.01)\ndynamics:\n", "run",
        "{file} --time 0.1")
    add("dyn_joint_huge_spin.ls", "axiom: B(0.1,0.01) J(0,0,0,1e300,0,0) B(0.1,0.01)\ndynamics:\n", "run",
        "{file} --time 0.1")
    add("dyn_grow_every_tiny.ls",
        "derivation length: 1000000000\naxiom: B(0.1,0.01) A\nA --> J B(0.1,0.01) A\n"
        "dynamics:\n  grow every: 1e-300\n", "run", "{file} --time 0.01 --max-modules 10000")
    add("dyn_string_bad.txt", "B(0.1, 0.01) J(0,0,0) B(0.1, 0.01)\n", "run",
        "support/living.ls --axiom-file {file} --time 0.01")
    add("dyn_string_joint_first.txt", "J(0,0,0,0,0,0) B(0.1, 0.01)\n", "run",
        "support/living.ls --axiom-file {file} --time 0.01")
    add("dyn_string_huge_rotation.txt", "B(0.1, 0.01) J(1e200,1e200,1e200,0,0,0) B(0.1, 0.01)\n", "run",
        "support/living.ls --axiom-file {file} --time 0.01")


# ---------------------------------------------------------------- runaway grammars

def runaway():
    add("runaway_double.ls", "derivation length: 60\naxiom: A\nA --> AA\n", "derive", "{file} --max-modules 100000")
    add("runaway_branching.ls", "derivation length: 60\naxiom: F\nF --> F[+F]F[-F]F\n", "derive",
        "{file} --max-modules 100000")
    add("runaway_params.ls", "derivation length: 60\naxiom: A(1,2,3,4,5,6,7,8)\n"
        "A(a,b,c,d,e,f,g,h) --> A(a,b,c,d,e,f,g,h) A(h,g,f,e,d,c,b,a)\n", "derive", "{file} --max-modules 100000")
    add("runaway_long_successor.ls", "derivation length: 60\naxiom: A\nA --> " + "A" * 5000 + "\n", "derive",
        "{file} --max-modules 100000")
    add("runaway_context.ls", "derivation length: 60\naxiom: B A\nB < A --> A B A\nA --> B A\n", "derive",
        "{file} --max-modules 100000")
    add("runaway_stochastic.ls", "seed: 3\nderivation length: 60\naxiom: A\nA --> AA : 1\nA --> AAA : 1\n", "derive",
        "{file} --max-modules 100000")
    add("runaway_segments.ls", "derivation length: 60\naxiom: F\nF --> FF\n", "segments", "{file} --max-modules 100000")
    add("runaway_n.ls", "axiom: A\nA --> AA\n", "derive", "{file} -n 1000000000 --max-modules 100000")
    add("runaway_axiom_limit.ls", "axiom: F F F F F F F F F F F F\n", "derive", "{file} --max-modules 10")
    add("runaway_string_limit.txt", "F " * 1000 + "\n", "derive",
        "support/base.ls --axiom-file {file} --max-modules 100")
    add("runaway_run.ls", "derivation length: 60\naxiom: B(0.1,0.01) A\nA --> A A\ndynamics:\n", "run",
        "{file} --time 0.01 --max-modules 100000")


# ---------------------------------------------------------------- other structural mistakes

def structure():
    cases = {
        "no_axiom": "derivation length: 3\nF --> FF\n",
        "empty_file": "",
        "only_comment": "/* nothing */\n",
        "comment_unterminated": "axiom: F /* no end\n",
        "axiom_twice": "axiom: F\naxiom: G\n",
        "axiom_empty": "axiom:\n",
        "axiom_variable": "axiom: F(x)\n",
        "axiom_random": "axiom: F(ran(1))\n",
        "unknown_key": "axoim: F\n",
        "unknown_directive": "#include <stdio.h>\naxiom: F\n",
        "define_no_value": "#define x\naxiom: F\n",
        "define_no_name": "#define 1 2\naxiom: F\n",
        "define_recursive": "#define x x+1\naxiom: F(x)\n",
        "pred_bracket_alone": "axiom: F\n] --> F\n",
        "pred_missing": "axiom: F\n --> F\n",
        "arrow_missing": "axiom: F\nF - F\n",
        "arrow_twice": "axiom: F\nF --> F --> F\n",
        "param_bound_twice": "axiom: A(1,2)\nA(x,x) --> A(x,x)\n",
        "pattern_expression": "axiom: A(1)\nA(x+1) --> A(x)\n",
        "undefined_name": "axiom: A(1)\nA(x) --> A(y)\n",
        "unknown_function": "axiom: A(1)\nA(x) --> A(frob(x))\n",
        "wrong_arity_call": "axiom: A(1)\nA(x) --> A(atan2(x))\n",
        "pattern_arity_never": "axiom: A(1)\nA(x,y) --> A(x)\n",
        "bad_weight": "seed: 1\naxiom: A\nA --> B :\n",
        "bad_condition": "axiom: A(1)\nA(x) : x > --> B\n",
        "star_value": "axiom: F(*)\n",
        "ignore_params": "ignore: F(1)\naxiom: F\n",
        "module_bad_name": "module: 1abc\naxiom: F\n",
        "builtin_unknown": "axiom: @Q(1)\n",
        "max_depth_outside": "maximum depth: 3\naxiom: F\n",
        "max_depth_negative": "axiom: A\ndecomposition:\nmaximum depth: -1\nA --> B\n",
        "max_depth_fraction": "axiom: A\ndecomposition:\nmaximum depth: 1.5\nA --> B\n",
        "section_twice": "axiom: A\ndecomposition:\nA --> B\ndecomposition:\nB --> C\n",
        "tropism_three": "tropism: 0 -1 0\naxiom: F\n",
        "continuation_end": "axiom: F(1, \\\n",
        "operator_end": "angle: 2 +\naxiom: F\n",
        "ternary_incomplete": "axiom: F(1 ? 2)\n",
        "axiom_after_endlsystem": "lsystem: x\nendlsystem\naxiom: F\n",
    }
    for name, text in sorted(cases.items()):
        add("struct_%s.ls" % name, text)
    add("string_unknown_builtin.txt", "F @Q(1) F\n")
    add("string_bad_number.txt", "F(1.2.3)\n")
    add("string_empty_param.txt", "F(1,,2)\n")
    add("string_missing_comma.txt", "F(1 2)\n")
    add("string_unclosed.txt", "F(1, 2\n")
    add("string_letters_param.txt", "F(abc)\n")
    add("string_garbage_punct.txt", "F \" F ` F\n")
    add("string_header_nan.txt", "# lsd t=nan step=1\nF\n")
    add("string_header_negative_step.txt", "# lsd t=0 step=-5\nF\n")
    add("string_header_negative_time.txt", "# lsd t=-1e300 step=0\nF\n")
    add("string_header_huge_step.txt", "# lsd t=0 step=2147483647\nF\n")
    add("string_many_errors.txt", "@Q " * 10000 + "\n")


def cpfg():
    """cpfg files (.l): the preprocessor, statements, blocks, arrays."""
    checked = {
        "block_unterminated": "Start: { i = 0;\naxiom: F\n",
        "block_no_braces": "Start: i = 0;\naxiom: F\n",
        "block_missing_semicolon": "Start: { i = 0 }\naxiom: F\n",
        "block_deep": "Start: {" + "if (1) {" * 400 + "}" * 400 + "}\naxiom: F\n",
        "block_loop_forever": "Start: {i = 0; while (1) {i = i + 1;}}\naxiom: F\n",
        "block_do_no_while": "Start: { do { i = 1; } }\naxiom: F\n",
        "block_else_alone": "Start: { else { i = 1; } }\naxiom: F\n",
        "block_assign_array_undeclared": "Start: { q[1] = 2; }\naxiom: F\n",
        "block_array_whole": "define: { array a[2]; }\nStart: { a = 2; }\naxiom: F\n",
        "block_address": "Start: { x = &y; }\naxiom: F\n",
        "block_printf_no_format": "Start: { printf(3); }\naxiom: F\n",
        "block_string_value": "Start: { x = \"text\"; }\naxiom: F\n",
        "array_huge": "define: { array a[100000][100000]; }\naxiom: F\n",
        "array_zero": "define: { array a[0]; }\naxiom: F\n",
        "array_twice": "define: { array a[2]; array a[3]; }\naxiom: F\n",
        "array_too_many_values": "define: { array a[2] = {1, 2, 3}; }\naxiom: F\n",
        # (a subscript out of range takes the nearest element in a .l file, as in cpfg: a warning)
        "array_nan_subscript": "define: { array a[2]; }\nStart: { a[sqrt(-1)] = 1; }\naxiom: F\n",
        "array_wrong_dimensions": "define: { array a[2][2]; }\naxiom: F(a[1])\n",
        "array_no_close": "define: { array a[2];\naxiom: F\n",
        "axiom_nan_global": "Start: {z = 0;}\naxiom: F(1/z)\n",
        "pred_unknown_builtin_successor": "axiom: F\nF --> @Q\n",
        "stmt_unknown_function": "axiom: A\nA : {x = frob(1);} * --> B\n",
        "stmt_bad_condition": "axiom: A\nA : {x = 1;} x > --> B\n",
        "pp_unterminated_if": "#if 1\naxiom: F\n",
        "pp_error_directive": "#error this model is broken\naxiom: F\n",
        "pp_missing_include": "#include \"no_such_file.l\"\naxiom: F\n",
        "pp_bad_macro": "#define F(x\naxiom: F\n",
        "pp_recursive_include": "#include \"cpfg_pp_recursive_include.l\"\naxiom: F\n",
    }
    for name, text in sorted(checked.items()):
        add("cpfg_%s.l" % name, text)
    derived = {
        "stmt_loop_forever": "axiom: A\nA : {while (1) {x = x + 1;}} * --> B\n",
        "stmt_array_nan_subscript": "define: { array a[2]; }\naxiom: A(-1)\nA(i) --> B(a[sqrt(i)])\n",
        "endeach_loop_forever": "derivation length: 2\nEndEach: {do {x = 1;} while (1);}\naxiom: A\n",
        "stmt_nan": "axiom: A(0)\nA(x) : {y = 1/x;} * --> B(y)\n",
    }
    for name, text in sorted(derived.items()):
        add("cpfg_%s.l" % name, text, "derive")


def main():
    if sys.argv[1:] == ["folders"]:
        return write_folders(CORPUS)
    write_folders(CORPUS)
    cpfg()
    truncated_examples()
    garbage()
    nesting()
    huge_numbers()
    brackets()
    long_lines()
    nans()
    dynamics()
    runaway()
    structure()
    if os.path.isdir(GEN):
        shutil.rmtree(GEN)
    os.makedirs(GEN)
    for rel, data in sorted(files.items()):
        with open(os.path.join(CORPUS, rel), "wb") as f:
            f.write(data)
    rows = sorted(manifest + EXTRA_MANIFEST)
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), "w") as f:
        f.write("# file\tcommand\targuments ({file} = the file; run from tests/corpus/). Written by "
                "scripts/make_corpus.py\n")
        for rel, cmd, args in rows:
            f.write("%s\t%s\t%s\n" % (rel, cmd, args))
    print("make_corpus: %d generated files, %d manifest rows" % (len(files), len(rows)), file=sys.stderr)


if __name__ == "__main__":
    main()
