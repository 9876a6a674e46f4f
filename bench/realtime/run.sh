#!/usr/bin/env bash
# 19,000 sockets (the default) need more file descriptors than the usual default of 1024 (one per socket on
# each side; the client and each server run in their own process).
set -euo pipefail
cd "$(dirname "$0")/../.."
ulimit -n "$(ulimit -Hn)" 2>/dev/null || ulimit -n 20000 || true
exec node_modules/.bin/node bench/realtime/run.ts
