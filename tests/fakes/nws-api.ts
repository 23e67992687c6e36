import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for api.weather.gov's `/alerts/active`, answering the GeoJSON the real API
 * sends (a FeatureCollection whose features carry the CAP fields in `properties`), with the faults
 * a real upstream shows:
 * - "ok": the alerts set with `setAlerts`;
 * - "error": 503 with the API's problem+json body;
 * - "garbage": 200 with a body that is not the alerts GeoJSON;
 * - "slow": nothing is answered for 30 s;
 * - "down": the connection is cut as soon as it opens.
 */
export type NwsMode = "ok" | "error" | "garbage" | "slow" | "down";

export interface FakeAlert {
  id: string;
  event: string;
  headline?: string | null;
  messageType?: "Alert" | "Update" | "Cancel";
  onset?: string | null;
  ends?: string | null;
  expires: string;
  references?: string[];
  vtec?: string;
}

const ALERT_BASE = "https://api.weather.gov/alerts/";

/** One alert as the NWS API shapes it. */
export function alertFeature(alert: FakeAlert) {
  const id = alert.id;
  return {
    id: `${ALERT_BASE}${id}`,
    type: "Feature",
    geometry: null,
    properties: {
      "@id": `${ALERT_BASE}${id}`,
      "@type": "wx:Alert",
      id,
      areaDesc: "Harris",
      geocode: { SAME: ["048201"], UGC: ["TXZ213"] },
      affectedZones: ["https://api.weather.gov/zones/forecast/TXZ213"],
      references: (alert.references ?? []).map((identifier) => ({
        "@id": `${ALERT_BASE}${identifier}`,
        identifier,
        sender: "w-nws.webmaster@noaa.gov",
        sent: "2026-11-25T03:00:00-06:00",
      })),
      sent: "2026-11-25T03:00:00-06:00",
      effective: "2026-11-25T03:00:00-06:00",
      onset: alert.onset ?? null,
      expires: alert.expires,
      ends: alert.ends ?? null,
      status: "Actual",
      messageType: alert.messageType ?? "Alert",
      category: "Met",
      severity: "Moderate",
      certainty: "Likely",
      urgency: "Expected",
      event: alert.event,
      sender: "w-nws.webmaster@noaa.gov",
      senderName: "NWS Houston/Galveston TX",
      headline: alert.headline ?? null,
      description: "* WHAT...Sub-freezing temperatures as low as 25 expected.",
      instruction: "Take steps now to protect tender plants from the cold.",
      response: "Execute",
      parameters: {
        AWIPSidentifier: ["NPWHGX"],
        WMOidentifier: ["WWUS74 KHGX 250900"],
        NWSheadline: [alert.headline ?? alert.event],
        BLOCKCHANNEL: ["EAS", "NWEM", "CMAS"],
        VTEC: [alert.vtec ?? "/O.NEW.KHGX.FZ.W.0003.261126T0600Z-261126T1500Z/"],
        eventEndingTime: [alert.ends ?? alert.expires],
      },
    },
  };
}

export async function startNwsFake() {
  let mode: NwsMode = "ok";
  let alerts: FakeAlert[] = [];
  const requests: http.IncomingHttpHeaders[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    if (mode === "down") {
      request.socket.destroy();
      return;
    }
    if (mode === "slow") {
      hanging.add(response);
      const timer = setTimeout(() => response.end(), 30_000);
      response.on("close", () => {
        clearTimeout(timer);
        hanging.delete(response);
      });
      return;
    }
    if (mode === "error") {
      response.writeHead(503, { "Content-Type": "application/problem+json" });
      response.end(JSON.stringify({ title: "Service Unavailable", status: 503 }));
      return;
    }
    response.writeHead(200, { "Content-Type": "application/geo+json" });
    if (mode === "garbage") {
      response.end('{"type":"FeatureCollection","features":[{"properties":{"event":42}}');
      return;
    }
    response.end(
      JSON.stringify({
        "@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"],
        type: "FeatureCollection",
        features: alerts.map(alertFeature),
        title: "Current watches, warnings, and advisories",
        updated: "2026-11-25T09:00:00+00:00",
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/alerts/active?zone=TXZ213,TXZ313,TXC201`,
    requests,
    setMode(next: NwsMode) {
      mode = next;
    },
    setAlerts(next: FakeAlert[]) {
      alerts = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
