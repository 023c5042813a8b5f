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
# Unit and contract tests run inside a private D-Bus session with an unlocked gnome-keyring, so the
# keychain tests talk to a real Secret Service.
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  dbus-run-session -- sh -c 'echo -n booth-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec npx vitest run'
else
  echo "dbus-run-session or gnome-keyring-daemon missing: keychain tests will be skipped." >&2
  npx vitest run
fi
