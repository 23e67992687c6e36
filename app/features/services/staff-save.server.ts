/**
 * Saving a service from the staff Services tab (docs/decisions/170-the-finder-page.md, docs/decisions/165-staff-service-writes.md):
 * validated by serviceInputSchema, written in one transaction as HSDS rows (the service, its
 * organization found or added by name, its first place with the address, phones, openings as
 * weekly schedules, languages), then announced to the page cache.
 */

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, selectRows } from "#app/db/client.server";
import {
  hsdsAccessibility,
  hsdsAddress,
  hsdsLocation,
  hsdsOrganization,
  hsdsService,
  hsdsServiceAtLocation,
} from "#app/db/schema/services";
import { hsdsLanguage, hsdsPhone, hsdsSchedule } from "#app/db/schema/services-details";
import { languageName } from "#app/i18n/locales";
import { now } from "#app/lib/clock.server";
import { refreshServices } from "./refresh.server";
import { type ServiceInput, serviceInputSchema } from "./service-input";
import { servicesChanged } from "./services.server";

export type SaveResult = { ok: true; id: string } | { ok: false; errors: Record<string, string[]> };

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Ids of the rows a service had, reused in order so HSDS ids stay stable across edits. */
async function existingIds(tx: Tx, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await selectRows<{ id: string }>(query, tx)).map((row) => row.id);
}

const idAt = (ids: string[], index: number) => ids[index] ?? randomUUID();

async function organizationId(tx: Tx, name: string): Promise<string> {
  const [found] = await selectRows<{ id: string }>(
    sql`select id from hsds_organization where lower(name) = lower(${name}) order by id limit 1`,
    tx,
  );
  if (found) return found.id;
  const id = randomUUID();
  await tx.insert(hsdsOrganization).values({ id, name });
  return id;
}

const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** Creates (no `input.id`) or replaces a service with its one place, phones and openings. */
export async function saveService(input: unknown): Promise<SaveResult> {
  const parsed = serviceInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues) };
  const service = parsed.data;
  const result = await db().transaction(async (tx): Promise<SaveResult> => {
    const id = service.id ?? randomUUID();
    if (service.id) {
      const [stored] = await selectRows<{ id: string }>(
        sql`select id from hsds_service where id = ${service.id} for update`,
        tx,
      );
      if (!stored) return { ok: false, errors: { id: ["This service no longer exists"] } };
    }
    const values = {
      organizationId: await organizationId(tx, service.organizationName),
      name: service.name,
      nameEs: service.nameEs ?? null,
      description: service.description,
      descriptionEs: service.descriptionEs ?? null,
      eligibilityDescription: service.eligibilityDescription ?? null,
      eligibilityDescriptionEs: service.eligibilityDescriptionEs ?? null,
      category: service.category,
      url: service.url ?? null,
      email: service.email ?? null,
      feesDescription: service.feesDescription ?? null,
      lastModified: now(),
    };
    if (service.id) await tx.update(hsdsService).set(values).where(eq(hsdsService.id, id));
    else await tx.insert(hsdsService).values({ id, ...values, status: "active" });
    const place = await savePlace(tx, id, service, values.organizationId);
    await savePhonesAndHours(tx, id, place, service);
    await refreshServices(tx, { services: [id] });
    return { ok: true, id };
  });
  if (result.ok) servicesChanged();
  return result;
}

/** The service's first place (its location, address and accessibility note); made if none. */
async function savePlace(tx: Tx, serviceId: string, input: ServiceInput, organization: string) {
  const [stored] = await selectRows<{ sal_id: string; location_id: string }>(
    sql`select id as sal_id, location_id from hsds_service_at_location where service_id = ${serviceId} order by id limit 1`,
    tx,
  );
  const locationId = stored?.location_id ?? randomUUID();
  const salId = stored?.sal_id ?? randomUUID();
  const { location } = input;
  const locationValues = {
    organizationId: organization,
    name: location.name ?? null,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    lastModified: now(),
  };
  if (stored)
    await tx.update(hsdsLocation).set(locationValues).where(eq(hsdsLocation.id, locationId));
  else {
    await tx
      .insert(hsdsLocation)
      .values({ id: locationId, locationType: "physical", ...locationValues });
    await tx.insert(hsdsServiceAtLocation).values({ id: salId, serviceId, locationId });
  }
  const [address] = await existingIds(
    tx,
    sql`select id from hsds_address where location_id = ${locationId} and address_type = 'physical' order by id limit 1`,
  );
  const addressValues = {
    locationId,
    address1: location.address1,
    address2: location.address2 ?? null,
    city: location.city,
    stateProvince: location.stateProvince,
    postalCode: location.postalCode,
    country: "US",
    addressType: "physical",
  };
  if (address) await tx.update(hsdsAddress).set(addressValues).where(eq(hsdsAddress.id, address));
  else await tx.insert(hsdsAddress).values({ id: randomUUID(), ...addressValues });
  const [note] = await existingIds(
    tx,
    sql`select id from hsds_accessibility where location_id = ${locationId} order by id limit 1`,
  );
  if (note) await tx.delete(hsdsAccessibility).where(eq(hsdsAccessibility.id, note));
  if (location.accessibility) {
    await tx
      .insert(hsdsAccessibility)
      .values({ id: note ?? randomUUID(), locationId, description: location.accessibility });
  }
  return { salId, locationId };
}

async function savePhonesAndHours(
  tx: Tx,
  serviceId: string,
  place: { salId: string },
  input: ServiceInput,
) {
  const phoneIds = await existingIds(
    tx,
    sql`select id from hsds_phone where service_id = ${serviceId} or service_at_location_id = ${place.salId} order by id`,
  );
  await tx
    .delete(hsdsPhone)
    .where(sql`service_id = ${serviceId} or service_at_location_id = ${place.salId}`);
  if (input.phones.length) {
    await tx.insert(hsdsPhone).values(
      input.phones.map((phone, index) => ({
        id: idAt(phoneIds, index),
        serviceId,
        number: phone.number,
        type: phone.type,
        description: phone.description ?? null,
      })),
    );
  }
  const scheduleIds = await existingIds(
    tx,
    sql`select id from hsds_schedule where service_id = ${serviceId} or service_at_location_id = ${place.salId} order by id`,
  );
  await tx
    .delete(hsdsSchedule)
    .where(sql`service_id = ${serviceId} or service_at_location_id = ${place.salId}`);
  const schedules = input.openings.map((opening) => ({
    freq: "WEEKLY",
    byday: opening.days.join(","),
    opensAt: seconds(opening.opensAt),
    closesAt: seconds(opening.closesAt),
    validFrom: opening.validFrom ?? null,
    validTo: opening.validTo ?? null,
    description: null as string | null,
  }));
  // The note is a schedule with a description only: shown as "call for hours" when alone.
  if (input.hoursNote) {
    schedules.push({
      freq: "WEEKLY",
      byday: "",
      opensAt: "",
      closesAt: "",
      validFrom: null,
      validTo: null,
      description: input.hoursNote,
    });
  }
  if (schedules.length) {
    await tx.insert(hsdsSchedule).values(
      schedules.map((schedule, index) => ({
        ...schedule,
        byday: schedule.byday || null,
        opensAt: schedule.opensAt || null,
        closesAt: schedule.closesAt || null,
        freq: schedule.opensAt ? schedule.freq : null,
        id: idAt(scheduleIds, index),
        serviceAtLocationId: place.salId,
      })),
    );
  }
  const languageIds = await existingIds(
    tx,
    sql`select id from hsds_language where service_id = ${serviceId} order by id`,
  );
  await tx.delete(hsdsLanguage).where(and(eq(hsdsLanguage.serviceId, serviceId)));
  const codes = [...new Set(input.languages)];
  if (codes.length) {
    await tx.insert(hsdsLanguage).values(
      codes.map((code, index) => ({
        id: idAt(languageIds, index),
        serviceId,
        code,
        name: languageName(code),
      })),
    );
  }
}
