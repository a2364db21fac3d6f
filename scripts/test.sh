#!/usr/bin/env bash
# Installs what the tests need (Debian's chromium included) and runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests…"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi

# Playwright must drive Debian's chromium, never download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund
npm run typecheck
npm run lint
npm run build
npm run test -- --reporter=default --reporter=json --outputFile.json=reports/vitest.json
npm run test:e2e
node scripts/test-summary.mjs
