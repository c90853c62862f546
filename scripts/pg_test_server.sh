#!/usr/bin/env bash
# A throwaway PostgreSQL server for the floor service tests; prints its SQLAlchemy URL.
#
#   scripts/pg_test_server.sh          start it (or find it running); make database railbird_test
#   scripts/pg_test_server.sh stop     stop it (its files stay in the folder for the next start)
#
# It lives in $RAILBIRD_PG_DIR (default /tmp/railbird-pg-$USER), listens on a unix socket only (no TCP),
# port $RAILBIRD_PG_PORT (default 54329), trust authentication. Run as root, the server runs as the
# postgres user (PostgreSQL refuses to run as root). Idempotent: running it again prints the URL.
set -euo pipefail

DIR=${RAILBIRD_PG_DIR:-/tmp/railbird-pg-$(id -un)}
PORT=${RAILBIRD_PG_PORT:-54329}
DB=railbird_test
DATA=$DIR/data
SOCK=$DIR/socket

bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "pg_test_server: PostgreSQL server not installed (no /usr/lib/postgresql/*/bin/initdb);" \
        "install it with: apt-get install -y postgresql" >&2
    exit 3
fi

if [ "$(id -u)" = 0 ]; then
    owner=postgres
    as_owner() { runuser -u postgres -- "$@"; }
else
    owner=$(id -un)
    as_owner() { "$@"; }
fi

running() { as_owner "$bin/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

if [ "${1:-start}" = stop ]; then
    if [ -d "$DATA" ] && running; then
        as_owner "$bin/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    fi
    exit 0
fi

mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown "$owner" "$DIR"
if [ ! -f "$DATA/PG_VERSION" ]; then
    as_owner mkdir -p "$SOCK"
    as_owner "$bin/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --no-instructions >"$DIR/initdb.log" 2>&1 \
        || { cat "$DIR/initdb.log" >&2; exit 1; }
fi
if ! running; then
    opts="-c listen_addresses='' -c unix_socket_directories='$SOCK' -p $PORT -c fsync=off"
    opts="$opts -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    as_owner "$bin/pg_ctl" -D "$DATA" -l "$DIR/server.log" -o "$opts" -w -t 30 start >/dev/null \
        || { tail -n 20 "$DIR/server.log" >&2; exit 1; }
fi
psql() { as_owner "$bin/psql" -h "$SOCK" -p "$PORT" -U postgres -X -q -v ON_ERROR_STOP=1 "$@"; }
if [ "$(psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
    psql -d postgres -c "CREATE DATABASE $DB" >/dev/null
fi
echo "postgresql+psycopg://postgres@/$DB?host=$SOCK&port=$PORT"
