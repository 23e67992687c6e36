/**
 * The finder's results, and the optional "near me" sort: with the visitor's permission the
 * browser's position orders the list by distance in the page itself; the position is never sent
 * to the server nor stored (docs/decisions/174-near-me-in-the-page.md). The button exists only
 * once the script runs: without it, the server's order (open now first) stands.
 */
import { useState } from "react";
import { useLocale } from "#app/i18n/translator";
import type { FinderCard } from "../finder-card";
import { ServiceCard } from "./service-card";

type Origin = { latitude: number; longitude: number };

/** Miles between two points on the Earth (haversine). */
export function milesBetween(a: Origin, b: Origin): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rows nearest first; rows without coordinates keep their order after the others. */
export function byDistance(rows: FinderCard[], origin: Origin) {
  return rows
    .map((row, index) => {
      const { latitude, longitude } = row;
      const miles =
        latitude === null || longitude === null
          ? null
          : milesBetween(origin, { latitude, longitude });
      return { row, miles, index };
    })
    .sort(
      (a, b) =>
        (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) ||
        a.index - b.index,
    );
}

/**
 * "Near me" needs the scripts: rendered hidden, shown when React attaches it. Not a state flipped
 * after hydration, which rendered the whole list a second time in one long task on a slow phone
 * (docs/decisions/154-less-work-while-hydrating.md).
 */
function showWithScripts(element: HTMLElement | null) {
  if (element) element.hidden = false;
}

export function ServiceList({ rows }: { rows: FinderCard[] }) {
  const { t, formatNumber } = useLocale();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [message, setMessage] = useState("");

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setMessage(t("findHelp.nearMe.failed"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setOrigin({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setMessage(t("findHelp.nearMe.sorted"));
      },
      () => setMessage(t("findHelp.nearMe.failed")),
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: 15_000 },
    );
  };

  const ordered = origin
    ? byDistance(rows, origin)
    : rows.map((row, index) => ({ row, miles: null, index }));
  return (
    <>
      {rows.length > 1 ? (
        <div ref={showWithScripts} hidden className="space-y-1 print:hidden">
          <button type="button" className="btn btn-outline" onClick={locate}>
            {t("findHelp.nearMe.button")}
          </button>
          <p className="text-sm text-[var(--color-muted)]">{t("findHelp.nearMe.note")}</p>
        </div>
      ) : null}
      <p role="status" className="font-medium">
        {message}
      </p>
      <ul className="space-y-4">
        {ordered.map(({ row, miles }) => (
          <ServiceCard
            key={row.id}
            row={row}
            distance={
              miles === null
                ? null
                : t("findHelp.nearMe.distance", {
                    miles: formatNumber(Math.round(miles * 10) / 10),
                  })
            }
          />
        ))}
      </ul>
    </>
  );
}
