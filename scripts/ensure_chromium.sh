#!/usr/bin/env bash
# Debian's chromium and chromium-driver for the browser test (tests/test_web_browser.py).
# Instant when both are installed; otherwise installs them with apt-get (as root, or with sudo).
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium is missing and this user cannot install it: the browser test will be skipped" >&2
    exit 0
  fi
fi
echo "installing Debian chromium and chromium-driver for the browser test ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
