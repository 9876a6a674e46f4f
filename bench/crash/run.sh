#!/usr/bin/env bash
# 5,000 sockets need more file descriptors than the usual default of 1024.
set -euo pipefail
cd "$(dirname "$0")/../.."
ulimit -n "$(ulimit -Hn)" 2>/dev/null || ulimit -n 20000 || true
exec node_modules/.bin/node bench/crash/run.ts
