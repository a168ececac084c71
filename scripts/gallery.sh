#!/usr/bin/env bash
# Renders the README's gallery into docs/gallery/ (one command per picture,
# the same commands the README shows). Needs no display: lsd draws headless
# (EGL). Usage: scripts/gallery.sh [build-dir]
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."
lsd="$build/lsd"
mkdir -p docs/gallery
size="--width 480 --height 480"
$lsd render examples/abop/fig1_24a.ls -o docs/gallery/fig1_24a.png $size
$lsd render examples/abop/fig2_6a.ls -o docs/gallery/fig2_6a.png $size
$lsd render examples/abop/fig2_8a.ls -o docs/gallery/fig2_8a.png $size
$lsd render examples/abop/fig1_31b.ls -o docs/gallery/fig1_31b.png $size
$lsd render examples/dynamics/herb.ls --time 12 -o docs/gallery/herb.png $size
$lsd render examples/dynamics/tendril.ls --time 6 -o docs/gallery/tendril.png $size
$lsd render examples/dynamics/alga.ls --time 4 -o docs/gallery/alga.png $size
$lsd render examples/dynamics/palm.ls --time 3 -o docs/gallery/palm.png $size
$lsd render examples/dynamics/bean_clothoid.ls --time 30 --target 0,0.17,0 --distance 0.7 --pitch 10 -o docs/gallery/bean_clothoid.png $size
$lsd render examples/dynamics/orchid.ls --time 5 -o docs/gallery/orchid.png $size
$lsd render examples/dynamics/rose.ls --time 3 -o docs/gallery/rose.png $size
$lsd render examples/dynamics/weeping.ls --time 4 -o docs/gallery/weeping.png $size
$lsd render examples/dynamics/inflorescence.ls --time 3 -o docs/gallery/inflorescence.png $size
$lsd render examples/dynamics/plastic.ls --time 3.5 -o docs/gallery/plastic.png $size
$lsd render examples/dynamics/twig.ls --time 2.6 -o docs/gallery/twig.png $size
$lsd render examples/dynamics/tree10k.ls --time 6 -o docs/gallery/tree10k.png $size

$lsd render examples/dynamics/bush2000.ls --time 8 -o docs/gallery/bush2000.png $size
$lsd render examples/dynamics/pendulum.ls --time 0.3 -o docs/gallery/pendulum.png $size
$lsd render examples/dynamics/double_pendulum.ls --time 1 -o docs/gallery/double_pendulum.png $size
$lsd render examples/dynamics/cantilever.ls -D N=25 --time 2 -o docs/gallery/cantilever.png $size
# contact and ties
$lsd render examples/dynamics/bean.ls --time 55 -o docs/gallery/bean.png $size
$lsd render examples/dynamics/espalier.ls --time 12 -o docs/gallery/espalier.png $size
$lsd render examples/dynamics/tomato.ls --time 6 -o docs/gallery/tomato.png $size
$lsd render examples/dynamics/twining.ls -D RHO=2.8 --time 14 --pitch 89 -o docs/gallery/twining.png $size
# grafts and rings
$lsd render examples/dynamics/hedge.ls --time 6 -o docs/gallery/hedge.png $size
$lsd render examples/dynamics/vine.ls --time 8 -o docs/gallery/vine.png $size
for rho in 2.0 2.8 3.2 3.8; do
  $lsd render examples/dynamics/twining.ls -D RHO=$rho --time 14 --pitch 89 -o docs/twining/rho$rho.png --width 320 --height 320
done
# vlab-style object folders (cpfg models)
for m in flower shell tree; do $lsd render examples/cpfg/$m -o docs/gallery/cpfg_$m.png $size; done
# every ABOP figure, as a thumbnail
mkdir -p docs/gallery/abop
for f in examples/abop/*.ls; do
  $lsd render "$f" -o "docs/gallery/abop/$(basename "$f" .ls).png" --width 240 --height 240
done
# the README's animation: the video, and a GIF made from it
$lsd render examples/dynamics/herb.ls --time 10 --fps 30 -o docs/gallery/herb.mp4 $size
ffmpeg -v error -y -i docs/gallery/herb.mp4 \
  -vf "fps=12,scale=300:-1:flags=lanczos,split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=bayer:bayer_scale=5" \
  docs/gallery/herb.gif
$lsd view examples/dynamics/herb.ls --frames 600 --screenshot docs/viewer.png > /dev/null
echo "viewer: docs/viewer.png"
echo "gallery: $(ls docs/gallery/*.png | wc -l) pictures in docs/gallery/"
