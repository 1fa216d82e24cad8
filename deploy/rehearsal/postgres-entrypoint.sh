#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with its password, and POSTGRES_DB; every
# start: the server in the foreground as the postgres user (SIGINT = fast shutdown).
set -eu
bin=/usr/lib/postgresql/15/bin
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?}" >"$password_file"
  chown postgres "$password_file"
  as_postgres "$bin/initdb" -D "$PGDATA" -U "${POSTGRES_USER:?}" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "${POSTGRES_DB:-$POSTGRES_USER}" != postgres ]; then
    as_postgres "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=" -w start >/dev/null
    as_postgres "$bin/psql" -U "$POSTGRES_USER" -d postgres -v ON_ERROR_STOP=1 -q \
      -c "CREATE DATABASE \"${POSTGRES_DB:-$POSTGRES_USER}\""
    as_postgres "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups \
  "$bin/postgres" -D "$PGDATA" -c listen_addresses='*'
