#!/usr/bin/env bash
# `npm run ci`, the README's test command: first the README's quick start exactly as a user runs it
# (read from the README, so the two cannot drift apart), in smoke mode: it starts everything,
# checks n8n, the package, the credentials, the examples and the simulator, then stops. Then the
# build, lint, type-check, unit tests, the end-to-end suite in real n8n, the browser suite and the queue-mode suite.
set -euo pipefail
cd "$(dirname "$0")/.."
start="$(node scripts/quickstart.js start)"
echo "▸ The README's quick start, as a user runs it: $start (COINREMITTER_SMOKE=1: start, check, stop)"
COINREMITTER_SMOKE=1 bash -c "$start"
[ -x node_modules/.bin/tsc ] || npm ci
npm run build
npm run scan
npm run format:check
npm run lint
npm run typecheck
npm test
npm run test:e2e
# The editor in a real browser: Debian's Chromium (scripts/install-browser.sh) with playwright-core,
# on n8n 2.x (the default), then on 1.123.
npm run test:browser
COINREMITTER_BROWSER_N8N=1.123.81 node test/browser/run.js
# Queue mode on n8n 1.123 and 2.41 (NEWEST_2X; one after the other): Postgres and Redis from Debian's packages,
# n8n main + 2 workers + 2 webhook processes.
bash scripts/install-queue-services.sh
node test/queue/run.js
