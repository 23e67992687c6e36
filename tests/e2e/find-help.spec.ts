import type { Browser } from "@playwright/test";
import { axeViolations, expect, test } from "./fixtures";
import { addService, DAYS, signInAsAdmin } from "./services-helpers";

/*
 * The public finder (docs/decisions/170-the-finder-page.md) on the production build, whose finder clock is fixed at 11:30 pm on
 * a Wednesday in Houston (playwright.config.ts, docs/decisions/173-the-finders-clock-in-tests.md).
 * Each run adds its own services through the Services tab and narrows the list to them with `q`.
 */

const stamp = `t${Date.now().toString(36)}`;
const shelter = `Night Shelter ${stamp}`;
const pantry = `Food Pantry ${stamp}`;
const clinic = `Street Clinic ${stamp}`;

async function seedServices(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInAsAdmin(page);
  await addService(page, {
    name: shelter,
    nameEs: `Albergue nocturno ${stamp}`,
    category: "Shelter",
    description: "Beds for the night.",
    eligibility: "Adults, women and men",
    organization: "Test Org",
    address1: "1 Main St",
    postalCode: "77002",
    latitude: "29.7604",
    longitude: "-95.3698",
    phone: "(713) 555-0142",
    openings: [{ days: DAYS, opensAt: "19:00", closesAt: "07:00" }],
  });
  await addService(page, {
    name: pantry,
    category: "Food",
    description: "Groceries once a week.",
    organization: "Test Org",
    address1: "2 Main St",
    postalCode: "77002",
    latitude: "29.8",
    longitude: "-95.4",
    openings: [{ days: DAYS.slice(0, 5), opensAt: "09:00", closesAt: "17:00" }],
  });
  await addService(page, {
    name: clinic,
    category: "Clinic",
    description: "Walk-in care.",
    organization: "Test Org",
    address1: "3 Main St",
    postalCode: "77002",
    openings: [],
  });
  await page.context().close();
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await seedServices(browser);
});

const results = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: /^(Services|Servicios)$/ });

for (const javaScriptEnabled of [false, true]) {
  test(`filter by category and open now, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`/find-help?q=${stamp}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find help tonight");
    const list = results(page);
    await expect(list.getByRole("listitem").filter({ hasText: shelter })).toContainText(
      "Open now, closes at 7 am",
    );
    await expect(list.getByRole("listitem").filter({ hasText: pantry })).toContainText(
      "Opens tomorrow at 9 am",
    );
    await expect(list.getByRole("listitem").filter({ hasText: clinic })).toContainText(
      "Call for hours",
    );
    // Open now first.
    await expect(list.getByRole("heading", { level: 3 }).first()).toHaveText(shelter);
    // Sorting by distance needs the scripts: offered only with them.
    await expect(page.getByRole("button", { name: "Sort by distance from me" })).toBeVisible({
      visible: javaScriptEnabled,
    });

    await page.getByLabel("Type of help").selectOption({ label: "Food" });
    await page.getByRole("button", { name: "Show services" }).click();
    await expect(page).toHaveURL(/category=food/);
    await expect(list.getByRole("heading", { level: 3 })).toHaveText([pantry]);

    await page.getByLabel("Type of help").selectOption({ label: "Any type of help" });
    await page.getByLabel("Open now only").check();
    await page.getByRole("button", { name: "Show services" }).click();
    await expect(page).toHaveURL(/open=now/);
    await expect(list.getByRole("heading", { level: 3 })).toHaveText([shelter]);
    await context.close();
  });
}

test("each service can be called and opened in the map app", async ({ page }) => {
  await page.goto(`/find-help?q=${encodeURIComponent(shelter)}`);
  const item = results(page).getByRole("listitem").filter({ hasText: shelter });
  await expect(item.getByRole("link", { name: "Call (713) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+17135550142",
  );
  const map = item.getByRole("link", { name: /1 Main St, Houston, TX 77002, open in maps/ });
  await expect(map).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Houston%2C%20TX%2077002",
  );
  await expect(item).toHaveAttribute("data-lat", "29.7604");
  await expect(item).toContainText("Who can come: Adults, women and men");
});

test("the Spanish page shows Spanish texts and marks English ones", async ({ page }) => {
  await page.goto(`/es/find-help?q=${stamp}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Encuentre ayuda esta noche");
  const list = results(page);
  const night = list.getByRole("listitem").filter({ hasText: `Albergue nocturno ${stamp}` });
  await expect(night).toContainText("Abierto ahora, cierra a las 7 a. m.");
  await expect(night.getByRole("link", { name: "Llamar al (713) 555-0142" })).toBeVisible();
  // No Spanish name was given: the English one shows, marked as English.
  await expect(list.getByRole("link", { name: pantry })).toHaveAttribute("lang", "en");
  await expect(list.getByRole("listitem").filter({ hasText: pantry })).toContainText(
    "Abre mañana a las 9 a. m.",
  );
});

test("near me sorts the list in the page; the position is never sent", async ({ browser }) => {
  const context = await browser.newContext({
    geolocation: { latitude: 29.8, longitude: -95.4 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on("request", (request) => sent.push(`${request.url()} ${request.postData() ?? ""}`));
  await page.goto(`/find-help?q=${stamp}`);
  const names = results(page).getByRole("heading", { level: 3 });
  await expect(names).toHaveText([shelter, pantry, clinic]);
  await page.getByRole("button", { name: "Sort by distance from me" }).click();
  await expect(page.getByRole("status")).toHaveText("Sorted by distance from you.");
  // The pantry is where the visitor stands; the clinic has no coordinates and stays last.
  await expect(names).toHaveText([pantry, shelter, clinic]);
  await expect(results(page).getByRole("listitem").filter({ hasText: pantry })).toContainText(
    "About 0 miles away",
  );
  expect(sent.filter((line) => /29\.8|95\.4/.test(line))).toEqual([]);
  await context.close();
});

test("a wrong filter gets a clear message, not an error page", async ({ page }) => {
  const response = await page.goto(`/find-help?category=spa&q=${stamp}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("“spa” is not a type of help we list");
  await expect(results(page).getByRole("heading", { level: 3 })).toHaveCount(3);
});

test("a service's page shows the week's hours and its HSDS JSON", async ({ page }) => {
  await page.goto(`/find-help?q=${encodeURIComponent(shelter)}`);
  await results(page).getByRole("link", { name: shelter }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(shelter);
  const wednesday = page.getByRole("row", { name: /Wednesday/ });
  await expect(wednesday).toContainText("7 pm to 7 am the next morning");
  const json = page.getByRole("link", { name: "This service as open data (HSDS JSON)" });
  await expect(json).toHaveAttribute("href", /^\/api\/hsds\/services\/.+/);
});

test("axe finds nothing on the finder pages in both languages and both themes", async ({
  page,
}) => {
  // Fourteen page loads and fourteen axe runs: on a busy 2-core host an axe run alone has taken
  // 7 s (tests/e2e/axe.spec.ts allows 240 s for four).
  test.setTimeout(300_000);
  await page.goto(`/find-help?q=${encodeURIComponent(shelter)}`);
  const detail = await results(page).getByRole("link", { name: shelter }).getAttribute("href");
  const paths = [
    // Filters closed (nothing chosen) and open (a search).
    "/find-help",
    "/es/find-help",
    `/find-help?q=${stamp}`,
    `/es/find-help?q=${stamp}`,
    detail!,
    `/es${detail}`,
    "/find-help?category=spa",
  ];
  for (const highContrast of [false, true]) {
    await page.evaluate(
      (value) => {
        if (value) localStorage.setItem("accessibilitySettings", value);
        else localStorage.removeItem("accessibilitySettings");
      },
      highContrast ? JSON.stringify({ highContrast: true }) : null,
    );
    for (const path of paths) {
      await page.goto(path);
      expect
        .soft(
          await axeViolations(page, { enhancedContrast: highContrast }),
          `${path} ${highContrast}`,
        )
        .toEqual([]);
    }
  }
});

test("the home page offers help tonight above the fold on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/home");
  const link = page.getByRole("link", { name: "Find help open now" });
  await expect(link).toBeInViewport();
  await link.click();
  await expect(page).toHaveURL(/\/find-help$/);
});

/** An HSDS 3.0 file of `count` realistic services, each with one place, a phone and hours. */
function hsdsFile(count: number, tag: string) {
  const categories = ["Emergency Shelter", "Food Pantry", "Health Clinic", "Legal Aid"];
  return Array.from({ length: count }, (_, i) => ({
    id: `${tag}-service-${i}`,
    name: `${categories[i % 4]} ${i} ${tag}`,
    description: "Walk in; bring an ID if you have one. Staff speak English and Spanish.",
    status: "active",
    eligibility_description: "Adults experiencing homelessness; families with children welcome",
    organization: {
      id: `${tag}-org-${i % 10}`,
      name: `Community Partner ${i % 10}`,
      description: "",
    },
    attributes: [
      {
        id: `${tag}-attr-${i}`,
        taxonomy_term: { id: `${tag}-t-${i % 4}`, name: categories[i % 4] },
      },
    ],
    languages: [
      { id: `${tag}-l-${i}-en`, name: "English", code: "en" },
      { id: `${tag}-l-${i}-es`, name: "Spanish", code: "es" },
    ],
    phones: [{ id: `${tag}-p-${i}`, number: `713-555-${String(1000 + i)}`, type: "voice" }],
    schedules: [
      {
        id: `${tag}-s-${i}`,
        freq: "WEEKLY",
        byday: "MO,TU,WE,TH,FR,SA,SU",
        opens_at: i % 2 ? "19:00" : "08:00",
        closes_at: i % 2 ? "07:00" : "17:00",
      },
    ],
    service_at_locations: [
      {
        id: `${tag}-sal-${i}`,
        location: {
          id: `${tag}-loc-${i}`,
          name: `Site ${i}`,
          location_type: "physical",
          latitude: 29.7 + i / 1000,
          longitude: -95.3 - i / 1000,
          addresses: [
            {
              id: `${tag}-a-${i}`,
              address_1: `${100 + i} Main Street`,
              city: "Houston",
              state_province: "TX",
              postal_code: "77002",
              country: "US",
              address_type: "physical",
            },
          ],
        },
      },
    ],
  }));
}

/** The page's bytes exactly as sent to a browser that accepts brotli. */
async function compressedSize(url: string): Promise<{ bytes: number; encoding: string | null }> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({ bytes, encoding: response.headers["content-encoding"] ?? null }),
        );
      })
      .on("error", reject);
  });
}

test("50 services fit in 30 KB of compressed HTML, imported through the Services tab", async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(240_000);
  const tag = `size${stamp}`;
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/services");
  await staff.getByLabel("HSDS JSON or CSV files").setInputFiles({
    name: "directory.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(hsdsFile(50, tag))),
  });
  await staff.getByRole("button", { name: "Import" }).click();
  await expect(staff.getByText("Import finished")).toBeVisible();
  await staff.context().close();

  await page.goto(`/find-help?q=${tag}`);
  await expect(results(page).getByRole("heading", { level: 3 })).toHaveCount(50);
  const url = `${baseURL}/find-help?q=${tag}`;
  const { bytes, encoding } = await compressedSize(url);
  expect(encoding).toBe("br");
  expect(bytes).toBeLessThan(30 * 1024);
});
