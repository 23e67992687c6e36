/** Stores the contact, volunteer and partnership forms and tells staff about each new one (D5). */
import { db } from "#app/db/client.server";
import { contactMessages, partnershipInquiries, volunteerSignups } from "#app/db/schema";
import { notifyStaff } from "./mail.server";
import type { ContactInput, PartnershipInput, VolunteerInput } from "./schemas";
import { volunteerOpportunities } from "./site";

export async function saveContactMessage(value: ContactInput) {
  await db().insert(contactMessages).values(value);
  await notifyStaff("New contact message", [
    ["Name", value.name],
    ["Email", value.email],
    ["Message", value.message],
  ]);
}

/**
 * One row per e-mail and opportunity: a repeated sign-up changes nothing and notifies nobody,
 * but the visitor still gets the same thank-you.
 */
export async function saveVolunteerSignup(value: VolunteerInput) {
  const [inserted] = await db()
    .insert(volunteerSignups)
    .values({ ...value, phone: value.phone || null })
    .onConflictDoNothing({ target: [volunteerSignups.email, volunteerSignups.opportunity] })
    .returning({ id: volunteerSignups.id });
  if (!inserted) return;
  const opportunity = volunteerOpportunities.find((item) => item.slug === value.opportunity);
  await notifyStaff(`New volunteer sign-up: ${opportunity?.title ?? value.opportunity}`, [
    ["Opportunity", opportunity?.title ?? value.opportunity],
    ["Name", value.name],
    ["Email", value.email],
    ["Phone", value.phone || "(not given)"],
  ]);
}

export async function savePartnershipInquiry(value: PartnershipInput) {
  await db().insert(partnershipInquiries).values(value);
  await notifyStaff(`New partnership inquiry from ${value.company}`, [
    ["Name", value.name],
    ["Company", value.company],
    ["Email", value.email],
    ["Message", value.message],
  ]);
}
