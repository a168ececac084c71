# What scripts/blender_import.py made of an lsd glTF, for
# tests/blender/blender_import_test.cpp ([.slow][blender]). Run after it:
#
#   blender -b --factory-startup --python scripts/blender_import.py --python tests/blender/probe_scene.py -- FILE.glb
#
# prints one line "PROBE fps F start S end E camera C light L startup N
# shown_start A shown_middle B shown_end C outside O": the scene's frame rate
# and range, whether the camera (the scene's) and the light exist, how many
# objects of the startup scene are left, the meshes shown at the first,
# middle and last frames, and the corners of shown meshes that fall outside
# the camera's picture at 12 frames across the range (the startup scene's
# cube, when left, is not counted as a mesh).
import bpy
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Vector

scene = bpy.context.scene
meshes = [o for o in scene.objects if o.type == "MESH" and o.name != "Cube"]  # the plant's (not the startup cube)


def shown():
    return [o for o in meshes if abs(o.matrix_world.determinant()) > 1e-12]


def shown_at(frame):
    scene.frame_set(frame)
    return len(shown())


start, end = scene.frame_start, scene.frame_end
outside = 0
for i in range(12):
    scene.frame_set(int(round(start + (end - start) * i / 11)))
    for o in shown():
        for corner in o.bound_box:
            p = world_to_camera_view(scene, scene.camera, o.matrix_world @ Vector(corner))
            if not (0 <= p.x <= 1 and 0 <= p.y <= 1 and p.z > 0):
                outside += 1
print("PROBE fps %d start %d end %d camera %d light %d startup %d shown_start %d shown_middle %d shown_end %d "
      "outside %d" % (scene.render.fps, start, end, int(scene.camera is not None and scene.camera.name == "lsd camera"),
                      int("lsd light" in scene.objects),
                      sum(name in scene.objects for name in ("Cube", "Camera", "Light")),
                      shown_at(start), shown_at((start + end) // 2), shown_at(end), outside))
