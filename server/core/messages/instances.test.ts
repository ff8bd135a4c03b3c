// The one outbox across two app instances on one PostgreSQL (docs/decisions/046-one-outbox.md):
// both run the worker, both are woken by every sale (LISTEN/NOTIFY) and are stepped by hand at
// the same time on top; each sale's customer gets exactly one SMS.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outboxMessages, type Lead, type User } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createLead, createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { signIn } from "../../test/sign-in";
import { recordingSms, sydney } from "./test/messages";

const SALES = 30;
const BUYERS = 3;

describeOnPostgres(
  "the one outbox across two app instances on one PostgreSQL",
  () => {
    const sms = recordingSms();
    // 10:00 in Sydney: outside every state's quiet hours, however late the test runs.
    const now = () => sydney("2026-11-24 10:00");
    let a: Awaited<ReturnType<typeof createTestApp>>;
    let secondConnection: Database;
    let b: ReturnType<typeof createApp>;
    let buyers: User[];
    let leads: Lead[];

    beforeAll(async () => {
      a = await createTestApp({ sms, now, env: { ALERT_POLL_MS: "200", LOG_LEVEL: "silent" } });
      secondConnection = await openDatabase({ url: a.database.url });
      b = createApp({ database: secondConnection, config: a.config, sms, now });
      buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(a.db)));
      leads = [];
      for (let i = 0; i < SALES; i++) {
        leads.push(
          await createLead(a.db, {
            customerPhone: `0418${String(i).padStart(6, "0")}`,
            state: i % 2 ? "NSW" : "VIC",
            auctionStartedAt: now(),
            createdAt: now(),
          }),
        );
      }
    });
    afterAll(async () => {
      await b.close();
      await secondConnection.close();
      await a.destroy();
    });

    it("when many leads are sold through both instances at once, then every customer gets exactly one SMS", async () => {
      const agents = await Promise.all(buyers.flatMap((buyer) => [signIn(a.app, buyer.username), signIn(b, buyer.username)]));
      const sold = await Promise.all(leads.map((lead, i) => agents[i % agents.length]!.post(`/api/leads/${lead.id}/purchase`).send({})));
      expect(sold.map((r) => r.status)).toEqual(Array(SALES).fill(201));
      // Both instances also step their workers at once, on top of their own wake-ups.
      await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce(), a.app.alerts.runOnce(), b.alerts.runOnce()]);
      const started = Date.now();
      while (sms.sent.length < SALES && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1500)); // room for any duplicate to arrive
      expect(sms.sent).toHaveLength(SALES);
      for (const lead of leads) expect(sms.to(lead.customerPhone)).toHaveLength(1);
      const rows = await a.db.select().from(outboxMessages).where(eq(outboxMessages.channel, "sms"));
      expect(rows.filter((r) => r.event.startsWith("lead.sold:")).map((r) => [r.status, r.attempts])).toEqual(Array(SALES).fill(["sent", 1]));
    }, 60_000);
  },
  "skipped on PGlite: one process owns an embedded database, so there is no second instance (TEST_DATABASE_URL runs it)",
);
