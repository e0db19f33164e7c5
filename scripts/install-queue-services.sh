#!/usr/bin/env bash
# Installs what the queue-mode suite (test/queue/run.js) needs besides n8n: PostgreSQL and Redis,
# Debian's packages. Idempotent: nothing is installed when both servers are already there. The
# suite starts its own instances on loopback ports in temporary folders; the packages' own
# services are not used (and not started here).
# Usage (as root, as in CI): bash scripts/install-queue-services.sh
set -euo pipefail
have_postgres() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
have_redis() { command -v redis-server >/dev/null 2>&1; }
if have_postgres && have_redis; then
	echo "install-queue-services: PostgreSQL and Redis are installed." >&2
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "install-queue-services: PostgreSQL and Redis are missing; run this as root (sudo bash $0), or install postgresql and redis-server." >&2
	exit 3
fi
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d 101: the packages' own services are not started on install (the suite runs its own).
policy=/usr/sbin/policy-rc.d
created_policy=""
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created_policy=1
fi
trap '[ -z "$created_policy" ] || rm -f "$policy"' EXIT
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends postgresql redis-server >&2
have_postgres && have_redis
echo "install-queue-services: installed PostgreSQL and Redis." >&2
