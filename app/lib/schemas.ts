/**
 * Zod schemas of every public form. The browser validates with them through Conform and the
 * server validates the same data again, so the messages are the same on both sides.
 */
import { z } from "zod";
import { volunteerOpportunities } from "./site";

export const limits = {
  name: 100,
  email: 254,
  company: 200,
  message: 5000,
  phone: 30,
} as const;

/**
 * A required, trimmed single line of text. Conform turns an empty field into `undefined`. Line
 * breaks and other control characters are refused: these values also go into e-mail subjects.
 */
function requiredLine(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please use at most ${max} characters.`)
    .regex(/^\P{Cc}*$/u, "Please use a single line without special control characters.");
}

/** Trimmed and lower-cased so the same address is always stored the same way (D6). */
const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .max(limits.email, `Please use at most ${limits.email} characters.`)
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address, such as name@example.org."));

const message = z
  .string({ error: "Please enter a message." })
  .trim()
  .min(1, "Please enter a message.")
  .max(limits.message, `Please use at most ${limits.message} characters.`);

export const newsletterSchema = z.object({
  firstName: requiredLine("your first name", limits.name),
  email,
});
export type NewsletterInput = z.output<typeof newsletterSchema>;

export const contactSchema = z.object({
  name: requiredLine("your name", limits.name),
  email,
  message,
});
export type ContactInput = z.output<typeof contactSchema>;

const opportunitySlugs = volunteerOpportunities.map((opportunity) => opportunity.slug) as [
  (typeof volunteerOpportunities)[number]["slug"],
  ...(typeof volunteerOpportunities)[number]["slug"][],
];

export const volunteerSchema = z.object({
  opportunity: z.enum(opportunitySlugs, { error: "Please choose a volunteer opportunity." }),
  name: requiredLine("your name", limits.name),
  email,
  phone: z
    .string()
    .trim()
    .max(limits.phone, `Please use at most ${limits.phone} characters.`)
    .regex(
      /^\+?[0-9().\-\s]*$/,
      "Please enter a phone number using digits, spaces and ( ) - + only.",
    )
    .optional(),
});
export type VolunteerInput = z.output<typeof volunteerSchema>;

export const partnershipSchema = z.object({
  name: requiredLine("your name", limits.name),
  company: requiredLine("your company or organization", limits.company),
  email,
  message,
});
export type PartnershipInput = z.output<typeof partnershipSchema>;
