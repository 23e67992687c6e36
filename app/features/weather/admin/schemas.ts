import { z } from "zod";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { bannerKinds, MESSAGE_MAX } from "../kinds";

/**
 * The weather tab's forms, checked by its action (the page checks the same rules natively). Empty
 * fields reach these as undefined (Conform strips them). Times are Houston wall-clock times.
 */

const houstonTime = (label: string) =>
  z.string({ error: `${label} is required` }).transform((value, ctx) => {
    const instant = fromHoustonLocal(value.trim());
    if (!instant) {
      ctx.addIssue({ code: "custom", message: `${label} must be a date and time` });
      return z.NEVER;
    }
    return instant;
  });

// A site path or an https address: a javascript: or data: URL must never become a public link.
const link = z
  .string()
  .trim()
  .max(500, "Link must be at most 500 characters")
  .refine(
    (value) => /^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(value),
    "Link must be a site path such as /find-help or an address starting with https://",
  )
  .optional();

export const bannerSchema = z
  .object({
    kind: z.enum(bannerKinds, { error: "Choose a kind" }),
    messageEn: z
      .string({ error: "Message in English is required" })
      .trim()
      .min(1, "Message in English is required")
      .max(MESSAGE_MAX, `Message in English must be at most ${MESSAGE_MAX} characters`),
    messageEs: z
      .string()
      .trim()
      .max(MESSAGE_MAX, `Message in Spanish must be at most ${MESSAGE_MAX} characters`)
      .optional(),
    startsAt: houstonTime("Start").optional(),
    endsAt: houstonTime("End"),
    link,
  })
  .superRefine((values, ctx) => {
    const start = values.startsAt ?? new Date();
    if (values.endsAt <= start) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after the start" });
    }
  });

export const bannerActionSchema = z.object({
  id: z.uuid(),
  intent: z.enum(["end", "approve"]),
});
