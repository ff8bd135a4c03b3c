// The SMS send limits' claim itself (docs/decisions/042): many claims at once through the pool's
// connections, straight at the database function, so a missing lock shows as more sends than the
// limit. The same race through POST /api/leads is in phone-verification.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { smsSends } from "../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { itOnPostgres } from "../test/postgres-only";
import { claimSend } from "./verification-repo";

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
  expect(await database.db.select().from(smsSends).where(eq(smsSends.phone, "0455000111"))).toHaveLength(5);
});

itOnPostgres("when 60 claims from one IP for different mobiles run at once, then exactly its limit of 20 is recorded", async () => {
  const claimed = await claimsAtOnce(60, (i) => ({ phone: `04550${String(i).padStart(5, "0")}`, ip: "203.0.113.7" }), { perPhone: 5, perIp: 20 });
  expect(claimed.filter(Boolean)).toHaveLength(20);
  expect(await database.db.select().from(smsSends).where(eq(smsSends.ip, "203.0.113.7"))).toHaveLength(20);
});
