// A turn's mobile checks claimed in one statement (docs/decisions/134-a-turns-codes-claimed-together.md):
// each claimed as it would be alone, in the order asked, with its row and its SMS only if
// claimed; and statements of many claims at once, beside single claims, never deadlock.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, phoneVerifications } from "../../../shared/schema";
import { messageColumns, messagesFrom } from "../../core/messages";
import { openDatabase } from "../../platform/db/client";
import { claimSend, sendsCounted } from "../../platform/sms/send-budget-repo";
import { createLead } from "../../setup/factories";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { itOnPostgres } from "../../test/postgres-only";
import { codesClaimedTogether, type CodeClaim } from "./verification-repo";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const claimCode = codesClaimedTogether(messagesFrom);
const now = new Date("2026-11-23T01:00:00.000Z");
const since = new Date(now.getTime() - 60 * 60_000);

let n = 0;
const claimOf = (leadId: number, send: { phone: string; ip: string; perPhone: number; perIp: number }): CodeClaim => {
  const id = ++n;
  return {
    send: { ...send, now, since },
    row: { leadId, tokenHash: `token-${id}`, codeHash: `code-${id}` },
    message: messageColumns({
      event: `lead.code:${leadId}:${id}`,
      recipient: `sms:${send.phone}`,
      channel: "sms",
      leadId,
      payload: { to: send.phone, text: `code ${id}` },
      dueAt: now,
    }),
  };
};

describe("a turn's codes claimed in one statement", () => {
  it("when five checks for one mobile are asked in one turn with a limit of 3, then the first three are claimed, each with its row and its SMS, and the last two write nothing", async () => {
    const leads = await Promise.all(Array.from({ length: 5 }, () => createLead(database.db)));
    const claims = leads.map((lead) => claimOf(lead.id, { phone: "0455100001", ip: "192.0.2.10", perPhone: 3, perIp: 100 }));
    // Asked in one turn: one statement answers them all.
    const claimed = await Promise.all(claims.map((claim) => claimCode(database.db)(claim)));
    expect(claimed).toEqual([true, true, true, false, false]);
    const ids = leads.map((l) => l.id);
    const rows = await database.db.select().from(phoneVerifications).where(inArray(phoneVerifications.leadId, ids));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      claims
        .slice(0, 3)
        .map((c) => c.row.tokenHash)
        .sort(),
    );
    const sms = await database.db.select().from(outboxMessages).where(inArray(outboxMessages.leadId, ids));
    expect(sms.map((m) => m.event).sort()).toEqual(
      claims
        .slice(0, 3)
        .map((c) => c.message.event)
        .sort(),
    );
    expect(sms.find((m) => m.event === claims[0]!.message.event)).toMatchObject({
      channel: "sms",
      recipient: "sms:0455100001",
      payload: claims[0]!.message.payload,
    });
    expect(await sendsCounted(database.db, { phone: "0455100001" }, since)).toBe(3);
    expect(await sendsCounted(database.db, { ip: "192.0.2.10" }, since)).toBe(3);
  });

  it("when a network's limit is reached within the turn, then the claims after it are refused whatever their mobile", async () => {
    const lead = await createLead(database.db);
    const claims = Array.from({ length: 4 }, (_, i) => claimOf(lead.id, { phone: `045510010${i}`, ip: "192.0.2.11", perPhone: 5, perIp: 2 }));
    expect(await Promise.all(claims.map((claim) => claimCode(database.db)(claim)))).toEqual([true, true, false, false]);
    expect(await sendsCounted(database.db, { ip: "192.0.2.11" }, since)).toBe(2);
  });

  itOnPostgres(
    "when two instances claim turns of codes for the same mobiles and networks at once, beside single claims, then none deadlocks and exactly the limits are claimed",
    async () => {
      // A second pool on the same database: another instance, whose turns' statements run beside this one's.
      const other = await openDatabase({ url: database.url! });
      try {
        const lead = await createLead(database.db);
        const phones = ["0455100201", "0455100202", "0455100203"];
        const ips = ["192.0.2.21", "192.0.2.22"];
        const limits = { perPhone: 20, perIp: 1_000 };
        // Each turn names the mobiles and networks in another order, so a statement taking its rows
        // in the order asked would wait on another's in a circle.
        const turn = (db: typeof database.db, t: number) =>
          Promise.all(
            Array.from({ length: 6 }, (_, k) => {
              const j = t % 2 ? 5 - k : k;
              return claimCode(db)(claimOf(lead.id, { phone: phones[j % 3]!, ip: ips[(j + t) % 2]!, ...limits }));
            }),
          );
        const singles = (t: number) => claimSend(other.db, { phone: phones[t % 3]!, ip: ips[t % 2]!, now, since, ...limits });
        // Turn t asks in the t-th turn of the event loop: each pool has a dozen statements in flight at once.
        const inTurn = async <T>(t: number, ask: () => Promise<T>) => {
          for (let i = 0; i < t; i++) await new Promise((resolve) => setImmediate(resolve));
          return ask();
        };
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, t) => [
            inTurn(t, () => turn(database.db, t)),
            inTurn(t, () => turn(other.db, t + 1)),
            inTurn(t, () => singles(t).then((c) => [c])),
          ]).flat(),
        );
        const claimed = results.flat().filter(Boolean).length;
        // 3 mobiles at 20 each: 60 claimed of the 156 asked, the rest refused.
        expect(claimed).toBe(60);
        for (const phone of phones) expect(await sendsCounted(database.db, { phone }, since)).toBe(20);
      } finally {
        await other.close();
      }
    },
  );
});
