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
    // No file watcher: the test never edits a file (a watcher first walks the whole tree).
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
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

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers }), {
    requestId: "test",
  } as never);
  return response.text();
}

async function aboutPage(setting: string | undefined) {
  if (setting === undefined) delete process.env.SCRIPTS_AFTER_PAINT;
  else process.env.SCRIPTS_AFTER_PAINT = setting;
  resetEnv();
  return page("/about");
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

// docs/decisions/188-first-paint-after-the-whole-page.md
describe("the first paint waits for the whole page", () => {
  test.each([
    ["/about", {}],
    ["/es/resources?q=ayuda", {}],
    ["/launch", {}],
    ["/no/such-page", {}],
    ["/home", { "Save-Data": "on" }],
  ])(
    "%s %o: the head expects the page's last element, which ends the body",
    async (path, headers) => {
      const html = await page(path, headers);
      const head = html.slice(0, html.indexOf("</head>"));
      const expects = [
        ...head.matchAll(/<link rel="expect" href="#([^"]+)" blocking="render"\/>/g),
      ];
      expect(expects).toHaveLength(1);
      const id = expects[0][1];
      // One element carries the id, and nothing drawn follows it: only React's hidden segments
      // and scripts that hand the rest of the loader data over.
      expect(html.split(`id="${id}"`)).toHaveLength(2);
      const after = html
        .slice(html.indexOf(`id="${id}"`))
        .replace(/^[^>]*>[\s\S]*?<\/script>/, "")
        .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<!--[^>]*-->|<template id="B:\d+"><\/template>/g, "")
        .replace(/<div hidden(?:="")? id="S:\d+"><\/div>/g, "");
      expect(after).toBe("</body></html>");
    },
  );
});
