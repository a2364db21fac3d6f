#!/usr/bin/env bash
# Copies the corpus into the benchmark's two sets, so each is measured (and reported) on its own:
#   OUT/tuned    the images the engine's smart and auto searches were tuned on
#                (bench/images plus mate_Dune and Dragonfly, docs/decisions/0066-smart-never-looks-worse.md)
#   OUT/held-out every other corpus photo and graphic, plus the nine nature photos of Debian's
#                mate-backgrounds 1.26.0-1 (GPL-2+) that the corpus does not hold: Storm, TwoWings and
#                Garden (added 2026-11-23), Wood, Aqua, GreenMeadow, Blinds, FreshFlower and YellowFlower
#                (added 2026-11-25, after smart's search margin was chosen: docs/decisions/0101), and ten
#                graphics from four Debian packages no set had used (added 2026-11-26 before decision 0132
#                was tuned, which never looked at them): GNOME help screenshots and a diagram
#                (gnome-user-docs 43.0-2, CC-BY-SA-3.0), Adwaita icons with alpha (adwaita-icon-theme 43-1,
#                LGPL-3 or CC-BY-SA-3.0), Debian logos with alpha (desktop-base 12.0.6+nmu1~deb12u1,
#                GPL-3+ or CC-BY-SA-3.0; GPL-2 for spacefun's) and the Plasma look-and-feel preview
#                (desktop-base, GPL-2+); and eight from three more packages no set had used (added 2026-11-26
#                before decision 0157's proportional lead was judged, which never looked at them): Tango icons
#                with alpha (tango-icon-theme 0.8.90-11, public domain), matplotlib's logo and icon with
#                alpha (python-matplotlib-data 3.6.3-1, matplotlib licence, PSF-based), GIMP manual dialog
#                screenshots and glossary diagrams (gimp-help-en 2.10.34-2, GFDL-1.2+ without invariant sections)
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

# Graphics no choice of the engine has looked at: screenshots, a diagram, icons and logos with alpha.
(cd "$work" && for pkg in gnome-user-docs=43.0-2 adwaita-icon-theme=43-1 desktop-base=12.0.6+nmu1~deb12u1; do
  apt-get download "$pkg" >/dev/null && dpkg -x "${pkg%%=*}"_*.deb x
done)
graphic() { cp "$work/x/$1" "$out/held-out/graphics/unseen_$2"; }
graphic usr/share/help/C/gnome-help/figures/shell-appts.png gnome-help_shell-appts.png
graphic usr/share/help/C/gnome-help/figures/shell-workspaces.png gnome-help_shell-workspaces.png
graphic usr/share/help/C/gnome-help/figures/shell-exit-expanded.png gnome-help_shell-exit-expanded_alpha.png
graphic usr/share/help/C/gnome-help/figures/color-space.png gnome-help_color-space_alpha.png
graphic usr/share/icons/Adwaita/512x512/mimetypes/x-office-spreadsheet.png adwaita_x-office-spreadsheet_alpha.png
graphic usr/share/icons/Adwaita/512x512/devices/printer.png adwaita_printer_alpha.png
graphic usr/share/plymouth/themes/lines/logo.png debian_lines-logo_alpha.png
graphic usr/share/plymouth/themes/spacefun/logo.png debian_spacefun-logo_alpha.png
graphic usr/share/plymouth/themes/moonlight/logo_in_circle.png debian_moonlight-logo_alpha.png
graphic usr/share/plasma/look-and-feel/org.debian.desktop/contents/previews/preview.png debian_plasma-preview.png
(cd "$work" && for pkg in tango-icon-theme=0.8.90-11 python-matplotlib-data=3.6.3-1 gimp-help-en=2.10.34-2; do
  apt-get download "$pkg" >/dev/null && dpkg -x "${pkg%%=*}"_*.deb x
done)
graphic usr/share/icons/Tango/32x32/apps/internet-web-browser.png tango_internet-web-browser_alpha.png
graphic usr/share/icons/Tango/32x32/places/user-home.png tango_user-home_alpha.png
graphic usr/share/matplotlib/mpl-data/sample_data/logo2.png matplotlib_logo2_alpha.png
graphic usr/share/matplotlib/mpl-data/images/matplotlib_large.png matplotlib_icon_alpha.png
graphic usr/share/gimp/2.0/help/en/images/dialogs/brushes-dialog.png gimp-help_brushes-dialog.png
graphic usr/share/gimp/2.0/help/en/images/dialogs/color-dialog.png gimp-help_color-dialog.png
graphic usr/share/gimp/2.0/help/en/images/glossary/color-model-additive.png gimp-help_color-model-additive.png
graphic usr/share/gimp/2.0/help/en/images/glossary/bezier-curve.png gimp-help_bezier-curve.png

# Photos no choice of the engine has looked at (KDE's wallpapers that are photographs, not drawings).
mkdir -p "$out/unseen/photos"
(cd "$work" && apt-get download plasma-workspace-wallpapers=4:5.27.5-2 >/dev/null && dpkg -x plasma-workspace-wallpapers_*.deb x)
for name in BytheWater ColdRipple ColorfulCups DarkestHour EveningGlow FallenLeaf Grey Kite OneStandsOut Path summer_1am; do
  cp "$work/x/usr/share/wallpapers/$name/contents/images/2560x1600.jpg" "$out/unseen/photos/unseen_kde_$name.jpg"
done
rm -rf "$work"
echo "tuned: $(find "$out/tuned" -type f | wc -l) files; held-out: $(find "$out/held-out" -type f | wc -l) files; unseen: $(find "$out/unseen" -type f | wc -l) files, in $out"
