#!/usr/bin/env bash
# README's "set up and run" command: install, build, then open Booth.
# - With an Electron binary and a display (macOS, Windows, Linux desktops): the desktop app.
# - Otherwise (e.g. Linux without Electron): the web host on 127.0.0.1; open the address it prints.
# Pass --web to force the web host; other arguments go to `npm run web` (e.g. --port 4780).
set -euo pipefail
cd "$(dirname "$0")/.."
want_web=0
if [ "${1:-}" = "--web" ]; then want_web=1; shift; fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  if [ "$(uname -s)" = "Linux" ] && [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then export ELECTRON_SKIP_BINARY_DOWNLOAD=1; fi
  npm ci --no-audit --no-fund
fi
npm run build
# shellcheck source=scripts/start-words.sh
. scripts/start-words.sh
if [ "$want_web" = 0 ] && [ -f node_modules/electron/path.txt ] \
   && { [ "$(uname -s)" != "Linux" ] || [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; }; then
  echo "Booth: starting the desktop app (npx electron-vite preview), talking to $(service_words "$@")."
  echo "Booth: to stop, close its window or press Ctrl+C here."
  exec npx electron-vite preview
fi
echo "Booth: starting the web host (npm run web -- $*), talking to $(service_words "$@")."
echo "Booth: open the address printed below in a browser; to stop, press Ctrl+C here."
exec npm run web -- "$@"
