#!/usr/bin/env python3
"""Writes the two images of this example, made for lsd (no vlab image is used):
leaf.png, an RGBA leaf whose outside is transparent (the alpha test cuts it
away), and bark.rgb, in SGI's RGB format (verbatim), as old vlab models have.
Run it again to remake them: python3 make_images.py"""
import math, random, struct, zlib

def png(path, w, h, pixels):  # pixels: rows top first, each w RGBA tuples
    raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in pixels)
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def sgi(path, w, h, pixels):  # pixels: rows bottom first, each w RGB tuples
    header = struct.pack(">hBBHHHHii4s80siI", 474, 0, 1, 3, w, h, 3, 0, 255, b"", b"bark", 0, 0)
    with open(path, "wb") as f:
        f.write(header + b"\0" * (512 - len(header)))
        for z in range(3):
            for row in pixels:
                f.write(bytes(p[z] for p in row))

# The leaf: an outline narrowing to both ends, a midrib and side veins.
W, H = 64, 128
rows = []
for y in range(H):
    t = 1 - y / (H - 1)                      # 0 at the base (bottom), 1 at the tip
    half = 0.48 * math.sin(math.pi * t) ** 0.8 * (1 - 0.25 * t)
    row = []
    for x in range(W):
        s = (x + 0.5) / W - 0.5
        inside = abs(s) < half
        vein = abs(s) < 0.02 or abs(((t - 1.6 * abs(s)) * 9) % 1 - 0.5) < 0.06 and abs(s) < half * 0.9
        g = 150 + int(60 * t) if not vein else 215
        row.append((70 if not vein else 170, g, 40 if not vein else 120, 255 if inside else 0))
    rows.append(row)
png("leaf.png", W, H, rows)

# The bark: brown, with furrows along the stem and some noise.
random.seed(3)
W, H = 64, 64
bark = []
for y in range(H):
    row = []
    for x in range(W):
        furrow = 0.5 + 0.5 * math.sin(2 * math.pi * (x / W * 6 + 0.15 * math.sin(2 * math.pi * y / H * 2)))
        v = 0.55 + 0.45 * furrow + random.uniform(-0.08, 0.08)
        row.append((int(min(255, 120 * v)), int(min(255, 80 * v)), int(min(255, 50 * v))))
    bark.append(row)
sgi("bark.rgb", W, H, bark)
