#!/bin/sh
# As the official Redis image does: without a config file, turn protected mode
# off (other containers on the network are the clients), and run as `redis`.
set -e
if [ "$1" = redis-server ] && [ ! -f "${2:-}" ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
if [ "$(id -u)" = 0 ]; then
  chown -R redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
