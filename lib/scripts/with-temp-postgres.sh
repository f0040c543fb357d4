#!/usr/bin/env bash
# bash lib/scripts/with-temp-postgres.sh <command…> — runs a command with DATABASE_URL pointing at a
# throw-away PostgreSQL 15 (Debian: apt-get install -y postgresql), started in a temporary folder
# on a loopback port (PGPORT, default 54329) and removed afterwards. Run as root (the server runs
# as the postgres user) or as a user who may run initdb. Example:
#   bash lib/scripts/with-temp-postgres.sh npx tsx lib/scripts/guessing-concurrency.ts
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PGPORT:-54329}
DIR=$(mktemp -d /tmp/pg-probe.XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
cleanup() { as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$DIR"; }
trap cleanup EXIT
as_pg "$BIN/initdb" -D "$DIR/data" -U probe --auth=trust >/dev/null
as_pg "$BIN/pg_ctl" -D "$DIR/data" -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=100" -l "$DIR/log" -w start >/dev/null
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U probe probe
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
DATABASE_URL="postgres://probe@127.0.0.1:$PORT/probe" "$@"
