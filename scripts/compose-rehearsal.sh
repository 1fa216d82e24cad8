#!/usr/bin/env bash
# A rehearsal of compose.yaml without Docker (where there is no daemon, as on the project's
# build machine): the image's runtime stage as the Dockerfile lays it out (the build, the
# production dependencies only, the app read-only, a non-root user writing only its data
# folder) run as compose runs it: PostgreSQL, two standalone APIs (the first seeds), two
# storefronts calling the APIs through the load balancer, and nginx with deploy/nginx.conf,
# the service names pointed at 127.0.0.1 ports. It checks what compose's health checks and
# the operations guide promise, then stops everything with SIGTERM as `docker compose down`
# does. As root, after `npm run build`; installs nginx from Debian when missing.
#
#   npm run build && bash scripts/compose-rehearsal.sh
#
# Ports 4311–4316 on 127.0.0.1; the database `rehearsal` is made anew each run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/rehearsal-checks.sh
root=$(pwd)
work=$(mktemp -d /tmp/compose-rehearsal.XXXXXX)
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && nginx -c "$work/nginx.conf" -s quit 2>/dev/null || true
}
trap stop_all EXIT
fail() {
  echo "FAIL $*"
  for log in "$work"/*.log; do echo "--- $log"; tail -n 20 "$log"; done
  exit 1
}

[ -d build/node ] || fail "no build/node: run npm run build first"
command -v nginx >/dev/null || apt-get install -y nginx-light >/dev/null
bash scripts/test-postgres.sh >/dev/null
su postgres -c "dropdb --if-exists rehearsal && createdb -O shop rehearsal"

# The image's /app: COPY --from=prod-deps node_modules, COPY --from=build build, package.json.
app="$work/app"
mkdir -p "$app"
cp package.json package-lock.json "$app/"
(cd "$app" && npm ci --omit=dev --no-audit --no-fund >"$work/npm.log" 2>&1) || fail "npm ci --omit=dev"
cp -r build "$app/build"
chmod -R a+rX "$work"
# The node image's user is uid 1000; whoever has that uid here plays it.
user=$(getent passwd 1000 | cut -d: -f1)
[ -n "$user" ] || { useradd -u 1000 -M -s /usr/sbin/nologin rehearsal && user=rehearsal; }

secret() { openssl rand -hex 24; }
ed25519() { openssl genpkey -algorithm ed25519 -outform DER | base64 -w0; }
metrics_token=$(secret)
common=(NODE_ENV=production HOST=127.0.0.1 METRICS_TOKEN="$metrics_token" LOG_LEVEL=warn)
api_env=("${common[@]}"
  DATABASE_URL=postgres://shop:shop@127.0.0.1:5432/rehearsal
  TICKET_SECRET="$(secret)" TICKET_SIGNING_KEY="$(ed25519)" QUEUE_SIGNING_KEY="$(ed25519)"
  SANDBOX_NOTIFICATION_SECRET="$(secret)" TRUST_CLIENT_ADDRESS_FROM=127.0.0.1)
web_env=("${common[@]}" COMMERCE_API_URL=http://127.0.0.1:4316/v2 SESSION_SECRET="$(secret)"
  PUBLIC_ORIGIN=http://127.0.0.1:4315 COOKIE_SECURE=false TRUST_PROXY_HOPS=1)

# One service: the image's command as the unprivileged user, its own /data.
start() {
  local name=$1 port=$2 entry=$3
  shift 3
  mkdir -p "$work/$name-data"
  chown "$user" "$work/$name-data"
  su "$user" -s /bin/bash -c "cd '$app' && exec env $(printf '%q ' "$@") PORT=$port \
    DATA_DIR='$work/$name-data' node build/node/$entry" >"$work/$name.log" 2>&1 &
  pids+=($!)
}
# The image's HEALTHCHECK, run as the container would.
healthy() {
  su "$user" -s /bin/bash -c "cd '$app' && PORT=$1 node -e \"fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))\""
}
wait_healthy() {
  local pid=${pids[-1]}
  for _ in $(seq 1 120); do
    healthy "$2" && return 0
    kill -0 "$pid" 2>/dev/null || fail "$1 stopped before it was healthy"
    sleep 1
  done
  fail "$1 never became healthy"
}

start api1 4311 commerce.mjs "${api_env[@]}" SEED_DEMO=true
wait_healthy api1 4311
start api2 4312 commerce.mjs "${api_env[@]}" SEED_DEMO=false
wait_healthy api2 4312

# deploy/nginx.conf with the services' names and ports of this machine.
sed -e 's/server web1:3000/server 127.0.0.1:4313/; s/server web2:3000/server 127.0.0.1:4314/' \
  -e 's/server api1:3100/server 127.0.0.1:4311/; s/server api2:3100/server 127.0.0.1:4312/' \
  -e 's/listen 8080;/listen 127.0.0.1:4315;/; s/listen 8081;/listen 127.0.0.1:4316;/' \
  -e "s|^events|pid $work/nginx.pid;\nerror_log $work/nginx.log;\nevents|" \
  deploy/nginx.conf >"$work/nginx.conf"
grep -q "127.0.0.1:4313" "$work/nginx.conf" || fail "deploy/nginx.conf: the upstreams were not found"
nginx -c "$work/nginx.conf" -p "$work" || fail "nginx did not start"

start web1 4313 storefront.mjs "${web_env[@]}"
start web2 4314 storefront.mjs "${web_env[@]}"
wait_healthy web2 4314
wait_healthy web1 4313

lb=http://127.0.0.1:4315
check_public_address "$lb"
expect 200 "the storefronts' API port reaches an API" http://127.0.0.1:4316/v2/EspectaculoCartelTipos
for port in 4311 4312 4313 4314; do
  expect 401 "metrics refused without the token ($port)" "http://127.0.0.1:$port/metrics"
  expect 200 "metrics with the token ($port)" -H "Authorization: Bearer $metrics_token" \
    "http://127.0.0.1:$port/metrics"
done
# Both storefronts answer (nginx takes turns); each renders the billboard through the API.
for port in 4313 4314; do
  expect 200 "storefront on $port renders the billboard" "http://127.0.0.1:$port/"
done

# docker compose down: SIGTERM, a graceful stop within the grace period, exit code 0.
# The signal goes to node itself, the container's PID 1 (su would end the session instead).
for index in "${!pids[@]}"; do
  pid=${pids[$index]}
  kill -TERM "$(pgrep -P "$pid" -n)"
  code=0
  wait "$pid" || code=$?
  [ "$code" = 0 ] || fail "service $index exited $code after SIGTERM"
done
pids=()
echo "ok every service stopped gracefully on SIGTERM (exit 0)"
rm -rf "$work"
echo "PASS the compose rehearsal"
