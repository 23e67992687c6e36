// The bench as a meter (docs/decisions/263-bench-ab-and-a-meter-that-fails.md): a failed run is
// made once more and then stops the bench, a Lighthouse run without its figures is a failed one,
// the A/B flags a blocking time above 1.25 times the baseline's, and the rendered-search load asks
// for a different search each request, each of wrk's threads walking its own share of them.
import { spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { abFigure, abTable, ratioOf, regressionLines } from "../../bench/ab";
import {
  BenchFailure,
  type LhrLike,
  lighthouseProblem,
  twice,
  withinTime,
} from "../../bench/failure";
import { SEARCH_QUERIES, SEARCH_WORDS } from "../../bench/search-words";
import { wrk } from "../../bench/wrk";
import { PageCache } from "../../server/page-cache/store";

const quiet = () => {};

describe("twice", () => {
  test("a first failure is made again; the second attempt's result counts", async () => {
    let calls = 0;
    const said: string[] = [];
    const result = await twice(
      "Lighthouse on /home (tree)",
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("NO_FCP: no first contentful paint");
        return 42;
      },
      (line) => said.push(line),
    );
    expect(result).toBe(42);
    expect(calls).toBe(2);
    expect(said.join("\n")).toContain("Lighthouse on /home (tree) failed (NO_FCP");
  });

  test("two failures stop the bench with a BenchFailure naming the run", async () => {
    let calls = 0;
    const failing = twice(
      "INP run 1 on tree",
      async () => {
        calls += 1;
        throw new Error("the page did not hydrate");
      },
      quiet,
    );
    await expect(failing).rejects.toThrow(BenchFailure);
    await expect(failing).rejects.toThrow(
      "INP run 1 on tree failed twice: the page did not hydrate",
    );
    expect(calls).toBe(2);
  });
});

describe("withinTime", () => {
  test("a run past its limit fails and what runs it is ended; one within it counts", async () => {
    let abandoned = 0;
    const hanging = withinTime(
      30,
      () => new Promise<number>(() => {}),
      () => {
        abandoned += 1;
      },
    );
    await expect(hanging).rejects.toThrow("took longer than 0 s");
    expect(abandoned).toBe(1);
    const quick = withinTime(
      1_000,
      async () => 7,
      () => {
        abandoned += 1;
      },
    );
    await expect(quick).resolves.toBe(7);
    expect(abandoned).toBe(1);
  });

  test("a run past its limit is a failure twice() makes once more", async () => {
    let calls = 0;
    const result = await twice(
      "Lighthouse on /home (baseline)",
      () =>
        withinTime(
          30,
          () => {
            calls += 1;
            return calls === 1 ? new Promise<string>(() => {}) : Promise.resolve("scored");
          },
          () => {},
        ),
      quiet,
    );
    expect(result).toBe("scored");
    expect(calls).toBe(2);
  });
});

describe("lighthouseProblem", () => {
  const good = (): LhrLike => ({
    categories: { performance: { score: 0.97 }, seo: { score: 1 } },
    audits: {
      "first-contentful-paint": { numericValue: 900 },
      "largest-contentful-paint": { numericValue: 1100 },
      "total-blocking-time": { numericValue: 120 },
    },
    environment: { benchmarkIndex: 2400 },
  });

  test("a run with every figure counts", () => {
    expect(lighthouseProblem(good(), ["performance", "seo"])).toBeNull();
  });

  test("a runtime error, a missing score (not a 0), paint, blocking time or host reading fail it", () => {
    const cases: [string, (lhr: LhrLike) => void][] = [
      ["NO_FCP", (lhr) => (lhr.runtimeError = { code: "NO_FCP", message: "no paint" })],
      ["no performance score", (lhr) => (lhr.categories.performance = { score: null })],
      ["no seo score", (lhr) => delete lhr.categories.seo],
      ["no first contentful paint", (lhr) => (lhr.audits["first-contentful-paint"] = {})],
      ["no largest contentful paint", (lhr) => delete lhr.audits["largest-contentful-paint"]],
      [
        "no total blocking time",
        (lhr) => (lhr.audits["total-blocking-time"] = { numericValue: Number.NaN }),
      ],
      ["no benchmarkIndex", (lhr) => (lhr.environment = {})],
    ];
    for (const [reason, spoil] of cases) {
      const lhr = good();
      spoil(lhr);
      expect(lighthouseProblem(lhr, ["performance", "seo"])).toContain(reason);
    }
    // A real score of 0 is a figure, not a failure.
    const zero = good();
    zero.categories.performance = { score: 0 };
    expect(lighthouseProblem(zero, ["performance"])).toBeNull();
  });
});

describe("the A/B table", () => {
  const tbt = (baseline: number, tree: number) =>
    abFigure(
      {
        figure: "Total Blocking Time (median of 3)",
        subject: "/home",
        target: "<= 150 ms",
        baseline,
        tree,
        baselineText: `${baseline} ms`,
        treeText: `${tree} ms`,
        pass: tree <= 150,
      },
      { flagsRegression: true },
    );

  test("a blocking time above 1.25 times the baseline's is a regression, 1.25 is not", () => {
    expect(tbt(200, 250).regression).toBe(false);
    expect(tbt(200, 251).regression).toBe(true);
    expect(tbt(0, 0).ratio).toBe(1);
    expect(ratioOf(10, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(regressionLines([tbt(200, 300), tbt(200, 210)])).toEqual([
      "REGRESSION: Total Blocking Time (median of 3) on /home, 1.50x the baseline's (tree 300 ms vs baseline 200 ms)",
    ]);
  });

  test("the table prints both figures, the ratio, the tree's verdict and the flag", () => {
    const lines = abTable([tbt(200, 300)], "baseline 22dabcf");
    expect(lines[0]).toMatch(/\| figure .*\| baseline 22dabcf \| tree .*\| tree\/baseline \|/);
    expect(lines[2]).toMatch(/\| 200 ms .*\| 300 ms .*\| 1\.50 .*\| miss \| REGRESSION/);
  });
});

const hasWrk = spawnSync("wrk", ["-v"]).error === undefined;

describe.skipIf(!hasWrk)("the rendered-search load", () => {
  test("each thread asks for its own share of the words, in turn, and says where it stopped", async () => {
    const asked: string[] = [];
    const server = http.createServer((request, response) => {
      asked.push(new URL(request.url ?? "/", "http://x").searchParams.get("q") ?? "");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const words = SEARCH_WORDS.slice(0, 8);
      const load = await wrk(`http://127.0.0.1:${port}/resources?q=`, {
        connections: 2,
        threads: 2,
        seconds: 1,
        words,
      });
      expect(asked[0]).toBe(""); // wrk.ts's own first request, "?q="
      const measured = asked.slice(1);
      expect(new Set(measured)).toEqual(new Set(words));
      expect(measured.length).toBeGreaterThan(16);
      // Thread 0 walks the even words, thread 1 the odd ones: each stops on one of its own.
      expect(load.walk?.words).toBe(8);
      expect(load.walk?.next.map((index) => index % 2).sort()).toEqual([0, 1]);
      // Every word about as often as the others.
      for (const word of words) {
        const share = measured.filter((each) => each === word).length / measured.length;
        expect(share).toBeGreaterThan(0.05);
        expect(share).toBeLessThan(0.25);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the rendered-search queries", () => {
  test("walked as wrk's two threads walk them, past the end, no search is kept: each is rendered", async () => {
    expect(new Set(SEARCH_QUERIES).size).toBe(SEARCH_QUERIES.length);
    const pageCache = new PageCache({
      render: async (path) => ({
        status: 200,
        body: Buffer.from(`<p>${path}</p>`),
        contentType: "text/html; charset=utf-8",
        setsCookie: false,
      }),
      launchAt: () => "2025-04-24T00:00",
    });
    const threads = 2;
    const at = [0, 1];
    let kept = 0;
    // One and a half walks through the list, the threads' requests interleaved.
    for (let request = 0; request < SEARCH_QUERIES.length * 1.5; request += 1) {
      const thread = request % threads;
      const query = SEARCH_QUERIES[at[thread] % SEARCH_QUERIES.length];
      at[thread] += threads;
      if (await pageCache.get(`/resources?q=${query}`)) kept += 1;
    }
    expect(kept).toBe(0);
    // The same walk over the single words alone brings searches back soon enough to keep them.
    for (let request = 0; request < SEARCH_WORDS.length * 3; request += 1) {
      if (await pageCache.get(`/resources?q=${SEARCH_WORDS[request % SEARCH_WORDS.length]}`)) {
        kept += 1;
      }
    }
    expect(kept).toBeGreaterThan(0);
  });
});
