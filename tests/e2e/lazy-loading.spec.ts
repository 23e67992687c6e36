import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";

/*
 * Dialogs, the accessibility panel's controls and toasts are downloaded when first used
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md). Names that Radix, sonner and
 * the panel keep in their production code tell their scripts apart; each is also seen arriving once used, so
 * a renamed marker cannot pass unnoticed.
 */
const RADIX_DIALOG = '"DialogContent"';

// These tests watch the page's own requests for scripts; the offline finder's service worker
// (docs/decisions/182-offline-finder.md) would answer some of them from its cache, unseen.
test.use({ serviceWorkers: "block" });
/** The accessibility panel's own class name for its text size slider. */
const PANEL = "a11y-slider";
const SONNER = "data-sonner-toaster";

/** The site's scripts the page asks for; `withMarker` lists those whose code holds `marker`. */
function collectScripts(page: Page) {
  const urls = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) urls.add(url.pathname);
  });
  const texts = new Map<string, Promise<string>>();
  const text = (url: string) => {
    if (!texts.has(url))
      texts.set(
        url,
        page.request.get(url).then((response) => response.text()),
      );
    return texts.get(url) as Promise<string>;
  };
  return {
    async withMarker(marker: string) {
      const found = await Promise.all(
        [...urls].map(async (url) => ((await text(url)).includes(marker) ? url : null)),
      );
      return found.filter((url) => url !== null);
    },
  };
}

test("a first visit to /home downloads no dialog, panel or toast code until they are used", async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  expect(await scripts.withMarker(RADIX_DIALOG)).toEqual([]);
  expect(await scripts.withMarker(PANEL)).toEqual([]);
  expect(await scripts.withMarker(SONNER)).toEqual([]);

  // Opening the panel brings its code, a native dialog that needs no Radix; still no toasts.
  await page.getByRole("button", { name: "Accessibility settings" }).click();
  const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
  await expect(panel.getByRole("slider", { name: "Text size" })).toBeVisible();
  expect(await scripts.withMarker(PANEL)).not.toEqual([]);
  expect(await scripts.withMarker(RADIX_DIALOG)).toEqual([]);
  expect(await scripts.withMarker(SONNER)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The first toast (the newsletter's thanks) is asked for before sonner is here, and shows.
  const form = page.getByRole("form", { name: "Newsletter sign-up" });
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Lia");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("lazy"));
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Thank you for subscribing" }),
  ).toBeVisible();
  expect(await scripts.withMarker(SONNER)).not.toEqual([]);
});

test("the flash toast of a page load is asked for before sonner is here, and shows", async ({
  page,
}) => {
  // Sonner's script is held back until the page has asked for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sonnerRequested = false;
  await page.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(SONNER)) {
      sonnerRequested = true;
      await held;
    }
    await route.fulfill({ response });
  });
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Newsletter sign-up" });
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Mo");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("held"));
  // The browser's own submission: the thanks come as a flash message with the next page load.
  await form.evaluate((element) => (element as HTMLFormElement).submit());
  await expect.poll(() => sonnerRequested).toBe(true);
  const thanks = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Thank you for subscribing" });
  await expect(thanks).toHaveCount(0);
  release();
  await expect(thanks).toBeVisible();
  await expect(thanks).toHaveCount(1);
});

test("the landing page's donation dialog downloads Radix Dialog when opened", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const scripts = collectScripts(page);
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  expect(await scripts.withMarker(RADIX_DIALOG)).toEqual([]);
  await page.getByRole("button", { name: "DONATE NOW", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Give Today" })).toBeVisible();
  expect(await scripts.withMarker(RADIX_DIALOG)).not.toEqual([]);
});

test("the stylesheet comes inside the page: no CSS request, styled at once and after navigating", async ({
  page,
}) => {
  // docs/decisions/109-stylesheet-inside-the-page.md: the first paint needs the HTML alone.
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto("/resources");
  const style = page.locator("head style").first();
  await expect(style).toHaveCount(1);
  expect(await style.textContent()).toContain(".skip-link");
  // The skip link is styled off-screen until it has the focus.
  const skipLink = page.getByRole("link", { name: "Skip to main content" });
  await expect(skipLink).not.toBeInViewport();
  // After a client-side navigation the styles are still in place.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("head style").first()).toHaveCount(1);
  await expect(skipLink).not.toBeInViewport();
  expect(stylesheets).toEqual([]);
});

test("the scripts start downloading after the first paint, then the page hydrates", async ({
  page,
}) => {
  // Nothing competes with the page's first frame
  // (docs/decisions/118-scripts-after-the-first-paint.md).
  await page.goto("/home");
  await hydrated(page);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(5);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint ?? Infinity);
  // The module preloads and the module script are real again.
  await expect(page.locator("link[data-after-paint]")).toHaveCount(0);
  await expect(page.locator('script[type="text/x-after-paint"]')).toHaveCount(0);
});

// docs/decisions/154-less-work-while-hydrating.md: React DOM's and React Router's chunks ask V8 to
// compile them while they stream in; the page's own chunks do not.
test("the framework's chunks open with V8's compile hint, the page's own do not", async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto("/home");
  await hydrated(page);
  const hinted = await scripts.withMarker("//# allFunctionsCalledOnLoad\n");
  const reactDom = await scripts.withMarker("react-dom");
  const landing = (await scripts.withMarker("landing.programs.heading"))[0];
  expect(hinted.length).toBeGreaterThanOrEqual(2);
  for (const url of hinted) {
    expect(
      (await page.request.get(url).then((answer) => answer.text())).startsWith(
        "//# allFunctionsCalledOnLoad\n",
      ),
    ).toBe(true);
  }
  expect(hinted).toEqual(expect.arrayContaining(reactDom));
  expect(landing).toBeDefined();
  expect(hinted).not.toContain(landing);
});

// docs/decisions/194-main-thread-after-the-first-paint.md: the browser opens an SVG tab icon as a
// document of its own on the page's main thread after load; a PNG is only decoded.
test("the tab icons are PNG images that load, on English and Spanish pages", async ({ page }) => {
  for (const path of ["/home", "/es/about", "/launch"]) {
    await page.goto(path);
    const icons = page.locator('link[rel="icon"], link[rel="apple-touch-icon"]');
    await expect(icons).toHaveCount(2);
    for (const href of await icons.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    )) {
      const image = await page.request.get(href);
      expect(image.status(), href).toBe(200);
      expect(image.headers()["content-type"], href).toBe("image/png");
    }
  }
});

/**
 * Counts React's commits through the hook React DevTools use: React reports every commit of the
 * page's tree to `__REACT_DEVTOOLS_GLOBAL_HOOK__` when one is present before it loads.
 */
const COUNT_COMMITS = `window.__commits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: function () { return 1; },
  checkDCE: function () {},
  onScheduleFiberRoot: function () {},
  onCommitFiberUnmount: function () {},
  onPostCommitFiberRoot: function () {},
  onCommitFiberRoot: function () { window.__commits += 1; },
};`;

// docs/decisions/154-less-work-while-hydrating.md: nothing renders the page a second time once it
// has hydrated (a prop flipped after hydration, or React Router patching in the routes its links
// lead to, each re-rendered the whole tree in one long task on a slow phone). English pages in an
// English browser: a Spanish one commits again to offer English, and /launch at each second.
// The parts hydrated later (app/components/hydrate-later.tsx: /home's sections below the donation
// panel, every page's footer) commit once more, together, on their own
// (docs/decisions/192-below-the-fold-hydrated-later.md).
for (const path of ["/home", "/resources"]) {
  test(`${path} is rendered once while it hydrates, and not again`, async ({ page }) => {
    await page.addInitScript(COUNT_COMMITS);
    await page.goto(path);
    await hydrated(page);
    // Long enough for effects, idle callbacks and a route discovery's answer.
    await page.waitForTimeout(2_000);
    expect(await page.evaluate("window.__commits")).toBe(2);
  });
}

// The parts hydrated later are in place in the page as sent, not moved to its end for a script to
// show (docs/decisions/192-below-the-fold-hydrated-later.md): without scripts they are there too.
test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("/home shows its sections below the donation panel and the footer", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Our Programs" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Newsletter sign-up" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator("main + footer, main ~ footer")).toHaveCount(1);
  });
});
