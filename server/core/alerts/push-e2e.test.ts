// New-lead alerts with real encryption, end to end (docs/decisions/029): a provider's device subscribes with a key pair made
// here, a quote arrives through POST /api/leads, and the local push receiver decrypts what the
// worker sent (aes128gcm) and checks the VAPID JWT (ES256, aud, sub, exp).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { parramatta, postQuote, subscribedUser } from "./test/alerts";

const ctx = useTestApp({ suburbs: true, env: { VAPID_SUBJECT: "mailto:alerts@sparks.example.com.au" } });
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

describe("a new lead pushed to a subscribed provider's device", () => {
  it("when a quote in their area arrives, then the device gets the encrypted alert with a valid VAPID signature", async () => {
    const { agent } = await subscribedUser(ctx.app, ctx.db, receiver, await parramatta(ctx.db));
    const settings = await agent.get("/api/alerts/settings");
    expect(settings.status).toBe(200);
    const before = Date.now();

    const { jobReference } = await postQuote(ctx.app, { serviceType: "repair" });
    const [push] = await receiver.waitFor(1);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.jobReference, jobReference));

    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers.ttl).toBeDefined();
    expect(push!.headers.urgency).toBe("high"); // an emergency
    expect(push!.headers.topic).toBe(`lead-${lead!.id}`);
    expect(push!.payload).toEqual({
      title: "Emergency · Repair in Parramatta",
      body: expect.stringMatching(/^\d+\.\d km away · \$\d+\.\d{2} now · free at \d{1,2}:\d{2} (am|pm)$/),
      url: `/dashboard?lead=${lead!.id}`,
      leadId: String(lead!.id),
      tag: `lead-${lead!.id}`,
    });
    // Nothing of the customer's beyond the card: no name, phone or street.
    expect(JSON.stringify(push!.payload)).not.toMatch(/Jane|Citizen|0412|Church/);

    const { vapid } = push!;
    expect(vapid.signatureValid).toBe(true);
    expect(vapid.header).toMatchObject({ typ: "JWT", alg: "ES256" });
    expect(vapid.publicKey).toBe(settings.body.vapidPublicKey);
    expect(vapid.claims.aud).toBe(receiver.origin);
    expect(vapid.claims.sub).toBe("mailto:alerts@sparks.example.com.au");
    expect(vapid.claims.exp * 1000).toBeGreaterThan(before);
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000); // RFC 8292: at most 24 h
  });
});
