import type { Database } from "#app/db/client.server";
import { documents, externalLinks, statistics } from "#app/db/schema/library";
import { newObjectKey, storage } from "#app/lib/storage/index.server";
import { fileUrlFor } from "./resources.server";
import { sampleDocuments } from "./sample-documents.server";
import { extensionOf, formatKilobytes } from "./uploads";

/** Real public Houston services and figures, published, so a new site has something to show. */
export async function seedSampleResources(db: Database) {
  await db.insert(externalLinks).values([
    {
      title: "211 Texas / United Way Helpline",
      description:
        "Free, confidential help finding shelter, food, utility assistance and health services across Texas. Dial 2-1-1 any time.",
      url: "https://www.211texas.org/",
      category: "Hotline",
      isPublished: true,
    },
    {
      title: "Coalition for the Homeless of Houston/Harris County",
      description:
        "Leads the regional homeless response system, The Way Home, and publishes the yearly homeless count.",
      url: "https://www.homelesshouston.org/",
      category: "Housing",
      isPublished: true,
    },
    {
      title: "Star of Hope Mission",
      description: "Emergency shelter, meals and recovery programs for men, women and families.",
      url: "https://www.sohmission.org/",
      category: "Shelter",
      isPublished: true,
    },
    {
      title: "SEARCH Homeless Services",
      description:
        "Day services, case management, housing and job readiness for people experiencing homelessness.",
      url: "https://www.searchhomeless.org/",
      category: "Services",
      isPublished: true,
    },
    {
      title: "Houston Food Bank - Find Food",
      description: "Locator for food pantries and hot meal sites near you.",
      url: "https://www.houstonfoodbank.org/find-help/",
      category: "Food",
      isPublished: true,
    },
    {
      title: "988 Suicide & Crisis Lifeline",
      description: "Call or text 988 for free, confidential support 24/7.",
      url: "https://988lifeline.org/",
      category: null,
      isPublished: true,
    },
  ]);
  await db.insert(statistics).values([
    {
      title: "3,280 people experiencing homelessness in the Houston region",
      description:
        "Counted on one night in Harris, Fort Bend and Montgomery counties during the 2024 Point-in-Time count.",
      source: "Coalition for the Homeless of Houston/Harris County",
      sourceUrl: "https://www.homelesshouston.org/",
      date: "2024",
      isPublished: true,
    },
    {
      title: "More than 30,000 people housed since 2012",
      description:
        "People moved from homelessness into housing by the region's The Way Home partners since 2012.",
      source: "Coalition for the Homeless of Houston/Harris County",
      sourceUrl: "https://www.homelesshouston.org/",
      date: "2024",
      isPublished: true,
    },
  ]);
  // Stored through the storage module like any upload, so they download the same way.
  for (const sample of sampleDocuments) {
    const bytes = sample.bytes();
    const key = newObjectKey(sample.fileName);
    await storage().put(key, bytes, sample.contentType);
    await db.insert(documents).values({
      title: sample.title,
      description: sample.description,
      fileUrl: fileUrlFor(key),
      storageKey: key,
      fileType: extensionOf(sample.fileName).toUpperCase(),
      fileSize: formatKilobytes(bytes.byteLength),
      isPublished: true,
    });
  }
}
