// New-lead alerts (docs/decisions/029): two app instances on one PostgreSQL, both running the alert worker, both woken by
// every new lead (LISTEN/NOTIFY) and stepped by hand at the same time on top: each alert
// reaches each device exactly once.
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pushDevices } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { parramatta, QUOTE } from "./test/alerts";

const DEVICES = 40;
const LEADS = 6;

describeOnPostgres(
  "new-lead alerts across two app instances on one PostgreSQL",
  () => {
    let a: Awaited<ReturnType<typeof createTestApp>>;
    let secondConnection: Database;
    let b: ReturnType<typeof createApp>;
    let receiver: PushReceiver;

    beforeAll(async () => {
      receiver = await startPushReceiver();
      a = await createTestApp({ suburbs: true, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000", ALERT_POLL_MS: "200" } });
      secondConnection = await openDatabase({ url: a.database.url });
      b = createApp({ database: secondConnection, config: a.config });
      const place = await parramatta(a.db);
      for (let i = 0; i < DEVICES; i++) {
        const user = await createUser(a.db, place);
        const subscription = receiver.subscribe(`d${i}`);
        await a.db
          .insert(pushDevices)
          .values({ userId: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, label: `Phone ${i}` });
      }
    });
    afterAll(async () => {
      await b.close();
      await secondConnection.close();
      await a.destroy();
      await receiver.close();
    });

    it("when leads arrive through both instances, then every device gets every lead exactly once", async () => {
      for (let i = 0; i < LEADS; i++) {
        const res = await request(i % 2 ? b : a.app)
          .post("/api/leads")
          .send({ ...QUOTE, electricalWork: `Job ${i}: isolator sparking` });
        expect(res.status).toBe(201);
        // Both instances also step their workers at once, on top of their own wake-ups.
        await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce(), a.app.alerts.runOnce(), b.alerts.runOnce()]);
      }
      await receiver.waitFor(DEVICES * LEADS, 20_000);
      await new Promise((r) => setTimeout(r, 1500)); // room for any duplicate to arrive
      const pairs = receiver.received.map((p) => `${p.path} ${(p.payload as { leadId: string }).leadId}`);
      expect(pairs).toHaveLength(DEVICES * LEADS);
      expect(new Set(pairs).size).toBe(DEVICES * LEADS);
    }, 60_000);
  },
  "skipped on PGlite: one process owns an embedded database, so there is no second instance (TEST_DATABASE_URL runs it)",
);
