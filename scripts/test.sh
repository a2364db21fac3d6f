#!/usr/bin/env bash
# Installs what the tests need (Debian's chromium included) and runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests need: chromium for the browser tests, LibreOffice (.ppt conversion and
# rendering decks to PDF), bubblewrap (the sandbox .ppt conversion runs in) and poppler's pdftoppm
# (PDF pages to PNG) for the deck checks.
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
apt_updated=""
apt_install() {
  [ -n "$apt_updated" ] || { $sudo_cmd apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$@" >/dev/null
}
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests…"
  apt_install chromium
fi
office=()
command -v soffice >/dev/null || office+=(libreoffice-impress)
command -v pdftoppm >/dev/null || office+=(poppler-utils)
command -v bwrap >/dev/null || office+=(bubblewrap)
if [ ${#office[@]} -gt 0 ]; then
  echo "Installing ${office[*]} for the PowerPoint tests…"
  apt_install --no-install-recommends "${office[@]}"
fi

# The graphics' reference, pngquant then optipng, for the test that holds smart PNG to its bytes and look
# (server/src/images/graphics-bytes.test.ts, issue 36).
reference_tools=()
command -v pngquant >/dev/null || reference_tools+=(pngquant)
command -v optipng >/dev/null || reference_tools+=(optipng)
if [ ${#reference_tools[@]} -gt 0 ]; then
  echo "Installing ${reference_tools[*]} for the graphics test…"
  apt_install --no-install-recommends "${reference_tools[@]}"
fi

# Playwright must drive Debian's chromium, never download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p reports
npm ci --no-audit --no-fund 2>&1 | tee reports/npm-ci.log
# The README's Node must install every dependency without an engine warning (docs/decisions/0055).
if grep -q EBADENGINE reports/npm-ci.log; then
  echo "npm ci printed EBADENGINE: a dependency does not support the Node version in package.json's engines." >&2
  exit 1
fi
npm run typecheck
npm run lint
npm run build
npm run test -- --reporter=default --reporter=json --outputFile.json=reports/vitest.json
npm run test:e2e
node scripts/test-summary.mjs
