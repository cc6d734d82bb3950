#!/bin/sh
# The official image's contract, in small: POSTGRES_USER (default postgres), POSTGRES_PASSWORD or
# POSTGRES_PASSWORD_FILE (required), POSTGRES_DB (default: the user); initialise an empty PGDATA once.
set -eu
BIN=$(ls -d /usr/lib/postgresql/*/bin | tail -n1)
: "${PGDATA:=/var/lib/postgresql/data}"
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD=$(cat "$POSTGRES_PASSWORD_FILE"); fi
USER_NAME=${POSTGRES_USER:-postgres}
DB_NAME=${POSTGRES_DB:-$USER_NAME}
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE is required" >&2; exit 1; }
  pwfile=$(mktemp) && printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile" && chown postgres "$pwfile"
  as_pg "$BIN/initdb" -D "$PGDATA" -U "$USER_NAME" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$DB_NAME" != "postgres" ]; then
    as_pg "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start
    as_pg "$BIN/psql" -U "$USER_NAME" -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"$DB_NAME\""
    as_pg "$BIN/pg_ctl" -D "$PGDATA" -m fast -w stop
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
