-- wrk script for bench/soak.sh: each request picks a random path from the exported file list
-- (SOAK_PATHS, lines "path<TAB>size"); audio files are asked for as a random byte range
-- inside the file (206).
local paths = {}
local sizes = {}
local counts = {}

function init(args)
  for line in io.lines(os.getenv("SOAK_PATHS")) do
    local path, size = line:match("^(.-)\t(%d+)$")
    if path then
      paths[#paths + 1] = path
      sizes[#paths] = tonumber(size)
    end
  end
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
end

function request()
  local i = math.random(#paths)
  local path = paths[i]
  local headers = {}
  if path:match("%.ogg$") and sizes[i] > 1 then
    local first = math.random(0, sizes[i] - 1)
    headers["Range"] = "bytes=" .. first .. "-" .. math.random(first, sizes[i] - 1)
  end
  headers["Accept-Encoding"] = (math.random(2) == 1) and "gzip" or "identity"
  return wrk.format("GET", "/" .. path, headers)
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  io.write(string.format("soak: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
