/**
 * Sample services for a new install (docs/decisions/170-the-finder-page.md), added through the staff path (saveService) when
 * there are none, so the finder works at once: an overnight shelter, split-hours meals, a 24-hour
 * hotline, a temporary warming center, and more, some with Spanish texts. Each says it is sample
 * data, to be replaced by the organization's real directory (an HSDS import or the Services tab).
 */

import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import * as clock from "#app/lib/clock.server";
import { addDays, houstonToday } from "#app/lib/houston-calendar";
import type { ServiceInput } from "./service-input";
import { saveService } from "./staff-save.server";

const SAMPLE = "Sample data: replace with the organization's real services.";
const SAMPLE_ES = "Datos de ejemplo: reemplácelos con los servicios reales de la organización.";
const ORGANIZATION = "Houston Home Foundation (sample data)";
const EVERY_DAY: ServiceInput["openings"][number]["days"] = [
  "MO",
  "TU",
  "WE",
  "TH",
  "FR",
  "SA",
  "SU",
];
const WEEKDAYS: ServiceInput["openings"][number]["days"] = ["MO", "TU", "WE", "TH", "FR"];
const downtown = { city: "Houston", stateProvince: "TX" };

type Sample = Omit<ServiceInput, "organizationName" | "languages" | "phones" | "openings"> &
  Partial<Pick<ServiceInput, "languages" | "phones" | "openings">>;

function samples(today: string): Sample[] {
  return [
    {
      name: "Night shelter (sample)",
      nameEs: "Albergue nocturno (ejemplo)",
      description: `Beds, a hot shower and breakfast; arrive by 9 pm. ${SAMPLE}`,
      descriptionEs: `Camas, ducha caliente y desayuno; llegue antes de las 9 pm. ${SAMPLE_ES}`,
      eligibilityDescription: "Adults 18 and over; women and families first.",
      eligibilityDescriptionEs: "Adultos de 18 años o más; primero mujeres y familias.",
      category: "shelter",
      languages: ["en", "es"],
      location: {
        name: "Midtown",
        address1: "2100 Travis Street",
        postalCode: "77002",
        latitude: 29.7487,
        longitude: -95.372,
        ...downtown,
      },
      phones: [{ number: "(713) 555-0101", type: "voice" }],
      openings: [{ days: EVERY_DAY, opensAt: "19:00", closesAt: "07:00" }],
    },
    {
      name: "Community meals (sample)",
      nameEs: "Comidas comunitarias (ejemplo)",
      description: `Breakfast and supper, no questions asked. ${SAMPLE}`,
      descriptionEs: `Desayuno y cena, sin preguntas. ${SAMPLE_ES}`,
      eligibilityDescription: "Everyone is welcome.",
      category: "food",
      languages: ["en", "es"],
      location: {
        name: "Fifth Ward",
        address1: "3800 Lyons Avenue",
        postalCode: "77020",
        latitude: 29.777,
        longitude: -95.341,
        ...downtown,
      },
      phones: [{ number: "(713) 555-0102", type: "voice" }],
      openings: [
        { days: EVERY_DAY, opensAt: "07:00", closesAt: "09:00" },
        { days: EVERY_DAY, opensAt: "17:00", closesAt: "19:00" },
      ],
    },
    {
      name: "Crisis hotline (sample)",
      nameEs: "Línea de crisis (ejemplo)",
      description: `Someone to talk to, day and night. ${SAMPLE}`,
      category: "other",
      languages: ["en", "es", "vi"],
      location: {
        name: "By phone",
        address1: "1234 Main Street",
        postalCode: "77002",
        ...downtown,
      },
      phones: [
        { number: "(713) 555-0103", type: "hotline" },
        { number: "(713) 555-0104", type: "text" },
      ],
      openings: [{ days: EVERY_DAY, opensAt: "00:00", closesAt: "00:00" }],
    },
    {
      name: "Freeze warming center (sample)",
      nameEs: "Centro de calor por helada (ejemplo)",
      description: `Open on freezing nights during this cold spell only. ${SAMPLE}`,
      descriptionEs: `Abierto solo en las noches de helada de este frente frío. ${SAMPLE_ES}`,
      eligibilityDescription: "Everyone is welcome; pets in carriers.",
      category: "warming-center",
      languages: ["en"],
      location: {
        name: "Downtown library annex",
        address1: "500 McKinney Street",
        postalCode: "77002",
        latitude: 29.759,
        longitude: -95.369,
        ...downtown,
      },
      openings: [
        {
          days: EVERY_DAY,
          opensAt: "18:00",
          closesAt: "08:00",
          validFrom: today,
          validTo: addDays(today, 13),
        },
      ],
    },
    {
      name: "Showers and laundry (sample)",
      description: `Hot showers, towels, soap and two loads of laundry. ${SAMPLE}`,
      category: "showers",
      location: {
        address1: "2300 Canal Street",
        postalCode: "77003",
        latitude: 29.754,
        longitude: -95.352,
        ...downtown,
      },
      phones: [{ number: "(713) 555-0105", type: "voice" }],
      openings: [{ days: ["MO", "WE", "FR"], opensAt: "08:00", closesAt: "12:00" }],
    },
    {
      name: "Street clinic (sample)",
      nameEs: "Clínica callejera (ejemplo)",
      description: `Walk-in care, prescriptions and referrals. ${SAMPLE}`,
      descriptionEs: `Atención sin cita, recetas y referidos. ${SAMPLE_ES}`,
      category: "clinic",
      languages: ["en", "es"],
      location: {
        address1: "1000 Pierce Street",
        postalCode: "77002",
        latitude: 29.752,
        longitude: -95.371,
        ...downtown,
      },
      phones: [{ number: "(713) 555-0106", type: "voice" }],
      openings: [{ days: ["TU", "TH"], opensAt: "09:00", closesAt: "16:00" }],
    },
    {
      name: "Legal aid (sample)",
      description: `IDs, benefits and tenant rights. ${SAMPLE}`,
      category: "legal",
      location: { address1: "600 Jefferson Street", postalCode: "77002", ...downtown },
      phones: [{ number: "(713) 555-0107", type: "voice" }],
      hoursNote: "By appointment: call ahead.",
    },
    {
      name: "Job center (sample)",
      description: `Résumés, job listings and day-labor sign-up. ${SAMPLE}`,
      category: "jobs",
      eligibilityDescription: "Adults; veterans welcome.",
      location: { address1: "2900 Commerce Street", postalCode: "77003", ...downtown },
      phones: [{ number: "(713) 555-0108", type: "voice" }],
      openings: [{ days: WEEKDAYS, opensAt: "09:00", closesAt: "17:00" }],
    },
  ];
}

/** Adds the samples when there is no service at all; returns how many were added. */
export async function seedSampleServices(now = clock.now()): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    sql`select count(*)::int as count from hsds_service`,
  );
  if ((row?.count ?? 0) > 0) return 0;
  let added = 0;
  for (const sample of samples(houstonToday(now))) {
    const saved = await saveService({
      organizationName: ORGANIZATION,
      languages: [],
      phones: [],
      openings: [],
      ...sample,
    });
    if (!saved.ok)
      throw new Error(`sample service "${sample.name}": ${JSON.stringify(saved.errors)}`);
    added++;
  }
  return added;
}
