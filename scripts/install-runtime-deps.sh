#!/usr/bin/env bash
# The Debian packages a Lightpix server needs at run time, in one place: the Containerfile runs this
# script, and so does scripts/test.sh (CI), so the list the image gets is the list the tests pass with
# (issue 35 point 2, docs/decisions/0241).
#
#   bash scripts/install-runtime-deps.sh          installs what is missing (as root, or through sudo)
#   bash scripts/install-runtime-deps.sh --list   prints the packages, one a line
#   bash scripts/install-runtime-deps.sh --check  exits 1 naming the missing ones, installs nothing
#
# - libreoffice-impress: converts .ppt decks to .pptx (SOFFICE_PATH, docs/decisions/0044)
# - bubblewrap: the sandbox LibreOffice runs in; without it a .ppt is refused (BWRAP_PATH, decision 0145)
# - fonts-dejavu-core: a font LibreOffice lays slides out with when a deck names none it has
# - ca-certificates: https to S3, SMTP over TLS and the API's fromUrl on hosts that trust the system's CAs
# - tini: the container's init (PID 1), which passes SIGTERM to node and reaps what LibreOffice leaves
# - pngquant: the graphics' reference, run as its own program: smart PNG takes its palette as a verified
#   candidate and measures its own against its real look; without it, a stand-in (docs/decisions/0288)
# - libjemalloc2: the allocator the production start preloads into node (LD_PRELOAD, docs/decisions/0280)
# Images need no other package: sharp and @napi-rs/image bring their own libvips and encoders from npm.
set -euo pipefail

packages=(libreoffice-impress bubblewrap fonts-dejavu-core ca-certificates tini pngquant libjemalloc2)

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

missing=()
for package in "${packages[@]}"; do installed "$package" || missing+=("$package"); done

case "${1:-}" in
  --list)
    printf '%s\n' "${packages[@]}"
    exit 0
    ;;
  --check)
    if [ ${#missing[@]} -gt 0 ]; then
      echo "Missing runtime packages: ${missing[*]} (bash scripts/install-runtime-deps.sh installs them)" >&2
      exit 1
    fi
    exit 0
    ;;
  "") ;;
  *)
    echo "usage: bash scripts/install-runtime-deps.sh [--list | --check]" >&2
    exit 2
    ;;
esac

[ ${#missing[@]} -eq 0 ] && exit 0
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "Installing ${missing[*]} needs root or sudo" >&2; exit 1; }
  sudo_cmd="sudo"
fi
echo "Installing the runtime packages ${missing[*]}…"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
