import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3999);
// Outside test-results/, which Playwright empties at the start of a run.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${PORT}`);

/** The e2e server's standard output: its structured log. */
export const E2E_SERVER_LOG = path.join(E2E_DATA_DIR, "server.log");

/**
 * The finder's "now": 11:30 pm on a Wednesday in Houston, so "open at night" is checked at night
 * whatever the hour of the run (docs/decisions/173-the-finders-clock-in-tests.md).
 */
export const FIND_HELP_NOW = "2026-11-26T05:30:00Z";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Playwright's own browser download does not work here: the system Chromium. The bench measures
 * pages in it, as a phone's browser (bench/run.ts, bench/inp.ts).
 */
export const SYSTEM_CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
};

/**
 * The end-to-end tests run in Chromium's headless shell (Debian's chromium-headless-shell), the
 * build Playwright runs headless tests in: the same engine without the browser around it, a third
 * less time per page (docs/decisions/258-tests-in-the-headless-shell.md). E2E_CHROME_PATH names
 * another; without the shell, the full Chromium.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const E2E_CHROMIUM = {
  executablePath:
    process.env.E2E_CHROME_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : SYSTEM_CHROMIUM.executablePath),
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: "./tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Four at once on two cores: much of a test is waiting (the network going quiet, the server,
  // the mail outbox), and four keep the processors busy where two left them half idle
  // (docs/decisions/220-checks-that-fit.md). E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace: each action's DOM snapshot, the network and the console. The
    // screencast is left out: encoding the frames of every test was a fifth of the browsers' work
    // (docs/decisions/259-lighter-checks.md). E2E_TRACE=off records none: CI keeps only what the
    // run prints, and recording still made spanish.spec.ts take about 5% longer.
    trace:
      process.env.E2E_TRACE === "off"
        ? "off"
        : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    launchOptions: E2E_CHROMIUM,
  },
  webServer: {
    // The production build on an embedded database created fresh for this run; its log is
    // scanned for secrets at the end (tests/e2e/global-teardown.ts).
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && node server.js > ${E2E_SERVER_LOG}`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      ADMIN_EMAIL: "admin@example.org",
      ADMIN_PASSWORD: "e2e-admin-password-2026",
      // Request lines included, so the scan sees what a production log holds.
      LOG_LEVEL: "info",
      // Playwright stands in for the reverse proxy: each test names its own visitor's address
      // (tests/e2e/fixtures.ts), as a proxy does for each person.
      TRUST_PROXY: "loopback",
      FIND_HELP_NOW,
      // Tribute cards' clock: tests/e2e/tributes.spec.ts moves it past a card's day by writing
      // this file (docs/decisions/234-the-tribute-clock-in-tests.md).
      TRIBUTES_CLOCK_FILE: path.join(E2E_DATA_DIR, "tributes-clock"),
      // Counts' freshness: tests/e2e/beds.spec.ts moves it past a count's window by writing this
      // file, "open now" staying at FIND_HELP_NOW (docs/decisions/250-the-counts-clock-in-tests.md).
      COUNTS_CLOCK_FILE: path.join(E2E_DATA_DIR, "counts-clock"),
    },
  },
});
