#!/usr/bin/env bash
# Install Debian packages the tests and the router use, if they are missing:
#   scripts/ensure_debian.sh "<what they are for>" <package>...
# Instant when every package is installed (dpkg-query); otherwise apt-get installs them (as root, or
# with sudo). Without root or sudo it says what will be missing and exits 0: the suite then skips or
# fails the tests that need them, naming this script.
set -euo pipefail
purpose="$1"; shift
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "${missing[*]} missing and this user cannot install them: ${purpose} will be unavailable" >&2
    exit 0
  fi
fi
echo "installing Debian ${missing[*]} for ${purpose} ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
