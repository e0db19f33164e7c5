#!/usr/bin/env bash
# `npm run ci`, the README's test command: first the README's quick start exactly as a user runs it
# (read from the README, so the two cannot drift apart), in smoke mode: it starts everything,
# checks n8n, the package, the credentials, the examples and the simulator, then stops. Then the
# unit tests, and the end-to-end suite in real n8n with the static checks (scan, format, lint,
# types), the browser suite and the queue-mode suite beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step prints how long it took; the run ends with every step's time, slowest first (also when
# a step fails: the table, then the failing step's exit code).
timings="$(mktemp)"
report() {
  local status=$?
  echo "▸ Steps, slowest first (seconds):"
  sort -t$'\t' -k1,1nr "$timings" | awk -F'\t' '{ printf "  %6d  %s\n", $1, $2 }'
  rm -f "$timings" "$cpu_file"
  exit "$status"
}
trap report EXIT
# CHILDREN_CPU: the CPU seconds (user + system) of this shell's finished children so far (bash's
# `times`, run in this shell, not a subshell).
cpu_file="$(mktemp)"
read_children_cpu() {
  times >"$cpu_file"
  CHILDREN_CPU="$(tail -1 "$cpu_file" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')"
}
step() {
  local began=$SECONDS status=0 cpu_before
  read_children_cpu
  cpu_before=$CHILDREN_CPU
  "$@" || status=$?
  read_children_cpu
  local took=$((SECONDS - began)) verdict="took" cpu=$((CHILDREN_CPU - cpu_before))
  [ "$status" -eq 0 ] || verdict="FAILED ($status) after"
  local label="$* (CPU $cpu s)"
  [ "$status" -eq 0 ] || label="FAILED: $label"
  printf '%s\t%s\n' "$took" "$label" >>"$timings"
  echo "▸ $verdict $took s, CPU $cpu s: $*"
  return "$status"
}
# n8n 1.123 (the suites' 1.x line) installs in the background while the quick start runs (which
# installs 2.x): nothing to do with the caches warm, about 5 minutes saved with them empty. The
# suites install it themselves if this failed, and say why.
install_log="$(mktemp)"
bash scripts/install-n8n.sh 1.123.81 >"$install_log" 2>&1 &
install_pid=$!
start="$(node scripts/quickstart.js start)"
echo "▸ The README's quick start, as a user runs it: $start (COINREMITTER_SMOKE=1: start, check, stop)"
step env COINREMITTER_SMOKE=1 bash -c "$start"
[ -x node_modules/.bin/tsc ] || step npm ci
# One build: the quick start above built the package; every step below uses that build.
step npm test
# The static checks (scan, format, lint, types) need no n8n: they run beside the end-to-end suite's
# first minute (its `n8n execute` checks, one process at a time), their output printed after it.
static_checks() {
  cpu_file="$(mktemp)" # this background shell's own (read_children_cpu)
  local status=0
  step npm run scan && step npm run format:check && step npm run lint && step npm run typecheck ||
    status=$?
  rm -f "$cpu_file"
  return "$status"
}
static_log="$(mktemp)"
static_checks >"$static_log" 2>&1 &
static_pid=$!
# Both n8n lines, one after the other (test/e2e/run.js; COINREMITTER_E2E_AT_ONCE=1: at once), with
# the other suites that drive real n8n beside them, each in a process of its own printed whole when
# it ends (test/e2e/run.js, startBesides): each line's browser suite (the editor in Debian's
# Chromium, scripts/install-browser.sh, with playwright-core) once the line's `n8n execute` checks
# are over, then queue mode (n8n 1.123 and 2.41 at once, each main + 2 workers + 2 webhook
# processes on PostgreSQL and Redis from Debian's packages) once the last browser suite has ended.
# Never two of those at once: two editors and two browsers on two cores time out in the editor (6
# of 1.123's checks failed so in a fresh-clone run).
step bash scripts/install-browser.sh
step bash scripts/install-queue-services.sh
wait "$install_pid" || { echo "▸ Installing n8n 1.123 in the background failed:"; cat "$install_log"; }
rm -f "$install_log"
e2e_status=0
step env COINREMITTER_BROWSER_BESIDE=1 COINREMITTER_QUEUE_BESIDE=1 node test/e2e/run.js || e2e_status=$?
static_status=0
wait "$static_pid" || static_status=$?
echo "▸ The static checks, run beside the end-to-end suite:"
cat "$static_log"
rm -f "$static_log"
[ "$static_status" -eq 0 ] || exit "$static_status"
[ "$e2e_status" -eq 0 ] || exit "$e2e_status"
