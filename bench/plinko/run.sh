#!/usr/bin/env bash
# Plinko frame time with ~50 balls in flight under CPU throttling in headless Chromium: builds the
# client into its own folder, starts the product on its own port, runs bench/plinko/probe.ts (the team
# probe's measurement, plus closing the bonus modal and holding ~50 balls in flight by reading the
# lab's 'In flight: N'), then the team's frame probe as is (/work/shared/tools/frame-probe.mjs, or
# FRAME_PROBE), and stops the server. Nothing here touches dist/ or the default port.
# Run from the project root: bash bench/plinko/run.sh
#   PLINKO_PORT (3130), PLINKO_THROTTLE (4), PLINKO_SECONDS (30), PLINKO_RATE (10 presses/s),
#   PLINKO_BUTTON ('Drop 5 balls': one ball per press never reached 50 in flight here, see bench/README.md),
#   PLINKO_CLIENT_DIR (/tmp/perf-client), PLINKO_DATA_DIR (/tmp/perf-data), PLINKO_SKIP_BUILD=1 to reuse a build.
# Another lab scene: LAB_SCENE (box, dice, upgrade), LAB_QUERY (e.g. '&reels=5'), TEAM_PROBE_BUTTON and
# TEAM_PROBE_RATE for the team probe (npm run bench:box-scene does this for the box reel).
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${PLINKO_PORT:-3130}
throttle=${PLINKO_THROTTLE:-4}
seconds=${PLINKO_SECONDS:-30}
rate=${PLINKO_RATE:-10}
button=${PLINKO_BUTTON:-Drop 5 balls}
client=${PLINKO_CLIENT_DIR:-/tmp/perf-client}
data=${PLINKO_DATA_DIR:-/tmp/perf-data}
probe=${FRAME_PROBE:-/work/shared/tools/frame-probe.mjs}
scene=${LAB_SCENE:-plinko}
url="http://127.0.0.1:${port}/scene-lab?scene=${scene}${LAB_QUERY:-}"

if [ "${PLINKO_SKIP_BUILD:-}" != 1 ]; then
  npx vite build --outDir "$client" --emptyOutDir >/dev/null
fi
mkdir -p "$data"
CLIENT_DIR="$client" PORT="$port" DATA_DIR="$data" node_modules/.bin/node server/main.ts >"$data/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:${port}/api/health" >/dev/null && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:${port}/api/health" >/dev/null || { echo "server did not start, see $data/server.log" >&2; exit 1; }

echo "uptime: $(uptime)"
echo "bench/plinko/probe.ts (closes the bonus modal, counts balls in flight):"
node_modules/.bin/node bench/plinko/probe.ts "$url" "$throttle" "$seconds" "$rate" 50 "$button"
echo "team frame probe as is (cannot close the bonus modal):"
node_modules/.bin/node "$probe" "$url" "${TEAM_PROBE_BUTTON:-Drop ball}" "$throttle" 10 "${TEAM_PROBE_RATE:-10}"
