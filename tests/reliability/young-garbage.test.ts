/**
 * What a page rendered per request leaves to V8's old generation
 * (docs/decisions/207-request-objects-die-young.md,
 * docs/decisions/208-react-renders-without-an-async-scope.md,
 * docs/decisions/211-server-routes-built-once.md): a finished request's objects should
 * die in the young generation. Whatever a young collection finds still held is promoted, and the
 * old generation's mark-compacts, which the search page's slowest answers sit next to, come as
 * often as it fills. Counted in bytes (V8's `--trace-gc-nvp`), not timed.
 */
import http from "node:http";
import { afterAll, expect, test } from "vitest";
import { type AppProcess, killApp, startApp, tempDir } from "./harness";

const SEARCH_PAGE = "/resources?q=shelter";
const CONNECTIONS = 4;
// A cookie the page cache does not know makes it render the page for each request
// (server/page-cache/policy.ts), as for a signed-in visitor: the renders are what is measured.
const COOKIE = "measure=render";

let app: AppProcess | undefined;
afterAll(() => killApp(app));

/** `count` requests for `path`, `CONNECTIONS` at a time on kept-alive connections. */
async function load(path: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let left = count;
  const connection = async () => {
    while (left-- > 0) {
      await new Promise<void>((resolve, reject) => {
        http
          .get(
            `${app?.url}${path}`,
            { agent, headers: { "Accept-Encoding": "br", Cookie: COOKIE } },
            (answer) => {
              expect(answer.statusCode).toBe(200);
              answer.resume().on("end", resolve).on("error", reject);
            },
          )
          .on("error", reject);
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  agent.destroy();
}

/** The bytes the young collections logged in `log` promoted to the old generation. */
function promotedBytes(log: string): { bytes: number; scavenges: number } {
  const promoted = [...log.matchAll(/gc=s .*? promoted=(\d+)/g)].map((match) => Number(match[1]));
  return { bytes: promoted.reduce((sum, bytes) => sum + bytes, 0), scavenges: promoted.length };
}

test("a search page's objects die young: at most 48 KB a request reaches the old generation", async () => {
  app = await startApp(
    { DATA_DIR: tempDir("young-garbage"), LOG_LEVEL: "warn" },
    { nodeFlags: ["--trace-gc-nvp"] },
  );
  // Compiled, cached and settled first.
  await load(SEARCH_PAGE, 300);
  const logBefore = app.output().length;
  const requests = 1000;
  await load(SEARCH_PAGE, requests);
  const { bytes, scavenges } = promotedBytes(app.output().slice(logBefore));
  // A thousand pages of ~70 KB allocate far more than the young generation holds.
  expect(scavenges).toBeGreaterThan(20);
  // About 33 KB now; 60-64 KB while React Router rebuilt its route objects at every render, 107 KB
  // while React's renderer also kept its async scope.
  expect(bytes / requests / 1024).toBeLessThan(48);
});
