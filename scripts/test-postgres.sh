#!/usr/bin/env bash
# Starts Debian's PostgreSQL on 127.0.0.1 and makes the test role and database (idempotent).
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -h 127.0.0.1" && break
  sleep 1
done
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='shop'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"CREATE ROLE shop LOGIN SUPERUSER PASSWORD 'shop'\""
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='shop_test'\"" | grep -q 1 ||
  su postgres -c "createdb -O shop shop_test"
echo "PostgreSQL $version ready on 127.0.0.1:5432 (database shop_test)"
