// Vetted electricians (docs/decisions/033): a reminder e-mail 30 days before a licence expires, once per expiry, whatever the
// number of instances running the job (the claim is a conditional UPDATE in the database).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { createLogger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail/mailer";
import { openDatabase } from "../../platform/db/client";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { fakeClock } from "../../test/fakes";
import { itOnPostgres } from "../../test/postgres-only";
import { startSmtpServer } from "../../test/smtp";
import { sendDueLicenceReminders, startLicenceReminders, type ReminderDeps } from "./reminders";

const logger = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" });
// 02:00 UTC on 1 June 2026 is noon on 1 June in Sydney; 30 days on is 1 July.
const clock = fakeClock(new Date("2026-06-01T02:00:00Z"));
let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: Mailer;
const deps = (): ReminderDeps => ({ db: database.db, mailer, logger, now: clock.now, siteOrigin: "https://sparks.example.com.au" });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  mailer = smtp.mailer(logger);
});
afterAll(async () => {
  await smtp?.close();
  await database?.destroy();
});
beforeEach(async () => {
  // Every other provider's licence is far off, so each test counts only its own.
  await database.db.delete(users);
  smtp.received.length = 0;
});

const provider = (licenceExpiry: string, values: Parameters<typeof createUser>[1] = {}) =>
  createUser(database.db, { licenceExpiry, email: `lic.${licenceExpiry}.${Math.random().toString(36).slice(2)}@example.com`, ...values });

describe("licence expiry reminders", () => {
  it("when a licence expires in 30 days or fewer, then one e-mail goes out and later passes send nothing more", async () => {
    const due = await provider("2026-07-01", { firstName: "Ivy" });
    const tomorrow = await provider("2026-06-02");
    const later = await provider("2026-07-02");
    const past = await provider("2026-05-31");
    expect(await sendDueLicenceReminders(deps())).toBe(2);
    expect(smtp.to(due.email!)).toHaveLength(1);
    expect(smtp.to(due.email!)[0]).toMatchObject({ subject: "Your electrical licence expires on 1 July 2026" });
    expect(smtp.to(due.email!)[0]!.text).toMatch(/Hi Ivy,[\s\S]*https:\/\/sparks\.example\.com\.au\/dashboard/);
    expect(smtp.to(tomorrow.email!)).toHaveLength(1);
    expect(smtp.to(later.email!)).toHaveLength(0);
    expect(smtp.to(past.email!)).toHaveLength(0);

    expect(await sendDueLicenceReminders(deps())).toBe(0);
    clock.advance(86_400_000);
    // A day on, the 2 July licence is due; the others were already reminded for their expiry.
    expect(await sendDueLicenceReminders(deps())).toBe(1);
    expect(smtp.to(later.email!)).toHaveLength(1);
    expect(smtp.received).toHaveLength(3);
    clock.advance(-86_400_000);
  });

  it("when a licence is renewed (a new expiry), then the new expiry gets its own reminder in time", async () => {
    const p = await provider("2026-06-20");
    expect(await sendDueLicenceReminders(deps())).toBe(1);
    await database.db.update(users).set({ licenceExpiry: "2026-06-25" }).where(eq(users.id, p.id));
    expect(await sendDueLicenceReminders(deps())).toBe(1);
    expect(smtp.to(p.email!)).toHaveLength(2);
  });

  it("when a provider is rejected, inactive, has no e-mail, or is not a provider, then no reminder", async () => {
    await provider("2026-06-10", { verificationStatus: "rejected" });
    await provider("2026-06-10", { isActive: false });
    await provider("2026-06-10", { email: null });
    await provider("2026-06-10", { userType: "customer" });
    expect(await sendDueLicenceReminders(deps())).toBe(0);
  });

  it("when the mail cannot be sent, then the claim is given back and the next pass sends it", async () => {
    const p = await provider("2026-06-15");
    const failing: Mailer = {
      send: () => Promise.reject(new Error("connection refused")),
    };
    expect(await sendDueLicenceReminders({ ...deps(), mailer: failing })).toBe(0);
    expect((await database.db.select().from(users).where(eq(users.id, p.id)))[0]!.licenceReminderSentFor).toBeNull();
    expect(await sendDueLicenceReminders(deps())).toBe(1);
    expect(smtp.to(p.email!)).toHaveLength(1);
  });

  it("when two passes run at once (two instances), then each licence gets exactly one e-mail", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => provider(`2026-06-1${i}`)));
    const [a, b] = await Promise.all([sendDueLicenceReminders(deps()), sendDueLicenceReminders(deps())]);
    expect(a + b).toBe(6);
    for (const p of many) expect(smtp.to(p.email!)).toHaveLength(1);
  });

  it("when the job is started, then it runs a pass at once, and stop() waits for it and ends the timer", async () => {
    const p = await provider("2026-06-05");
    const job = startLicenceReminders(deps(), 60_000);
    await job.stop();
    expect(smtp.to(p.email!)).toHaveLength(1);
  });
});

describe("licence expiry reminders across instances (PostgreSQL)", () => {
  itOnPostgres("when two database connections claim at once many times over, then no licence is ever mailed twice", async () => {
    // A second connection pool to the same database is a second app instance.
    const other = await openDatabase({ url: database.url });
    try {
      const many = await Promise.all(Array.from({ length: 20 }, (_, i) => provider(`2026-06-${String(i + 2).padStart(2, "0")}`)));
      const results = await Promise.all([
        sendDueLicenceReminders(deps()),
        sendDueLicenceReminders({ ...deps(), db: other.db }),
        sendDueLicenceReminders(deps()),
        sendDueLicenceReminders({ ...deps(), db: other.db }),
      ]);
      expect(results.reduce((x, y) => x + y, 0)).toBe(20);
      for (const p of many) expect(smtp.to(p.email!)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
