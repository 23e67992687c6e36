import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  contactSchema as contactSchemaFor,
  newsletterSchema as newsletterSchemaFor,
  partnershipSchema as partnershipSchemaFor,
  volunteerSchema as volunteerSchemaFor,
} from "#app/features/forms/schemas";
import { serverT } from "#app/i18n/catalogs.server";
import { limits } from "#app/lib/limits";

// The English schemas: their messages are the exact wording agreed for the site.
const english = serverT("en");
const newsletterSchema = newsletterSchemaFor(english);
const contactSchema = contactSchemaFor(english);
const volunteerSchema = volunteerSchemaFor(english);
const partnershipSchema = partnershipSchemaFor(english);

/** The messages of a failed parse, by field. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe("newsletter schema", () => {
  test("trims the name, trims and lower-cases the e-mail", () => {
    expect(newsletterSchema.parse({ firstName: "  Ana ", email: " Ana@Example.ORG " })).toEqual({
      firstName: "Ana",
      email: "ana@example.org",
    });
  });

  test("both fields are required, with clear messages", () => {
    expect(errorsOf(newsletterSchema.safeParse({}))).toEqual({
      firstName: ["Please enter your first name."],
      email: ["Please enter your email address."],
    });
    expect(
      errorsOf(newsletterSchema.safeParse({ firstName: "   ", email: "a@example.org" })),
    ).toEqual({
      firstName: ["Please enter your first name."],
    });
  });

  test("refuses malformed addresses", () => {
    for (const email of [
      "ana",
      "ana@",
      "@example.org",
      "ana@example",
      "a b@example.org",
      "<a>@x.org",
    ]) {
      expect(errorsOf(newsletterSchema.safeParse({ firstName: "A", email })).email, email).toEqual([
        "Please enter a valid email address, such as name@example.org.",
      ]);
    }
  });

  test("any valid address is stored in one canonical form", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom("", " ", "\t"), (email, pad) => {
        const canonical = newsletterSchema.safeParse({
          firstName: "A",
          email: email.toLowerCase(),
        });
        // RFC addresses with rare characters that the validator refuses are out of scope here.
        fc.pre(canonical.success);
        const upper = `${pad}${email.toUpperCase()}${pad}`;
        expect(newsletterSchema.parse({ firstName: "A", email: upper }).email).toBe(
          email.toLowerCase(),
        );
      }),
    );
  });
});

describe("length limits", () => {
  const cases = [
    {
      schema: contactSchema,
      valid: { name: "A", email: "a@example.org", message: "Hi" },
      field: "name",
      max: limits.name,
    },
    {
      schema: contactSchema,
      valid: { name: "A", email: "a@example.org", message: "Hi" },
      field: "message",
      max: limits.message,
    },
    {
      schema: partnershipSchema,
      valid: { name: "A", company: "C", email: "a@example.org", message: "Hi" },
      field: "company",
      max: limits.company,
    },
    {
      schema: volunteerSchema,
      valid: { opportunity: "meal-service", name: "A", email: "a@example.org" },
      field: "phone",
      max: limits.phone,
    },
  ] as const;

  test.each(cases)(
    "$field accepts $max characters and refuses one more",
    ({ schema, valid, field, max }) => {
      const fill = field === "phone" ? "1" : "x";
      expect(schema.safeParse({ ...valid, [field]: fill.repeat(max) }).success).toBe(true);
      expect(
        errorsOf(schema.safeParse({ ...valid, [field]: fill.repeat(max + 1) }))[field],
      ).toEqual([`Please use at most ${max} characters.`]);
    },
  );

  test("an e-mail over 254 characters is refused for its length", () => {
    const address = (length: number) => `${"a".repeat(length - "@example.org".length)}@example.org`;
    const base = { name: "A", message: "Hi" };
    expect(errorsOf(contactSchema.safeParse({ ...base, email: address(255) })).email).toEqual([
      "Please use at most 254 characters.",
    ]);
  });
});

describe("markup and control characters", () => {
  test("markup in any text is kept verbatim (it is rendered as text, never as HTML)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (text) => {
        const name = `<b onclick="x()">${text}</b>`.replace(/\p{Cc}/gu, "");
        const message = `<script>${text}</script>`;
        const result = contactSchema.safeParse({ name, email: "a@example.org", message });
        expect(result.success).toBe(true);
        if (result.success) {
          expect(result.data.name).toBe(name.trim());
          expect(result.data.message).toBe(message.trim());
        }
      }),
    );
  });

  test("single-line fields refuse line breaks; the message keeps them", () => {
    const result = partnershipSchema.safeParse({
      name: "A",
      company: "Evil\r\nBcc: x@example.org",
      email: "a@example.org",
      message: "one\ntwo",
    });
    expect(errorsOf(result)).toEqual({
      company: ["Please use a single line without special control characters."],
    });
  });
});

describe("volunteer schema", () => {
  test("knows the three opportunities and nothing else", () => {
    const base = { name: "A", email: "a@example.org" };
    for (const opportunity of ["meal-service", "resource-center", "medical-clinic"]) {
      expect(volunteerSchema.safeParse({ ...base, opportunity }).success).toBe(true);
    }
    expect(errorsOf(volunteerSchema.safeParse({ ...base, opportunity: "bartender" }))).toEqual({
      opportunity: ["Please choose a volunteer opportunity."],
    });
  });

  test("the phone number is optional and checked when given", () => {
    const base = { opportunity: "meal-service", name: "A", email: "a@example.org" };
    expect(volunteerSchema.parse(base).phone).toBeUndefined();
    expect(volunteerSchema.parse({ ...base, phone: " +1 (713) 555-0100 " }).phone).toBe(
      "+1 (713) 555-0100",
    );
    expect(errorsOf(volunteerSchema.safeParse({ ...base, phone: "555-CALL" })).phone).toEqual([
      "Please enter a phone number using digits, spaces and ( ) - + only.",
    ]);
  });
});
