#!/usr/bin/env bash
# The browser suite's browser: Chromium from Debian's packages (never a browser downloaded by a
# test tool). Idempotent: does nothing when /usr/bin/chromium is already there. CI runs as root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
	exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
/usr/bin/chromium --version 2>/dev/null || true
