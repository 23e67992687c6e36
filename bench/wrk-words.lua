-- The bench's rendered-search load (bench/wrk.ts, `words`): each request asks for the URL's path
-- followed by the next word of a list ("/resources?q=" .. word), so the page is rendered rather
-- than answered from the page cache. Thread k of n asks for words k, k + n, k + 2n... and starts
-- again at k after the end: each word is asked for by one thread only, and again only after that
-- thread asked for all its others (SEARCH_QUERIES in bench/search-words.ts says why the cache
-- has forgotten it by then). At the end one line "wrk-words <JSON>": the number of words and the index of the word
-- each thread would have asked for next (the bench probes those: bench/run.ts), then
-- bench/wrk-report.lua's report line. Only request() is added, no response(): wrk calls Lua once
-- a request.
-- Set by wrk.ts: BENCH_WRK_REPORT (the path of wrk-report.lua), BENCH_WRK_WORDS (a file of words,
-- one a line), BENCH_WRK_THREADS (wrk's --threads).

dofile(os.getenv("BENCH_WRK_REPORT"))
local report = done

local words = {}
for line in io.lines(os.getenv("BENCH_WRK_WORDS")) do
  if line ~= "" then
    words[#words + 1] = line
  end
end
local stride = tonumber(os.getenv("BENCH_WRK_THREADS"))

-- The main state's handle on each thread, to read where each stopped in done().
local threads = {}

setup = function(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

-- Globals of each thread's state: setup() sets id; done() reads at.
id = 0
at = 0

init = function(args)
  at = id
end

request = function()
  local word = words[at % #words + 1]
  at = at + stride
  return wrk.format(nil, wrk.path .. word)
end

done = function(summary, latency, requests)
  local next = {}
  for index, thread in ipairs(threads) do
    next[index] = string.format("%d", (thread:get("at") or 0) % #words)
  end
  io.write(string.format('\nwrk-words {"words":%d,"next":[%s]}\n', #words, table.concat(next, ",")))
  report(summary, latency, requests)
end
