#!/bin/sh
# npm run test:keychain: the real-keychain test inside a private D-Bus session with a fresh
# gnome-keyring, unlocked with a throwaway password (docs/architecture.md, "Commands"). Needs
# libsecret-1-dev (keytar compiles against it), gnome-keyring, libsecret-tools and dbus-x11. Extra arguments go to vitest (CI adds its JSON reporter).
set -eu
cd "$(dirname "$0")/../.."

# The keyring's files and control socket go to temporary directories, never the user's own.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -m 700 "$tmp/data" "$tmp/runtime"
export XDG_DATA_HOME="$tmp/data"
export XDG_RUNTIME_DIR="$tmp/runtime"

# Without an unlocked keyring keytar fails with "Cannot autolaunch D-Bus" or "Object does not
# exist at path …/collection/login"; the daemon leaves with the session bus.
dbus-run-session -- sh -c '
  printf %s ci | gnome-keyring-daemon --unlock --components=secrets >/dev/null &&
  npx vitest run --config vitest.keychain.config.ts "$@"' sh "$@"
