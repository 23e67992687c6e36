import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { loader as indexLoader } from "#app/dashboard/routes/index";
import { loader as layoutLoader } from "#app/dashboard/routes/layout";
import { db } from "#app/db/client.server";
import {
  contactMessages,
  donations,
  newsletterSubscriptions,
  partnershipInquiries,
  user as userTable,
  volunteerSignups,
} from "#app/db/schema";
import {
  action as usersAction,
  loader as usersLoader,
} from "#app/features/accounts/admin/users-tab";
import { donationsByMonth, donationTotals } from "#app/features/donations/admin/donations.server";
import { loader as donationsLoader } from "#app/features/donations/admin/donations-tab";
import { loader as signupsLoader } from "#app/features/forms/admin/signups-tab";
import { auth } from "#app/lib/auth/better-auth.server";
import { cookieHeaderFrom, createUser, createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, settle } from "./admin-helpers";

async function createSessionFor(email: string, password: string) {
  const { headers } = await auth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return cookieHeaderFrom(headers);
}

async function download(file: string, cookie: string, query = "") {
  return settle(
    exportLoader(routeArgs(getRequest(`/admin/export/${file}${query}`, cookie), { file })),
  );
}

function rowsOf(csv: string): string[][] {
  return parse(csv, { bom: true });
}

async function seedDonations() {
  await db()
    .insert(donations)
    .values([
      // 22:00 on 31 October in Houston: counts in October, not November.
      {
        donorName: "Ana Ruiz",
        donorEmail: "Ana@Example.org",
        amount: 5000,
        status: "succeeded",
        createdAt: new Date("2026-11-01T03:00:00Z"),
      },
      {
        donorName: "Ana Ruiz",
        donorEmail: "ana@example.org",
        amount: 2500,
        isMonthly: true,
        status: "succeeded",
        createdAt: new Date("2026-06-10T15:00:00Z"),
      },
      {
        donorName: "Secret",
        donorEmail: "hidden@example.org",
        isAnonymous: true,
        amount: 10_000,
        status: "succeeded",
        createdAt: new Date("2026-11-10T15:00:00Z"),
      },
      {
        donorName: "Bo",
        donorEmail: "bo@example.org",
        amount: 9999,
        isMonthly: true,
        status: "failed",
        createdAt: new Date("2026-06-10T16:00:00Z"),
      },
      {
        donorName: "Cy",
        donorEmail: "cy@example.org",
        amount: 700,
        status: "pending",
        createdAt: new Date("2026-11-11T15:00:00Z"),
      },
      // Older than the chart's 12 months, still in the totals.
      {
        donorName: "Di",
        donorEmail: "di@example.org",
        amount: 1000,
        status: "succeeded",
        createdAt: new Date("2025-11-20T15:00:00Z"),
      },
    ]);
}

describe("dashboard entry", () => {
  test("a `user` gets the staff-access page; staff land on their first tab", async () => {
    const plain = await createUserSession("user");
    const layout = await layoutLoader(routeArgs(getRequest("/admin", plain.cookie)));
    expect(layout).toMatchObject({ user: { role: "user" }, tabs: [] });
    expect(await indexLoader(routeArgs(getRequest("/admin", plain.cookie)))).toBeNull();

    for (const [role, first, tabs] of [
      [
        "editor",
        "/admin/documents",
        [
          "documents",
          "statistics",
          "links",
          "messages",
          "volunteers",
          "partnerships",
          "fundraisers",
          "shifts",
          "services",
          "weather",
        ],
      ],
      ["finance", "/admin/signups", ["signups", "donations", "fundraisers"]],
      ["newsletters", "/admin/newsletters", ["newsletters"]],
      ["pages", "/admin/pages", ["pages"]],
      [
        "admin",
        "/admin/documents",
        [
          "documents",
          "statistics",
          "links",
          "signups",
          "newsletters",
          "donations",
          "messages",
          "volunteers",
          "partnerships",
          "fundraisers",
          "shifts",
          "services",
          "weather",
          "pages",
          "users",
        ],
      ],
    ] as const) {
      const { cookie } = await createUserSession(role);
      const { status, body } = await settle(indexLoader(routeArgs(getRequest("/admin", cookie))));
      expect(status).toBe(302);
      expect((body as Response).headers.get("Location")).toBe(first);
      expect((await layoutLoader(routeArgs(getRequest("/admin", cookie)))).tabs).toEqual(tabs);
    }
  });
});

describe("donations tab", () => {
  test("totals count only succeeded gifts, donors by distinct e-mail, computed in SQL", async () => {
    await seedDonations();
    expect(await donationTotals()).toEqual({ total: 18_500, monthly: 2500, fees: 0, donors: 3 });
  });

  test("the chart has 12 months in Houston time, one-time and monthly apart", async () => {
    await seedDonations();
    const months = await donationsByMonth(new Date("2026-11-15T12:00:00Z"));
    expect(months.map((month) => month.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(months[0].label).toBe("Dec 2025");
    const byMonth = Object.fromEntries(months.map((month) => [month.month, month]));
    expect(byMonth["2026-10"]).toMatchObject({ oneTime: 5000, monthly: 0 });
    expect(byMonth["2026-11"]).toMatchObject({ oneTime: 10_000, monthly: 0 });
    expect(byMonth["2026-06"]).toMatchObject({ oneTime: 0, monthly: 2500 });
    expect(months.reduce((sum, month) => sum + month.oneTime + month.monthly, 0)).toBe(17_500);
  });

  test("the list shows donor, currency, type and capitalised status", async () => {
    await seedDonations();
    const { cookie } = await createUserSession("finance");
    const { list, loadError } = await donationsLoader(
      routeArgs(getRequest("/admin/donations", cookie)),
    );
    expect(loadError).toBeNull();
    expect(list?.totals).toEqual({ total: 18_500, monthly: 2500, fees: 0, donors: 3 });
    expect(list?.months).toHaveLength(12);
    expect(
      list?.rows.map((row) => [row.donor, row.amount, row.type, row.status, row.tone]),
    ).toEqual([
      ["Cy", "$7.00", "One-time", "Pending", "pending"],
      ["Anonymous", "$100.00", "One-time", "Succeeded", "succeeded"],
      ["Ana Ruiz", "$50.00", "One-time", "Succeeded", "succeeded"],
      ["Bo", "$99.99", "Monthly", "Failed", "other"],
      ["Ana Ruiz", "$25.00", "Monthly", "Succeeded", "succeeded"],
      ["Di", "$10.00", "One-time", "Succeeded", "succeeded"],
    ]);
  });

  test("donations.csv: the columns, newest first, with a date range", async () => {
    const { cookie } = await createUserSession("finance");
    const empty = await download("donations.csv", cookie);
    expect(empty.status).toBe(302);
    expect((empty.body as Response).headers.get("Location")).toBe("/admin/donations");
    expect(await toastOf(empty.body as Response)).toMatchObject({
      type: "error",
      title: "No donations to export",
    });

    await seedDonations();
    const { status, body } = await download("donations.csv", cookie);
    expect(status).toBe(200);
    const response = body as Response;
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="donations.csv"',
    );
    const rows = rowsOf(await response.text());
    // The six columns staff expect first (docs/decisions/080-donations-for-finance-staff.md adds
    // four after them).
    expect(rows[0].slice(0, 6)).toEqual(["Donor", "Email", "Amount", "Type", "Status", "Date"]);
    expect(rows.slice(1, 4).map((row) => row.slice(0, 6))).toEqual([
      ["Cy", "cy@example.org", "$7.00", "One-time", "Pending", "2026-11-11 09:00"],
      ["Anonymous", "hidden@example.org", "$100.00", "One-time", "Succeeded", "2026-11-10 09:00"],
      ["Ana Ruiz", "Ana@Example.org", "$50.00", "One-time", "Succeeded", "2026-10-31 22:00"],
    ]);
    expect(rows).toHaveLength(7);

    // Days are Houston days: 31 October includes the gift made at 03:00 UTC on 1 November.
    const october = await download("donations.csv", cookie, "?from=2026-10-01&to=2026-10-31");
    expect(
      rowsOf(await (october.body as Response).text())
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(["Ana Ruiz"]);
    const nothing = await download("donations.csv", cookie, "?from=2024-01-01&to=2024-12-31");
    expect(await toastOf(nothing.body as Response)).toMatchObject({
      title: "No donations to export",
    });
  });

  test("a bad date range is refused with a message, not an error", async () => {
    await seedDonations();
    const { cookie } = await createUserSession("finance");
    for (const query of ["?from=2026-12-01&to=2026-01-01", "?from=yesterday", "?to=2026-02-30"]) {
      const { status, body } = await download("donations.csv", cookie, query);
      expect(status).toBe(302);
      expect(await toastOf(body as Response)).toMatchObject({
        type: "error",
        title: "Invalid date range",
      });
    }
  });
});

describe("email signups tab", () => {
  test("lists subscribers with their status; subscribers.csv holds current ones only", async () => {
    const { cookie } = await createUserSession("finance");
    const empty = await download("subscribers.csv", cookie);
    expect((empty.body as Response).headers.get("Location")).toBe("/admin/signups");
    expect(await toastOf(empty.body as Response)).toMatchObject({
      type: "error",
      title: "No subscribers to export",
    });

    const tricky = [
      'Ramírez, "Chuy"',
      '=HYPERLINK("http://evil.example","x")',
      "Line one\nline two",
      "Nguyễn Thị Minh Khai 東京",
    ];
    await db()
      .insert(newsletterSubscriptions)
      .values([
        ...tricky.map((firstName, index) => ({
          firstName,
          email: `person${index}@example.org`,
          createdAt: new Date(Date.UTC(2026, 0, 10 + index, 18)),
        })),
        {
          firstName: "Gone",
          email: "gone@example.org",
          unsubscribedAt: new Date(),
          createdAt: new Date(Date.UTC(2026, 0, 20, 18)),
        },
      ]);

    const { list } = await signupsLoader(routeArgs(getRequest("/admin/signups", cookie)));
    expect(list?.rows.map((row) => [row.name, row.subscribed])).toEqual([
      ["Gone", false],
      ...tricky.map((name) => [name, true]).reverse(),
    ]);

    const { status, body } = await download("subscribers.csv", cookie);
    expect(status).toBe(200);
    const bytes = Buffer.from(await (body as Response).arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.startsWith("\uFEFFName,Email,Date,Language\r\n")).toBe(true);
    expect(rowsOf(text)).toEqual([
      ["Name", "Email", "Date", "Language"],
      ["Nguyễn Thị Minh Khai 東京", "person3@example.org", "2026-01-13 12:00", "English"],
      ["Line one\nline two", "person2@example.org", "2026-01-12 12:00", "English"],
      [
        '\'=HYPERLINK("http://evil.example","x")',
        "person1@example.org",
        "2026-01-11 12:00",
        "English",
      ],
      ['Ramírez, "Chuy"', "person0@example.org", "2026-01-10 12:00", "English"],
    ]);

    const range = await download("subscribers.csv", cookie, "?from=2026-01-11&to=2026-01-12");
    expect(
      rowsOf(await (range.body as Response).text())
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(["person2@example.org", "person1@example.org"]);
  });
});

// docs/decisions/061-csv-exports.md
describe("form submission exports", () => {
  test("messages, volunteers and partnerships export their fields", async () => {
    const { cookie } = await createUserSession("editor");
    for (const [file, message] of [
      ["messages.csv", "No messages to export"],
      ["volunteers.csv", "No volunteer sign-ups to export"],
      ["partnerships.csv", "No partnership inquiries to export"],
    ] as const) {
      expect(await toastOf((await download(file, cookie)).body as Response)).toMatchObject({
        title: message,
      });
    }
    const createdAt = new Date("2026-03-05T20:30:00Z");
    await db()
      .insert(contactMessages)
      .values({ name: "Ana", email: "ana@example.org", message: '-1 beds,\n"help"', createdAt });
    await db().insert(volunteerSignups).values({
      name: "Bo",
      email: "bo@example.org",
      phone: "+1 713 555 0100",
      opportunity: "meal-service",
      language: "es",
      createdAt,
    });
    await db().insert(partnershipInquiries).values({
      name: "Cy",
      company: "Acme, Inc.",
      email: "cy@example.org",
      message: "@team hello",
      createdAt,
    });

    expect(
      rowsOf(await ((await download("messages.csv", cookie)).body as Response).text()),
    ).toEqual([
      ["Name", "Email", "Message", "Date", "Language"],
      ["Ana", "ana@example.org", '\'-1 beds,\n"help"', "2026-03-05 14:30", "English"],
    ]);
    expect(
      rowsOf(await ((await download("volunteers.csv", cookie)).body as Response).text()),
    ).toEqual([
      ["Name", "Email", "Phone", "Opportunity", "Date", "Language"],
      // The opportunity in English for staff; the visitor's language last.
      ["Bo", "bo@example.org", "'+1 713 555 0100", "Meal Service", "2026-03-05 14:30", "Spanish"],
    ]);
    expect(
      rowsOf(await ((await download("partnerships.csv", cookie)).body as Response).text()),
    ).toEqual([
      ["Name", "Company", "Email", "Message", "Date", "Language"],
      ["Cy", "Acme, Inc.", "cy@example.org", "'@team hello", "2026-03-05 14:30", "English"],
    ]);
  });

  test("an unknown export is a 404", async () => {
    const { cookie } = await createUserSession("admin");
    expect((await download("users.csv", cookie)).status).toBe(404);
    expect((await download("__proto__", cookie)).status).toBe(404);
  });
});

describe("users tab", () => {
  test("an admin sets a role; the account's sessions end and its next sign-in has it", async () => {
    const admin = await createUserSession("admin");
    const member = await createUserSession("user");
    const { list } = await usersLoader(routeArgs(getRequest("/admin/users", admin.cookie)));
    expect(list?.rows.map((row) => [row.email, row.role, row.verified])).toEqual(
      expect.arrayContaining([
        [admin.user.email, "admin", true],
        [member.user.email, "user", true],
      ]),
    );

    const response = (await usersAction(
      routeArgs(
        postRequest("/admin/users", { userId: member.user.id, role: "editor" }, admin.cookie),
      ),
    )) as Response;
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Role updated" });
    const [row] = await db().select().from(userTable).where(eq(userTable.id, member.user.id));
    expect(row.role).toBe("editor");
    // A role change signs the account out everywhere (docs/decisions/131-session-lifetime.md).
    const signedOut = await settle(layoutLoader(routeArgs(getRequest("/admin", member.cookie))));
    expect(signedOut.status).toBe(302);
    const again = await createSessionFor(member.user.email, member.user.password);
    expect((await layoutLoader(routeArgs(getRequest("/admin", again)))).user.role).toBe("editor");
  });

  test("an admin cannot remove their own admin role", async () => {
    const admin = await createUserSession("admin");
    for (const role of ["user", "editor", "finance"]) {
      const response = (await usersAction(
        routeArgs(postRequest("/admin/users", { userId: admin.user.id, role }, admin.cookie)),
      )) as Response;
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        description: expect.stringContaining("cannot remove your own admin role"),
      });
    }
    const [row] = await db().select().from(userTable).where(eq(userTable.id, admin.user.id));
    expect(row.role).toBe("admin");
  });

  test("an unknown role or account changes nothing", async () => {
    const admin = await createUserSession("admin");
    const other = await createUser({ role: "user" });
    for (const fields of [
      { userId: other.id, role: "superuser" },
      { userId: other.id, role: "" },
      { userId: "no-such-account", role: "editor" },
    ]) {
      const response = (await usersAction(
        routeArgs(postRequest("/admin/users", fields, admin.cookie)),
      )) as Response;
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "Failed to update role",
      });
    }
    const [row] = await db().select().from(userTable).where(eq(userTable.id, other.id));
    expect(row.role).toBe("user");
  });
});
