// The licence standing a request already read with its session (server/core/providers/licence.ts):
// used as it is, with no second read (docs/decisions/108-a-sale-in-fewer-statements.md).
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../shared/auth";
import { VETTING_MESSAGES } from "../../../shared/vetting";
import type { Db } from "../../platform/db/client";
import { licenceStandingOf, standingReadWith } from "./licence";

/** A database any read of which fails the test. */
const noReads = new Proxy({}, { get: () => () => expect.fail("read the database again") }) as unknown as Db;
const user = (id: number) => ({ id, userType: "provider", teamOwnerId: null }) as CurrentUser;
const now = new Date("2026-11-26T01:00:00Z");

describe("the licence standing read with the session", () => {
  it("when the session's read brought the standing with the user, then it decides without reading again", async () => {
    const pending = user(1);
    standingReadWith(pending, { status: "pending", licenceNumber: null, licenceState: null, licenceExpiry: null, rejectionReason: null });
    expect((await licenceStandingOf(noReads, pending, now)).cannotBuy).toBe(VETTING_MESSAGES.pendingCannotBuy);
    const expired = user(2);
    standingReadWith(expired, { status: "approved", licenceNumber: "1", licenceState: "NSW", licenceExpiry: "2026-11-25", rejectionReason: null });
    expect((await licenceStandingOf(noReads, expired, now)).cannotBuy).toBe(VETTING_MESSAGES.expiredCannotBuy("2026-11-25"));
  });

  it("when it brought none, then the standing is read", async () => {
    const other = user(3);
    standingReadWith(other, null);
    await expect(licenceStandingOf(noReads, other, now)).rejects.toThrow("read the database again");
  });
});
