/**
 * The phone and opening rows of the Services tab's form (app/features/services/admin/service-form.tsx):
 * each row numbered in its labels, its errors beside it; several openings a day are several rows.
 */
import type { ReactNode } from "react";
import { type MessageKey, useLocale } from "#app/i18n/translator";
import { AdminField } from "./admin-field";
import { type OpeningRow, type PhoneRow, WEEKDAYS as weekdays } from "./service-form-values";

const dayLabels: Record<(typeof weekdays)[number], MessageKey> = {
  MO: "admin.services.days.MO",
  TU: "admin.services.days.TU",
  WE: "admin.services.days.WE",
  TH: "admin.services.days.TH",
  FR: "admin.services.days.FR",
  SA: "admin.services.days.SA",
  SU: "admin.services.days.SU",
};

const phoneTypes = {
  voice: "admin.services.form.phoneTypes.voice",
  text: "admin.services.form.phoneTypes.text",
  hotline: "admin.services.form.phoneTypes.hotline",
} as const satisfies Record<string, MessageKey>;

export function PhoneRows({
  phones,
  errors,
}: {
  phones: PhoneRow[];
  errors: Record<string, string[]>;
}) {
  const { t } = useLocale();
  const f = t;
  return (
    <fieldset className="card space-y-4">
      <legend className="px-1 text-xl font-semibold">
        {f("admin.services.form.sectionPhones")}
      </legend>
      <p className="field-hint">{f("admin.services.form.blankRows")}</p>
      {phones.map((phone, index) => {
        const n = index + 1;
        const rowErrors = (field: string) => errors[`phones[${index}].${field}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity in this form
          <div key={index} className="grid gap-4 md:grid-cols-3">
            <AdminField
              label={f("admin.services.form.phoneNumber", { n })}
              type="tel"
              name={`phones[${index}].number`}
              value={phone.number}
              errors={rowErrors("number")}
            />
            <div className="field">
              <label htmlFor={`phone-type-${index}`} className="field-label">
                {f("admin.services.form.phoneType", { n })}
              </label>
              <select
                id={`phone-type-${index}`}
                name={`phones[${index}].type`}
                defaultValue={phone.type}
                className="field-input"
              >
                {Object.entries(phoneTypes).map(([value, key]) => (
                  <option key={value} value={value}>
                    {t(key)}
                  </option>
                ))}
              </select>
            </div>
            <AdminField
              label={f("admin.services.form.phoneDescription", { n })}
              name={`phones[${index}].description`}
              value={phone.description}
              errors={rowErrors("description")}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

export function OpeningRows({
  openings,
  errors,
  children,
}: {
  openings: OpeningRow[];
  errors: Record<string, string[]>;
  children: ReactNode;
}) {
  const { t } = useLocale();
  const f = t;
  return (
    <fieldset className="card space-y-4">
      <legend className="px-1 text-xl font-semibold">
        {f("admin.services.form.sectionHours")}
      </legend>
      <p className="field-hint">{f("admin.services.form.overnightHint")}</p>
      <p className="field-hint">{f("admin.services.form.blankRows")}</p>
      {openings.map((opening, index) => {
        const n = index + 1;
        const rowErrors = (field: string) => errors[`openings[${index}].${field}`];
        const dayErrors = Object.entries(errors).flatMap(([key, list]) =>
          key.startsWith(`openings[${index}].days`) ? list : [],
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity in this form
          <fieldset key={index} className="space-y-3 border-t border-[var(--color-border)] pt-3">
            <legend className="font-semibold">{f("admin.services.form.opening", { n })}</legend>
            <fieldset
              aria-describedby={dayErrors.length > 0 ? `opening-${index}-days-error` : undefined}
            >
              <legend className="field-label">{f("admin.services.form.days")}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {weekdays.map((day) => (
                  <label key={day} className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      name={`openings[${index}].days`}
                      value={day}
                      defaultChecked={opening.days.includes(day)}
                      className="size-5"
                    />
                    {t(dayLabels[day])}
                  </label>
                ))}
              </div>
              {dayErrors.length > 0 ? (
                <p
                  id={`opening-${index}-days-error`}
                  className="text-sm font-medium text-[var(--color-error)]"
                >
                  {dayErrors.join(" ")}
                </p>
              ) : null}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
              <AdminField
                label={f("admin.services.form.opensAt", { n })}
                type="time"
                name={`openings[${index}].opensAt`}
                value={opening.opensAt}
                errors={rowErrors("opensAt")}
              />
              <AdminField
                label={f("admin.services.form.closesAt", { n })}
                type="time"
                name={`openings[${index}].closesAt`}
                value={opening.closesAt}
                errors={rowErrors("closesAt")}
              />
              <AdminField
                label={f("admin.services.form.validFrom", { n })}
                type="date"
                name={`openings[${index}].validFrom`}
                value={opening.validFrom}
                errors={rowErrors("validFrom")}
                hint={f("admin.services.form.temporaryHint")}
              />
              <AdminField
                label={f("admin.services.form.validTo", { n })}
                type="date"
                name={`openings[${index}].validTo`}
                value={opening.validTo}
                errors={rowErrors("validTo")}
              />
            </div>
          </fieldset>
        );
      })}
      {children}
    </fieldset>
  );
}
