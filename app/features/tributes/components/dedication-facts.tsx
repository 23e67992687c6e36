import type { CardStatus } from "#app/features/tributes/rules";
import { type MessageKey, useLocale } from "#app/i18n/translator";

const STATUS_LABELS = {
  scheduled: "tribute.manage.status.scheduled",
  sent: "tribute.manage.status.sent",
  failed: "tribute.manage.status.failed",
  cancelled: "tribute.manage.status.cancelled",
} as const satisfies Record<CardStatus, MessageKey>;

interface Facts {
  kind: string;
  honoree: string;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  sendOn: string | null;
  status: CardStatus | null;
}

/** What a dedication is, for its donor: in honour or memory of whom, and its card. */
export function DedicationFacts({ view }: { view: Facts }) {
  const { t } = useLocale();
  return (
    <section aria-labelledby="dedication-title" className="card space-y-2">
      <h2 id="dedication-title" className="text-2xl font-bold">
        {t("tribute.manage.dedication")}
      </h2>
      <p className="text-lg">
        {t(view.kind === "memory" ? "tribute.manage.memory" : "tribute.manage.honor", {
          honoree: view.honoree,
        })}
      </p>
      <h3 className="font-semibold">{t("tribute.manage.card")}</h3>
      {view.status === null ? (
        <p>{t("tribute.manage.noCard")}</p>
      ) : (
        <>
          <p>
            {t("tribute.manage.to", {
              name: view.recipientName ?? "",
              email: view.recipientEmail ?? "",
            })}
          </p>
          {view.message ? <p className="whitespace-pre-line">{view.message}</p> : null}
          <p>{t("tribute.manage.sendOn", { date: view.sendOn ?? "" })}</p>
          <p>
            {t("tribute.manage.statusLabel", {
              status: t(STATUS_LABELS[view.status]),
            })}
          </p>
        </>
      )}
    </section>
  );
}
