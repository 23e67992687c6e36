import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import {
  contactMessages,
  documents,
  donations,
  externalLinks,
  mailOutbox,
  newsletterSubscriptions,
  partnershipInquiries,
  volunteerSignups,
} from "#app/db/schema";
import { action as payAction } from "#app/features/donations/routes/pay";
import { action as contactAction } from "#app/features/forms/routes/contact";
import { action as partnershipAction } from "#app/features/forms/routes/partnerships";
import { loader as unsubscribeLoader } from "#app/features/forms/routes/unsubscribe";
import { action as volunteerAction } from "#app/features/forms/routes/volunteer";
import { loader as resourcesLoader } from "#app/features/library/routes/resources";
import { action as donateAction } from "#app/site/routes/donate";
import { action as homeAction } from "#app/site/routes/home";
import {
  altchaProof,
  decodeQuotedPrintable,
  outboxMessages,
  routeArgs,
  toastOf,
} from "#tests/utils";
import { fieldErrors, post, settle } from "./public-forms";

/*
 * The Spanish site's server side: validation messages and toasts in Spanish, the
 * visitor's language stored with what they send, e-mails in the recipient's language, and a
 * resources search that ignores accents.
 */

describe("public forms on Spanish pages", () => {
  test("the server refuses bad input with Spanish messages and stores nothing", async () => {
    const { status, body } = await settle(
      contactAction(routeArgs(post("/es/contact", { name: "", email: "ana@", message: "" }))),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body)).toEqual({
      name: ["Por favor, escriba su nombre."],
      email: ["Por favor, escriba un correo electrónico válido, como nombre@ejemplo.org."],
      message: ["Por favor, escriba un mensaje."],
    });
    const tooLong = await settle(
      partnershipAction(
        routeArgs(
          post("/es/partnerships", {
            name: "Ana",
            company: "x".repeat(201),
            email: "ana@example.org",
            message: "Hola",
          }),
        ),
      ),
    );
    expect(fieldErrors(tooLong.body).company).toEqual([
      "Por favor, use como máximo 200 caracteres.",
    ]);
    expect(await db().select().from(contactMessages)).toEqual([]);
    expect(await db().select().from(partnershipInquiries)).toEqual([]);
  });

  test("a message sent in Spanish is stored as Spanish and answered in Spanish", async () => {
    const response = (await contactAction(
      routeArgs(post("/es/contact", { name: "Ana", email: "ana@example.org", message: "Hola" })),
    )) as Response;
    expect(response.status).toBe(302);
    // Back to the same page, in the same language.
    expect(response.headers.get("Location")).toBe("/es/contact");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Mensaje enviado" });
    const [row] = await db().select().from(contactMessages);
    expect(row).toMatchObject({ name: "Ana", language: "es" });
  });

  test("the same form on the English page stores English", async () => {
    await contactAction(
      routeArgs(post("/contact", { name: "Bo", email: "bo@example.org", message: "Hi" })),
    );
    const [row] = await db().select().from(contactMessages);
    expect(row.language).toBe("en");
  });

  test("volunteer and partnership sign-ups keep the visitor's language", async () => {
    const volunteer = (await volunteerAction(
      routeArgs(
        post("/es/volunteer", {
          opportunity: "medical-clinic",
          name: "Luz",
          email: "luz@example.org",
        }),
      ),
    )) as Response;
    expect(await toastOf(volunteer)).toMatchObject({
      title: "Gracias por su interés",
      description: "Le escribiremos a luz@example.org sobre el voluntariado en Clínica médica.",
    });
    await partnershipAction(
      routeArgs(
        post("/es/partnerships", {
          name: "Cy",
          company: "Acme",
          email: "cy@example.org",
          message: "Hola",
        }),
      ),
    );
    expect((await db().select().from(volunteerSignups))[0].language).toBe("es");
    expect((await db().select().from(partnershipInquiries))[0].language).toBe("es");
  });
});

describe("newsletter in Spanish", () => {
  test("the welcome e-mail and its unsubscribe page are in the subscriber's language", async () => {
    const response = (await homeAction(
      routeArgs(
        post("/es/home", { intent: "newsletter", firstName: "Marta", email: "marta@example.org" }),
      ),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/es/home");
    expect((await toastOf(response))?.title).toBe("Gracias por suscribirse");
    const [row] = await db().select().from(newsletterSubscriptions);
    expect(row.language).toBe("es");

    const [raw] = await outboxMessages();
    expect(raw).toMatch(/^Content-Language: es-US$/m);
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain("Hola, Marta:");
    expect(text).toContain("Gracias por suscribirse a las noticias de");
    const link = text.match(/http:\/\/localhost:3000\/es\/unsubscribe\?token=[^\s>]+/)?.[0];
    expect(link).toBeTruthy();
    const page = (await unsubscribeLoader(routeArgs(new Request(link!)))) as { email: string };
    expect(page.email).toBe("marta@example.org");

    // Signing up again, already subscribed: told so in Spanish.
    const again = (await homeAction(
      routeArgs(
        post("/es/home", { intent: "newsletter", firstName: "Marta", email: "marta@example.org" }),
      ),
    )) as Response;
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Ya está suscrito" });
  });
});

describe("a donation made in Spanish", () => {
  test("amount errors are in Spanish", async () => {
    const { status, body } = await settle(
      donateAction(
        routeArgs(
          post("/es/donate", {
            panel: "full",
            frequency: "once",
            customAmount: "0",
            donorName: "Rosa",
            donorEmail: "rosa@example.org",
          }),
        ),
      ),
    );
    expect(status).toBe(400);
    expect(fieldErrors(body).customAmount).toEqual([
      "La donación más pequeña que podemos aceptar en línea es de $1.",
    ]);
    expect(await db().select().from(donations)).toEqual([]);
  });

  test("is stored as Spanish, stays on Spanish pages and gets a Spanish receipt", async () => {
    const started = (await donateAction(
      routeArgs(
        post("/es/donate", {
          panel: "full",
          frequency: "once",
          preset: "100",
          coverFee: "on",
          donorName: "Rosa",
          donorEmail: "rosa@example.org",
          altcha: await altchaProof(),
        }),
      ),
    )) as Response;
    const location = started.headers.get("Location") ?? "";
    const match = location.match(/^\/es\/donate\/pay\/([0-9a-f-]{36})\?token=(.+)$/);
    expect(match, location).not.toBeNull();
    const [, id, token] = match!;
    expect((await db().select().from(donations))[0].language).toBe("es");

    const paid = (await payAction(
      routeArgs(
        post(`/es/donate/pay/${id}`, {
          token: decodeURIComponent(token),
          cardNumber: "4242 4242 4242 4242",
          expiry: "12/34",
          cvc: "123",
        }),
        { id },
      ),
    )) as Response;
    expect(paid.headers.get("Location")).toBe(`/es/donation-success?ref=${id}`);

    const [receipt] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "receipt"));
    expect(receipt.subject).toMatch(/^Su recibo de donación de /);
    expect(receipt.text).toContain("Estimado/a Rosa:");
    expect(receipt.text).toContain("Monto de la contribución: $103.30");
    expect(receipt.text).toContain(
      "No se entregaron bienes ni servicios a cambio de esta contribución.",
    );
    expect(receipt.text).toContain("/es/create-account");
  });

  test("a declined test card is reported in Spanish", async () => {
    const started = (await donateAction(
      routeArgs(
        post("/es/donate", {
          panel: "full",
          frequency: "once",
          preset: "25",
          donorName: "Rosa",
          donorEmail: "rosa2@example.org",
          altcha: await altchaProof(),
        }),
      ),
    )) as Response;
    const [, id, token] =
      (started.headers.get("Location") ?? "").match(/\/pay\/([0-9a-f-]{36})\?token=(.+)$/) ?? [];
    const bad = await settle(
      payAction(
        routeArgs(
          post(`/es/donate/pay/${id}`, {
            token: decodeURIComponent(token),
            cardNumber: "1234",
            expiry: "1/2",
            cvc: "",
          }),
          { id },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.body).cardNumber).toContain(
      "Por favor, escriba un número de tarjeta de 13 a 19 dígitos.",
    );
    expect(fieldErrors(bad.body).expiry).toContain(
      "Por favor, escriba la fecha de vencimiento como MM/AA.",
    );
    const declined = (await payAction(
      routeArgs(
        post(`/es/donate/pay/${id}`, {
          token: decodeURIComponent(token),
          cardNumber: "4000 0000 0000 0002",
          expiry: "12/34",
          cvc: "123",
        }),
        { id },
      ),
    )) as Response;
    expect(declined.headers.get("Location")).toMatch(/^\/es\/donate\/pay\//);
    expect((await toastOf(declined))?.title).toBe("El pago no se completó");
  });
});

describe("resources search ignores accents", () => {
  async function search(term: string, tab = "documents") {
    const url = `http://localhost:3000/es/resources?${new URLSearchParams({ q: term, tab })}`;
    const result = (await resourcesLoader(routeArgs(new Request(url)))) as unknown as {
      data: { list: { items: { title: string }[] } | null };
    };
    return result.data.list?.items.map((item) => item.title).sort();
  }

  test("información = informacion, médica = medica, in titles and descriptions", async () => {
    const key = () => `${crypto.randomUUID()}.pdf`;
    const document = (title: string, description: string | null) => {
      const storageKey = key();
      return {
        title,
        description,
        fileUrl: `/files/${storageKey}`,
        storageKey,
        fileType: "PDF",
        fileSize: "1.0 KB",
        isPublished: true,
      };
    };
    await db()
      .insert(documents)
      .values([
        document("Información de vivienda", null),
        document("Housing guide", "Más informacion para familias"),
        document("Atención Médica gratuita", null),
        document("Unrelated", "Nothing to see"),
      ]);
    await db().insert(externalLinks).values({
      title: "Clínica MÉDICA del centro",
      description: "Consultas sin costo",
      url: "https://example.org",
      isPublished: true,
    });
    const both = ["Housing guide", "Información de vivienda"];
    expect(await search("informacion")).toEqual(both);
    expect(await search("información")).toEqual(both);
    expect(await search("INFORMACIÓN")).toEqual(both);
    expect(await search("medica")).toEqual(["Atención Médica gratuita"]);
    expect(await search("médica")).toEqual(["Atención Médica gratuita"]);
    expect(await search("medica", "links")).toEqual(["Clínica MÉDICA del centro"]);
    expect(await search("clinica", "links")).toEqual(["Clínica MÉDICA del centro"]);
  });

  test("a search that is too long is refused in Spanish", async () => {
    const url = `http://localhost:3000/es/resources?q=${"a".repeat(300)}`;
    const result = (await resourcesLoader(routeArgs(new Request(url)))) as unknown as {
      data: { searchError: string | null };
      init: { status?: number } | null;
    };
    expect(result.init?.status).toBe(400);
    expect(result.data.searchError).toMatch(/^Por favor, acorte su búsqueda/);
  });
});
