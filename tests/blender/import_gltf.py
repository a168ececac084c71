# Imports a glTF with Blender's own importer and prints what Blender made of
# it, for tests/cli/gltf_test.cpp ("Blender imports ...", [.slow]):
#
#   blender -b --factory-startup --python tests/blender/import_gltf.py -- FILE.glb FPS NODE BIRTH
#
# prints one line "RESULT objects N animations N keyframes N duration S
# scale_before X scale_after Y": the objects, the glTF animations (Blender
# makes one action per animated object, named "<animation>_<node>"), the
# keyframes of every F-curve, the animation's length in seconds at FPS, and
# the scale of object NODE half a frame before and at time BIRTH.
import sys

import bpy
import numpy

# Debian 12's Blender 3.4 importer still uses numpy.bool, which numpy 1.24 removed.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

path, fps, node, birth = sys.argv[sys.argv.index("--") + 1:][:4]
fps, birth = float(fps), float(birth)
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = int(round(fps))  # the importer turns seconds into frames at this rate
bpy.ops.import_scene.gltf(filepath=path)

keyframes = 0
first, last = float("inf"), float("-inf")
for action in bpy.data.actions:
    for curve in action.fcurves:
        keyframes += len(curve.keyframe_points)
        for k in curve.keyframe_points:
            first, last = min(first, k.co[0]), max(last, k.co[0])

# The importer names an action "<animation>_<node>" and our nodes "step_<k>...":
# strip the node's name to count the glTF animations.
names = {a.name[: a.name.find("_step_")] if "_step_" in a.name else a.name for a in bpy.data.actions}


def scale_at(obj, seconds):
    frame = seconds * fps
    for curve in obj.animation_data.action.fcurves:
        if curve.data_path == "scale" and curve.array_index == 0:
            return curve.evaluate(frame)
    return obj.scale[0]


obj = bpy.data.objects[node]
print("RESULT objects %d animations %d keyframes %d duration %.9g scale_before %g scale_after %g"
      % (len(bpy.data.objects), len(names), keyframes, (last - first) / fps,
         scale_at(obj, birth - 0.5 / fps), scale_at(obj, birth)))
