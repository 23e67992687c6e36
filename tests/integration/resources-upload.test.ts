import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { documents } from "#app/db/schema";
import { loader as fileLoader } from "#app/features/library/routes/files";
import { action } from "#app/features/library/routes/upload";
import { MAX_UPLOAD_BYTES, uploadMessages } from "#app/features/library/uploads";
import { env } from "#app/lib/env.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { storage } from "#app/lib/storage/index.server";
import { createUserSession, requestWithCookie } from "#tests/auth-utils";
import {
  compoundFile,
  file,
  multipartRequest,
  ooxml,
  pdf,
  pdfOfSize,
} from "#tests/resources-fixtures";
import { startS3Fake } from "#tests/s3-fake";
import { routeArgs, toastOf } from "#tests/utils";

let ipCounter = 0;
/** Each test uploads from its own address, so the hourly limit of one never touches another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function upload(fields: Record<string, string | File>, clientIp = freshIp()) {
  const request = await multipartRequest("/resources/upload", fields, { clientIp });
  return (await action(routeArgs(request))) as unknown;
}

/** What the action answered: a redirect Response, or data() with a status and Conform reply. */
function replyOf(result: unknown) {
  const { data, init } = result as {
    data: { error?: Record<string, string[] | null> };
    init: { status: number };
  };
  return { status: init.status, errors: Object.values(data.error ?? {}).flat() };
}

async function download(fileUrl: string, cookie?: string) {
  const key = decodeURIComponent(fileUrl.replace("/files/", ""));
  const request = cookie
    ? requestWithCookie(fileUrl, cookie)
    : new Request(new URL(fileUrl, "http://localhost:3000"));
  return (await fileLoader(routeArgs(request, { key }))) as Response;
}

function uploadSuite(name: string, storedKeys: () => Promise<string[]>) {
  describe(`public upload (${name} storage)`, () => {
    test("stores the file and adds a draft row, with the success toast", async () => {
      const bytes = pdf("Shelters");
      const response = await upload({
        file: file(bytes, "Shelter List 2025.pdf", "application/pdf"),
      });
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(302);
      expect((response as Response).headers.get("Location")).toBe("/resources");
      expect(await toastOf(response as Response)).toMatchObject({
        type: "success",
        description: "Document uploaded and pending admin approval",
      });

      const rows = await db().select().from(documents);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        title: "Shelter List 2025.pdf",
        description: null,
        fileType: "PDF",
        fileSize: `${(bytes.byteLength / 1024).toFixed(1)} KB`,
        isPublished: false,
      });
      expect(row.storageKey).toMatch(/^[0-9a-f]{32}\.pdf$/);
      expect(row.fileUrl).toBe(`/files/${row.storageKey}`);
      expect(await storedKeys()).toContain(row.storageKey);
      const stored = await storage().get(row.storageKey);
      expect(
        new Uint8Array(await new Response(stored?.body as ReadableStream).arrayBuffer()),
      ).toEqual(bytes);
    });

    test("uses the given title and description, trimmed", async () => {
      await upload({
        file: file(ooxml("docx"), "form.docx"),
        title: "  Benefits application  ",
        description: "Fill in and bring to the office.",
      });
      const [row] = await db().select().from(documents);
      expect(row).toMatchObject({
        title: "Benefits application",
        description: "Fill in and bring to the office.",
        fileType: "DOCX",
      });
    });

    // The accepted types: docs/decisions/040-upload-validation.md.
    test("accepts the other types", async () => {
      for (const [bytes, fileName] of [
        [compoundFile(), "old.xls"],
        [ooxml("pptx"), "deck.pptx"],
        [new TextEncoder().encode("Call 2-1-1"), "hotlines.txt"],
      ] as const) {
        const response = await upload({ file: file(bytes, fileName) });
        expect((response as Response).status, fileName).toBe(302);
      }
      const types = (await db().select().from(documents)).map((row) => row.fileType).sort();
      expect(types).toEqual(["PPTX", "TXT", "XLS"]);
    });

    const exe = new Uint8Array(1024);
    exe.set([0x4d, 0x5a]);
    test.each([
      ["no file at all", {}, uploadMessages.missing],
      ["an empty file input", { file: file(new Uint8Array(0), "") }, uploadMessages.missing],
      ["an empty file", { file: file(new Uint8Array(0), "empty.pdf") }, uploadMessages.empty],
      [
        "10MB + 1 byte",
        { file: file(pdfOfSize(MAX_UPLOAD_BYTES + 1), "big.pdf") },
        uploadMessages.tooLarge,
      ],
      [
        "a .pdf that is HTML",
        { file: file("<html><script>alert(1)</script></html>", "a.pdf") },
        "does not match",
      ],
      ["a .pdf that is an executable", { file: file(exe, "a.pdf") }, "does not match"],
      [
        "a .txt that is binary",
        { file: file(new Uint8Array([0, 1, 2, 3, 255]), "a.txt") },
        "plain text",
      ],
      ["an .exe", { file: file(exe, "setup.exe") }, uploadMessages.wrongType],
      ["a name with path separators", { file: file(pdf(), "../../x.pdf") }, uploadMessages.badName],
      [
        "a name with control characters",
        { file: file(pdf(), "a\u0000b.pdf") },
        uploadMessages.badName,
      ],
      [
        "a 300-character name",
        { file: file(pdf(), `${"n".repeat(296)}.pdf`) },
        uploadMessages.longName,
      ],
      [
        "a title with markup",
        { file: file(pdf(), "a.pdf"), title: "<script>alert(1)</script>" },
        "remove HTML markup",
      ],
      [
        "a description with markup",
        { file: file(pdf(), "a.pdf"), description: "<img src=x>" },
        "remove HTML markup",
      ],
      [
        "a 201-character title",
        { file: file(pdf(), "a.pdf"), title: "t".repeat(201) },
        "at most 200",
      ],
    ])("refuses %s with a clear message, no row and no file", async (_label, fields, message) => {
      const before = await storedKeys();
      const result = await upload(fields as Record<string, string | File>);
      const reply = replyOf(result);
      expect(reply.status).toBe(400);
      expect(reply.errors.join(" ")).toContain(message);
      expect(await db().select().from(documents)).toHaveLength(0);
      expect(await storedKeys()).toEqual(before);
    });

    test("a published file downloads as an attachment; a draft is hidden from visitors", async () => {
      await upload({ file: file(pdf(), "Guide (English).pdf"), title: "Guía de refugios" });
      const [row] = await db().select().from(documents);

      const hidden = await download(row.fileUrl);
      expect(hidden.status).toBe(404);

      await db().update(documents).set({ isPublished: true });
      const served = await download(row.fileUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("application/pdf");
      expect(served.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
      expect(served.headers.get("Content-Disposition")).toBe(
        `attachment; filename="Guia-de-refugios.pdf"; filename*=UTF-8''Gu%C3%ADa%20de%20refugios.pdf`,
      );
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf());
    });

    test("a draft downloads for an editor, not for a signed-in non-staff user", async () => {
      await upload({ file: file(pdf(), "draft.pdf") });
      const [row] = await db().select().from(documents);
      const editor = await createUserSession("editor");
      expect((await download(row.fileUrl, editor.cookie)).status).toBe(200);
      const finance = await createUserSession("finance");
      expect((await download(row.fileUrl, finance.cookie)).status).toBe(404);
      const user = await createUserSession("user");
      expect((await download(row.fileUrl, user.cookie)).status).toBe(404);
    });
  });
}

uploadSuite("local folder", async () =>
  (await readdir(path.join(env().DATA_DIR, "uploads")).catch(() => [] as string[])).filter(
    (name) => !name.startsWith("."),
  ),
);

describe("with S3-compatible storage", () => {
  let fake: Awaited<ReturnType<typeof startS3Fake>>;
  beforeAll(async () => {
    fake = await startS3Fake();
  });
  afterAll(async () => {
    await fake.stop();
  });
  uploadSuite("S3", () => fake.keys());

  test("a storage failure answers with the failure text and leaves no row", async () => {
    fake.configure("no-such-bucket");
    try {
      const reply = replyOf(await upload({ file: file(pdf(), "a.pdf") }));
      expect(reply.status).toBe(503);
      expect(reply.errors).toEqual(["Failed to upload document. Please try again."]);
      expect(await db().select().from(documents)).toHaveLength(0);
    } finally {
      fake.configure();
    }
  });
});

describe("upload request guards", () => {
  test("a body declared larger than 10MB plus the form envelope is refused unread", async () => {
    const request = new Request("http://localhost:3000/resources/upload", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(11 * 1024 * 1024),
        "x-client-ip": freshIp(),
      },
      body: "--x--",
    });
    const reply = replyOf(await action(routeArgs(request)));
    expect(reply).toEqual({ status: 413, errors: [uploadMessages.tooLarge] });
  });

  test("a body without a length is refused", async () => {
    const request = new Request("http://localhost:3000/resources/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "x-client-ip": freshIp() },
      body: "--x--",
    });
    expect(replyOf(await action(routeArgs(request))).status).toBe(411);
  });

  test("a malformed multipart body gets a message, not a 500", async () => {
    const body = "this is not multipart";
    const request = new Request("http://localhost:3000/resources/upload", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(body.length),
        "x-client-ip": freshIp(),
      },
      body,
    });
    expect(replyOf(await action(routeArgs(request))).status).toBe(400);
  });

  test("a GET or a JSON post is refused", async () => {
    const json = new Request("http://localhost:3000/resources/upload", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await expect(action(routeArgs(json))).rejects.toMatchObject({ init: { status: 415 } });
  });

  test("the eleventh upload in an hour from one address is refused with a clear message", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await upload({ file: file(pdf(), `doc-${attempt}.pdf`) }, ip);
      expect((response as Response).status).toBe(302);
    }
    const reply = replyOf(await upload({ file: file(pdf(), "one-more.pdf") }, ip));
    expect(reply.status).toBe(429);
    expect(reply.errors[0]).toMatch(
      /^Too many uploads from your connection\. Please try again in \d+ minute\(s\)\.$/,
    );
    expect(await db().select().from(documents)).toHaveLength(10);
    // Another address is not affected.
    expect(((await upload({ file: file(pdf(), "other.pdf") })) as Response).status).toBe(302);
  });

  test("a bot filling the honeypot is told it worked, and nothing is stored", async () => {
    const response = (await upload({
      file: file(pdf(), "spam.pdf"),
      [HONEYPOT_FIELD]: "http://spam",
    })) as Response;
    expect(response.status).toBe(302);
    expect(await db().select().from(documents)).toHaveLength(0);
  });
});

describe("the download route", () => {
  test("unknown and malformed keys are 404", async () => {
    for (const key of ["0123456789abcdef0123456789abcdef.pdf", "../../etc/passwd", "a/b"]) {
      const response = (await fileLoader(
        routeArgs(new Request("http://localhost:3000/files/x"), { key }),
      )) as Response;
      expect(response.status, key).toBe(404);
    }
  });
});
