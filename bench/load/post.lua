-- wrk script for the HTTP benchmarks: POSTs WRK_BODY as JSON; with WRK_TOKENS (comma-separated
-- bearer tokens) each wrk thread signs in as its own player, so with -t N -c N every connection is
-- one player and no two connections queue on the same player's rows. Prints one WRK_RESULT line
-- of JSON for bench/load/wrk.ts to read.
local tokens = {}
for token in string.gmatch(os.getenv("WRK_TOKENS") or "", "[^,]+") do tokens[#tokens + 1] = token end
local threads = 0

function setup(thread)
  threads = threads + 1
  if #tokens > 0 then thread:set("token", tokens[(threads - 1) % #tokens + 1]) end
end

function init(args)
  wrk.method = "POST"
  wrk.body = os.getenv("WRK_BODY") or ""
  wrk.headers["Content-Type"] = "application/json"
  if token then wrk.headers["Authorization"] = "Bearer " .. token end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status))
end
