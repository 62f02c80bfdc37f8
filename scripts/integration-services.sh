#!/usr/bin/env bash
# PostgreSQL and Redis from Debian's packages, on loopback, for the integration tests.
#
#   scripts/integration-services.sh start   # install if missing, start both, write the env file
#   scripts/integration-services.sh stop    # stop both and remove their data
#
# Both run as throwaway instances of their own (own data folder, own port), so they
# never touch a cluster or a Redis the machine already has, nor another run's servers:
# each run gets its own $INTEGRATION_DIR (`make test-integration` makes a fresh one) and,
# unless INTEGRATION_PG_PORT / INTEGRATION_REDIS_PORT name them, ports the machine has
# free at that moment. `start` writes DATABASE_URL and REDIS_URL to $INTEGRATION_DIR/env
# for `make test-integration` to source. As root the servers run as the postgres/redis
# users; as anyone else they run as that user (the packages must then be installed).
set -euo pipefail

STATE_DIR=${INTEGRATION_DIR:-/tmp/clubtable-integration}
ENV_FILE=$STATE_DIR/env
PORTS_FILE=$STATE_DIR/ports
DB_NAME=clubtable
DB_USER=clubtable
DB_PASSWORD=clubtable

as_service_user() {  # run a command as the given system user when root, else as ourselves
  local user=$1
  shift
  if [ "$(id -u)" -eq 0 ]; then
    # From /, since the checkout (e.g. under /root) may be closed to that user.
    (cd / && runuser -u "$user" -- "$@")
  else
    "$@"
  fi
}

free_port() {  # a loopback port nothing listens on right now
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Runs the start function $3 with a port, and sets STARTED_PORT to the port it started on:
# the pinned port $1 if one is given, else ports free at that moment, another one when the
# server's log $2 says the port was taken before it could bind it (up to five tries).
on_a_free_port() {
  local pinned=$1 log=$2 start=$3 port
  for _ in 1 2 3 4 5; do
    port=${pinned:-$(free_port)}
    if [ -f "$log" ]; then : >"$log"; fi # keeps its owner, the server's user
    if "$start" "$port"; then
      STARTED_PORT=$port
      return
    fi
    if [ -n "$pinned" ] || ! grep -q "Address already in use" "$log"; then
      break
    fi
  done
  cat "$log" >&2
  exit 1
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || {
    echo "PostgreSQL server binaries not found under /usr/lib/postgresql" >&2
    exit 1
  }
  echo "$dir"
}

install_missing() {
  local need=()
  ls -d /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
  command -v redis-server >/dev/null || need+=(redis-server)
  bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "${need[@]}"
}

start_postgres() {
  local bin data=$STATE_DIR/pg owner
  bin=$(pg_bin)
  owner=$([ "$(id -u)" -eq 0 ] && echo postgres || id -un)
  mkdir -p "$data"
  chown "$owner" "$STATE_DIR" "$data"
  chmod 700 "$data"
  if [ ! -f "$data/PG_VERSION" ]; then
    as_service_user "$owner" "$bin/initdb" -D "$data" -U postgres -A trust --no-sync \
      -E UTF8 --locale=C.UTF-8 >"$STATE_DIR/initdb.log" 2>&1 || {
      cat "$STATE_DIR/initdb.log" >&2
      exit 1
    }
  fi
  # Loopback only; a test server, so no fsync (its data is thrown away at `stop`).
  pg_ctl_start() {
    as_service_user "$owner" "$bin/pg_ctl" -D "$data" -l "$STATE_DIR/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $1 -k $data -c fsync=off \
          -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null 2>&1
  }
  on_a_free_port "${INTEGRATION_PG_PORT:-}" "$STATE_DIR/postgres.log" pg_ctl_start
  PG_PORT=$STARTED_PORT
  echo "PG_PORT=$PG_PORT" >>"$PORTS_FILE"
  psql_admin() { as_service_user "$owner" psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
  if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$DB_USER'")" != 1 ]; then
    psql_admin -c "CREATE ROLE $DB_USER LOGIN CREATEDB PASSWORD '$DB_PASSWORD'"
  fi
  if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")" != 1 ]; then
    psql_admin -c "CREATE DATABASE $DB_NAME OWNER $DB_USER"
  fi
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

start_redis() {
  local owner
  owner=$([ "$(id -u)" -eq 0 ] && echo redis || id -un)
  id "$owner" >/dev/null 2>&1 || owner=$(id -un)
  mkdir -p "$STATE_DIR/redis"
  chown "$owner" "$STATE_DIR/redis"
  redis_start() {
    as_service_user "$owner" redis-server --bind 127.0.0.1 --port "$1" \
      --dir "$STATE_DIR/redis" --save "" --appendonly no --daemonize yes \
      --pidfile "$STATE_DIR/redis/redis.pid" --logfile "$STATE_DIR/redis/redis.log"
    for _ in $(seq 50); do
      redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null | grep -q PONG && return 0
      sleep 0.1
    done
    return 1
  }
  on_a_free_port "${INTEGRATION_REDIS_PORT:-}" "$STATE_DIR/redis/redis.log" redis_start
  REDIS_PORT=$STARTED_PORT
  echo "REDIS_PORT=$REDIS_PORT" >>"$PORTS_FILE"
  echo "Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) on 127.0.0.1:$REDIS_PORT"
}

stop_all() {
  local data=$STATE_DIR/pg owner REDIS_PORT=
  # shellcheck disable=SC1090  # the ports this run's servers were started on
  [ -f "$PORTS_FILE" ] && . "$PORTS_FILE"
  owner=$([ "$(id -u)" -eq 0 ] && echo postgres || id -un)
  if [ -f "$data/postmaster.pid" ]; then
    as_service_user "$owner" "$(pg_bin)/pg_ctl" -D "$data" -m fast -w stop >/dev/null || true
  fi
  if [ -f "$STATE_DIR/redis/redis.pid" ] && [ -n "$REDIS_PORT" ]; then
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
  rm -rf "$STATE_DIR"
}

case "${1:-}" in
  start)
    install_missing
    stop_all # a run that died before its `stop` leaves servers and data behind
    mkdir -p "$STATE_DIR"
    start_postgres
    start_redis
    cat >"$ENV_FILE" <<EOF
export DATABASE_URL=postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PG_PORT/$DB_NAME
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
EOF
    ;;
  stop)
    stop_all
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
