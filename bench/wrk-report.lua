-- The bench's wrk report (bench/wrk.ts): at the end of a run, one line "wrk-report <JSON>" with
-- the totals and the latency percentiles. Only done() is defined: a request() or response()
-- function would make wrk call Lua for every request and lower its own ceiling.
-- Times are wrk's microseconds.

local function number(value)
  -- nan (no request answered) or infinity would not be JSON.
  if value ~= value or value == math.huge or value == -math.huge then
    return "null"
  end
  return string.format("%.0f", value)
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write("\nwrk-report {")
  io.write('"requests":', number(summary.requests))
  io.write(',"durationUs":', number(summary.duration))
  io.write(',"bytes":', number(summary.bytes))
  io.write(',"errors":{')
  io.write('"connect":', number(errors.connect))
  io.write(',"read":', number(errors.read))
  io.write(',"write":', number(errors.write))
  io.write(',"status":', number(errors.status))
  io.write(',"timeout":', number(errors.timeout))
  io.write('},"latencyUs":{')
  io.write('"p50":', number(latency:percentile(50)))
  io.write(',"p99":', number(latency:percentile(99)))
  io.write(',"max":', number(latency.max))
  io.write(',"mean":', number(latency.mean))
  io.write("}}\n")
end
