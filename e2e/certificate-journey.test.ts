// Queensland's certificate from the card to the customer's phone, in Chromium at 390 px
// (docs/decisions/105-paperwork-on-the-card.md): Dave records two circuits and an RCD on a
// Queensland job, marks them tested and issues the certificate from Paperwork; the customer opens
// their job page from the SMS, asks for a code, types a wrong one, then the right one, and the
// certificate downloads with their name, its serial and its title. Screenshots (E2E_SHOTS=1) go
// to /tmp/journey.
import fs from "node:fs";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, users } from "../shared/schema";
import { createPurchase } from "../server/setup/factories";
import { flat, pdfText } from "../server/test/pdf-text";
import { seriousViolationsIn } from "./support/axe";
import { downloadedBytes, openPage, PHONE, sideways } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt, shotsWanted } from "./support/look";
import { pipelineCards, WIDE } from "./support/pipeline-cards";

const env = useServerAndBrowser();
const { cardFor, signedIn } = pipelineCards(env);

const SHOTS = "/tmp/journey";
const CUSTOMER = "Aroha Ngata-Whitfield";

/** Seconds since `start`, for the timings printed at each step. */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

describe("Queensland's certificate, from the card to the customer", () => {
  it("when Dave issues the certificate from a tested Queensland job at 390 px, then the customer opens it from the SMS with a code and it downloads with their name and its serial", async () => {
    const start = performance.now();
    if (shotsWanted) fs.mkdirSync(SHOTS, { recursive: true });
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const purchase = await createPurchase(env.server.db, dave!.id, {
      purchase: { buyerName: "Dave Wilson", salesStage: "booked_in" },
      lead: {
        customerName: CUSTOMER,
        customerPhone: "0412 555 717",
        customerAddress: "27 Latrobe Tce, Paddington QLD 4064",
        serviceLocation: "27 Latrobe Tce, Paddington QLD 4064",
        suburb: "Paddington",
        state: "QLD",
        postcode: "4064",
        electricalWork: "Two new double power points in the kitchen and new LED downlights in the hallway.",
      },
    });

    // Dave's phone: the job's card in Booked In.
    const page = await signedIn("dave", PHONE, "Booked In");
    const card = cardFor(page, CUSTOMER);
    const results = card.getByTestId("card-test-results");
    await results.getByRole("button", { name: /Test results/ }).click();
    await results.getByLabel("Main earthing conductor continuity").fill("0.12");
    const circuits = [
      { name: "Kitchen power", rating: "20", earth: "0.21", insulation: "300", loop: "0.64" },
      { name: "Hall lights", rating: "10", earth: "0.35", insulation: "250", loop: "1.2" },
    ];
    for (const [i, c] of circuits.entries()) {
      await results.getByRole("button", { name: "Add circuit" }).click();
      const fields = results.getByTestId("test-circuit").nth(i);
      await fields.getByLabel("Circuit", { exact: true }).fill(c.name);
      await fields.getByLabel("Breaker curve").selectOption("C");
      await fields.getByLabel("Rating").selectOption(c.rating);
      await fields.getByLabel("Earth continuity").fill(c.earth);
      await fields.getByLabel("Insulation (500 V d.c.)").fill(c.insulation);
      for (const group of ["Polarity correct", "Circuit connections correct"])
        await fields.getByRole("radiogroup", { name: group }).getByRole("radio", { name: "Yes" }).click();
      await fields.getByLabel("Earth fault-loop impedance (live)").fill(c.loop);
    }
    await results.getByRole("button", { name: "Add RCD" }).click();
    const rcd = results.getByTestId("test-rcd");
    await rcd.getByLabel("Kitchen power").check();
    await rcd.getByLabel("Hall lights").check();
    await rcd.getByLabel("Trip time at rated").fill("24");
    await rcd.getByLabel("Trip time at 5 × rated").fill("11");
    await expect.poll(() => results.locator("[data-result=fail]").count()).toBe(0);
    await results.getByRole("button", { name: "Save results" }).click();
    await results.getByRole("button", { name: "Mark tested" }).click();
    await results.getByTestId("tested-at").waitFor();
    console.info("tested:", since(start));

    // Paperwork: Queensland's certificate, issued here once the tests are done.
    const paperwork = card.getByTestId("card-paperwork");
    await paperwork.getByRole("button", { name: /^Paperwork/ }).click();
    const certificate = paperwork.getByTestId("paperwork-document").filter({ hasText: "Certificate of testing and compliance" });
    await certificate.getByRole("button", { name: "Issue certificate" }).click();
    const issued = certificate.getByTestId("certificate-issued");
    await issued.getByText(/^Customer sent their copy /).waitFor();
    const serial = /CTC-245871C-\d{4}/.exec((await issued.textContent()) ?? "")?.[0];
    expect(serial, "the serial on the card").toBeDefined();
    await issued.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${SHOTS}/card-paperwork-issued-390.png` });
    console.info("issued:", serial, since(start));

    // The SMS the customer was sent links to their job page.
    const [sms] = await env.server.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, purchase.leadId), like(outboxMessages.event, "paperwork.certificate:%"), eq(outboxMessages.channel, "sms")));
    expect(sms!.payload.to).toBe("0412555717");
    const jobPath = /\/job\/[\w-]+/.exec(String(sms!.payload.text))![0];
    const token = jobPath.slice("/job/".length);
    const openPath = `/api/jobs/${token}/certificates/qld_certificate`;

    // The customer's phone: the page from the SMS; the first code typed is wrong on purpose.
    const { page: customer } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 400, path: openPath }] });
    // The server's first screen carries the block already, so the page does not jump when the app takes over.
    const html = await (await customer.context().request.get(env.server.url + jobPath)).text();
    expect(html).toMatch(/<div id="first-screen"[\s\S]*>Your certificate<[\s\S]*id="first-screen-data"/);
    await customer.goto(env.server.url + jobPath);
    const block = customer.getByTestId("job-certificates");
    await block.getByRole("heading", { name: "Your certificate" }).waitFor();
    const row = block.getByTestId("job-certificate");
    await row.getByText("Certificate of testing and compliance", { exact: true }).waitFor();
    await row.getByText(/^Issued \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m$/).waitFor();
    await row.getByText("It has your name and address, so we check it is you first.").waitFor();
    expect(await block.textContent()).not.toContain("CTC-");
    await block.scrollIntoViewIfNeeded();
    await lookAt(customer, { path: `${SHOTS}/job-certificate-ask-390.png` });
    console.info("customer's page:", since(start));

    // The code goes to the request's mobile; outside production the answer carries it, and the page never shows it.
    const codeAnswer = customer.waitForResponse((res) => new URL(res.url()).pathname === `/api/jobs/${token}/certificate-code`);
    await row.getByRole("button", { name: "Text me a code" }).click();
    const answer = await codeAnswer;
    expect(answer.status()).toBe(202);
    const { devCode } = (await answer.json()) as { devCode: string };
    expect(devCode).toMatch(/^\d{6}$/);
    const codeField = row.getByLabel("6-digit code");
    expect(await codeField.getAttribute("inputmode")).toBe("numeric");
    expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");
    await customer.waitForFunction(() => document.activeElement?.getAttribute("autocomplete") === "one-time-code", null, { timeout: 2000 });
    expect(await block.textContent()).not.toContain(devCode);

    const wrong = String((Number(devCode) + 1) % 1_000_000).padStart(6, "0");
    await codeField.fill(wrong);
    await row.getByRole("button", { name: "Open certificate" }).click();
    const alert = row.getByRole("alert");
    await alert.getByText("That code is not right, or it has expired", { exact: false }).waitFor();
    expect(await codeField.getAttribute("aria-invalid")).toBe("true");
    // The message sits under the field, inside the block.
    expect((await alert.boundingBox())!.y).toBeGreaterThan((await codeField.boundingBox())!.y);

    // Every tap target of the block is at least 44 px tall, and nothing spills out of the page.
    const heights = await block.locator("button, input, a").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    expect(await sideways(customer)).toBe(0);
    await expect(seriousViolationsIn(customer, "[data-testid=job-certificates]")).resolves.toEqual([]);
    await codeField.fill(devCode);
    await lookAt(customer, { path: `${SHOTS}/job-certificate-code-390.png` });
    if (shotsWanted) {
      await customer.setViewportSize(WIDE);
      await block.scrollIntoViewIfNeeded();
      await lookAt(customer, { path: `${SHOTS}/job-certificate-code-1366.png` });
      await customer.setViewportSize(PHONE);
    }

    const [download] = await Promise.all([customer.waitForEvent("download"), row.getByRole("button", { name: "Open certificate" }).click()]);
    expect(download.suggestedFilename()).toBe(`${serial}.pdf`);
    const text = flat((await pdfText(await downloadedBytes(download))).text);
    expect(text).toContain(CUSTOMER);
    expect(text).toContain(serial);
    expect(text).toContain("Certificate of testing and compliance");
    console.info("downloaded:", since(start));

    const opened = row.getByTestId("certificate-opened");
    await opened.getByRole("status").getByText(`Your certificate is downloading as ${serial}.pdf.`).waitFor();
    const again = opened.getByRole("link", { name: "Open it again" });
    expect(await again.getAttribute("href")).toMatch(/^blob:/);
    expect((await again.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await sideways(customer)).toBe(0);
    await lookAt(customer, { path: `${SHOTS}/job-certificate-opened-390.png` });
    if (shotsWanted) {
      await customer.setViewportSize(WIDE);
      await block.scrollIntoViewIfNeeded();
      await lookAt(customer, { path: `${SHOTS}/job-certificate-opened-1366.png` });
    }
    console.info("done:", since(start));
  });
});
