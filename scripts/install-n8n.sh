#!/usr/bin/env bash
# Installs a real n8n into .n8n-cache/<version>/ (git-ignored) the way it installs on these
# machines: the xlsx override, no install scripts, then sqlite3 built from source. Reused when present.
# Usage: scripts/install-n8n.sh 1.123.x
set -euo pipefail
version="${1:-1.123.x}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.n8n-cache/n8n-$version"
if [ -x "$dir/node_modules/.bin/n8n" ] && [ -f "$dir/.installed" ]; then
	echo "$dir"
	exit 0
fi
mkdir -p "$dir"
cat > "$dir/package.json" <<JSON
{
  "name": "n8n-runtime-cache",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": { "xlsx": "0.18.5" }
}
JSON
cd "$dir"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
(cd node_modules/sqlite3 && npm run install --loglevel=error >&2)
touch .installed
echo "$dir"
