/**
 * The upload-with-progress module (docs/decisions/105-upload-progress-and-cancel.md) against React
 * Router's own server: a request handler built around one route with an action answers the `.data`
 * URL the module posts to, and the module must read that answer the way React Router's client does.
 * The transfer itself (XMLHttpRequest, progress, abort) needs a browser:
 * tests/e2e/resources.spec.ts and admin.spec.ts.
 */
import { createRequestHandler, data, redirect, type ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import {
  announcedStep,
  dataUrlFor,
  percentSent,
  readActionResponse,
} from "#app/features/library/upload-progress";

/** What the upload route's action does, chosen by the posted `outcome`. */
async function action({ request }: { request: Request }) {
  const form = await request.formData();
  switch (form.get("outcome")) {
    case "saved":
      return redirect("/resources?tab=documents", { headers: { "Set-Cookie": "toast=saved" } });
    case "refused":
      return data({ status: "error", error: { file: ["The file is empty."] } }, { status: 400 });
    default:
      throw new Error("storage is down");
  }
}

const route = (id: string, path: string, module: object, parentId?: string) => ({
  id,
  path,
  parentId,
  module: { default: () => null, ...module },
});

/** The smallest server build React Router serves: a root and the upload route, plus an index. */
const build = {
  // handleError: the thrown error below is expected, not worth a line in the test output.
  entry: { module: { default: () => new Response("document"), handleError: () => {} } },
  routes: {
    root: route("root", "", {}),
    upload: route("upload", "resources/upload", { action }, "root"),
    home: { ...route("home", "", { action }, "root"), path: undefined, index: true },
  },
  assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  basename: "/",
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

/** Posts like the module does: the form's action turned into its `.data` URL. */
async function post(formAction: string, outcome: string) {
  const body = new FormData();
  body.set("outcome", outcome);
  const url = dataUrlFor(formAction, "http://localhost/resources");
  const response = await handle(new Request(url, { method: "POST", body }));
  return {
    response,
    outcome: await readActionResponse(
      response.status,
      response.headers.get("X-Remix-Response"),
      await response.blob(),
    ),
  };
}

describe("the action's answer to a .data post", () => {
  test("a redirect is data, not a 302 the request would follow, and keeps its flash cookie", async () => {
    const { response, outcome } = await post("/resources/upload", "saved");
    expect(response.status).toBe(202);
    expect(response.headers.get("Set-Cookie")).toBe("toast=saved");
    expect(outcome).toEqual({
      type: "redirect",
      location: "/resources?tab=documents",
      replace: false,
      reload: false,
    });
  });

  test("a refusal is the action's data with its status, for the form to show", async () => {
    const { outcome } = await post("/resources/upload", "refused");
    expect(outcome).toEqual({
      type: "data",
      status: 400,
      data: { status: "error", error: { file: ["The file is empty."] } },
    });
  });

  test("an action that throws is a failure", async () => {
    const { outcome } = await post("/resources/upload", "crash");
    expect(outcome).toEqual({ type: "failed", status: 500 });
  });

  test("an index route's action is reached through ?index on /_root.data", async () => {
    const { outcome } = await post("/?index", "refused");
    expect(outcome).toMatchObject({ type: "data", status: 400 });
  });

  test("an answer React Router did not write (a rate limit, the outage page) is a failure", async () => {
    const limited = new Blob(["Too many requests. Please wait 1 minute(s) and try again."]);
    expect(await readActionResponse(429, null, limited)).toEqual({ type: "failed", status: 429 });
  });
});

describe("dataUrlFor", () => {
  test("puts .data on the path and keeps the query", () => {
    const base = "http://localhost/es/resources";
    expect(dataUrlFor("/es/resources/upload", base).href).toBe(
      "http://localhost/es/resources/upload.data",
    );
    expect(dataUrlFor("/admin/documents/", base).pathname).toBe("/admin/documents.data");
    expect(dataUrlFor("/admin/documents?page=2", base).search).toBe("?page=2");
    expect(dataUrlFor("/", base).pathname).toBe("/_root.data");
  });
});

describe("progress", () => {
  test("whole percent of the bytes sent, within 0-100", () => {
    expect(percentSent(0, 4_000_000)).toBe(0);
    expect(percentSent(1_690_000, 4_000_000)).toBe(42);
    expect(percentSent(4_000_000, 4_000_000)).toBe(100);
    expect(percentSent(10, 0)).toBe(0);
  });

  test("screen readers hear it in steps of 25%, not at every event", () => {
    const heard = new Set([0, 3, 24, 25, 49, 50, 51, 74, 99, 100].map(announcedStep));
    expect([...heard]).toEqual([0, 25, 50, 75, 100]);
  });
});
