"""Imports a glTF of lsd (`lsd export FILE.ls --time T --fps F -o plant.glb`)
into Blender, ready to play and render:

    blender --background --python scripts/blender_import.py -- plant.glb
            [--render out.mp4 | --render frames/####.png] [--frames A-B]
            [--resolution WxH] [--engine cycles|eevee|workbench] [--samples N]
            [--save plant.blend]

- works around Debian 12 Blender 3.4's importer, which uses `numpy.bool`
  (removed in numpy 1.24);
- sets the scene's frame rate from the file before importing (the importer
  turns seconds into frames at the scene's rate; lsd's keyframes are
  1/F s apart) and its frame range from the imported actions' keyframes
  (the herb over 10 s at 30 fps: frames 0-300);
- adds a camera and a sun light that frame the plant over the whole
  animation (organs appear as they are derived);
- optionally renders the animation: an MP4 (H.264) or numbered PNGs
  (`#` in the name is the frame number; `%04d` works too), by default with
  Cycles on the processor at 32 samples (no GPU or display needed; EEVEE
  works too, after some 10 s of compiling its shaders on Mesa's llvmpipe);
  `--frames 0-30` renders a part (and makes it the scene's range).

On the command line the startup scene's own objects (cube, camera, light)
are removed first and the world becomes a light sky. From Blender's text editor (Text > Open, Run Script) it
registers File > Import > "lsd glTF (.glb/.gltf)" and opens its file
browser; the plant is added to the current scene.

It prints one line, e.g.
`lsd: plant.glb: 535 objects, frames 0-300 at 30 fps (10 s), camera 'lsd camera' at 1.83 m`.
See README.md ("Animations") and docs/animation.md ("Blender").
"""
import argparse
import json
import math
import os
import re
import struct
import sys
import traceback

import bpy
import numpy
from mathutils import Vector

# Debian 12's Blender 3.4 importer still uses numpy.bool, which numpy 1.24 removed.
if "bool" not in vars(numpy):
    numpy.bool = bool

CAMERA_NAME = "lsd camera"
LIGHT_NAME = "lsd light"


# ---------------------------------------------------------------- the file's animation

def gltf_json(path):
    """The JSON part of a .glb (its first chunk) or of a .gltf."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"glTF":
        length, kind = struct.unpack_from("<II", data, 12)
        if kind != 0x4E4F534A:  # "JSON"
            raise ValueError("%s: the first chunk of the .glb is not JSON" % path)
        return json.loads(data[20:20 + length])
    return json.loads(data)


def animation_rate(path):
    """(frames per second, seconds) of the file's animation, or (None, 0)
    for a still plant. lsd samples its animation every 1/F s: each sampler's
    input is a run of those instants, so the longest run gives F."""
    doc = gltf_json(path)
    best, seconds = None, 0.0
    for anim in doc.get("animations", []):
        for sampler in anim.get("samplers", []):
            acc = doc["accessors"][sampler["input"]]
            lo, hi = acc.get("min", [0])[0], acc.get("max", [0])[0]
            seconds = max(seconds, hi)
            if acc["count"] >= 2 and hi > lo and (best is None or acc["count"] > best[0]):
                best = (acc["count"], lo, hi)
    if best is None:
        return None, seconds
    count, lo, hi = best
    return (count - 1) / (hi - lo), seconds


# ---------------------------------------------------------------- import

def import_plant(path, fps=None):
    """Imports the file into the current scene with its frame rate and frame
    range; returns the imported objects and the rate found in the file."""
    scene = bpy.context.scene
    found, _ = animation_rate(path)
    rate = fps or found
    if rate:
        scene.render.fps = max(1, int(round(rate)))  # the importer reads render.fps (an integer)
        scene.render.fps_base = 1.0
        if abs(scene.render.fps - rate) > 1e-3:
            print("lsd: the file's %.6g fps is not whole: Blender plays it at %d fps" % (rate, scene.render.fps))
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=path)
    objects = [o for o in bpy.data.objects if o not in before]
    first, last = keyframe_range(objects)
    if first is not None:
        scene.frame_start = int(math.floor(first + 1e-6))
        scene.frame_end = int(math.ceil(last - 1e-6))
        scene.frame_set(scene.frame_start)
    return objects, rate


def keyframe_range(objects):
    """The first and last keyframe of the objects' actions (None, None without any)."""
    first, last = None, None
    for obj in objects:
        action = obj.animation_data.action if obj.animation_data else None
        if not action:
            continue
        for curve in action.fcurves:
            for k in curve.keyframe_points:
                first = k.co[0] if first is None else min(first, k.co[0])
                last = k.co[0] if last is None else max(last, k.co[0])
    return first, last


def visible_meshes(objects):
    """The mesh objects shown at the current frame: lsd hides an organ before
    its derivation step (and a replaced one after) with a scale of 0."""
    return [o for o in objects if o.type == "MESH" and abs(o.matrix_world.determinant()) > 1e-12]


def plant_box(scene, objects, samples=12):
    """The box of every shown mesh at `samples` frames across the range: the
    space the whole animation takes. (lo, hi) as Vectors, or None."""
    lo, hi = Vector((math.inf,) * 3), Vector((-math.inf,) * 3)
    start, end = scene.frame_start, scene.frame_end
    frames = sorted({int(round(start + (end - start) * i / max(samples - 1, 1))) for i in range(samples)})
    current = scene.frame_current
    for frame in frames:
        scene.frame_set(frame)
        for obj in visible_meshes(objects):
            for corner in obj.bound_box:
                p = obj.matrix_world @ Vector(corner)
                lo = Vector(map(min, lo, p))
                hi = Vector(map(max, hi, p))
    scene.frame_set(current)
    return (lo, hi) if lo.x <= hi.x else None


# ---------------------------------------------------------------- camera and light

def frame_plant(scene, box, elevation_deg=15.0, azimuth_deg=0.0):
    """A camera looking at the box's centre from the front (-Y), a little from
    above, far enough for the box's bounding sphere to fit the picture; a sun
    light from the upper left."""
    lo, hi = box
    centre = (lo + hi) / 2
    radius = max((hi - lo).length / 2, 1e-3)
    cam_data = bpy.data.cameras.new(CAMERA_NAME)
    cam = bpy.data.objects.new(CAMERA_NAME, cam_data)
    scene.collection.objects.link(cam)
    width, height = scene.render.resolution_x, scene.render.resolution_y
    # cam_data.angle spans the larger side of the picture (sensor fit AUTO).
    half = math.atan(math.tan(cam_data.angle / 2) * min(width, height) / max(width, height))
    distance = radius / math.sin(half) * 1.05
    el, az = math.radians(elevation_deg), math.radians(azimuth_deg)
    direction = Vector((math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)))
    cam.location = centre + distance * direction
    cam.rotation_euler = (-direction).to_track_quat("-Z", "Y").to_euler()
    cam_data.clip_start = max(distance - 2 * radius, distance * 1e-3)
    cam_data.clip_end = distance + 2 * radius
    scene.camera = cam

    light_data = bpy.data.lights.new(LIGHT_NAME, type="SUN")
    light_data.energy = 2.5
    light = bpy.data.objects.new(LIGHT_NAME, light_data)
    light.rotation_euler = (math.radians(40), 0.0, math.radians(-30))
    light.location = centre + Vector((0, 0, 2 * radius))
    scene.collection.objects.link(light)
    return cam, distance


def light_world(scene):
    """A light grey-blue sky (lsd's background) that also lights the shadows."""
    world = scene.world or bpy.data.worlds.new("lsd world")
    scene.world = world
    world.use_nodes = True
    background = world.node_tree.nodes.get("Background")
    if background:
        background.inputs["Color"].default_value = (0.6, 0.65, 0.7, 1.0)
        background.inputs["Strength"].default_value = 1.0
    world.color = (0.6, 0.65, 0.7)


# ---------------------------------------------------------------- render

def output_format(out):
    """(path with # for the frame number, Blender's file format) of --render OUT."""
    out = re.sub(r"%0?(\d*)d", lambda m: "#" * max(int(m.group(1) or 1), 1), out)  # frames/%04d.png -> ####
    if out.lower().endswith(".mp4"):
        return out, "FFMPEG"
    if "#" in out and out.lower().endswith(".png"):
        return out, "PNG"
    raise SystemExit("lsd: --render needs an .mp4 or numbered PNG frames such as frames/####.png, not '%s'" % out)


def set_up_render(scene, out, engine="cycles", resolution=None, samples=32, frames=None):
    """Output, engine and frames of the render; returns the frames (first, last)."""
    if resolution:
        scene.render.resolution_x, scene.render.resolution_y = resolution
        scene.render.resolution_percentage = 100
    scene.render.engine = {"cycles": "CYCLES", "eevee": "BLENDER_EEVEE", "workbench": "BLENDER_WORKBENCH"}[engine]
    if engine == "cycles":
        scene.cycles.device = "CPU"
        scene.cycles.samples = samples
        scene.cycles.use_denoising = False
    if frames:
        scene.frame_start, scene.frame_end = frames
    out, file_format = output_format(out)
    scene.render.image_settings.file_format = file_format
    if file_format == "FFMPEG":
        scene.render.ffmpeg.format = "MPEG4"
        scene.render.ffmpeg.codec = "H264"
        scene.render.ffmpeg.constant_rate_factor = "MEDIUM"
    scene.render.filepath = os.path.abspath(out)
    scene.render.use_file_extension = False
    return scene.frame_start, scene.frame_end


# ---------------------------------------------------------------- command line and text editor

def summary(path, objects, rate, scene, distance):
    seconds = (scene.frame_end - scene.frame_start) / scene.render.fps if rate else 0
    return "lsd: %s: %d objects, frames %d-%d at %d fps (%.4g s), camera '%s' at %.3g m" % (
        os.path.basename(path), len(objects), scene.frame_start, scene.frame_end, scene.render.fps, seconds,
        CAMERA_NAME, distance)


def set_up_scene(path, fps=None, resolution=None):
    scene = bpy.context.scene
    if resolution:
        scene.render.resolution_x, scene.render.resolution_y = resolution
    objects, rate = import_plant(path, fps)
    box = plant_box(scene, objects)
    distance = 0.0
    if box:
        _, distance = frame_plant(scene, box)
    print(summary(path, objects, rate, scene, distance))
    return objects


def parse_args(argv):
    def size(text):
        m = re.fullmatch(r"(\d+)x(\d+)", text)
        if not m:
            raise argparse.ArgumentTypeError("'%s' is not WIDTHxHEIGHT" % text)
        return int(m.group(1)), int(m.group(2))

    def frame_span(text):
        m = re.fullmatch(r"(-?\d+)(?:-(-?\d+))?", text)
        if not m:
            raise argparse.ArgumentTypeError("'%s' is not FIRST-LAST or one frame" % text)
        a = int(m.group(1))
        return a, int(m.group(2)) if m.group(2) else a

    ap = argparse.ArgumentParser(prog="blender --background --python blender_import.py --",
                                 description="Imports an lsd glTF into Blender and frames it; optionally renders it.")
    ap.add_argument("file", help="the .glb or .gltf written by lsd export")
    ap.add_argument("--render", metavar="OUT", help="out.mp4, or numbered frames such as frames/####.png")
    ap.add_argument("--frames", type=frame_span, metavar="A-B", help="render only frames A to B (or one frame)")
    ap.add_argument("--resolution", type=size, default=(960, 960), metavar="WxH", help="default 960x960")
    ap.add_argument("--engine", choices=["cycles", "eevee", "workbench"], default="cycles")
    ap.add_argument("--samples", type=int, default=32, help="Cycles samples per pixel (default 32)")
    ap.add_argument("--fps", type=float, help="the frame rate, when the file's is not wanted")
    ap.add_argument("--save", metavar="FILE.blend", help="save the scene")
    return ap.parse_args(argv)


def main(argv):
    a = parse_args(argv)
    if not os.path.isfile(a.file):
        raise SystemExit("lsd: cannot open '%s'" % a.file)
    if a.render:
        output_format(a.render)  # a bad name fails before the import
    scene = bpy.context.scene
    for obj in list(scene.objects):  # the startup scene's cube, camera and light
        bpy.data.objects.remove(obj)
    light_world(scene)
    scene.view_settings.view_transform = "Standard"  # lsd's colours as they are (Filmic pales them)
    set_up_scene(a.file, a.fps, a.resolution)
    if a.save:
        bpy.ops.wm.save_as_mainfile(filepath=os.path.abspath(a.save))
    if a.render:
        first, last = set_up_render(scene, a.render, a.engine, a.resolution, a.samples, a.frames)
        print("lsd: rendering frames %d-%d to %s" % (first, last, scene.render.filepath))
        bpy.ops.render.render(animation=True)


class ImportLsdGltf(bpy.types.Operator):
    """Import a glTF of lsd with its frame rate and range, a camera and a light"""
    bl_idname = "import_scene.lsd_gltf"
    bl_label = "Import lsd glTF"
    bl_options = {"REGISTER", "UNDO"}

    filepath: bpy.props.StringProperty(subtype="FILE_PATH")
    filter_glob: bpy.props.StringProperty(default="*.glb;*.gltf", options={"HIDDEN"})

    def invoke(self, context, event):
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        set_up_scene(self.filepath)
        return {"FINISHED"}


def menu_entry(self, context):
    self.layout.operator(ImportLsdGltf.bl_idname, text="lsd glTF (.glb/.gltf)")


def register():
    bpy.utils.register_class(ImportLsdGltf)
    bpy.types.TOPBAR_MT_file_import.append(menu_entry)


if __name__ == "__main__":
    if "--" in sys.argv:
        try:
            main(sys.argv[sys.argv.index("--") + 1:])
        except Exception:  # Blender would print it and exit 0: exit 1
            traceback.print_exc()
            raise SystemExit(1)
    else:  # Blender's text editor: File > Import > lsd glTF, and its file browser now
        if not hasattr(bpy.types, "IMPORT_SCENE_OT_lsd_gltf"):
            register()
        bpy.ops.import_scene.lsd_gltf("INVOKE_DEFAULT")
