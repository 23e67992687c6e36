import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { DataTable, Pagination } from "#app/components/admin/data-table";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { backTo, loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { type Role, roles } from "#app/lib/auth/roles";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { roleChangeSchema } from "../schemas";
import type { Route } from "./+types/users-tab";
import { usersTab } from "./tab";
import { listUsers, setUserRole } from "./users.server";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRole(request, tabRoles(usersTab));
  const loaded = await loadList(() => listUsers(pageFrom(request)), "Failed to load users");
  return { ...loaded, selfId: admin.id, messages: pageMessages(request, handle) };
}

const roleFailed = { type: "error", title: "Failed to update role" } as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, tabRoles(usersTab));
  assertFormPost(request);
  const submission = parseWithZod(await readForm(request), { schema: roleChangeSchema });
  if (submission.status !== "success") {
    return redirectWithToast(backTo(request), {
      ...roleFailed,
      description: "Choose one of the listed roles.",
    });
  }
  const { userId, role } = submission.value;
  // No lock-out: the last word on staff access must not be able to take it from itself.
  if (userId === admin.id && role !== "admin") {
    return redirectWithToast(backTo(request), {
      ...roleFailed,
      description: "You cannot remove your own admin role. Ask another administrator to do it.",
    });
  }
  try {
    const email = await setUserRole(userId, role);
    if (email === null) {
      return redirectWithToast(backTo(request), {
        ...roleFailed,
        description: "That account no longer exists.",
      });
    }
    return redirectWithToast(backTo(request), {
      type: "success",
      title: "Role updated",
      description: `${email} is now ${roleNames[role]}.`,
    });
  } catch (error) {
    logger.error({ err: error }, "role change failed");
    return redirectWithToast(backTo(request), roleFailed);
  }
}

export const meta = () => [{ title: "Users - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

const roleNames: Record<Role, string> = {
  user: "User (no staff access)",
  editor: "Editor (resources and form submissions)",
  finance: "Finance (donations and subscribers)",
  newsletters: "Newsletters (writing and sending them)",
  pages: "Pages editor (the site's pages)",
  admin: "Admin (everything, and users)",
};

function RoleForm({
  id,
  email,
  role,
  self,
}: {
  id: string;
  email: string;
  role: Role;
  self: boolean;
}) {
  const selectId = `role-${id}`;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="userId" value={id} />
      <label htmlFor={selectId} className="sr-only">
        Role of {email}
      </label>
      <select
        id={selectId}
        name="role"
        defaultValue={role}
        disabled={self}
        className="field-input w-auto"
        aria-describedby={self ? `${selectId}-self` : undefined}
      >
        {roles.map((option) => (
          <option key={option} value={option}>
            {roleNames[option]}
          </option>
        ))}
      </select>
      {self ? (
        <p id={`${selectId}-self`} className="text-sm text-[var(--color-muted)]">
          Your own role cannot be changed here.
        </p>
      ) : (
        <SubmitButton className="btn btn-outline">
          Save role<span className="sr-only"> for {email}</span>
        </SubmitButton>
      )}
    </Form>
  );
}

export default function UsersTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError, selfId } = loaderData;
  return (
    <>
      <h2 className="sr-only">Users</h2>
      <p>
        New accounts start as <strong>User</strong>, without staff access. Give each person only the
        role their work needs.
      </p>
      <LoadError message={loadError} />
      {list ? (
        <>
          <DataTable
            caption="Accounts, newest first"
            rows={list.rows}
            emptyText="No accounts yet."
            columns={[
              { header: "Email", cell: (row) => row.email },
              { header: "Name", cell: (row) => row.name },
              {
                header: "Verified",
                cell: (row) =>
                  row.verified ? (
                    <Badge tone="success">Verified</Badge>
                  ) : (
                    <Badge tone="muted">Not verified</Badge>
                  ),
              },
              { header: "Created", cell: (row) => row.date, nowrap: true },
              {
                header: "Role",
                cell: (row) => (
                  <RoleForm
                    id={row.id}
                    email={row.email}
                    role={row.role}
                    self={row.id === selfId}
                  />
                ),
              },
            ]}
          />
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
        </>
      ) : null}
    </>
  );
}
