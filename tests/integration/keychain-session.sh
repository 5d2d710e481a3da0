#!/usr/bin/env bash
# Runs the given command inside a private D-Bus session (started by dbus-run-session) with a
# fresh, unlocked gnome-keyring, so keychain tests use the real Secret Service and never the
# developer's own keyring.
set -euo pipefail
export XDG_DATA_HOME="$(mktemp -d)"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
eval "$(printf 'linkdeck-test\n' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
export LINKDECK_TEST_KEYCHAIN=1
exec "$@"
