import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { containsPattern } from "#app/features/library/resources.server";
import {
  checkFileBasics,
  formatKilobytes,
  MAX_UPLOAD_BYTES,
  uploadMessages,
} from "#app/features/library/uploads";
import { validateUpload } from "#app/features/library/uploads.server";
import { newObjectKey } from "#app/lib/storage/index.server";
import { isValidObjectKey } from "#app/lib/storage/types";
import { compoundFile, file, ooxml, pdf, pdfOfSize } from "#tests/resources-fixtures";

// The accepted types: docs/decisions/040-upload-validation.md.
describe("validateUpload accepts genuine files", () => {
  test.each([
    ["guide.pdf", pdf(), "pdf", "application/pdf"],
    [
      "form.docx",
      ooxml("docx"),
      "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "budget.xlsx",
      ooxml("xlsx"),
      "xlsx",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
    [
      "slides.pptx",
      ooxml("pptx"),
      "pptx",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    ["old.doc", compoundFile(), "doc", "application/msword"],
    ["old.xls", compoundFile(), "xls", "application/vnd.ms-excel"],
    ["old.ppt", compoundFile(), "ppt", "application/vnd.ms-powerpoint"],
    [
      "Hotlines.TXT",
      new TextEncoder().encode("Call 2-1-1\r\n\tAny time - día y noche\n"),
      "txt",
      "text/plain; charset=utf-8",
    ],
  ])("%s", async (name, bytes, extension, mimeType) => {
    const result = await validateUpload(file(bytes, name));
    expect(result).toEqual({
      ok: true,
      bytes: new Uint8Array(bytes),
      extension,
      mimeType,
      originalName: name,
    });
  });

  test("a file of exactly 10MB", async () => {
    const result = await validateUpload(file(pdfOfSize(MAX_UPLOAD_BYTES), "big.pdf"));
    expect(result.ok).toBe(true);
  });
});

describe("validateUpload refuses bad files with a clear message", () => {
  const exe = new Uint8Array(512);
  exe.set([0x4d, 0x5a]);
  test.each([
    ["nothing", null, uploadMessages.missing],
    ["a string instead of a file", "guide.pdf", uploadMessages.missing],
    ["an empty file", file(new Uint8Array(0), "empty.pdf"), uploadMessages.empty],
    ["10MB + 1 byte", file(pdfOfSize(MAX_UPLOAD_BYTES + 1), "big.pdf"), uploadMessages.tooLarge],
    ["an unaccepted type", file("#!/bin/sh\n", "run.sh"), uploadMessages.wrongType],
    ["no extension", file(pdf(), "guide"), uploadMessages.wrongType],
    ["a path in the name", file(pdf(), "../../etc/guide.pdf"), uploadMessages.badName],
    ["a Windows path in the name", file(pdf(), "C:\\docs\\guide.pdf"), uploadMessages.badName],
    ["a control character in the name", file(pdf(), "gui\u0007de.pdf"), uploadMessages.badName],
    ["markup in the name", file(pdf(), "<img src=x onerror=alert(1)>.pdf"), uploadMessages.badName],
    ["a 300-character name", file(pdf(), `${"a".repeat(296)}.pdf`), uploadMessages.longName],
  ])("%s", async (_label, input, message) => {
    expect(await validateUpload(input)).toEqual({ ok: false, message });
  });

  test.each([
    [
      "a .pdf that is really HTML",
      file("<!doctype html><html><script>alert(1)</script></html>", "guide.pdf"),
    ],
    ["a .pdf that is really an executable", file(exe, "guide.pdf")],
    ["a .docx that is really a PDF", file(pdf(), "form.docx")],
    ["a .doc that is really a ZIP of a spreadsheet", file(ooxml("xlsx"), "form.doc")],
  ])("%s", async (_label, input) => {
    const result = await validateUpload(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/does not match its \.\w+ extension/);
  });

  test.each([
    ["binary bytes", new Uint8Array([0x48, 0x69, 0x00, 0x01, 0x02])],
    ["invalid UTF-8", new Uint8Array([0x48, 0xff, 0xfe, 0x69])],
    ["a PDF", pdf()],
  ])("a .txt holding %s", async (_label, bytes) => {
    const result = await validateUpload(file(bytes, "notes.txt"));
    expect(result).toEqual({
      ok: false,
      message: "This .txt file does not contain plain text. Please upload a UTF-8 text file.",
    });
  });

  test("random bytes named .pdf are never accepted unless they are a PDF", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), async (bytes) => {
        fc.pre(!Buffer.from(bytes.subarray(0, 4)).equals(Buffer.from("%PDF")));
        const result = await validateUpload(file(bytes, "x.pdf"));
        expect(result.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("upload helpers", () => {
  test("the browser-side check agrees on the simple rules", () => {
    expect(checkFileBasics(undefined)).toBe(uploadMessages.missing);
    expect(checkFileBasics({ name: "", size: 0 })).toBe(uploadMessages.missing);
    expect(checkFileBasics({ name: "a.PDF", size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFileBasics({ name: "a.pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe(
      uploadMessages.tooLarge,
    );
  });

  test("file sizes are KB with one decimal", () => {
    expect(formatKilobytes(1024)).toBe("1.0 KB");
    expect(formatKilobytes(1536)).toBe("1.5 KB");
    expect(formatKilobytes(10 * 1024 * 1024)).toBe("10240.0 KB");
  });

  test("object keys are random, keep the extension and are always valid keys", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const key = newObjectKey(name);
        expect(isValidObjectKey(key)).toBe(true);
      }),
    );
    const key = newObjectKey("Shelter List.PDF");
    expect(key).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(newObjectKey("Shelter List.PDF")).not.toBe(key);
    expect(newObjectKey("no-extension")).toMatch(/^[0-9a-f]{32}$/);
  });

  test("keys that could leave the storage folder are refused", () => {
    for (const key of ["../x.pdf", "a/b.pdf", ".hidden", "", "a\\b.pdf", "x.pdf/..", "A.PDF"]) {
      expect(isValidObjectKey(key), key).toBe(false);
    }
  });

  test("search patterns take %, _ and \\ literally", () => {
    expect(containsPattern("50%_off\\now")).toBe("%50\\%\\_off\\\\now%");
    expect(containsPattern('it\'s "quoted"')).toBe('%it\'s "quoted"%');
  });
});
