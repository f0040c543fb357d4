#!/usr/bin/env bash
# bash lib/scripts/with-temp-postgres.sh <command…> — runs a command with DATABASE_URL pointing at a
# throw-away PostgreSQL cluster (Debian: apt-get install -y postgresql; the newest version folder
# under /usr/lib/postgresql/*/bin, or PG_BIN), started in a temporary folder on a loopback port
# (PGPORT, default 54329). The cluster is stopped and its folder removed however the command ends:
# normally, failing, or interrupted (INT, TERM). Its exit code is the command's. As root the server
# runs as the postgres user (runuser); otherwise as the caller, who must be allowed to run initdb.
# The role `probe` is a superuser, so the command may create and drop databases of its own.
# --non-durable (first): the server never waits for the disk (fsync, synchronous_commit and
# full_page_writes off, PostgreSQL's "non-durable settings"), for the test passes, which never
# crash it: the PostgreSQL pass took a tenth less time. Without it the server is as durable as an
# operator's, which the benchmarks need (durability.ts kills it). Example:
#   bash lib/scripts/with-temp-postgres.sh npx tsx lib/scripts/guessing-concurrency.ts
set -euo pipefail
settings="-c listen_addresses=127.0.0.1 -c max_connections=200"
if [ "${1:-}" = "--non-durable" ]; then
  settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  shift
fi
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "with-temp-postgres: no PostgreSQL server found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
fi
PORT=${PGPORT:-54329}
DIR=$(mktemp -d /tmp/pg-probe.XXXXXX)
child=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null || true; fi
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
# A signal ends the script through exit, and so through cleanup; the command gets TERM first.
trap 'exit 130' INT
trap 'exit 143' TERM
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$BIN/initdb" -D "$DIR/data" -U probe --auth=trust >/dev/null
if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" -o "-p $PORT -k $DIR $settings" -l "$DIR/log" -w start >/dev/null; then
  cat "$DIR/log" >&2
  exit 1
fi
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U probe probe
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
# In the background so that wait, unlike a foreground command, lets the traps run at once; the
# explicit <&0 keeps the caller's input, which a background command would otherwise lose.
DATABASE_URL="postgres://probe@127.0.0.1:$PORT/probe" "$@" <&0 &
child=$!
status=0
wait "$child" || status=$?
child=""
exit "$status"
