import { describe, expect, test } from "vitest";
import { contactSchema } from "#app/features/forms/schemas";
import { uploadMessages, uploadMessagesFor } from "#app/features/library/uploads";
import { serverT } from "#app/i18n/catalogs.server";
import {
  languageName,
  localeFromPath,
  localeFromRequest,
  localizePath,
  unlocalizedPath,
} from "#app/i18n/locales";
import { formattersFor } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";

describe("locale of a path", () => {
  test("Spanish under /es, English everywhere else", () => {
    expect(localeFromPath("/es")).toBe("es");
    expect(localeFromPath("/es/about")).toBe("es");
    expect(localeFromPath("/about")).toBe("en");
    expect(localeFromPath("/")).toBe("en");
    // Only a whole first segment counts, and the default locale has no prefix of its own.
    expect(localeFromPath("/espanol")).toBe("en");
    expect(localeFromPath("/en/about")).toBe("en");
    expect(localeFromRequest(new Request("http://localhost/es/contact?x=1"))).toBe("es");
  });

  test("the same page in another locale keeps its query and hash", () => {
    expect(localizePath("/about", "es")).toBe("/es/about");
    expect(localizePath("/", "es")).toBe("/es");
    expect(localizePath("/es/about", "en")).toBe("/about");
    expect(localizePath("/es", "en")).toBe("/");
    expect(localizePath("/resources?tab=links&q=m%C3%A9dica#top", "es")).toBe(
      "/es/resources?tab=links&q=m%C3%A9dica#top",
    );
    expect(localizePath("/es/volunteer?opportunity=meal-service#signup", "en")).toBe(
      "/volunteer?opportunity=meal-service#signup",
    );
    // Localizing twice changes nothing.
    expect(localizePath(localizePath("/contact", "es"), "es")).toBe("/es/contact");
    expect(unlocalizedPath("/es/donate/manage")).toBe("/donate/manage");
  });
});

describe("formatting per locale", () => {
  test("dates and numbers", () => {
    const day = new Date(2025, 3, 24);
    expect(formattersFor("en").formatDate(day)).toBe("April 24, 2025");
    expect(formattersFor("es").formatDate(day)).toBe("24 de abril de 2025");
    expect(formattersFor("en").formatNumber(15000)).toBe("15,000");
    expect(formattersFor("es").formatNumber(15000)).toBe("15,000");
  });

  test("money in US Spanish is written in dollars", () => {
    expect(formatCents(125000)).toBe("$1,250.00");
    expect(formatCents(125000, "usd", "es")).toBe("$1,250.00");
  });

  test("stored language codes are named in English for staff", () => {
    expect(languageName("es")).toBe("Spanish");
    expect(languageName("en")).toBe("English");
  });
});

describe("translated messages", () => {
  test("the English upload messages are the catalog's, word for word", () => {
    const fromCatalog = uploadMessagesFor(serverT("en"));
    const { wrongContent, optionalTooLong, markup, ...fixed } = uploadMessages;
    expect(
      Object.fromEntries(
        Object.keys(fixed).map((key) => [key, fromCatalog[key as keyof typeof fixed]]),
      ),
    ).toEqual(fixed);
    expect(fromCatalog.wrongContent("pdf")).toBe(wrongContent("pdf"));
    expect(fromCatalog.optionalTooLong("title", 200)).toBe(optionalTooLong("title", 200));
    expect(fromCatalog.markup("description")).toBe(markup("description"));
  });

  test("a schema built for Spanish answers in Spanish", () => {
    const result = contactSchema(serverT("es")).safeParse({ name: "", email: "x", message: "" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain("Por favor, escriba su nombre.");
    expect(messages).toContain(
      "Por favor, escriba un correo electrónico válido, como nombre@ejemplo.org.",
    );
  });
});
