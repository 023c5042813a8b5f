#!/usr/bin/env bash
# Sourced by start.sh (and its test): the words start.sh prints about what it runs.
# Says which service Booth will talk to, from the same inputs main/web.ts reads.
service_words() {
  local base=""
  local prev=""
  for a in "$@"; do
    if [ "$prev" = "--base-url" ]; then base="$a"; fi
    case "$a" in --base-url=*) base="${a#--base-url=}" ;; esac
    prev="$a"
  done
  if [ -n "$base" ]; then echo "the service at $base"
  elif [ -n "${BOOTH_API_KEY:-}" ]; then echo "the service your BOOTH_API_KEY belongs to"
  else echo "demo mode (Booth's own sandbox service on this computer) unless you signed in before, then your saved key's service"
  fi
}
