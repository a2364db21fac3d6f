#!/usr/bin/env bash
# Installs what the server and the tests need (Debian's chromium included) and runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."

# What a server needs at run time (LibreOffice, bubblewrap, fonts, tini…): the same script the Containerfile
# runs, so CI proves its install steps (docs/decisions/0241).
bash scripts/install-runtime-deps.sh

# Debian packages only the tests need: chromium for the browser tests, poppler's pdftoppm (PDF pages to
# PNG) for the deck checks, optipng for the graphics' reference beside the runtime's pngquant (server/src/images/
# graphics-bytes.test.ts, issue 36), nginx and openssl for the reverse-proxy example's test
# (deploy/nginx.conf).
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
test_tools=()
[ -x /usr/bin/chromium ] || test_tools+=(chromium)
command -v pdftoppm >/dev/null || test_tools+=(poppler-utils)
command -v optipng >/dev/null || test_tools+=(optipng)
[ -x /usr/sbin/nginx ] || test_tools+=(nginx)
command -v openssl >/dev/null || test_tools+=(openssl)
if [ ${#test_tools[@]} -gt 0 ]; then
  echo "Installing ${test_tools[*]} for the tests…"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${test_tools[@]}" >/dev/null
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
