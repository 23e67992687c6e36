import { Link } from "react-router";
import { useLocale } from "#app/i18n/translator";

/**
 * The donor's dedications on their gifts page (/donate/manage), each linked to the page where it
 * is seen, corrected or sent again (docs/decisions/236-managing-a-dedication.md).
 */
export function DedicationLinks({
  items,
}: {
  items: { id: string; kind: string; honoree: string; path: string }[];
}) {
  const { t } = useLocale();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="dedications-heading" className="mt-10">
      <h2 id="dedications-heading" className="text-2xl font-bold">
        {t("tribute.manage.dedication")}
      </h2>
      <ul className="mt-4 space-y-2">
        {items.map((item) => (
          <li key={item.id}>
            {t(item.kind === "memory" ? "tribute.manage.memory" : "tribute.manage.honor", {
              honoree: item.honoree,
            })}{" "}
            -{" "}
            <Link to={item.path} className="link">
              {t("tribute.manage.link")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
