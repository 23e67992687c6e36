import { LogOut } from "lucide-react";
import { Tabs } from "radix-ui";
import type { KeyboardEvent } from "react";
import { Form, Link, Outlet, useLocation } from "react-router";
import { type AdminTabSlug, adminTabs, tabsFor } from "#app/dashboard/tabs";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { requireUser } from "#app/lib/auth/session.server";
import type { Route } from "./+types/layout";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["partnerships", "resources"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { email: user.email, name: user.name, role: user.role },
    tabs: tabsFor(user.role).map((tab) => tab.slug),
    messages: pageMessages(request, handle),
  };
}

export function meta() {
  return [
    { title: "Admin Dashboard - Houston Home Foundation" },
    { name: "robots", content: "noindex" },
  ];
}

/** Space activates a link-tab as it does a button-tab (Enter already follows the link). */
function activateOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className="btn btn-outline">
        <LogOut aria-hidden="true" size={18} />
        Logout
      </button>
    </Form>
  );
}

function Header({ email }: { email: string }) {
  return (
    <header className="border-b border-[var(--color-border)] bg-[var(--color-surface)]">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-16 py-3">
        <Link to="/" className="font-bold text-[var(--color-primary)] no-underline">
          Houston Home Foundation
        </Link>
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-sm text-[var(--color-muted)]">
            Signed in as <span className="font-semibold text-[var(--color-text)]">{email}</span>
          </p>
          <Link to="/account/sessions" className="link text-sm">
            Your sessions
          </Link>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}

/**
 * A signed-in account without a staff role (docs/decisions/060-dashboard-structure.md): no
 * dashboard, a clear next step.
 */
function StaffAccessRequired({ email }: { email: string }) {
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Staff access required</h1>
      <div className="card mt-6 space-y-4">
        <p className="text-lg font-semibold">Staff access is granted by an administrator.</p>
        <p>
          You are signed in as <strong>{email}</strong>, but this account does not have a staff role
          yet, so the Admin Dashboard is not available to it. If you work with us, ask an
          administrator to give your account the access you need; you will see the dashboard the
          next time you open this page.
        </p>
        <p>
          Looking for help or information? The{" "}
          <Link to="/resources" className="link">
            resources library
          </Link>{" "}
          is open to everyone.
        </p>
        <LogoutButton />
      </div>
    </main>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, tabs } = loaderData;
  const location = useLocation();
  const current = location.pathname.split("/")[2] as AdminTabSlug | undefined;

  return (
    <>
      <Header email={user.email} />
      {user.role === "user" ? (
        <StaffAccessRequired email={user.email} />
      ) : (
        <main id="main-content" className="mx-auto max-w-6xl px-4 py-8">
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <Tabs.Root value={current ?? ""} activationMode="manual" className="mt-6">
            <Tabs.List
              aria-label="Dashboard sections"
              className="flex flex-wrap gap-2 border-b border-[var(--color-border)] pb-3"
            >
              {adminTabs
                .filter((tab) => (tabs as string[]).includes(tab.slug))
                .map((tab) => (
                  <Tabs.Trigger key={tab.slug} value={tab.slug} asChild>
                    <Link
                      to={`/admin/${tab.slug}`}
                      className="btn btn-outline"
                      onKeyDown={activateOnSpace}
                    >
                      {tab.label}
                    </Link>
                  </Tabs.Trigger>
                ))}
            </Tabs.List>
            {current ? (
              <Tabs.Content value={current} className="mt-6 space-y-6 focus-visible:outline-2">
                <Outlet />
              </Tabs.Content>
            ) : (
              <Outlet />
            )}
          </Tabs.Root>
        </main>
      )}
    </>
  );
}
