// New-lead alerts over real SMTP, end to end (docs/decisions/029): a provider who chose e-mail gets the alert through a local
// SMTP server, plain and HTML, with RFC 8058's one-click unsubscribe; POSTing that link the
// way a mail client does turns e-mail alerts off, without signing in.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import { createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { startSmtpServer, type SmtpServer } from "../../test/smtp";
import { parramatta, postQuote } from "./test/alerts";

let inbox: SmtpServer;
let ctx: TestApp;

beforeAll(async () => {
  inbox = await startSmtpServer();
  ctx = await createTestApp({ suburbs: true, env: { SMTP_URL: inbox.url, PUBLIC_URL: "https://sparks.example.com.au" } });
});
afterAll(async () => {
  await ctx.destroy();
  await inbox.close();
});

describe("a new lead e-mailed to a provider who chose e-mail", () => {
  it("when a quote in their area arrives, then the e-mail has the alert, plain and HTML, and a one-click unsubscribe that works", async () => {
    const user = await createUser(ctx.db, { email: "sam.sparks@example.com.au", ...(await parramatta(ctx.db)) });
    const agent = await signIn(ctx.server, user.username);
    expect((await agent.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, pushEnabled: false, emailEnabled: true })).status).toBe(200);

    await postQuote(ctx.app, { serviceType: "repair" });
    const [mail] = await inbox.waitFor(1);

    expect(mail!.to).toMatchObject({ text: "sam.sparks@example.com.au" });
    expect(mail!.subject).toBe("New lead: Emergency · Repair in Parramatta");
    expect(mail!.text).toMatch(/\d+\.\d km away · \$\d+\.\d{2} now · free at \d{1,2}:\d{2} (am|pm)/);
    expect(mail!.text).toContain("https://sparks.example.com.au/dashboard?lead=");
    expect(mail!.html).toContain("Emergency · Repair in Parramatta");
    // The card's redaction: the job text with the phone masked, no surname, no street.
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/Citizen|0412 345 678|Church St/);

    expect(headerText(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/sparks\.example\.com\.au\/api\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(headerText(mail!, "list-unsubscribe"));
    expect(link).not.toBeNull();
    expect(mail!.text).toContain("https://sparks.example.com.au/alerts/unsubscribe?token=");

    const url = new URL(link![1]!);
    const tampered = url.search.replace(/.(&|$)/, (c) => (c[0] === "A" ? "B" : "A") + c.slice(1));
    expect((await request(ctx.server).post(`${url.pathname}${tampered}`).type("form").send("List-Unsubscribe=One-Click")).status).toBe(400);
    expect((await agent.get("/api/alerts/settings")).body.preferences.emailEnabled).toBe(true);

    const res = await request(ctx.server).post(`${url.pathname}${url.search}`).type("form").send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    expect((await agent.get("/api/alerts/settings")).body.preferences.emailEnabled).toBe(false);

    // Off means off: the next lead sends no e-mail.
    await postQuote(ctx.app);
    await ctx.app.alerts.runOnce();
    expect(inbox.mails).toHaveLength(1);
  });
});

/** mailparser turns List-* headers into objects; the raw line is what a mail client reads. */
function headerText(mail: { headerLines: ReadonlyArray<{ key: string; line: string }> }, key: string) {
  const line = mail.headerLines.find((h) => h.key === key)?.line ?? "";
  return line.slice(line.indexOf(":") + 1).trim();
}
