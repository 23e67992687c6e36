/** Stores the contact, volunteer and partnership forms for the dashboard; tells staff of each. */
import { db } from "#app/db/client.server";
import { contactMessages, partnershipInquiries, volunteerSignups } from "#app/db/schema/forms";
import { volunteerOpportunities } from "#app/features/shifts/index";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, languageName } from "#app/i18n/locales";
import { notifyStaff } from "#app/lib/mail.server";
import type { ContactInput, PartnershipInput, VolunteerInput } from "./schemas";

export async function saveContactMessage(value: ContactInput, language: Locale) {
  await db()
    .insert(contactMessages)
    .values({ ...value, language });
  await notifyStaff("New contact message", [
    ["Name", value.name],
    ["Email", value.email],
    ["Language", languageName(language)],
    ["Message", value.message],
  ]);
}

/** The opportunity's title in English, for staff. */
export function opportunityTitle(slug: string): string {
  const opportunity = volunteerOpportunities.find((item) => item.slug === slug);
  return opportunity ? serverT("en")(opportunity.title) : slug;
}

/**
 * One row per e-mail and opportunity: a repeated sign-up changes nothing and notifies nobody,
 * but the visitor still gets the same thank-you.
 */
export async function saveVolunteerSignup(value: VolunteerInput, language: Locale) {
  const [inserted] = await db()
    .insert(volunteerSignups)
    .values({ ...value, phone: value.phone || null, language })
    .onConflictDoNothing({ target: [volunteerSignups.email, volunteerSignups.opportunity] })
    .returning({ id: volunteerSignups.id });
  if (!inserted) return;
  const title = opportunityTitle(value.opportunity);
  await notifyStaff(`New volunteer sign-up: ${title}`, [
    ["Opportunity", title],
    ["Name", value.name],
    ["Email", value.email],
    ["Phone", value.phone || "(not given)"],
    ["Language", languageName(language)],
  ]);
}

export async function savePartnershipInquiry(value: PartnershipInput, language: Locale) {
  await db()
    .insert(partnershipInquiries)
    .values({ ...value, language });
  await notifyStaff(`New partnership inquiry from ${value.company}`, [
    ["Name", value.name],
    ["Company", value.company],
    ["Email", value.email],
    ["Language", languageName(language)],
    ["Message", value.message],
  ]);
}
