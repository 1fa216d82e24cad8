# HTTP checks shared by scripts/compose-rehearsal.sh and scripts/container-rehearsal.sh
# (sourced). Each prints what it checked; a miss calls the sourcing script's `fail`.

status() { curl -s -o /dev/null -w "%{http_code}" "$@"; }

expect() {
  local want=$1 what=$2
  shift 2
  local got
  got=$(status "$@")
  [ "$got" = "$want" ] || fail "$what: HTTP $got, expected $want"
  echo "ok $what ($got)"
}

# What the one public address serves, and what it keeps private (docs/operations.md).
check_public_address() {
  local base=$1
  expect 200 "the billboard through the load balancer, in Spanish" -H "Accept-Language: es" "$base/"
  grep -q "Cartelera" <(curl -s -H "Accept-Language: es" "$base/") || fail "the billboard has no title"
  echo "ok the billboard says Cartelera"
  expect 200 "a show's landing through the load balancer" "$base/landing/los-inquilinos-del-conventillo"
  expect 302 "a performance page asks for a login first" "$base/funcion/los-inquilinos-del-conventillo/1"
  expect 404 "the load balancer keeps /metrics private" "$base/metrics"
  expect 404 "the load balancer keeps /readyz private" "$base/readyz"
  expect 404 "the public port does not expose the API" "$base/v2/EspectaculoCartelTipos"
}
