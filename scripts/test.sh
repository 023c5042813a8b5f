#!/usr/bin/env bash
# README's test command: set up (system packages, npm ci) and run every check and test Booth has.
# The system packages the tests need (ffmpeg, sox, espeak-ng, pocketsphinx + its en-us model, Chromium,
# libsecret, gnome-keyring, dbus) are installed with apt-get when missing (as root, or through sudo);
# where that cannot be done it says exactly what to install and stops (scripts/system-packages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
. scripts/system-packages.sh

# Each step's wall time, printed as it ends and together at the end: where the run's time goes.
timings=()
step() {
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  timings+=("$(printf '%-12s %4d s%s' "$name" $((SECONDS - start)) "$([ "$rc" -eq 0 ] || echo ' (failed)')")")
  echo "== $name took $((SECONDS - start)) s"
  return "$rc"
}
# The table is printed however the run ends, a failed step included.
report_timings() {
  [ ${#timings[@]} -gt 0 ] || return 0
  echo "== time per step:"
  printf '   %s\n' "${timings[@]}"
}
trap report_timings EXIT

# Typecheck and lint read the same sources and each keeps one core busy: they run side by side (about a
# minute less than one after the other on two cores); each one's output is shown whole, in turn.
static_checks() {
  local logs failed=0 typecheck lint
  logs=$(mktemp -d)
  npm run typecheck >"$logs/typecheck" 2>&1 &
  typecheck=$!
  npm run lint >"$logs/lint" 2>&1 &
  lint=$!
  wait "$typecheck" || failed=1
  cat "$logs/typecheck"
  wait "$lint" || failed=1
  cat "$logs/lint"
  # The house style (.prettierrc.json): a file Prettier would print otherwise fails the run (npm run format).
  npm run format:check >"$logs/format" 2>&1 || failed=1
  cat "$logs/format"
  rm -rf "$logs"
  return "$failed"
}

step packages ensure_system_packages
step install npm ci --no-audit --no-fund
step build npm run build

# The browser tests wait on much of their time (recordings play in real time, pages load), so typecheck and
# lint run beside them at the lowest CPU priority (nice 19), on the CPU they leave idle; their output is kept
# and shown whole once the browser tests end. vitest, which keeps both cores busy on its own, runs after.
# (vitest beside them too, at nice 19, was measured: about a minute less in all, but the browser tests ran
# 120-200 s slower and vitest's own tests ran starved of CPU: docs/measurements.md.)
keyrings=$(mktemp -d)
behind=$(mktemp -d)
trap 'rm -rf "$keyrings" "$behind"; report_timings' EXIT
# renice: static_checks is this script's own function; what it starts inherits the priority.
( renice -n 19 -p "$BASHPID" >/dev/null; start=$SECONDS rc=0; static_checks >"$behind/checks.log" 2>&1 || rc=$?; echo "$rc $((SECONDS - start))" >"$behind/checks.done" ) &
checks_pid=$!
e2e_rc=0
# End-to-end: the built renderer in Debian's Chromium, driven by Playwright, against the web host in demo mode.
step e2e npm run test:e2e || e2e_rc=$?
wait "$checks_pid"
read -r checks_rc checks_took <"$behind/checks.done"
echo "== checks (typecheck and lint, beside e2e at the lowest CPU priority):"
cat "$behind/checks.log"
timings+=("$(printf '%-12s %4d s%s' checks "$checks_took" "$([ "$checks_rc" -eq 0 ] || echo ' (failed)')")")
echo "== checks took $checks_took s"
# Unit, contract and integration tests run inside a private D-Bus session with a gnome-keyring unlocked
# for them, so the keychain tests talk to a real Secret Service. The keyring lives in a fresh folder, so a
# keyring already on the machine (with another password) cannot get in the way.
vitest_rc=0
step vitest env KEYRING_HOME="$keyrings" dbus-run-session -- sh -c 'echo -n booth-test | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec npx vitest run' || vitest_rc=$?
[ "$e2e_rc" -eq 0 ] && [ "$checks_rc" -eq 0 ] && [ "$vitest_rc" -eq 0 ]
