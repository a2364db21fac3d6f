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
#   OUT/fresh    seventeen graphics from ten more Debian packages, held out from issue 36's tuning (below)
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

rm -rf "$out/tuned" "$out/held-out" "$out/unseen" "$out/fresh"
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
# Graphics held out from issue 36's tuning (decisions 0265-0267 were chosen on tuned and held-out above and
# never looked at these): transparent drawings, flat wallpapers, logos, icons, game art and screenshots
# from ten Debian packages no set had used. Licences, from each package's copyright file: openclipart-png
# public domain; ukui-wallpapers CC-BY-SA-3.0; xfdesktop4-data GPL-2+; lomiri-wallpapers (warty-final-ubuntu)
# CC-BY-SA-3.0; lxde-common GPL-2+; frozen-bubble-data GPL-2; oxygen-icon-theme LGPL-3+; gnumeric-doc
# GFDL-1.1+; inkscape-tutorials GPL; pingus-data GPL-2+.
mkdir -p "$out/fresh/graphics"
(cd "$work" && for pkg in openclipart-png=1:0.18+dfsg-19 ukui-wallpapers=20.04.3-1.1 xfdesktop4-data=4.18.1-1 \
  lomiri-wallpapers=20.04.0-2 lxde-common=0.99.2-4 frozen-bubble-data=2.212-11 oxygen-icon-theme=5:5.103.0-1 \
  gnumeric-doc=1.12.55-1 inkscape-tutorials=1.2.2-2+deb12u1 pingus-data=0.7.6-5.1; do
  apt-get download "$pkg" >/dev/null && dpkg -x "${pkg%%=*}"_*.deb x
done)
fresh() { cp "$work/x/$1" "$out/fresh/graphics/$2"; }
fresh usr/share/openclipart/png/animals/birds/mirjam_meijer_mirjam_mei_01.png openclipart_bird_alpha.png
fresh usr/share/openclipart/png/animals/bugs/butterfly_from_star_thom_01.png openclipart_butterfly_alpha.png
fresh usr/share/openclipart/png/geography/czech_republic_map_lumen_01.png openclipart_czech-map_alpha.png
fresh usr/share/backgrounds/fluent-color.png ukui_fluent-color.png
fresh usr/share/backgrounds/rollpaper.png ukui_rollpaper.png
fresh usr/share/backgrounds/xfce/xfce-stripes.png xfce_stripes.png
fresh usr/share/backgrounds/warty-final-ubuntu.png lomiri_warty-final-ubuntu.png
fresh usr/share/lxde/images/logout-banner.png lxde_logout-banner.png
fresh usr/share/games/frozen-bubble/gfx/win_panel_p2.png frozen-bubble_win-panel_alpha.png
fresh usr/share/games/frozen-bubble/gfx/back_one_player.png frozen-bubble_back-one-player.png
fresh usr/share/icons/oxygen/base/256x256/apps/konqueror.png oxygen_konqueror_alpha.png
fresh usr/share/icons/oxygen/base/256x256/places/folder-red.png oxygen_folder-red_alpha.png
fresh usr/share/help/C/gnumeric/figures/analysistools-kaplan-ex2.png gnumeric_kaplan-ex2.png
fresh usr/share/help/C/gnumeric/figures/graphguru-components.png gnumeric_graphguru-components.png
fresh usr/share/inkscape/tutorials/pixelart-dialog.png inkscape_pixelart-dialog.png
fresh usr/share/inkscape/tutorials/potrace.png inkscape_potrace.png
fresh usr/share/games/pingus/data/images/story/story1.png pingus_story1_alpha.png
rm -rf "$work"
echo "fresh (issue 36's held-out graphics): $(find "$out/fresh" -type f | wc -l) files"
echo "tuned: $(find "$out/tuned" -type f | wc -l) files; held-out: $(find "$out/held-out" -type f | wc -l) files; unseen: $(find "$out/unseen" -type f | wc -l) files, in $out"
