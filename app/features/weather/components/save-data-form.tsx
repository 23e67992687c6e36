import { useLocation } from "react-router";
import { useLocale } from "#app/i18n/translator";

/** Turns low-data mode on or off with a plain form post (app/features/weather/routes/save-data.ts). */
export function SaveDataForm({ on }: { on: boolean }) {
  const { t } = useLocale();
  const location = useLocation();
  return (
    <form method="post" action="/save-data" className="save-data-form">
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button type="submit" className="btn btn-outline">
        {on ? t("weather.lowData.turnOff") : t("weather.lowData.turnOn")}
      </button>
    </form>
  );
}

/** Said at the foot of a low-data page, with the way back when the visitor chose it. */
export function LowDataNotice({ reason }: { reason: "browser" | "switch" }) {
  const { t } = useLocale();
  return (
    <aside aria-label={t("weather.lowData.label")} className="low-data-notice">
      <p>{reason === "browser" ? t("weather.lowData.browser") : t("weather.lowData.on")}</p>
      {reason === "switch" ? <SaveDataForm on /> : null}
    </aside>
  );
}
