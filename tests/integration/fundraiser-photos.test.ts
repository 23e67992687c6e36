/**
 * A fundraiser page's photo (docs/decisions/254-fundraiser-photos.md): real images made with sharp
 * go through the start form and the owner's edit form as browsers send them (multipart); the
 * stored photo has lost its metadata and is upright and resized; files that are not images, or are
 * too large, are refused with the photo's message and store nothing; an owner's new photo of a
 * public page waits for staff while the approved one stays public; the photo route serves each
 * photo only to whom may see it.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema";
import * as tabRoute from "#app/features/fundraisers/admin/fundraisers-tab";
import { onFundraisersChange } from "#app/features/fundraisers/changes.server";
import { ownerToken } from "#app/features/fundraisers/owner-link.server";
import { photoPath } from "#app/features/fundraisers/photo";
import { publicFundraiser } from "#app/features/fundraisers/public-pages.server";
import { action as startAction } from "#app/features/fundraisers/routes/fundraise";
import { action as manageAction } from "#app/features/fundraisers/routes/manage";
import { loader as photoLoader } from "#app/features/fundraisers/routes/photo";
import { env } from "#app/lib/env.server";
import { storage } from "#app/lib/storage/index.server";
import { createUserSession } from "#tests/auth-utils";
import { file, multipartRequest, pdf } from "#tests/resources-fixtures";
import { routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle } from "./admin-helpers";
import { pageBySlug, pageIn } from "./fundraiser-helpers";
import { nextClientIp } from "./public-forms";

const START = {
  name: "Dana Reyes",
  title: "Dana's photo run",
  story: "I am running 40 miles.\n\nEvery mile is for a neighbour who needs a home.",
  goal: "1500",
  showProgress: "on",
};

let owners = 0;

function startPost(photo: File | null) {
  owners += 1;
  return multipartRequest(
    "/fundraise",
    { ...START, email: `dana${owners}@example.org`, ...(photo ? { photo } : {}) },
    { clientIp: nextClientIp() },
  );
}

async function start(photo: File | null) {
  return settle(startAction(routeArgs(await startPost(photo))));
}

async function ownerEdit(
  pageId: string,
  photo: File,
  story = "A story of twenty characters or more.",
) {
  const request = await multipartRequest(
    "/fundraise/manage",
    { intent: "edit", token: ownerToken(pageId), story, goal: "1000", endDate: "", photo },
    { clientIp: nextClientIp() },
  );
  return settle(manageAction(routeArgs(request)));
}

/** A 2000x1500 JPEG with a GPS position and "rotate 90 degrees to view" in its EXIF. */
async function cameraJpeg() {
  const bytes = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "29/1 45/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "95/1 22/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(bytes);
}

async function image(format: "png" | "webp", width = 300, height = 200) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    [format]()
    .toBuffer();
  return new Uint8Array(bytes);
}

const uploadsFolder = () => path.join(env().DATA_DIR, "uploads");

// The file's DATA_DIR outlives each test: every test starts with no stored files.
beforeEach(() => rm(uploadsFolder(), { recursive: true, force: true }));

async function storedFiles() {
  return readdir(uploadsFolder()).catch(() => [] as string[]);
}

async function storedPhoto(key: string) {
  const object = await storage().get(key);
  expect(object).not.toBeNull();
  return Buffer.from(await new Response(object!.body as BodyInit).arrayBuffer());
}

async function getPhoto(key: string, cookie?: string) {
  const response = (await photoLoader(
    routeArgs(getRequest(photoPath(key), cookie), { key }),
  )) as Response;
  return response;
}

async function staff(fields: Record<string, string>) {
  const { cookie } = await createUserSession("editor");
  return settle(tabRoute.action(routeArgs(postRequest("/admin/fundraisers", fields, cookie))));
}

describe("the photo of a new page", () => {
  test("a camera JPEG loses its GPS and EXIF, is turned upright and resized for the page", async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    // The GPS directory's tag (0x8825, little-endian as sharp writes it).
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);

    const { status } = await start(file(original, "IMG_0001.JPG", "image/jpeg"));
    expect(status).toBe(302);
    const [row] = await db().select().from(fundraisers);
    // Upright (the EXIF said portrait), at most 1200 pixels wide.
    expect(row).toMatchObject({ photoWidth: 1200, photoHeight: 1600 });
    const stored = await storedPhoto(row.photoKey!);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: "webp", width: 1200, height: 1600 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  test.each(["png", "webp"] as const)("a %s photo is accepted, not enlarged", async (format) => {
    const { status } = await start(file(await image(format), `photo.${format}`, `image/${format}`));
    expect(status).toBe(302);
    const [row] = await db().select().from(fundraisers);
    expect(row).toMatchObject({ photoWidth: 300, photoHeight: 200 });
    expect((await sharp(await storedPhoto(row.photoKey!)).metadata()).format).toBe("webp");
  });

  test("a page without a photo is started as before", async () => {
    const { status } = await start(null);
    expect(status).toBe(302);
    const [row] = await db().select().from(fundraisers);
    expect(row.photoKey).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
  test.each([
    ["a PDF renamed .jpg", () => file(pdf(), "photo.jpg", "image/jpeg")],
    ["an SVG", () => file(svg, "photo.svg", "image/svg+xml")],
    ["an SVG renamed .png", () => file(svg, "photo.png", "image/png")],
    [
      "a truncated JPEG",
      async () => file((await cameraJpeg()).slice(0, 400), "photo.jpg", "image/jpeg"),
    ],
  ])("%s is refused by its content and nothing is stored", async (_name, make) => {
    const { status, body } = await start(await make());
    expect(status).toBe(400);
    expect(fieldErrors(body).photo).toEqual([
      "This file is not a JPEG, PNG or WebP image. Please choose a photo in one of those formats.",
    ]);
    expect(await db().select().from(fundraisers)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  test("a photo over 5 MB is refused with its message and nothing is stored", async () => {
    // A real JPEG's start, padded past the limit: the size decides before the content.
    const big = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
    big.set(await cameraJpeg());
    const { status, body } = await start(file(big, "big.jpg", "image/jpeg"));
    expect(status).toBe(400);
    expect(fieldErrors(body).photo).toEqual([
      "The photo is larger than 5 MB. Please choose a smaller one.",
    ]);
    expect(await db().select().from(fundraisers)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  test("a post far over the limit is refused before it is read", async () => {
    const huge = file(new Uint8Array(7 * 1024 * 1024), "huge.jpg", "image/jpeg");
    const { status, body } = await start(huge);
    expect(status).toBe(413);
    expect((body as { error: Record<string, string[]> }).error[""]).toEqual([
      "The photo is larger than 5 MB. Please choose a smaller one.",
    ]);
    expect(await db().select().from(fundraisers)).toEqual([]);
  });
});

describe("serving a photo", () => {
  test("a pending page's photo is staff's only; once approved it is public and cached for long", async () => {
    await start(file(await image("png"), "photo.png", "image/png"));
    const [row] = await db().select().from(fundraisers);
    await db().update(fundraisers).set({ status: "pending" });
    const key = row.photoKey!;
    expect((await getPhoto(key)).status).toBe(404);
    const { cookie } = await createUserSession("finance");
    const forStaff = await getPhoto(key, cookie);
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("Cache-Control")).toBe("private, no-store");
    const listed = await settle(
      tabRoute.loader(routeArgs(getRequest("/admin/fundraisers", cookie))),
    );
    expect((listed.body as { list: { photo: unknown }[] }).list[0].photo).toEqual({
      src: photoPath(key),
      width: 300,
      height: 200,
    });

    await db().update(fundraisers).set({ status: "approved" });
    const response = await getPhoto(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(await storedPhoto(key))).toBe(true);
    expect((await publicFundraiser(row.slug))?.photo).toEqual({
      src: photoPath(key),
      width: 300,
      height: 200,
    });
  });

  test.each(["../etc/passwd", "0123456789abcdef0123456789abcdef.pdf", "unknown.webp"])(
    "%s is a 404",
    async (key) => {
      expect((await getPhoto(key)).status).toBe(404);
    },
  );
});

describe("the owner's new photo", () => {
  async function approvedWithPhoto() {
    await start(file(await image("png"), "first.png", "image/png"));
    const [row] = await db().select().from(fundraisers);
    await db().update(fundraisers).set({ status: "approved" });
    return row;
  }

  test("waits for staff while the approved photo stays public; accepted, it replaces it", async () => {
    const page = await approvedWithPhoto();
    const oldKey = page.photoKey!;
    let changes = 0;
    const stop = onFundraisersChange(() => {
      changes += 1;
    });
    try {
      const { body } = await ownerEdit(
        page.id,
        file(await image("webp", 1600, 900), "new.webp", "image/webp"),
        page.story,
      );
      expect((await toastOf(body as Response))?.title).toBe(
        "Saved: your changes go to our team for review",
      );
      const waiting = await pageBySlug(page.slug);
      expect(waiting).toMatchObject({
        photoKey: oldKey,
        pendingPhotoWidth: 1200,
        pendingPhotoHeight: 675,
        pendingStory: null,
      });
      const newKey = waiting.pendingPhotoKey!;
      expect((await publicFundraiser(page.slug))?.photo?.src).toBe(photoPath(oldKey));
      expect((await getPhoto(oldKey)).status).toBe(200);
      expect((await getPhoto(newKey)).status).toBe(404);

      const { body: done } = await staff({ intent: "accept-edit", id: page.id });
      expect((await toastOf(done as Response))?.title).toBe(
        "Owner's changes accepted: the page shows them now",
      );
      expect(await pageBySlug(page.slug)).toMatchObject({
        photoKey: newKey,
        photoWidth: 1200,
        photoHeight: 675,
        pendingPhotoKey: null,
      });
      expect((await publicFundraiser(page.slug))?.photo?.src).toBe(photoPath(newKey));
      expect((await getPhoto(newKey)).status).toBe(200);
      // The replaced photo's file is gone.
      expect(await storedFiles()).toEqual([newKey]);
      expect(changes).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
    }
  });

  test("turned down, the new photo's file is removed and the page keeps its photo", async () => {
    const page = await approvedWithPhoto();
    await ownerEdit(
      page.id,
      file(await image("png", 400, 400), "new.png", "image/png"),
      page.story,
    );
    expect((await pageBySlug(page.slug)).pendingPhotoKey).not.toBeNull();
    await staff({ intent: "reject-edit", id: page.id, reason: "Please use a photo of the run." });
    expect(await pageBySlug(page.slug)).toMatchObject({
      photoKey: page.photoKey,
      pendingPhotoKey: null,
    });
    expect(await storedFiles()).toEqual([page.photoKey]);
  });

  test("a pending page's photo changes at once; a refused file changes nothing", async () => {
    const page = await pageIn("pending");
    const { status } = await ownerEdit(page.id, file(await image("png"), "photo.png", "image/png"));
    expect(status).toBe(302);
    const stored = await pageBySlug(page.slug);
    expect(stored.photoKey).not.toBeNull();
    expect(stored.pendingPhotoKey).toBeNull();

    const refused = await ownerEdit(page.id, file(pdf(), "photo.jpg", "image/jpeg"));
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body).photo).toEqual([
      "This file is not a JPEG, PNG or WebP image. Please choose a photo in one of those formats.",
    ]);
    expect(await pageBySlug(page.slug)).toEqual(stored);
    expect(await storedFiles()).toEqual([stored.photoKey]);
  });
});
