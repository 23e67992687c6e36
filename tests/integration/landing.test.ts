import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema";
import { resetEnvForTests } from "#app/lib/env.server";
import { action as homeAction } from "#app/site/routes/home";
import { action as indexAction, loader as indexLoader } from "#app/site/routes/index";
import { action as launchAction } from "#app/site/routes/launch";
import { formRequest, routeArgs, toastOf } from "#tests/utils";

/** An action's answer: a redirect Response, or data (with its status) for a refused form. */
async function run(action: (args: never) => unknown, request: Request) {
  const result = (await action(routeArgs(request))) as
    | Response
    | { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
  return result;
}

afterEach(() => {
  delete process.env.LAUNCH_AT;
  resetEnvForTests();
});

describe("landing page forms", () => {
  // The donation panel posts to /donate (tests/integration/donations-test-mode.test.ts).
  test("the other form on the page is the newsletter, saved as a home sign-up", async () => {
    const response = (await run(
      homeAction,
      formRequest("/home", { intent: "newsletter", firstName: "Ana", email: "ana@example.org" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.title).toBe("Thank you for subscribing");
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row).toMatchObject({ email: "ana@example.org", source: "home" });
  });

  test("only form posts are accepted", async () => {
    const get = new Request("http://localhost:3000/home");
    await expect(homeAction(routeArgs(get))).rejects.toMatchObject({ init: { status: 405 } });
    const json = new Request("http://localhost:3000/home", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "newsletter" }),
    });
    await expect(homeAction(routeArgs(json))).rejects.toMatchObject({ init: { status: 415 } });
  });
});

// docs/decisions/015-root-route-before-launch.md
describe("/ before and after launch", () => {
  test("after LAUNCH_AT, / is the landing page and its forms come back to /", async () => {
    expect(await indexLoader(routeArgs(new Request("http://localhost/")))).toMatchObject({
      launched: true,
    });
    const response = (await run(
      indexAction,
      formRequest("/?index", { intent: "newsletter", firstName: "Di", email: "di@example.org" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect((await toastOf(response))?.title).toBe("Thank you for subscribing");
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row.source).toBe("home");
  });

  test("before LAUNCH_AT, / is the pre-launch page and signs up launch subscribers", async () => {
    process.env.LAUNCH_AT = "2999-01-01T00:00";
    resetEnvForTests();
    expect(await indexLoader(routeArgs(new Request("http://localhost/")))).toMatchObject({
      launched: false,
      launchAt: "2999-01-01T00:00",
    });
    const response = (await run(
      indexAction,
      formRequest("/?index", { intent: "newsletter", firstName: "Bo", email: "bo@example.org" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toMatchObject({
      title: "Thank you for subscribing!",
      description: "We'll keep you updated on our launch, Bo.",
    });
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row.source).toBe("launch");
  });
});

describe("/launch", () => {
  test("its newsletter form saves a launch subscriber", async () => {
    const response = (await run(
      launchAction,
      formRequest("/launch", { intent: "newsletter", firstName: "Cy", email: "cy@example.org" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/launch");
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row).toMatchObject({ email: "cy@example.org", source: "launch" });
  });
});
