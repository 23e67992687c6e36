import { z } from "zod";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import type { BannerKind } from "../kinds";

/**
 * The National Weather Service's active alerts (GeoJSON from api.weather.gov/alerts/active),
 * validated before anything is believed, and the events that become banners
 * (docs/decisions/181-nws-drafts.md).
 */

const instant = z.iso.datetime({ offset: true });

const alertProperties = z.object({
  id: z.string().min(1).max(300),
  event: z.string().min(1).max(200),
  headline: z.string().max(2000).nullish(),
  onset: instant.nullish(),
  effective: instant.nullish(),
  ends: instant.nullish(),
  expires: instant,
  messageType: z.enum(["Alert", "Update", "Cancel", "Ack", "Error"]),
  status: z.string().optional(),
  references: z
    .array(z.object({ identifier: z.string().min(1).max(300) }).loose())
    .nullish()
    .transform((references) => references ?? []),
  parameters: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((parameters) => parameters ?? {}),
});

export const alertCollectionSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(z.object({ properties: alertProperties.loose() }).loose()).max(500),
});

export type NwsAlert = z.infer<typeof alertProperties>;

/**
 * The events that make a banner, by their current names and the older ones the NWS used before
 * its 2024-2025 renaming (Hard Freeze, Wind Chill, Excessive Heat), with the Spanish name used in
 * the drafted Spanish message.
 */
const EVENTS: Record<string, { kind: BannerKind; es: string }> = {
  "Freeze Watch": { kind: "freeze", es: "Vigilancia de helada" },
  "Freeze Warning": { kind: "freeze", es: "Advertencia de helada" },
  "Hard Freeze Watch": { kind: "freeze", es: "Vigilancia de helada fuerte" },
  "Hard Freeze Warning": { kind: "freeze", es: "Advertencia de helada fuerte" },
  "Extreme Cold Watch": { kind: "freeze", es: "Vigilancia de frío extremo" },
  "Extreme Cold Warning": { kind: "freeze", es: "Advertencia de frío extremo" },
  "Cold Weather Advisory": { kind: "freeze", es: "Aviso por clima frío" },
  "Wind Chill Watch": { kind: "freeze", es: "Vigilancia de sensación térmica" },
  "Wind Chill Warning": { kind: "freeze", es: "Advertencia de sensación térmica" },
  "Wind Chill Advisory": { kind: "freeze", es: "Aviso de sensación térmica" },
  "Extreme Heat Watch": { kind: "heat", es: "Vigilancia de calor extremo" },
  "Extreme Heat Warning": { kind: "heat", es: "Advertencia de calor extremo" },
  "Excessive Heat Watch": { kind: "heat", es: "Vigilancia de calor excesivo" },
  "Excessive Heat Warning": { kind: "heat", es: "Advertencia de calor excesivo" },
  "Heat Advisory": { kind: "heat", es: "Aviso de calor" },
};

export function bannerKindOf(event: string): BannerKind | null {
  return EVENTS[event]?.kind ?? null;
}

/** Whether an alert's VTEC says the event was cancelled (action CAN) or has ended (EXP). */
export function isCancelledByVtec(alert: NwsAlert): boolean {
  const vtec = alert.parameters.VTEC;
  const codes = Array.isArray(vtec) ? vtec : [];
  return codes.some((code) => typeof code === "string" && /^\/[OTEX]\.(CAN|EXP)\./.test(code));
}

/** When the banner of an alert ends: `ends` when the NWS gives it, otherwise `expires`. */
export function alertEnd(alert: NwsAlert): Date {
  return new Date(alert.ends ?? alert.expires);
}

export function alertStart(alert: NwsAlert, now: Date): Date {
  return new Date(alert.onset ?? alert.effective ?? now.toISOString());
}

const MESSAGE_LIMIT = 280;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MESSAGE_LIMIT ? flat : `${flat.slice(0, MESSAGE_LIMIT - 1)}…`;
}

const spanishTime = new Intl.DateTimeFormat("es-US", {
  timeZone: HOUSTON_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * The drafted texts: the NWS headline in English, and in Spanish a template from the event's
 * Spanish name and its end, since the NWS publishes these alerts in English only.
 */
export function draftMessages(alert: NwsAlert): { en: string; es: string } {
  const event = EVENTS[alert.event];
  const until = spanishTime.format(alertEnd(alert));
  const centres = event?.kind === "heat" ? "centros de enfriamiento" : "centros de calentamiento";
  return {
    en: clip(alert.headline || `${alert.event} until ${alertEnd(alert).toUTCString()}`),
    es: clip(
      `${event?.es ?? alert.event} del Servicio Meteorológico Nacional hasta el ${until}. Busque ${centres} abiertos cerca de usted.`,
    ),
  };
}
