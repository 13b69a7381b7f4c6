-- wrk script of the benchmark: optional lists (one entry per line) of request bodies, sent in turn as POSTs, or
-- of paths, requested in turn; and a machine-readable summary line that bench/lib/load.ts parses.
local mode = nil
local items = nil
local counter = 0

function init(args)
  if args[1] then
    mode = args[1]
    items = {}
    for line in io.lines(args[2]) do
      items[#items + 1] = line
    end
  end
end

function request()
  if items then
    counter = counter + 1
    local item = items[(counter - 1) % #items + 1]
    if mode == "bodies" then
      return wrk.format("POST", nil, nil, item)
    end
    return wrk.format(nil, item)
  end
  return wrk.request()
end

local reported = false

-- The first failure of a run is printed (status and body), so an error count comes with its reason.
function response(status, headers, body)
  if status >= 400 and not reported then
    reported = true
    io.write(string.format("WRK_FAILURE %d %s\n", status, string.sub(body or "", 1, 300)))
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
