# Imports a glTF with skinned rods (docs/animation.md, "Curved rods") with
# Blender's own importer and writes the world positions of the skinned
# tube's vertices at one time, evaluated (its armature's pose applied), for
# tests/cli/gltf_skin_test.cpp ([.slow][blender]):
#
#   blender -b --factory-startup --python tests/blender/skinned_rods.py -- FILE.glb FPS SECONDS OUT.csv
#
# prints "RESULT armatures N skinned N shown N moved X": the armatures and
# the meshes with an armature modifier the import made, the skinned meshes
# whose vertices are not collapsed (their interval shown at that time), and
# the largest distance (m) of a shown vertex from its place in the bind pose;
# OUT.csv gets x,y,z of every shown vertex, in glTF's axes (Blender's z up
# turned back to glTF's y up).
import sys

import bpy
import numpy

if not hasattr(numpy, "bool"):  # Debian 12's Blender 3.4 importer still uses numpy.bool
    numpy.bool = bool

path, fps, seconds, out = sys.argv[sys.argv.index("--") + 1:][:4]
fps, seconds = float(fps), float(seconds)
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = int(round(fps))
bpy.ops.import_scene.gltf(filepath=path)
bpy.context.scene.frame_set(int(round(seconds * fps)))
graph = bpy.context.evaluated_depsgraph_get()

armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
skinned = [o for o in bpy.data.objects if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers)]
shown, moved, rows = 0, 0.0, []
for obj in skinned:
    bind = [obj.matrix_world @ v.co for v in obj.data.vertices]
    ev = obj.evaluated_get(graph)
    mesh = ev.to_mesh()
    world = [ev.matrix_world @ v.co for v in mesh.vertices]
    ev.to_mesh_clear()
    lo = [min(p[c] for p in world) for c in range(3)]
    hi = [max(p[c] for p in world) for c in range(3)]
    if max(hi[c] - lo[c] for c in range(3)) < 1e-9:
        continue  # its interval is not shown: every vertex at its root's origin
    shown += 1
    for p, b in zip(world, bind):
        moved = max(moved, (p - b).length)
        rows.append("%.9g,%.9g,%.9g" % (p[0], p[2], -p[1]))
with open(out, "w") as f:
    f.write("\n".join(rows) + "\n")
print("RESULT armatures %d skinned %d shown %d moved %.9g" % (len(armatures), len(skinned), shown, moved))
