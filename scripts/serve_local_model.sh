#!/usr/bin/env bash
# Serve the local chat model over an OpenAI-compatible HTTP API (llama-cpp-python's server).
#
#   scripts/serve_local_model.sh            # start in the background (idempotent), print base URL
#   scripts/serve_local_model.sh --small    # the 0.5B instead (alias qwen2.5-coder-0.5b)
#   scripts/serve_local_model.sh --stop     # stop the server started from this port's PID file
#   scripts/serve_local_model.sh --status   # print the base URL if it is up, else exit 1
#
# Then:  OPENAI_BASE_URL=http://127.0.0.1:8765/v1 OPENAI_API_KEY=local \
#        TALLY_MODEL=qwen2.5-coder-1.5b .venv/bin/tally ask TABLE "question"
#
# Needs llama-cpp-python with the server extra in the venv, built without -march=native
# (the native build segfaults on the first decode on these machines, shared/MODELS.md):
#   CMAKE_ARGS="-DGGML_NATIVE=OFF" .venv/bin/pip install "llama-cpp-python[server]==0.3.36"
# The model comes from scripts/get_local_model.sh (run here when the file is missing).
#
# Environment: TALLY_LOCAL_PORT (8765), TALLY_MODEL_DIR (~/.cache/tally/models; also holds the
# PID file llama-server-PORT.pid and the log llama-server-PORT.log), TALLY_LOCAL_CTX (8192),
# TALLY_LOCAL_THREADS (2), TALLY_LOCAL_MODEL (a .gguf path, overrides the default model),
# TALLY_LOCAL_WAIT_S (seconds to wait for the server to answer, 300).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
[[ -x "$PY" ]] || PY="python3"

PORT="${TALLY_LOCAL_PORT:-8765}"
HOST="127.0.0.1"
MODEL_DIR="${TALLY_MODEL_DIR:-$HOME/.cache/tally/models}"
N_CTX="${TALLY_LOCAL_CTX:-8192}"
THREADS="${TALLY_LOCAL_THREADS:-2}"
WAIT_S="${TALLY_LOCAL_WAIT_S:-300}"
PIDFILE="$MODEL_DIR/llama-server-$PORT.pid"
LOGFILE="$MODEL_DIR/llama-server-$PORT.log"
BASE_URL="http://$HOST:$PORT/v1"

ACTION="start"; SMALL=""
for arg in "$@"; do
  case "$arg" in
    --stop) ACTION="stop" ;;
    --status) ACTION="status" ;;
    --small) SMALL="--small" ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "usage: $0 [--small] [--stop|--status]" >&2; exit 2 ;;
  esac
done

if [[ -n "$SMALL" ]]; then
  MODEL_FILE="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"; ALIAS="qwen2.5-coder-0.5b"
else
  MODEL_FILE="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"; ALIAS="qwen2.5-coder-1.5b"
fi
MODEL="${TALLY_LOCAL_MODEL:-$MODEL_DIR/$MODEL_FILE}"

pid_alive() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

answers() {  # does GET /v1/models answer 200?
  "$PY" - "$BASE_URL/models" <<'EOF'
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=5) as r:
        sys.exit(0 if r.status == 200 else 1)
except Exception:
    sys.exit(1)
EOF
}

case "$ACTION" in
  status)
    if pid_alive && answers; then echo "$BASE_URL"; exit 0; fi
    echo "not running on port $PORT" >&2; exit 1 ;;
  stop)
    if ! pid_alive; then
      echo "no server running from $PIDFILE" >&2; rm -f "$PIDFILE"; exit 0
    fi
    pid="$(cat "$PIDFILE")"
    kill "$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; fi
    rm -f "$PIDFILE"
    echo "stopped server $pid (port $PORT)" >&2
    exit 0 ;;
esac

# start
if pid_alive; then
  if answers; then echo "already running (PID $(cat "$PIDFILE"))" >&2; echo "$BASE_URL"; exit 0; fi
  echo "PID $(cat "$PIDFILE") from $PIDFILE is alive but $BASE_URL/models does not answer;" \
       "see $LOGFILE or run $0 --stop" >&2
  exit 1
fi
if answers; then
  echo "something else already answers on port $PORT; set TALLY_LOCAL_PORT" >&2; exit 1
fi
if ! "$PY" -c "import llama_cpp.server.app" 2>/dev/null; then
  echo "llama-cpp-python[server] is not installed for $PY; install it with:" >&2
  echo "  CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" $PY -m pip install \"llama-cpp-python[server]==0.3.36\"" >&2
  exit 1
fi
if [[ ! -f "$MODEL" ]]; then
  if [[ -n "${TALLY_LOCAL_MODEL:-}" ]]; then echo "no model at $MODEL" >&2; exit 1; fi
  "$HERE/get_local_model.sh" $SMALL >/dev/null
fi

mkdir -p "$MODEL_DIR"
echo "starting llama-cpp-python server: $MODEL as '$ALIAS' on $BASE_URL (log: $LOGFILE)" >&2
# setsid: its own session, so it outlives this shell and --stop signals it alone.
setsid nohup "$PY" -m llama_cpp.server \
  --model "$MODEL" \
  --model_alias "$ALIAS" \
  --n_ctx "$N_CTX" \
  --n_threads "$THREADS" \
  --n_threads_batch "$THREADS" \
  --host "$HOST" --port "$PORT" \
  >"$LOGFILE" 2>&1 </dev/null &
echo $! >"$PIDFILE"

for _ in $(seq 1 "$WAIT_S"); do
  if answers; then
    echo "ready (PID $(cat "$PIDFILE"), PID file $PIDFILE)" >&2
    echo "$BASE_URL"
    exit 0
  fi
  if ! pid_alive; then
    echo "server exited during startup; last lines of $LOGFILE:" >&2
    tail -n 20 "$LOGFILE" >&2
    rm -f "$PIDFILE"
    exit 1
  fi
  sleep 1
done
echo "server did not answer within ${WAIT_S}s; see $LOGFILE (still running: PID $(cat "$PIDFILE"))" >&2
exit 1
