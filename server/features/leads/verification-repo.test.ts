// The SMS send limits' claim itself (docs/decisions/042): many claims at once through the pool's
// connections, straight at the database function, so a missing lock shows as more sends than the
// limit. The same race through POST /api/leads is in phone-verification.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsSendCounts } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { itOnPostgres } from "../../test/postgres-only";
import { claimSend, sendsCounted } from "../../platform/sms/send-budget-repo";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const now = new Date("2026-11-23T01:00:00.000Z");
const since = new Date(now.getTime() - 60 * 60_000);
const claimsAtOnce = (n: number, send: (i: number) => { phone: string; ip: string }, limits: { perPhone: number; perIp: number }) =>
  Promise.all(Array.from({ length: n }, (_, i) => claimSend(database.db, { ...send(i), now, since, ...limits })));

itOnPostgres("when 60 claims for one mobile run at once, then exactly its limit of 5 is recorded", async () => {
  const claimed = await claimsAtOnce(60, (i) => ({ phone: "0455000111", ip: `198.51.100.${i}` }), { perPhone: 5, perIp: 1000 });
  expect(claimed.filter(Boolean)).toHaveLength(5);
  expect(await sendsCounted(database.db, { phone: "0455000111" }, since)).toBe(5);
});

itOnPostgres("when 60 claims from one IP for different mobiles run at once, then exactly its limit of 20 is recorded", async () => {
  const claimed = await claimsAtOnce(60, (i) => ({ phone: `04550${String(i).padStart(5, "0")}`, ip: "203.0.113.7" }), { perPhone: 5, perIp: 20 });
  expect(claimed.filter(Boolean)).toHaveLength(20);
  expect(await sendsCounted(database.db, { ip: "203.0.113.7" }, since)).toBe(20);
});

describe("claim_sms_send's per-minute counts", () => {
  const limits = { perPhone: 5, perIp: 1000 };
  const claimAt = (phone: string, at: Date, ip = "192.0.2.1") =>
    claimSend(database.db, { phone, ip, now: at, since: new Date(at.getTime() - 60 * 60_000), ...limits });
  const minutesAfter = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it("when a mobile's codes are more than an hour old, then they no longer count against it", async () => {
    const phone = "0455000201";
    for (let i = 0; i < 5; i++) expect(await claimAt(phone, minutesAfter(i))).toBe(true);
    expect(await claimAt(phone, minutesAfter(30))).toBe(false);
    // 62 minutes after the first code: the first minute's code has left the window.
    expect(await claimAt(phone, minutesAfter(62))).toBe(true);
  });

  it("when a claim is refused, then nothing is counted for the phone or the IP", async () => {
    const phone = "0455000202";
    for (let i = 0; i < 5; i++) await claimAt(phone, now, "192.0.2.2");
    expect(await claimAt(phone, now, "192.0.2.2")).toBe(false);
    expect(await sendsCounted(database.db, { phone }, since)).toBe(5);
    expect(await sendsCounted(database.db, { ip: "192.0.2.2" }, since)).toBe(5);
  });

  it("when one IP has sent codes every minute for three hours, then it holds at most 61 minutes of rows, so a claim's cost does not grow", async () => {
    const ip = "192.0.2.3";
    for (let minute = 0; minute < 180; minute++) {
      await claimSend(database.db, {
        phone: `04550${String(minute).padStart(5, "0")}`,
        ip,
        now: minutesAfter(minute),
        since: minutesAfter(minute - 60),
        perPhone: 5,
        perIp: 100_000,
      });
    }
    const rows = await database.db
      .select()
      .from(smsSendCounts)
      .where(eq(smsSendCounts.subject, `ip:${ip}`));
    expect(rows.length).toBeLessThanOrEqual(61);
    expect(rows.reduce((sum, r) => sum + r.sends, 0)).toBe(rows.length);
  });
});
