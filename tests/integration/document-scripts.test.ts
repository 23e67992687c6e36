import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// The page's HTML as the renderer sends it, with SCRIPTS_AFTER_PAINT on and off
// (docs/decisions/118-scripts-after-the-first-paint.md).
let vite: ViteDevServer;
let handler: ReturnType<typeof createRequestHandler>;
let resetEnv: () => void;

beforeAll(async () => {
  vite = await createServer({
    configFile: "vite.config.ts",
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  handler = createRequestHandler(build, "production");
  // The app's own copy of env.server.ts, which the renderer reads.
  ({ resetEnvForTests: resetEnv } = (await vite.ssrLoadModule("/app/lib/env.server.ts")) as {
    resetEnvForTests: () => void;
  });
}, 240_000);

afterAll(async () => {
  delete process.env.SCRIPTS_AFTER_PAINT;
  resetEnv?.();
  await vite?.close();
});

async function aboutPage(setting: string | undefined) {
  if (setting === undefined) delete process.env.SCRIPTS_AFTER_PAINT;
  else process.env.SCRIPTS_AFTER_PAINT = setting;
  resetEnv();
  const response = await handler(new Request("http://localhost:3000/about"), {
    requestId: "test",
  } as never);
  return response.text();
}

describe("SCRIPTS_AFTER_PAINT", () => {
  test("on by default: the module script and preloads are inert until the first paint", async () => {
    const html = await aboutPage(undefined);
    expect(html).toMatch(/<script[^>]* type="text\/x-after-paint"/);
    expect(html).not.toContain('type="module" async=""');
    expect(html).not.toContain('rel="modulepreload"');
  });

  test("off: React Router's module script and preloads are sent as they are", async () => {
    const html = await aboutPage("off");
    expect(html).not.toMatch(/<script[^>]* type="text\/x-after-paint"/);
    expect(html).not.toContain("<link data-after-paint=");
    expect(html).toContain('type="module" async=""');
  });
});
