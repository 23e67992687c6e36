/** The sample documents the embedded database starts with: written here, stored like uploads. */

const hotlines = `HOUSTON HELP LINES - QUICK LIST
Houston Home Foundation - free to print and share

IN AN EMERGENCY: call 911.

ANY KIND OF HELP (shelter, food, rent, utilities, health care)
  2-1-1 Texas / United Way Helpline ........ dial 2-1-1 (24 hours, free)
  www.211texas.org

CRISIS AND MENTAL HEALTH
  988 Suicide & Crisis Lifeline ............ call or text 988 (24 hours)
  Veterans Crisis Line ...................... dial 988, then press 1
  Crisis Text Line .......................... text HOME to 741741
  The Harris Center crisis line ............. 713-970-7000

FAMILY VIOLENCE
  National Domestic Violence Hotline ........ 1-800-799-7233 (24 hours)
  Houston Area Women's Center hotline ....... 713-528-2121

YOUTH
  National Runaway Safeline ................. 1-800-786-2929 (24 hours)

VETERANS
  National Call Center for Homeless Veterans  1-877-424-3838 (24 hours)

SHELTER AND SERVICES IN HOUSTON
  Coalition for the Homeless (The Way Home) . www.homelesshouston.org
  Star of Hope Mission ...................... www.sohmission.org
  SEARCH Homeless Services .................. www.searchhomeless.org
  Houston Food Bank - find food near you .... www.houstonfoodbank.org

Numbers change. If one does not work, dial 2-1-1 and ask for the service by name.
`;

const housingChecklist = [
  "Bring these when you apply for housing or benefits. Missing one? Apply anyway -",
  "case managers can help you replace documents, and many programs accept copies.",
  "",
  "[ ] Photo ID (Texas ID card or driver license, passport, or other government ID)",
  "[ ] Social Security card (or a letter showing your Social Security number)",
  "[ ] Birth certificate",
  "[ ] Proof of income: pay stubs, benefit award letters (SSI, SSDI, SNAP), or a",
  "    written statement that you have no income",
  "[ ] Letter or form showing you are homeless (from a shelter or outreach worker)",
  "[ ] Veterans: DD-214 discharge papers",
  "[ ] Medical records or a disability letter, if a program asks for them",
  "[ ] Names, ages and documents for everyone in your household",
  "[ ] A phone number or e-mail address where you can be reached",
  "",
  "Keep copies in a safe place, or ask your case manager to keep a set for you.",
  "To replace an ID or birth certificate, dial 2-1-1 and ask for ID recovery help.",
];

/** Characters PDF literal strings treat specially. */
function pdfString(text: string) {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

/** A one-page PDF of a heading and lines of text, in the built-in Helvetica fonts. */
export function simplePdf(heading: string, lines: string[]): Uint8Array {
  const content = [
    "BT",
    "/F2 18 Tf 72 720 Td",
    `${pdfString(heading)} Tj`,
    "/F1 11 Tf 16 TL T* T*",
    ...lines.map((line) => `${pdfString(line)} Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

export const sampleDocuments = [
  {
    title: "Houston Help Lines - Quick List",
    description:
      "One page of free 24-hour hotlines for shelter, crisis, family violence, youth and veterans, plus Houston shelter and food services.",
    fileName: "houston-help-lines.txt",
    contentType: "text/plain; charset=utf-8",
    bytes: () => new TextEncoder().encode(hotlines),
  },
  {
    title: "Checklist: Documents to Bring When Applying for Housing",
    description:
      "A printable checklist of the IDs and papers housing programs and benefits offices usually ask for, and where to get help replacing them.",
    fileName: "housing-application-checklist.pdf",
    contentType: "application/pdf",
    bytes: () => simplePdf("Documents to Bring When Applying for Housing", housingChecklist),
  },
];
