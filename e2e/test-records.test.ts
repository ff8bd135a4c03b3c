// The card's "Test results" in Chromium at 390 px (docs/decisions/103-test-records.md): Dave records
// the main earth, two circuits and an RCD on a phone, sees each value marked as he types, saves,
// and marks the tests done; the record is stored and nothing spills out of the card.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testRecords } from "../shared/schema";
import { PHONE, sideways } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { pipelineCards, seriousViolationsIn } from "./support/pipeline-cards";

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
    const heights = await section.locator("button, input:not([type=checkbox]), select").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
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
});
