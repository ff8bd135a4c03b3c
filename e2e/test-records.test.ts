// The card's "Test results" in Chromium at 390 px (docs/decisions/103-test-records.md): Dave records
// the main earth, two circuits and an RCD on a phone, sees each value marked as he types, saves,
// and marks the tests done; the record is stored and nothing spills out of the card. Then a photo of
// the meter (docs/decisions/106-meter-photos.md), added with a caption and opened full size.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testRecordPhotos, testRecords } from "../shared/schema";
import { PHONE, sideways } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { pipelineCards, seriousViolationsIn, WIDE } from "./support/pipeline-cards";

const METER_JPEG = { name: "meter.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(path.resolve("server/core/photos/fixtures/switchboard.jpg")) };

const env = useServerAndBrowser();
const { davesJob, cardFor, stored, signedIn } = pipelineCards(env);

describe("test results on a phone", () => {
  it("when Dave records two circuits and an RCD at 390 px, then each value is marked as typed, the record saves, and it is marked tested", async () => {
    const customer = await davesJob("booked_in", "Tested");
    const page = await signedIn("dave", PHONE, "Booked In");
    const card = cardFor(page, customer);
    const section = card.getByTestId("card-test-results");
    await section.getByRole("button", { name: /Test results/ }).click();

    const mainEarth = section.getByLabel("Main earthing conductor continuity");
    expect(await mainEarth.getAttribute("inputmode")).toBe("decimal");
    await mainEarth.fill("0.8");
    await expect.poll(() => section.locator(`[id$="main-earth-mark"]`).getAttribute("data-result")).toBe("fail");
    await mainEarth.fill("0.12");
    await expect.poll(() => section.locator(`[id$="main-earth-mark"]`).getAttribute("data-result")).toBe("pass");

    const circuits = [
      { name: "Kitchen power", rating: "20", earth: "0.21", insulation: "300", loop: "0.64" },
      { name: "Lights", rating: "10", earth: "0.35", insulation: "250", loop: "1.2" },
    ];
    for (const [i, c] of circuits.entries()) {
      await section.getByRole("button", { name: "Add circuit" }).click();
      const fields = section.getByTestId("test-circuit").nth(i);
      await fields.getByLabel("Circuit", { exact: true }).fill(c.name);
      await fields.getByLabel("Breaker curve").selectOption("C");
      await fields.getByLabel("Rating").selectOption(c.rating);
      await fields.getByLabel("Earth continuity").fill(c.earth);
      await fields.getByLabel("Insulation (500 V d.c.)").fill(c.insulation);
      for (const group of ["Polarity correct", "Circuit connections correct"])
        await fields.getByRole("radiogroup", { name: group }).getByRole("radio", { name: "Yes" }).click();
      await fields.getByLabel("Earth fault-loop impedance (live)").fill(c.loop);
    }
    await section.getByRole("button", { name: "Add RCD" }).click();
    const rcd = section.getByTestId("test-rcd");
    await rcd.getByLabel("Kitchen power").check();
    await rcd.getByLabel("Lights").check();
    await rcd.getByLabel("Trip time at rated").fill("24");
    await rcd.getByLabel("Trip time at 5 × rated").fill("11");
    await expect.poll(() => section.locator("[data-result=fail]").count()).toBe(0);
    expect(await section.getByTestId("unsaved-test-results").isVisible()).toBe(true);
    await lookAt(page, { path: "/tmp/shots/test-results-390.png", fullPage: true });

    // Every tap target of the section is at least 44 px tall, and nothing leaves the card's width.
    const heights = await section
      .locator("button, input:not([type=checkbox]):not([type=file]), select")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    const cardBox = (await card.boundingBox())!;
    const sectionBox = (await section.boundingBox())!;
    expect(sectionBox.x + sectionBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    console.info("page sideways overflow at 390 px:", await sideways(page));
    expect(await seriousViolationsIn(page, "[data-testid=card-test-results]")).toEqual([]);

    await section.getByRole("button", { name: "Save results" }).click();
    await section.getByRole("button", { name: "Mark tested" }).waitFor();
    await section.getByRole("button", { name: "Mark tested" }).click();
    await section.getByTestId("tested-at").waitFor();

    const purchase = (await stored(customer))!;
    const rows = await env.server.db.select().from(testRecords).where(eq(testRecords.purchaseId, purchase.id));
    expect(rows.map((r) => [r.version, r.status])).toEqual([[2, "tested"]]);
    expect(rows[0]!.results.circuits.map((c) => [c.name, c.faultLoopOhms])).toEqual([
      ["Kitchen power", 0.64],
      ["Lights", 1.2],
    ]);
    expect(rows[0]!.results.rcds).toEqual([{ protects: ["Kitchen power", "Lights"], ratedMa: 30, tripMs: 24, tripMsFiveTimes: 11 }]);
  });

  it("when Dave adds a meter photo with a caption at 390 px, then it shows as a thumbnail with its caption, opens full size, and fits at 1366 px too", async () => {
    const customer = await davesJob("booked_in", "Metered");
    const page = await signedIn("dave", PHONE, "Booked In", [{ status: 400, path: "/api/uploads" }]);
    const section = cardFor(page, customer).getByTestId("card-test-results");
    await section.getByRole("button", { name: /Test results/ }).click();
    const photos = section.getByTestId("meter-photos");
    await photos.waitFor();
    // Any photo the phone offers, camera or library: no capture attribute forces one.
    const input = photos.getByTestId("meter-photo-input");
    expect([await input.getAttribute("accept"), await input.getAttribute("capture")]).toEqual(["image/*", null]);

    // A file the server cannot read as a photo: its word, naming the file, and nothing added.
    await input.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await expect.poll(() => photos.getByRole("alert").textContent()).toMatch(/^notes\.jpg: This file is not a photo we can read/);
    await lookAt(photos, { path: "/tmp/shots/meter-photos-refused-390.png" });

    await photos.getByLabel("Caption (optional)").fill("Kitchen power insulation");
    await input.setInputFiles(METER_JPEG);
    const tile = photos.getByRole("button", { name: /^Open Meter photo 1, Kitchen power insulation/ });
    await tile.waitFor();
    expect(await photos.getByText("Kitchen power insulation", { exact: true }).isVisible()).toBe(true);
    expect(await photos.getByLabel("Caption (optional)").inputValue()).toBe("");
    expect(await photos.getByRole("alert").count()).toBe(0);
    const purchase = (await stored(customer))!;
    const rows = await env.server.db.select().from(testRecordPhotos).where(eq(testRecordPhotos.purchaseId, purchase.id));
    expect(rows.map((r) => r.caption)).toEqual(["Kitchen power insulation"]);

    // 44 px targets, inside the card.
    const targets = photos.locator("button, input:not([type=file])");
    const heights = await targets.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    const cardBox = (await cardFor(page, customer).boundingBox())!;
    const box = (await photos.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    expect(await seriousViolationsIn(page, "[data-testid=meter-photos]")).toEqual([]);
    await lookAt(photos, { path: "/tmp/shots/meter-photos-390.png" });

    await tile.click();
    const viewer = page.getByTestId("photo-viewer");
    await viewer.waitFor();
    await expect
      .poll(() =>
        viewer
          .getByTestId("photo-stage")
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(400);
    await lookAt(page, { path: "/tmp/shots/meter-photos-viewer-390.png" });
    await page.keyboard.press("Escape");

    await page.setViewportSize(WIDE);
    await photos.scrollIntoViewIfNeeded();
    await lookAt(photos, { path: "/tmp/shots/meter-photos-1366.png" });
    const wideCard = (await cardFor(page, customer).boundingBox())!;
    const wide = (await photos.boundingBox())!;
    expect(wide.x + wide.width).toBeLessThanOrEqual(wideCard.x + wideCard.width + 0.5);
  });
});
