#!/usr/bin/env bash
# Copies the corpus into the benchmark's two sets, so each is measured (and reported) on its own:
#   OUT/tuned    the images the engine's smart and auto searches were tuned on
#                (bench/images plus mate_Dune and Dragonfly, docs/decisions/0066-smart-never-looks-worse.md)
#   OUT/held-out every other corpus photo and graphic, plus the nine nature photos of Debian's
#                mate-backgrounds 1.26.0-1 (GPL-2+) that the corpus does not hold: Storm, TwoWings and
#                Garden (added 2026-11-23), Wood, Aqua, GreenMeadow, Blinds, FreshFlower and YellowFlower
#                (added 2026-11-25, after smart's search margin was chosen: docs/decisions/0101)
#   OUT/unseen   eleven photos of Debian's plasma-workspace-wallpapers 4:5.27.5-2 (2560×1600 JPEGs,
#                licences in its copyright file), added 2026-11-26 after every engine choice up to
#                docs/decisions/0111 was made: no setting was chosen looking at them
# Files are copied, not linked: the benchmark reads regular files only.
#
#   bash bench/split-corpus.sh [CORPUS=/work/shared/corpus] [OUT=/tmp/lightpix-bench-sets]
#   npm run bench -- OUT/held-out --per-image --json held-out.json
set -euo pipefail
corpus=${1:-/work/shared/corpus}
out=${2:-/tmp/lightpix-bench-sets}
here=$(cd "$(dirname "$0")" && pwd)
tuned_photos=(canon_IMG_1054.JPG jpeg-decoder_tower.jpg skimage_rocket.jpg whatsapp_IMG-20191006-WA0002.jpg mate_Dune.jpg Dragonfly_by_Bolly.jpg)

rm -rf "$out/tuned" "$out/held-out" "$out/unseen"
mkdir -p "$out/tuned/photos" "$out/tuned/graphics" "$out/held-out/photos" "$out/held-out/graphics"
for name in "${tuned_photos[@]}"; do cp "$corpus/photos/$name" "$out/tuned/photos/"; done
for file in "$here"/images/graphics/*; do cp "$corpus/graphics/$(basename "$file")" "$out/tuned/graphics/"; done
for file in "$corpus"/photos/* "$corpus"/graphics/*; do
  class=$(basename "$(dirname "$file")")
  [ -e "$out/tuned/$class/$(basename "$file")" ] || cp "$file" "$out/held-out/$class/"
done

# Photos from outside the corpus, from Debian's archive (apt-get download needs no root).
work=$(mktemp -d)
(cd "$work" && apt-get download mate-backgrounds=1.26.0-1 >/dev/null && dpkg -x mate-backgrounds_*.deb x)
for name in Storm TwoWings Garden Wood Aqua GreenMeadow Blinds FreshFlower YellowFlower; do
  cp "$work/x/usr/share/backgrounds/mate/nature/$name.jpg" "$out/held-out/photos/unseen_mate_$name.jpg"
done

# Photos no choice of the engine has looked at (KDE's wallpapers that are photographs, not drawings).
mkdir -p "$out/unseen/photos"
(cd "$work" && apt-get download plasma-workspace-wallpapers=4:5.27.5-2 >/dev/null && dpkg -x plasma-workspace-wallpapers_*.deb x)
for name in BytheWater ColdRipple ColorfulCups DarkestHour EveningGlow FallenLeaf Grey Kite OneStandsOut Path summer_1am; do
  cp "$work/x/usr/share/wallpapers/$name/contents/images/2560x1600.jpg" "$out/unseen/photos/unseen_kde_$name.jpg"
done
rm -rf "$work"
echo "tuned: $(find "$out/tuned" -type f | wc -l) files; held-out: $(find "$out/held-out" -type f | wc -l) files; unseen: $(find "$out/unseen" -type f | wc -l) files, in $out"
