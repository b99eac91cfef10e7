#!/usr/bin/env bash
# WordNet 3.0 from Debian (wordnet-base, wordnet-sense-index) for the router's vocabulary links
# (synonyms, abbreviations, word forms: agent/router/wordnet.py). Instant when installed; otherwise
# installs them with apt-get (as root, or with sudo). Without them the router links no WordNet words
# and says so in its notes.
set -euo pipefail
if [ -f /usr/share/wordnet/data.noun ] && [ -f /usr/share/wordnet/index.sense ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "WordNet is missing and this user cannot install it: the router runs without WordNet links" >&2
    exit 0
  fi
fi
echo "installing Debian wordnet-base and wordnet-sense-index for the router's vocabulary ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wordnet-base wordnet-sense-index >/dev/null
