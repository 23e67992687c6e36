/**
 * Add or edit a service (docs/decisions/175-services-tab.md): the service with its Spanish texts
 * beside the English ones, its one place, its phones and its weekly openings, a plain POST form
 * that works without JavaScript. Blank rows are there to fill; a blank row is not saved.
 */
import { Form } from "react-router";
import { type MessageKey, useLocale } from "#app/i18n/translator";
import { categoryLabels, FINDER_CATEGORIES } from "../finder-query";
import { AdminField } from "./admin-field";
import { OpeningRows, PhoneRows } from "./service-form-rows";
import type { ServiceFormValues } from "./service-form-values";

/** Two fields side by side on wide screens: English, then Spanish. */
function Pair({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}

export function ServiceForm({
  values,
  errors,
}: {
  values: ServiceFormValues;
  errors: Record<string, string[]>;
}) {
  const { t } = useLocale();
  const f = (key: MessageKey, vars?: Record<string, string | number>) => t(key, vars);
  const text = (name: keyof ServiceFormValues["text"]) => ({
    name,
    value: values.text[name],
    errors: errors[name],
  });
  const place = (name: keyof ServiceFormValues["location"]) => ({
    name: `location.${name}`,
    value: values.location[name],
    errors: errors[`location.${name}`],
  });
  const formErrors = errors[""] ?? [];
  return (
    <Form method="post" className="space-y-8" noValidate={false}>
      <input type="hidden" name="intent" value="save" />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      {formErrors.length > 0 || Object.keys(errors).length > 0 ? (
        <div role="alert" className="card border-[var(--color-error)]">
          <p className="font-semibold">{f("admin.services.form.errorSummary")}</p>
          {formErrors.length > 0 ? <p>{formErrors.join(" ")}</p> : null}
        </div>
      ) : null}

      <fieldset className="card space-y-4">
        <legend className="px-1 text-xl font-semibold">
          {f("admin.services.form.sectionService")}
        </legend>
        <Pair>
          <AdminField
            label={f("admin.services.form.name")}
            required
            maxLength={200}
            {...text("name")}
          />
          <AdminField
            label={f("admin.services.form.nameEs")}
            lang="es"
            maxLength={200}
            {...text("nameEs")}
          />
          <AdminField
            label={f("admin.services.form.description")}
            required
            multiline
            maxLength={4000}
            {...text("description")}
          />
          <AdminField
            label={f("admin.services.form.descriptionEs")}
            lang="es"
            multiline
            maxLength={4000}
            {...text("descriptionEs")}
          />
          <AdminField
            label={f("admin.services.form.eligibility")}
            multiline
            maxLength={2000}
            hint={f("admin.services.form.eligibilityHint")}
            {...text("eligibilityDescription")}
          />
          <AdminField
            label={f("admin.services.form.eligibilityEs")}
            lang="es"
            multiline
            maxLength={2000}
            {...text("eligibilityDescriptionEs")}
          />
        </Pair>
        <Pair>
          <div className="field">
            <label htmlFor="service-category" className="field-label">
              {f("admin.services.form.category")}
            </label>
            <select
              id="service-category"
              name="category"
              defaultValue={values.text.category}
              className="field-input"
            >
              {FINDER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(categoryLabels[category])}
                </option>
              ))}
            </select>
          </div>
          <AdminField
            label={f("admin.services.form.organization")}
            required
            maxLength={200}
            {...text("organizationName")}
          />
          <AdminField label={f("admin.services.form.url")} type="url" {...text("url")} />
          <AdminField label={f("admin.services.form.email")} type="email" {...text("email")} />
          <AdminField
            label={f("admin.services.form.fees")}
            maxLength={1000}
            {...text("feesDescription")}
          />
          <AdminField
            label={f("admin.services.form.languages")}
            hint={f("admin.services.form.languagesHint")}
            name="languages"
            value={values.languages}
            errors={Object.entries(errors).flatMap(([key, list]) =>
              key.startsWith("languages") ? list : [],
            )}
          />
        </Pair>
      </fieldset>

      <fieldset className="card space-y-4">
        <legend className="px-1 text-xl font-semibold">
          {f("admin.services.form.sectionPlace")}
        </legend>
        <Pair>
          <AdminField label={f("admin.services.form.locationName")} {...place("name")} />
          <AdminField label={f("admin.services.form.address1")} required {...place("address1")} />
          <AdminField label={f("admin.services.form.address2")} {...place("address2")} />
          <AdminField label={f("admin.services.form.city")} required {...place("city")} />
          <AdminField label={f("admin.services.form.state")} required {...place("stateProvince")} />
          <AdminField
            label={f("admin.services.form.postalCode")}
            required
            {...place("postalCode")}
          />
          <AdminField
            label={f("admin.services.form.latitude")}
            type="number"
            step="any"
            hint={f("admin.services.form.coordinatesHint")}
            {...place("latitude")}
          />
          <AdminField
            label={f("admin.services.form.longitude")}
            type="number"
            step="any"
            {...place("longitude")}
          />
          <AdminField
            label={f("admin.services.form.accessibility")}
            multiline
            {...place("accessibility")}
          />
        </Pair>
      </fieldset>

      <PhoneRows phones={values.phones} errors={errors} />
      <OpeningRows openings={values.openings} errors={errors}>
        <AdminField
          label={f("admin.services.form.hoursNote")}
          hint={f("admin.services.form.hoursNoteHint")}
          maxLength={500}
          {...text("hoursNote")}
        />
      </OpeningRows>
      <button type="submit" className="btn btn-primary">
        {f("admin.services.form.save")}
      </button>
    </Form>
  );
}
