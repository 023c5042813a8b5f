# Sourced by scripts/test.sh: the system packages Booth's tests need, found or installed.
#
# ensure_system_packages checks each thing the tests use (a command, Chromium, a library, the speech
# model) and, when some are missing: on Debian/Ubuntu (apt-get) installs their packages, as root or
# through sudo; anywhere else, or without root or sudo, it says exactly what to install and returns 1.
# Pure bash apart from the commands it looks for, so a test can run it against stand-ins on a PATH.
# Overrides (also read by Booth and the tests): BOOTH_CHROMIUM (the browser Playwright drives),
# BOOTH_POCKETSPHINX_MODEL (the folder of the en-us speech model).

# "what the tests use|how to check it|Debian/Ubuntu package"
BOOTH_SYSTEM_NEEDS=(
  "ffmpeg|command ffmpeg|ffmpeg"
  "ffprobe|command ffprobe|ffmpeg"
  "sox|command sox|sox"
  "espeak-ng (speech for the read-back tests)|command espeak-ng|espeak-ng"
  "flite (a second synthesiser, speech made another way, for the read-back tests)|command flite|flite"
  "pocketsphinx (the read-back engine)|command pocketsphinx_continuous|pocketsphinx"
  "pocketsphinx's en-us model|model|pocketsphinx-en-us"
  "Chromium (end-to-end tests)|chromium|chromium"
  "the Secret Service library (keychain tests)|libsecret|libsecret-1-0"
  "gnome-keyring-daemon (keychain tests)|command gnome-keyring-daemon|gnome-keyring"
  "dbus-run-session (keychain tests)|command dbus-run-session|dbus"
)

_booth_has() {
  case "$1" in
    command\ *) command -v "${1#command }" >/dev/null 2>&1 ;;
    model) [ -d "${BOOTH_POCKETSPHINX_MODEL:-/usr/share/pocketsphinx/model/en-us}" ] ;;
    chromium) [ -x "${BOOTH_CHROMIUM:-/usr/bin/chromium}" ] ;;
    libsecret)
      local line
      while IFS= read -r line; do
        [[ "$line" == *libsecret-1.so.0* ]] && return 0
      done < <(ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null)
      return 1 ;;
    *) return 1 ;;
  esac
}

# Sets BOOTH_MISSING_PACKAGES (each package once) and BOOTH_MISSING_WHAT (what they are for).
_booth_missing() {
  BOOTH_MISSING_PACKAGES=()
  BOOTH_MISSING_WHAT=()
  local need what check package known p
  for need in "${BOOTH_SYSTEM_NEEDS[@]}"; do
    IFS='|' read -r what check package <<<"$need"
    _booth_has "$check" && continue
    BOOTH_MISSING_WHAT+=("$what")
    known=0
    for p in "${BOOTH_MISSING_PACKAGES[@]}"; do [ "$p" = "$package" ] && known=1; done
    [ "$known" = 1 ] || BOOTH_MISSING_PACKAGES+=("$package")
  done
}

# apt-get as root, or through sudo when $1 is 1; never asks a question.
_booth_apt() {
  local sudo="$1"
  shift
  if [ "$sudo" = 1 ]; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get "$@"
  else
    DEBIAN_FRONTEND=noninteractive apt-get "$@"
  fi
}

# Its arguments joined with ", ".
_booth_list() {
  local out="$1"
  shift
  local item
  for item in "$@"; do out+=", $item"; done
  echo "$out"
}

ensure_system_packages() {
  _booth_missing
  [ "${#BOOTH_MISSING_PACKAGES[@]}" -eq 0 ] && return 0
  local packages="${BOOTH_MISSING_PACKAGES[*]}"
  echo "Booth's tests need what is missing here: $(_booth_list "${BOOTH_MISSING_WHAT[@]}")." >&2
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "This system has no apt-get. On Debian or Ubuntu these are the packages: $packages." >&2
    echo "Install the same with this system's package manager (macOS: brew install ffmpeg sox espeak-ng cmu-pocketsphinx, and Chromium), then run bash scripts/test.sh again." >&2
    return 1
  fi
  local sudo=0
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
      sudo=1
    else
      echo "Installing them needs root. Run this, then bash scripts/test.sh again:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends $packages" >&2
      return 1
    fi
  fi
  local how="apt-get"
  [ "$sudo" = 1 ] && how="sudo apt-get"
  echo "Installing with $how: $packages" >&2
  if ! _booth_apt "$sudo" update -qq || ! _booth_apt "$sudo" install -y -qq --no-install-recommends "${BOOTH_MISSING_PACKAGES[@]}"; then
    echo "apt-get could not install $packages; install them by hand (apt-get install -y $packages), then run bash scripts/test.sh again." >&2
    return 1
  fi
  _booth_missing
  if [ "${#BOOTH_MISSING_PACKAGES[@]}" -gt 0 ]; then
    echo "Still missing after apt-get: $(_booth_list "${BOOTH_MISSING_WHAT[@]}") (packages: ${BOOTH_MISSING_PACKAGES[*]})." >&2
    return 1
  fi
  return 0
}
