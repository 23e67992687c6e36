/** Genuine (and deliberately fake) files of the library's types, and multipart requests. */
import { crc32 } from "node:zlib";
import { simplePdf } from "#app/features/library/sample-documents.server";

/** A ZIP archive with stored (uncompressed) entries: enough for file-type to see an OOXML file. */
export function storedZip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const ooxmlParts = {
  docx: ["word/document.xml", "wordprocessingml.document"],
  xlsx: ["xl/workbook.xml", "spreadsheetml.sheet"],
  pptx: ["ppt/presentation.xml", "presentationml.presentation"],
} as const;

/** The smallest Office Open XML package whose content types name its main part. */
export function ooxml(kind: keyof typeof ooxmlParts): Uint8Array {
  const [part, type] = ooxmlParts[kind];
  return storedZip({
    "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`,
    [part]: '<?xml version="1.0"?><root/>',
  });
}

/** An OLE2 compound file header, as .doc, .xls and .ppt files start. */
export function compoundFile(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
}

export function pdf(text = "Shelter list"): Uint8Array {
  return simplePdf(text, ["Open every day."]);
}

/** A PDF padded with a trailing comment to exactly `size` bytes. */
export function pdfOfSize(size: number): Uint8Array {
  const head = pdf();
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(head);
  return bytes;
}

export function file(bytes: Uint8Array | string, name: string, type = "application/octet-stream") {
  return new File([typeof bytes === "string" ? bytes : Buffer.from(bytes)], name, { type });
}

/** A multipart POST as a browser sends it: encoded body, boundary and Content-Length. */
export async function multipartRequest(
  url: string,
  fields: Record<string, string | File>,
  { clientIp = "198.51.100.1" }: { clientIp?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request(new URL(url, "http://localhost:3000"), {
    method: "POST",
    headers: {
      "Content-Type": encoded.headers.get("Content-Type") ?? "",
      "Content-Length": String(body.byteLength),
      "x-client-ip": clientIp,
    },
    body,
  });
}
