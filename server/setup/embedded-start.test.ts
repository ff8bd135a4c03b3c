// A new embedded data folder starts from the build's image (docs/decisions/101-the-embedded-default-starts-from-an-image.md):
// copied, not made by initdb, and only while the folder holds no database of its own. The image
// itself is made by `npm run build`; the bench's smoke run starts the server from the build's,
// and fails when the server did not use it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { suburbs, users } from "../../shared/schema";
import { embeddedLocation, openDatabase } from "../platform/db/client";
import { COPY_SETTINGS, pgliteTemplate } from "../test/database";
import { createUser } from "./factories";
import { MADE_BY, usableEmbeddedStart } from "./embedded-start";

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "ae-embedded-start-"));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const rows = async (database: Awaited<ReturnType<typeof openDatabase>>, table: typeof users | typeof suburbs) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

it("when a new data folder is opened with an image, then it starts as a copy of it, and reopened it keeps its own data", async () => {
  // An image as the build leaves one: a data folder, migrated, with the suburbs.
  const image = path.join(root, "image");
  const made = await openDatabase({ dataDir: image, template: await pgliteTemplate(true), settings: COPY_SETTINGS });
  await made.migrate();
  const imageSuburbs = await rows(made, suburbs);
  await made.close();
  expect(imageSuburbs).toBeGreaterThan(10_000);

  const dataDir = path.join(root, "data");
  // What a first start killed during its copy leaves: a part copy beside, nothing in place.
  fs.mkdirSync(`${embeddedLocation(dataDir)}.part/base`, { recursive: true });
  fs.writeFileSync(`${embeddedLocation(dataDir)}.part/PG_VERSION`, "17");
  const first = await openDatabase({ dataDir, firstStartFrom: image, settings: COPY_SETTINGS });
  try {
    expect(first.startedFromImage).toBe(true);
    expect(await rows(first, suburbs)).toBe(imageSuburbs);
    await createUser(first.db, { username: "kept_after_restart" });
  } finally {
    await first.close();
  }
  expect(fs.existsSync(`${embeddedLocation(dataDir)}.part`)).toBe(false);
  // The image is untouched by what the copy wrote.
  expect(fs.readdirSync(embeddedLocation(image)).length).toBeGreaterThan(0);
  const reopened = await openDatabase({ dataDir, firstStartFrom: image, settings: COPY_SETTINGS });
  try {
    expect(reopened.startedFromImage).toBeUndefined();
    expect(await rows(reopened, users)).toBe(1);
  } finally {
    await reopened.close();
  }
  const untouched = await openDatabase({ dataDir: image, settings: COPY_SETTINGS });
  try {
    expect(await rows(untouched, users)).toBe(0);
  } finally {
    await untouched.close();
  }
});

it("when the image was made by another PGlite than the one installed, or says by none, then it is not used", () => {
  const image = path.join(root, "versions");
  fs.mkdirSync(image);
  expect(usableEmbeddedStart(image)).toBeUndefined();
  const installed = (JSON.parse(fs.readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as { version: string }).version;
  fs.writeFileSync(path.join(image, MADE_BY), "0.0.1");
  expect(usableEmbeddedStart(image)).toBeUndefined();
  fs.writeFileSync(path.join(image, MADE_BY), installed);
  expect(usableEmbeddedStart(image)).toBe(image);
});
