/**
 * The permission matrix: every dashboard loader, action and export, for each kind of visitor.
 * Anonymous visitors are sent to /login, accounts whose role does not allow it get 403, and a
 * refused request changes nothing; allowed roles get the real result.
 */
import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { loader as indexLoader } from "#app/dashboard/routes/index";
import { loader as layoutLoader } from "#app/dashboard/routes/layout";
import { adminTabs } from "#app/dashboard/tabs";
import { db } from "#app/db/client.server";
import {
  contactMessages,
  documents,
  donations,
  externalLinks,
  newsletterSubscriptions,
  partnershipInquiries,
  statistics,
  volunteerSignups,
} from "#app/db/schema";
import * as usersRoute from "#app/features/accounts/admin/users-tab";
import * as donationsRoute from "#app/features/donations/admin/donations-tab";
import * as messagesRoute from "#app/features/forms/admin/messages-tab";
import * as partnershipsRoute from "#app/features/forms/admin/partnerships-tab";
import * as signupsRoute from "#app/features/forms/admin/signups-tab";
import * as volunteersRoute from "#app/features/forms/admin/volunteers-tab";
import * as documentsRoute from "#app/features/library/admin/documents-tab";
import * as linksRoute from "#app/features/library/admin/links-tab";
import * as statisticsRoute from "#app/features/library/admin/statistics-tab";
import * as newslettersRoute from "#app/features/newsletters/admin/newsletters-tab";
import * as pagesRoute from "#app/features/pages/admin/pages-tab";
import { createUser, createUserSession } from "#tests/auth-utils";
import { file, pdf } from "#tests/resources-fixtures";
import { routeArgs, toastOf } from "#tests/utils";
import {
  getRequest,
  postRequest,
  settle,
  snapshot,
  uploadRequest,
  type Visitor,
  visitors,
} from "./admin-helpers";

interface Seeded {
  statisticId: string;
  linkId: string;
  documentId: string;
  memberId: string;
}

/** One of everything, so every allowed request has something real to act on. */
async function seed(): Promise<Seeded> {
  const [statistic] = await db()
    .insert(statistics)
    .values({ title: "S", description: "D", source: "Src" })
    .returning();
  const [link] = await db()
    .insert(externalLinks)
    .values({ title: "L", description: "D", url: "https://example.org/" })
    .returning();
  const [document] = await db()
    .insert(documents)
    .values({
      title: "Doc",
      fileUrl: "/files/seed.pdf",
      storageKey: "seed.pdf",
      fileType: "application/pdf",
      fileSize: "0.01 MB",
    })
    .returning();
  await db().insert(newsletterSubscriptions).values({ firstName: "Ana", email: "ana@example.org" });
  await db()
    .insert(donations)
    .values({ donorEmail: "d@example.org", amount: 100, status: "succeeded" });
  await db().insert(contactMessages).values({ name: "N", email: "n@example.org", message: "M" });
  await db()
    .insert(volunteerSignups)
    .values({ name: "N", email: "n@example.org", opportunity: "meal-service" });
  await db()
    .insert(partnershipInquiries)
    .values({ name: "N", company: "C", email: "n@example.org", message: "M" });
  const member = await createUser({ role: "user" });
  return {
    statisticId: statistic.id,
    linkId: link.id,
    documentId: document.id,
    memberId: member.id,
  };
}

type Kind = "page" | "action" | "export";

interface Case {
  name: string;
  kind: Kind;
  /** Roles that get the real result (admin always does). */
  allowed: Visitor[];
  run: (cookie: string | undefined, seeded: Seeded) => Promise<unknown>;
}

const signedIn: Visitor[] = ["user", "editor", "finance", "newsletters", "pages", "admin"];
const rolesOfTab = (slug: string): Visitor[] => [
  ...(adminTabs.find((tab) => tab.slug === slug)?.roles ?? []),
  "admin",
];

const tabLoaders = {
  documents: documentsRoute.loader,
  statistics: statisticsRoute.loader,
  links: linksRoute.loader,
  signups: signupsRoute.loader,
  donations: donationsRoute.loader,
  messages: messagesRoute.loader,
  volunteers: volunteersRoute.loader,
  partnerships: partnershipsRoute.loader,
  newsletters: newslettersRoute.loader,
  users: usersRoute.loader,
  pages: pagesRoute.loader,
} as const;

const cases: Case[] = [
  {
    name: "GET /admin (layout)",
    kind: "page",
    allowed: signedIn,
    run: (cookie) => layoutLoader(routeArgs(getRequest("/admin", cookie))),
  },
  {
    name: "GET /admin (index)",
    kind: "page",
    allowed: signedIn,
    run: (cookie) => indexLoader(routeArgs(getRequest("/admin", cookie))),
  },
  ...Object.entries(tabLoaders).map(
    ([slug, loader]): Case => ({
      name: `GET /admin/${slug}`,
      kind: "page",
      allowed: rolesOfTab(slug),
      run: (cookie) =>
        (loader as (args: never) => Promise<unknown>)(
          routeArgs(getRequest(`/admin/${slug}`, cookie)),
        ),
    }),
  ),
  {
    name: "POST /admin/statistics (add)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: (cookie) =>
      statisticsRoute.action(
        routeArgs(
          postRequest(
            "/admin/statistics",
            { intent: "create", title: "New", description: "D", source: "S" },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/statistics (publish)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: (cookie, seeded) =>
      statisticsRoute.action(
        routeArgs(
          postRequest(
            "/admin/statistics",
            { intent: "publish", id: seeded.statisticId, publish: "true" },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/links (add)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: (cookie) =>
      linksRoute.action(
        routeArgs(
          postRequest(
            "/admin/links",
            { intent: "create", title: "New", description: "D", url: "https://example.org/new" },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/links (publish)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: (cookie, seeded) =>
      linksRoute.action(
        routeArgs(
          postRequest(
            "/admin/links",
            { intent: "publish", id: seeded.linkId, publish: "true" },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/documents (upload)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: async (cookie) =>
      documentsRoute.action(
        routeArgs(
          await uploadRequest(
            "/admin/documents",
            { intent: "create", title: "Up", file: file(pdf(), "up.pdf", "application/pdf") },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/documents (publish)",
    kind: "action",
    allowed: ["editor", "admin"],
    run: (cookie, seeded) =>
      documentsRoute.action(
        routeArgs(
          postRequest(
            "/admin/documents",
            { intent: "publish", id: seeded.documentId, publish: "true" },
            cookie,
          ),
        ),
      ),
  },
  {
    name: "POST /admin/users (set role)",
    kind: "action",
    allowed: ["admin"],
    run: (cookie, seeded) =>
      usersRoute.action(
        routeArgs(postRequest("/admin/users", { userId: seeded.memberId, role: "admin" }, cookie)),
      ),
  },
  ...(
    [
      ["subscribers.csv", ["finance", "admin"]],
      ["donations.csv", ["finance", "admin"]],
      ["messages.csv", ["editor", "admin"]],
      ["volunteers.csv", ["editor", "admin"]],
      ["partnerships.csv", ["editor", "admin"]],
    ] as const
  ).map(
    ([fileName, allowed]): Case => ({
      name: `GET /admin/export/${fileName}`,
      kind: "export",
      allowed: [...allowed],
      run: (cookie) =>
        exportLoader(
          routeArgs(getRequest(`/admin/export/${fileName}?from=2000-01-01`, cookie), {
            file: fileName,
          }),
        ),
    }),
  ),
];

describe.each(visitors)("as %s", (visitor) => {
  test("every dashboard route answers as the role allows, and refusals change nothing", async () => {
    const seeded = await seed();
    const cookie = visitor === "anonymous" ? undefined : (await createUserSession(visitor)).cookie;
    const outcomes: string[] = [];

    for (const item of cases) {
      const before = await snapshot();
      const { status, body } = await settle(item.run(cookie, seeded));
      const location = body instanceof Response ? body.headers.get("Location") : null;
      const label = `${item.name}: ${status}`;

      if (visitor === "anonymous") {
        expect(status, label).toBe(302);
        expect(location, label).toBe("/login");
      } else if (!item.allowed.includes(visitor)) {
        expect(status, label).toBe(403);
      } else if (item.kind === "page") {
        // A page renders (200) or, for /admin, opens the role's first tab.
        expect([200, 302], label).toContain(status);
        if (status === 302) expect(location, label).toMatch(/^\/admin\/[a-z]+$/);
        if (status === 200)
          expect((body as { loadError?: unknown } | null)?.loadError ?? null).toBeNull();
      } else if (item.kind === "action") {
        expect(status, label).toBe(302);
        expect(await toastOf(body as Response), label).toMatchObject({ type: "success" });
      } else {
        expect(status, label).toBe(200);
        expect((body as Response).headers.get("Content-Type"), label).toBe(
          "text/csv; charset=utf-8",
        );
      }

      const refused = visitor === "anonymous" || !item.allowed.includes(visitor);
      if (refused || item.kind !== "action") {
        expect(await snapshot(), `${item.name} must change nothing`).toBe(before);
      } else {
        expect(await snapshot(), `${item.name} must take effect`).not.toBe(before);
      }
      outcomes.push(label);
    }
    expect(outcomes).toHaveLength(cases.length);
  });
});
