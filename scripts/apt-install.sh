#!/usr/bin/env bash
# Install the named Debian packages (as root), or say how to when not root.
# Used by system-deps.sh and integration-services.sh, which decide what is missing.
set -euo pipefail
[ $# -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: $* (run 'sudo apt-get install $*')." >&2
  exit 1
fi
echo "Installing Debian packages: $*"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$@" >/dev/null
