"""lsd: bracketed parametric L-systems whose plants are living mechanical bodies.

    import lsd
    ls = lsd.load("examples/dynamics/herb.ls")     # an LSystem
    print(ls.derive(1).string)                     # the string as `lsd derive -n 1` prints it
    sim = lsd.Simulation(lsd.load("examples/dynamics/herb.ls"), dt=1/60)
    sim.advance(3.0)                               # grows and sways, as `lsd run --time 3`
    sim.bodies.positions                           # (n, 3) NumPy array, metres
    sim.render(480, 480)                           # an (h, w, 3) picture, shown inline in Jupyter
    sim.save("herb_3s.str")                        # the file `lsd run --time 3 -o herb_3s.str` writes

The user's guide is docs/python.md; every error is an lsd.Error, every
warning an lsd.LsdWarning through Python's warnings module.
"""
import struct as _struct
import zlib as _zlib

import numpy as _np

from ._errors import Error, LsdWarning
from . import _lsd
from ._lsd import LSystem, __version__, load, parse

__all__ = ["Error", "LsdWarning", "LSystem", "Simulation", "Bodies", "Picture", "load", "parse", "segments",
           "__version__"]


class Picture(_np.ndarray):
    """An (h, w, 3) uint8 picture (rows top first) that Jupyter shows inline."""

    def _repr_png_(self):
        return png_bytes(self)


def png_bytes(rgb):
    """The PNG file of an (h, w, 3) uint8 array."""
    rgb = _np.ascontiguousarray(rgb, dtype=_np.uint8)
    h, w = rgb.shape[:2]
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return _struct.pack(">I", len(data)) + kind + data + _struct.pack(">I", _zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", _struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", _zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def _render(obj, width, height, azimuth, elevation, distance, target, fov):
    rgb = obj._render(int(width), int(height), azimuth, elevation, distance,
                      None if target is None else tuple(float(v) for v in target), fov)
    return rgb.view(Picture)


def _lsystem_render(self, width=800, height=800, azimuth=None, elevation=None, distance=None, target=None, fov=None):
    """The picture `lsd render` draws of the derived string: an (h, w, 3) uint8 array.

    The camera frames the plant unless azimuth, elevation (degrees), distance, target (x, y, z)
    or fov (degrees) say otherwise, as lsd render's options do."""
    return _render(self, width, height, azimuth, elevation, distance, target, fov)


LSystem.render = _lsystem_render
LSystem._repr_png_ = lambda self: png_bytes(self.render(480, 480))


class Bodies:
    """The bodies of a simulation's current pose, one NumPy array per field (SI units, world axes).

    positions (n, 3): each body's origin (its joint); orientations (n, 3, 3): its axes H, L, U (the
    turtle's heading, left and up; the cylinder lies along H) as columns;
    velocities (n, 3): the velocity of its origin; angular_velocities (n, 3); lengths (n,) and
    radii (n,) of its cylinders; parents (n,): the parent body's index, -1 for the root.
    The arrays are copies made at once (one per field), not views of the running state."""

    __slots__ = ("positions", "orientations", "velocities", "angular_velocities", "lengths", "radii", "parents")

    def __init__(self, fields):
        for name in self.__slots__:
            setattr(self, name, fields[name])

    def __len__(self):
        return len(self.parents)

    def __repr__(self):
        return "<lsd.Bodies of %d bodies>" % len(self)


CONTACT_DTYPE = _np.dtype([("body", "i8"), ("other", "i8"), ("kind", "U16"), ("point", "f8", 3),
                           ("normal", "f8", 3), ("normal_force", "f8"), ("tangential", "f8", 3)])


class Simulation(_lsd.Simulation):
    __doc__ = _lsd.Simulation.__doc__

    @property
    def bodies(self):
        """The bodies of the current pose: an lsd.Bodies of NumPy arrays (see help(lsd.Bodies))."""
        return Bodies(self._body_fields())

    def contacts(self):
        """Every contact and tie force of the current state, as a NumPy structured array with the
        fields of `lsd run --contacts`: body, other (-1 unless a self contact, graft or weld), kind,
        point (m), normal, normal_force (N), tangential (N)."""
        cols = self._contact_columns()
        out = _np.zeros(len(cols["body"]), dtype=CONTACT_DTYPE)
        for name in CONTACT_DTYPE.names:
            out[name] = cols[name]
        return out

    def render(self, width=800, height=800, azimuth=None, elevation=None, distance=None, target=None, fov=None):
        """The picture `lsd render` draws of the current state: an (h, w, 3) uint8 array, shown
        inline in Jupyter. The camera frames the plant unless azimuth, elevation (degrees),
        distance, target (x, y, z) or fov (degrees) say otherwise."""
        return _render(self, width, height, azimuth, elevation, distance, target, fov)

    def _repr_png_(self):
        return png_bytes(self.render(480, 480))

    def __repr__(self):
        return "<lsd.Simulation t=%g s, step %d, %d bodies>" % (self.time, self.step, self.nbodies)


def segments(obj):
    """The (n, 7) array of `lsd segments` (x0, y0, z0, x1, y1, z1, width) of an LSystem's string or
    a Simulation's current pose."""
    return obj.segments()
