/**
 * Add (/admin/services/new) or edit (/admin/services/<id>) one service in the Services tab
 * (docs/decisions/175-services-tab.md). S's saveService validates and stores it and drops the
 * cached finder pages, so the change is public at once.
 */
import { data, Link } from "react-router";
import { AdminTabError } from "#app/components/admin/tab-error";
import { serverT } from "#app/i18n/catalogs.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { getServiceForEditing, saveService } from "../staff.server";
import type { Route } from "./+types/service-editor";
import { ServiceForm } from "./service-form";
import {
  emptyServiceForm,
  formErrors,
  formFromInput,
  inputFromForm,
  readServiceForm,
} from "./service-form-values";
import { requireServicesStaff } from "./services-tab.server";

export const handle = {
  messages: ["admin", "findHelp"],
} satisfies PageMessagesHandle;

const t = serverT("en");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireServicesStaff(request);
  const messages = pageMessages(request, handle);
  if (params.id === "new") return { values: emptyServiceForm(), isNew: true, messages };
  const stored = params.id.length <= 100 ? await getServiceForEditing(params.id) : null;
  if (!stored) throw data("Not found", { status: 404 });
  return { values: formFromInput(stored), isNew: false, messages };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireServicesStaff(request);
  assertFormPost(request);
  const values = readServiceForm(await readForm(request));
  // The URL decides what is edited: a posted id cannot point the form at another service.
  values.id = params.id === "new" ? "" : params.id;
  const { input, phoneRows, openingRows } = inputFromForm(values);
  try {
    const saved = await saveService(input);
    if (!saved.ok) {
      return data(
        {
          values,
          errors: formErrors(saved.errors, { phoneRows, openingRows }),
          sent: Date.now(),
        },
        { status: 400 },
      );
    }
  } catch (error) {
    logger.error({ err: error }, "saving a service failed");
    return data(
      { values, errors: { "": [t("admin.services.toasts.failed")] }, sent: Date.now() },
      { status: 500 },
    );
  }
  return redirectWithToast("/admin/services", {
    type: "success",
    title: t("admin.services.toasts.saved"),
    description: t("admin.services.toasts.savedText", { name: values.text.name.trim() }),
  });
}

export const meta = () => [{ title: "Services - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function ServiceEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t: translate } = useLocale();
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/services" className="link">
          {translate("admin.services.form.back")}
        </Link>
      </p>
      <h2 className="text-2xl font-semibold">
        {loaderData.isNew
          ? translate("admin.services.form.addHeading")
          : translate("admin.services.form.editHeading", { name: loaderData.values.text.name })}
      </h2>
      {/* A refused post re-renders the form with what was sent: the key makes the fields take it. */}
      <ServiceForm key={actionData?.sent ?? "stored"} values={values} errors={errors} />
    </div>
  );
}
