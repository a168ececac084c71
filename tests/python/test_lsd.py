"""The Python module against the command line: the same strings, trajectories
(bit for bit), pictures, segments and files for the same inputs; bad input as
clean Python exceptions (docs/python.md)."""
import os
import threading
import _thread
import warnings

import numpy as np
import pytest

import lsd


def read_png(path):
    import matplotlib.image
    return (matplotlib.image.imread(path)[..., :3] * 255).round().astype(np.uint8)


def test_fig1_24a_derive_one_step(example):
    assert lsd.load(example("abop/fig1_24a.ls")).derive(1).string == "F [ + F ] F [ - F ] F"


@pytest.mark.parametrize("rel", ["abop/fig1_24a.ls", "abop/fig1_31a.ls", "abop/fig2_8a.ls", "abop/fig1_37.ls", "dynamics/herb.ls",
                                 "dynamics/bean.ls"])
def test_strings_equal_lsd_derive(rel, example, cli):
    ls = lsd.load(example(rel)).derive()
    assert ls.string + "\n" == cli("derive", example(rel)).stdout
    names, offsets, params = ls.modules
    assert len(names) == len(ls) == len(offsets) - 1 and len(params) == offsets[-1]
    name, p = ls.module(len(ls) - 1)
    assert name == names[-1] and np.array_equal(p, params[offsets[-2]:offsets[-1]])


def test_defines_and_seed_as_on_the_command_line(example, cli, tmp_path):
    f = example("dynamics/cantilever.ls")
    ours = lsd.Simulation(lsd.load(f, defines={"E": 810e6}))
    ours.advance(0.5)
    cli("run", f, "-D", "E=810e6", "--time", "0.5", "-o", str(tmp_path / "e.str"))
    assert ours.string + "\n" == (tmp_path / "e.str").read_text().splitlines(True)[-1]
    g = example("abop/fig2_8a.ls")
    assert lsd.load(g, seed=7).derive().string + "\n" == cli("derive", g, "--seed", "7").stdout


def test_cantilever_save_is_lsd_run_o(example, cli, tmp_path):
    f = example("dynamics/cantilever.ls")
    sim = lsd.Simulation(lsd.load(f))
    sim.advance(3.0)
    sim.save(str(tmp_path / "py.str"))
    cli("run", f, "--time", "3", "-o", str(tmp_path / "cli.str"))
    assert (tmp_path / "py.str").read_bytes() == (tmp_path / "cli.str").read_bytes()


def test_herb_trajectory_bit_for_bit_and_resumed(example, cli, tmp_path):
    f = example("dynamics/herb.ls")
    sim = lsd.Simulation(lsd.load(f), dt=1 / 60, wind=(1.5, 0, 0))
    for t in (0.5, 1.5):
        sim.advance_to(t)
        sim.save(str(tmp_path / "py.str"))
        cli("run", f, "--dt", str(1 / 60), "--wind", "1.5,0,0", "--time", str(t), "-o", str(tmp_path / "cli.str"))
        assert (tmp_path / "py.str").read_bytes() == (tmp_path / "cli.str").read_bytes(), t
    # resumed from the saved string, as lsd run --axiom-file does
    again = lsd.Simulation(lsd.load(f, axiom_file=str(tmp_path / "cli.str")), dt=1 / 60, wind=(1.5, 0, 0))
    again.advance_to(2.0)
    again.save(str(tmp_path / "py2.str"))
    cli("run", f, "--axiom-file", str(tmp_path / "cli.str"), "--dt", str(1 / 60), "--wind", "1.5,0,0", "--time", "2",
        "-o", str(tmp_path / "cli2.str"))
    assert (tmp_path / "py2.str").read_bytes() == (tmp_path / "cli2.str").read_bytes()


def test_bodies_are_arrays_of_the_pose(example):
    sim = lsd.Simulation(lsd.load(example("dynamics/cantilever.ls")))
    sim.advance(1.0)
    b = sim.bodies
    n = sim.nbodies
    assert b.positions.shape == (n, 3) and b.orientations.shape == (n, 3, 3) and b.parents.shape == (n,)
    assert b.velocities.shape == (n, 3) and b.angular_velocities.shape == (n, 3)
    assert b.parents[0] == -1 and all(b.parents[i] < i for i in range(n))
    # each body's origin is its parent's far end: parent position + parent length along its axis
    for i in range(2, n):
        p = b.parents[i]
        heading = b.orientations[p][:, 0]  # the columns are the body's H, L, U: its axis is the heading
        assert np.allclose(b.positions[i], b.positions[p] + b.lengths[p] * heading, atol=1e-12)
    for q in b.orientations:
        assert np.allclose(q.T @ q, np.eye(3), atol=1e-12)
    assert b.positions[-1][1] < 0  # the tip sags under gravity


def test_energy_matches_the_trace(example, cli, tmp_path):
    f = example("dynamics/cantilever.ls")
    sim = lsd.Simulation(lsd.load(f))
    sim.advance(0.25)
    cli("run", f, "--time", "0.25", "--trace", str(tmp_path / "t.csv"))
    last = (tmp_path / "t.csv").read_text().splitlines()[-1].split(",")
    e = sim.energy()
    assert [e["kinetic"], e["gravitational"], e["elastic"]] == [float(x) for x in last[4:7]]
    assert e["total"] == e["kinetic"] + e["gravitational"] + e["elastic"]


def test_contacts_as_lsd_run_contacts(example, cli, tmp_path):
    f = example("dynamics/propped.ls")
    sim = lsd.Simulation(lsd.load(f))
    sim.advance(1.0)
    c = sim.contacts()
    cli("run", f, "--time", "1", "--trace-every", "1", "--contacts", str(tmp_path / "c.csv"))
    rows = [r.split(",") for r in (tmp_path / "c.csv").read_text().splitlines()[1:] if r.startswith("1,")]
    assert len(c) == len(rows) > 0
    for ours, theirs in zip(c, rows):
        assert ours["body"] == int(theirs[1]) and ours["other"] == int(theirs[2]) and ours["kind"] == theirs[3]
        assert list(ours["point"]) == [float(x) for x in theirs[4:7]]
        assert ours["normal_force"] == float(theirs[10])


def test_pull_bends_the_tip(example):
    f = example("dynamics/cantilever.ls")
    free, pulled = lsd.Simulation(lsd.load(f)), lsd.Simulation(lsd.load(f))
    tip = pulled.nbodies - 1
    pulled.pull(tip, (0, 5.0, 0))
    free.advance(1.0)
    pulled.advance(1.0)
    assert pulled.bodies.positions[tip][1] > free.bodies.positions[tip][1] + 0.01
    pulled.release()
    with pytest.raises(lsd.Error, match="not one of the plant's"):
        pulled.pull(1000, (0, 1, 0))


def test_picture_is_lsd_renders(example, cli, tmp_path):
    f = example("dynamics/herb.ls")
    ours = lsd.Simulation(lsd.load(f)).render(320, 240, azimuth=30, elevation=10)
    sim = lsd.Simulation(lsd.load(f))
    sim.advance(1.0)
    moved = sim.render(320, 240)
    cli("render", f, "--time", "0", "--width", "320", "--height", "240", "--azimuth", "30", "--elevation", "10",
        "-o", str(tmp_path / "a.png"))
    cli("render", f, "--time", "1", "--width", "320", "--height", "240", "-o", str(tmp_path / "b.png"))
    assert ours.shape == (240, 320, 3) and ours.dtype == np.uint8
    assert np.array_equal(ours, read_png(tmp_path / "a.png"))
    assert np.array_equal(moved, read_png(tmp_path / "b.png"))
    assert ours._repr_png_().startswith(b"\x89PNG")
    still = lsd.load(example("abop/fig1_24a.ls")).derive(2)
    cli("render", example("abop/fig1_24a.ls"), "-n", "2", "--width", "200", "--height", "200", "-o",
        str(tmp_path / "c.png"))
    assert np.array_equal(still.render(200, 200), read_png(tmp_path / "c.png"))


def test_segments_and_exports_as_the_cli(example, cli, tmp_path):
    f = example("dynamics/herb.ls")
    sim = lsd.Simulation(lsd.load(f))
    sim.advance(0.5)
    text = cli("segments", f, "--time", "0.5").stdout
    theirs = np.array([[float(x) for x in r.split(",")] for r in text.splitlines()[1:]])
    assert np.array_equal(lsd.segments(sim), theirs)
    sim.export_obj(str(tmp_path / "py.obj"))
    sim.export_gltf(str(tmp_path / "py.glb"))
    cli("export", f, "--time", "0.5", "--fps", "2", "-o", str(tmp_path / "cli.glb"))
    cli("export", f, "--time", "0.5", "-o", str(tmp_path / "cli.obj"))
    for ext in ("obj", "mtl"):
        assert (tmp_path / ("py." + ext)).read_text() == (tmp_path / ("cli." + ext)).read_text().replace("cli.", "py.")
    animated = lsd.Simulation(lsd.load(f))
    animated.export_gltf(str(tmp_path / "anim.glb"), until=0.5, fps=2)
    assert (tmp_path / "anim.glb").read_bytes() == (tmp_path / "cli.glb").read_bytes()
    assert (tmp_path / "py.glb").read_bytes()[:4] == b"glTF"


def test_bent_rods_export_as_the_cli(example, cli, tmp_path):
    # the tendril's skinned tube (docs/animation.md, "Curved rods"): the same frames, the same bytes
    f = example("dynamics/tendril.ls")
    cli("export", f, "--time", "1.2", "--fps", "10", "-o", str(tmp_path / "cli.glb"))
    lsd.Simulation(lsd.load(f)).export_gltf(str(tmp_path / "py.glb"), until=1.2, fps=10)
    data = (tmp_path / "py.glb").read_bytes()
    assert data == (tmp_path / "cli.glb").read_bytes()
    assert b'"skins"' in data and b"JOINTS_0" in data


def test_video(example, tmp_path):
    import shutil, subprocess
    sim = lsd.Simulation(lsd.load(example("dynamics/herb.ls")))
    sim.export_mp4(str(tmp_path / "v.mp4"), until=1.0, fps=10, width=160, height=120)
    assert abs(sim.time - 0.9) < 1e-9  # the last frame's time (a frame lasts 1/fps)
    if shutil.which("ffprobe"):
        out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                              "stream=nb_read_frames,width,height", "-of", "csv=p=0", str(tmp_path / "v.mp4")],
                             capture_output=True, text=True, check=True).stdout.strip()
        assert out == "160,120,10"


def test_broken_file_raises_a_located_error(tmp_path):
    bad = tmp_path / "bad.ls"
    bad.write_text("axiom: A(1)\nA(x) : x > 0 --> A(x+1) C\nC --> [F(1)\n")
    with pytest.raises(lsd.Error) as e:
        lsd.load(str(bad))
    assert e.value.path == str(bad) and e.value.line == 3 and e.value.column == 7
    assert "unbalanced brackets" in str(e.value) and isinstance(e.value, Exception)
    with pytest.raises(lsd.Error) as e:
        lsd.load(str(tmp_path / "missing.ls"))
    assert "missing.ls" in str(e.value)
    with pytest.raises(lsd.Error) as e:
        lsd.parse("axiom: A\nA --> B(\n")
    assert e.value.path == "<string>" and e.value.line == 2


def test_bad_arguments_raise(example):
    ls = lsd.load(example("dynamics/cantilever.ls"))
    with pytest.raises(lsd.Error, match="dt must be a number from"):
        lsd.Simulation(ls, dt=-0.01)
    with pytest.raises(lsd.Error, match="wrong type"):
        lsd.Simulation(ls, dt="fast")
    with pytest.raises(lsd.Error, match="integrator must be"):
        lsd.Simulation(ls, integrator="rk4")
    with pytest.raises(TypeError):
        lsd.load(42)
    with pytest.raises(lsd.Error, match="n must be from 0"):
        lsd.load(example("abop/fig1_24a.ls")).derive(10**12)
    with pytest.raises(lsd.Error, match="n must be from 0"):
        lsd.load(example("abop/fig1_24a.ls")).derive(-1)
    sim = lsd.Simulation(ls)
    with pytest.raises(lsd.Error):
        sim.advance(1e300)  # a run that could not end is refused, as lsd run refuses it
    with pytest.raises(lsd.Error, match="width and height"):
        sim.render(4, 4)


def test_runaway_grammar_stops_with_an_error(tmp_path):
    f = tmp_path / "double.ls"
    f.write_text("axiom: A\nA --> A A\n")
    ls = lsd.load(str(f), max_modules=1000)  # as --max-modules
    with pytest.raises(lsd.Error, match="1000"):
        ls.derive(20)
    assert ls.step == 9 and len(ls) == 512  # the last complete string stays


def test_warnings_go_through_python(tmp_path):
    f = tmp_path / "plant.ls"
    f.write_text("axiom: B(1, 0.1)\ndynamics:\n  fuse after: 0.5\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lsd.load(str(f))
    assert any(issubclass(w.category, lsd.LsdWarning) and "fuse after" in str(w.message) for w in caught)


def test_ctrl_c_stops_a_long_run_cleanly(example, tmp_path):
    sim = lsd.Simulation(lsd.load(example("dynamics/bush2000.ls")))
    timer = threading.Timer(0.5, _thread.interrupt_main)  # runs only if the run released the GIL
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sim.advance(1e4)
    timer.join()
    t = sim.time
    assert 0 < t < 1e4
    sim.advance(0.1)  # nothing corrupted: it goes on, and saves
    assert sim.time == pytest.approx(t + 0.1, abs=sim.dt)
    sim.save(str(tmp_path / "after.str"))
    again = lsd.Simulation(lsd.load(example("dynamics/bush2000.ls"), axiom_file=str(tmp_path / "after.str")))
    assert again.string == sim.string


def test_help_is_useful():
    assert "lsd run" in lsd.Simulation.__doc__
    assert "lsd.Error" in lsd.load.__doc__
    assert "(n, 3)" in lsd.Bodies.__doc__ or "(n, 3)" in lsd.Simulation.bodies.__doc__
