import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import axe from "axe-core";
import {
  type AccessibilitySettings,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
} from "../../app/site/accessibility/settings";
import { E2E_DATA_DIR } from "../../playwright.config";

/** What a scan reports of one violation. */
interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * The page's axe violations (any impact), one line each. `enhancedContrast` also checks WCAG AAA
 * contrast (7:1), which the high-contrast theme promises; axe's AAA rule reports only the pairs
 * between AA and AAA, so the AA rule stays on beside it. A page without frames (all of the site's)
 * is scanned by axe-core injected once per document: AxeBuilder injects it anew and opens a page
 * of its own for every scan, which made most of the accessibility sweep's time
 * (docs/decisions/220-checks-that-fit.md). A page with frames gets AxeBuilder, which scans each.
 * Only violations are asked for: axe then describes one node of each passed rule, not all of them
 * (docs/decisions/261-checks-with-room-to-spare.md).
 */
export async function axeViolations(page: Page, { enhancedContrast = false } = {}) {
  const rules: AxeRules = enhancedContrast ? { "color-contrast-enhanced": { enabled: true } } : {};
  const violations: Violation[] =
    page.frames().length > 1
      ? (await new AxeBuilder({ page }).options({ rules, resultTypes: ["violations"] }).analyze())
          .violations
      : await scanDocument(page, rules);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** Rules switched on or off for a scan, as axe-core's options name them. */
type AxeRules = Record<string, { enabled: boolean }>;

async function scanDocument(page: Page, rules: AxeRules): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ rules }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        rules,
        resultTypes: ["violations"],
      });
      return violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    },
    { rules },
  );
}

/** Runs axe on the page and fails with the list of violations (any impact). */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page), "axe violations").toEqual([]);
}

/**
 * Sets the visitor's settings on the loaded page as the site does, with its own function: the
 * <head> script runs the same one on the stored settings before the first paint
 * (app/site/accessibility/settings.ts; accessibility.spec.ts checks stored settings apply on load).
 */
export async function applySettings(page: Page, changes: Partial<AccessibilitySettings>) {
  const settings = { ...defaultAccessibilitySettings, ...changes };
  await page.evaluate(
    `(${applyAccessibilitySettings.toString()})(${JSON.stringify(settings)}, document.documentElement)`,
  );
}

export const HIGH_CONTRAST = { highContrast: true } as const;

/**
 * A theme change on the loaded page fades colours (`transition` on buttons, app/app.css), where a
 * load with the settings stored paints the final ones. Ending the fades the change started is not
 * enough: parts below the first screen (`.rendered-when-near`, content-visibility: auto) are
 * styled only when axe reads them, and start their fade then, so a scan could read a colour
 * halfway. The sweep's pages change colour at once instead.
 */
export const NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; }";

/** No axe violations in the default theme and in the high-contrast one (WCAG AAA contrast). */
export async function expectNoAxeViolationsInBothThemes(page: Page) {
  await expectNoAxeViolations(page);
  await page.addStyleTag({ content: NO_TRANSITIONS });
  await applySettings(page, HIGH_CONTRAST);
  expect(await axeViolations(page, { enhancedContrast: true }), "axe, high contrast").toEqual([]);
  await applySettings(page, {});
}

/** E-mails the e2e server wrote to its outbox, raw MIME, oldest first. */
export async function outbox(): Promise<string[]> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.sort().map((file) => readFile(path.join(dir, file), "utf8")));
}

/**
 * Waits for the `count`-th e-mail to `to` whose subject contains `subject` and returns the first
 * link in it starting with `path` (quoted-printable soft breaks and escapes undone).
 */
export async function linkFromMail(to: string, subject: string, path: string, count = 1) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await outbox()).filter(
        (raw) => raw.includes(`To: ${to}`) && raw.includes(`Subject: ${subject}`),
      );
      const text = mails[count - 1]
        ?.replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      link = text?.match(new RegExp(`https?://[^\\s/]+${path}[^\\s>]*`))?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Unique per test, so parallel tests never collide on unique columns. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/**
 * Content-Security-Policy violations seen in the browser during the running test: the document's
 * `securitypolicyviolation` events, and the console's CSP refusals (which also cover workers).
 */
let cspViolations: string[] = [];
const watchedContexts = new WeakSet<BrowserContext>();

async function watchForCspViolations(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  await context.exposeBinding("__reportCspViolation", ({ page }, report: string) => {
    cspViolations.push(`${page?.url() ?? "?"}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`;
      (window as unknown as { __reportCspViolation(report: string): void }).__reportCspViolation(
        report,
      );
    });
  });
  const watchConsole = (page: Page) =>
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) {
        cspViolations.push(`${page.url()}: console: ${message.text()}`);
      }
    });
  context.pages().forEach(watchConsole);
  context.on("page", watchConsole);
}

/**
 * Playwright's `test`, failing any test during which the browser reported a CSP violation, in the
 * default context and in every context a test opens itself
 * (docs/decisions/130-content-security-policy.md).
 */
export const test = base.extend<{ cspGuard: undefined }, { cspBrowser: Browser }>({
  /**
   * Each test is a visitor of its own, as each person is: the e2e server trusts its loopback
   * proxy (TRUST_PROXY in playwright.config.ts), and this address, the same for every context the
   * test opens, is the one its per-client limits count (docs/decisions/247-trusted-proxies.md).
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": visitorAddress(testInfo.testId) });
  },
  /**
   * With JavaScript, `page.goto` (waiting for `load`, its default) resolves once React has
   * hydrated the page: the scripts start only after the first paint
   * (docs/decisions/118-scripts-after-the-first-paint.md), so the `load` event can come before
   * them, and a test's first click would otherwise reach the server's HTML. A test that means to
   * act before hydration passes its own `waitUntil`.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (!options?.waitUntil && (await hydratesOnLoad(page))) await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
  cspBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watchForCspViolations(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker", auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      cspViolations = [];
      await watchForCspViolations(context);
      await use(undefined);
      expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** One of our pages: a <main> for React to hydrate, and React Router's module script. */
async function hydratesOnLoad(page: Page): Promise<boolean> {
  const scripts = page.locator('script[type="module"], script[type="text/x-after-paint"]');
  return (await page.locator("main").count()) > 0 && (await scripts.count()) > 0;
}

/**
 * Waits until React has hydrated the page, so what a test checks next is the page's script at work
 * rather than the server's HTML. React marks each element it owns as it reaches it; <html> is the
 * last one it completes, and the commit follows in the same task.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.documentElement).some((key) => key.startsWith("__reactFiber")),
  );
}

/**
 * Holds the page's scripts back until `release()` is called, or for `atMostMs`: a cheap phone on a
 * slow network, painted seconds before its scripts run. Only the page's own requests are held, so
 * a test using it blocks service workers (`test.use({ serviceWorkers: "block" })`): the offline
 * finder's worker (docs/decisions/182-offline-finder.md) can take the page over on `load` and
 * fetch the scripts itself, unheld, which let React hydrate under a test acting "before" it.
 */
export async function holdScripts(page: Page, atMostMs = Number.POSITIVE_INFINITY) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
    if (Number.isFinite(atMostMs)) setTimeout(resolve, atMostMs);
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Slows the page's uploads to `bytesPerSecond` with Chromium's own network throttling (DevTools
 * protocol), so an upload of a few megabytes takes seconds.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** A private address (10.0.0.0/8) made from a test's id: one visitor per test. */
function visitorAddress(testId: string): string {
  const digest = createHash("sha256").update(testId).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/** What a donor reads and presses to sign in to "Your giving", by language. */
const GIVING_SIGN_IN = {
  en: {
    prefix: "",
    address: "E-mail address",
    sendLink: "E-mail me a sign-in link",
    linkSubject: "Your sign-in link",
    continue: "Continue",
  },
  es: {
    prefix: "/es",
    address: "Correo electrónico",
    sendLink: "Envíeme un enlace para entrar",
    linkSubject: "Su enlace para entrar",
    continue: "Continuar",
  },
} as const;

/**
 * Signs `email` in to "Your giving" (docs/decisions/285-donor-sign-in.md): asks for a link, opens
 * the e-mailed one and continues, as a donor whose receipt led them there; works without scripts.
 */
export async function signInToGiving(page: Page, email: string, locale: "en" | "es" = "en") {
  const words = GIVING_SIGN_IN[locale];
  await page.goto(`${words.prefix}/create-account`);
  await page.getByRole("textbox", { name: words.address }).fill(email);
  await page.getByRole("button", { name: words.sendLink }).click();
  const link = await linkFromMail(email, words.linkSubject, `${words.prefix}/giving/sign-in`);
  await page.goto(link);
  await page.getByRole("button", { name: words.continue }).click();
  await expect(page).toHaveURL(new RegExp(`${words.prefix}/giving$`));
}
