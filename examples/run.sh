#!/usr/bin/env bash
# What CI runs for the examples: the service on the embedded defaults (`npm start`), the README's
# quickstart against it, then the typed client (examples/client.ts) as the student it created, then
# the three guides of docs/guides/ (examples/guides/) after `npm run seed -- --demo`.
# As a newcomer meets it: an earlier `npm start` ("Run it") already made the admin with another
# password, so the README's own step comes first: `npm run admin -- set-password`.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-$((20000 + RANDOM % 20000))}
DATA=$(mktemp -d)
SERVICE=
GRAPH=
start() {
  env -u DATABASE_URL -u REDIS_URL PORT=$PORT DATA_DIR="$DATA" LOG_LEVEL=warn npm start >"$DATA/service.log" 2>&1 &
  SERVICE=$!
  for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; kill -0 "$SERVICE" 2>/dev/null || break; sleep 1; done
  curl -sf "http://127.0.0.1:$PORT/health" >/dev/null || { cat "$DATA/service.log"; exit 1; }
}
stop() { [ -z "$SERVICE" ] || { kill "$SERVICE" 2>/dev/null || true; wait "$SERVICE" 2>/dev/null || true; }; SERVICE=; }
trap 'stop; [ -z "$GRAPH" ] || kill "$GRAPH" 2>/dev/null || true; rm -rf "$DATA"' EXIT

ROOT_ADMIN_PASSWORD='an earlier password' start
stop
export ROOT_ADMIN_PASSWORD='quickstart admin password'
start
grep -q 'ROOT_ADMIN_PASSWORD is set but not applied' "$DATA/service.log" || { echo 'no warning that ROOT_ADMIN_PASSWORD was not applied' >&2; cat "$DATA/service.log"; exit 1; }
stop
env -u DATABASE_URL -u REDIS_URL DATA_DIR="$DATA" npm run --silent admin -- set-password admin@localhost
start
API="http://127.0.0.1:$PORT" ADMIN_PASSWORD="$ROOT_ADMIN_PASSWORD" QUICKSTART_ENV="$DATA/student.env" bash examples/quickstart.sh
set -a; . "$DATA/student.env"; set +a
API_URL="http://127.0.0.1:$PORT" npx tsx examples/client.ts

# The guides. The demo seed writes the embedded database, which is one process's: stop first.
stop
env -u DATABASE_URL -u REDIS_URL DATA_DIR="$DATA" npm run --silent seed -- --demo
# connect-ads needs Graph (here its stand-in) and the sandbox gateway; the three scripts make some
# hundred requests a minute from one address, past the default per-IP limits (docs/guides/README.md).
GRAPH_PORT=$((PORT + 1))
PORT=$GRAPH_PORT node examples/guides/fake-graph.mjs >"$DATA/graph.log" 2>&1 &
GRAPH=$!
META_GRAPH_URL="http://127.0.0.1:$GRAPH_PORT/v21.0" PAYGATE_PROVIDER=sandbox RATE_LIMIT_GLOBAL=1000 RATE_LIMIT_CRITICAL=200 start
API_URL="http://127.0.0.1:$PORT" TENANT=demo npx tsx examples/guides/student-app.ts
API="http://127.0.0.1:$PORT" ROOT_PASSWORD="$ROOT_ADMIN_PASSWORD" bash examples/guides/run-a-school.sh
API="http://127.0.0.1:$PORT" GRAPH="http://127.0.0.1:$GRAPH_PORT" ADMIN_PASSWORD="$ROOT_ADMIN_PASSWORD" bash examples/guides/connect-ads.sh
