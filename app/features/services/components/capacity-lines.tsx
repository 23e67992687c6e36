/**
 * A service's counts as every public page shows them (docs/decisions/227-beds-tonight.md): "12 beds
 * available (updated 20 min ago)", "Full tonight (updated ...)", or, past the service's freshness
 * window, "Call to check beds" instead of an old number. The server computed the age and
 * freshness, so a printed or saved copy says what was true when it was made.
 */

import type { CapacityShown, KnownUnit } from "#app/features/services/capacity";
import { type MessageKey, type TFunction, useLocale } from "#app/i18n/translator";

/** Each unit's texts: written out so the catalog check sees every key. */
const unitKeys: Record<KnownUnit, { one: MessageKey; other: MessageKey }> = {
  bed: { one: "capacity.bed.one", other: "capacity.bed.other" },
  mat: { one: "capacity.mat.one", other: "capacity.mat.other" },
  room: { one: "capacity.room.one", other: "capacity.room.other" },
  place: { one: "capacity.place.one", other: "capacity.place.other" },
};

export function updatedAgo(t: TFunction, ageMinutes: number): string {
  if (ageMinutes < 1) return t("capacity.updatedNow");
  if (ageMinutes < 120) return t("capacity.updatedMinutes", { minutes: ageMinutes });
  return t("capacity.updatedHours", { hours: Math.floor(ageMinutes / 60) });
}

/** "12 beds available", "1 mat available". */
export function countText(t: TFunction, count: CapacityShown): string {
  const keys = unitKeys[count.unit];
  return count.available === 1 ? t(keys.one) : t(keys.other, { count: count.available });
}

/** The line of one count, without its description. */
export function capacityText(t: TFunction, count: CapacityShown): string {
  if (!count.fresh) return t(count.unit === "bed" ? "capacity.callBeds" : "capacity.callPlaces");
  const what = count.available > 0 ? countText(t, count) : t("capacity.full");
  return `${what} (${updatedAgo(t, count.ageMinutes)})`;
}

export function CapacityLines({ counts }: { counts: CapacityShown[] }) {
  const { t } = useLocale();
  if (counts.length === 0) return null;
  return (
    <ul className="font-semibold" aria-label={t("capacity.heading")}>
      {counts.map((count) => (
        <li
          key={count.id}
          data-capacity={count.fresh ? (count.available > 0 ? "available" : "full") : "stale"}
        >
          {count.description ? `${t("capacity.of", { description: count.description })} ` : null}
          {capacityText(t, count)}
        </li>
      ))}
    </ul>
  );
}
