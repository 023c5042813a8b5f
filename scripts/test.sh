#!/usr/bin/env bash
# README's test command: set up (npm ci) and run every check and test Booth has.
# Needs the system packages listed in README (ffmpeg, chromium, gnome-keyring, dbus, sox, espeak-ng);
# .ci/run installs them with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
for tool in ffmpeg ffprobe sox; do
  command -v "$tool" >/dev/null || { echo "Booth's tests need $tool on PATH; install it (see README)." >&2; exit 1; }
done
npm ci --no-audit --no-fund
npm run typecheck
npm run lint
npm run build
# Unit, contract and integration tests run inside a private D-Bus session with a gnome-keyring unlocked
# for them, so the keychain tests talk to a real Secret Service. The keyring lives in a fresh folder, so a
# keyring already on the machine (with another password) cannot get in the way.
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  keyrings=$(mktemp -d)
  trap 'rm -rf "$keyrings"' EXIT
  KEYRING_HOME="$keyrings" dbus-run-session -- sh -c 'echo -n booth-test | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec npx vitest run'
else
  echo "dbus-run-session or gnome-keyring-daemon missing: keychain tests will be skipped." >&2
  npx vitest run
fi
# End-to-end: the built renderer in Debian's Chromium, driven by Playwright, against the web host in demo mode.
npm run test:e2e
