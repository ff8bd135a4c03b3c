// Saving and completing a job's test record (docs/decisions/103-test-records.md). Scoped like every
// purchase call: a stranger's job is a 404. Every write carries the record's version (0 before the
// first save); a stale one is a 409. A draft is saved over; a tested
// record is corrected by a new row that supersedes it, with a reason; nothing is deleted.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { typedInstant, zoneOfState } from "../../../shared/state-time";
import { checkTestResults, checkText, TEST_RECORD_MESSAGES, type completeTestRecordRequest, type saveTestRecordRequest } from "../../../shared/test-records";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { refreshPaperworkClocks } from "../../core/paperwork";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import * as repo from "./repo";
import { testRecordOf } from "./view";

export interface TestRecordDeps {
  db: Db;
  now: () => Date;
}

/** Only the error shape of docs/runtime.md section 3: the card reloads the record to see what stands. */
const stale = () => conflict(TEST_RECORD_MESSAGES.stale);

/** The live purchase, locked, and its standing record checked against the version the write was based on. */
async function lockedRecord(tx: Db, user: CurrentUser, purchaseId: number, version: number) {
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), { live: true, lock: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const current = await repo.currentRecord(tx, purchase.id);
  if ((current?.version ?? 0) !== version) throw stale();
  return { purchase, current };
}

export async function saveTestRecord(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof saveTestRecordRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, current } = await lockedRecord(tx, user, purchaseId, input.version);
    const next = { version: input.version + 1, results: input.results, savedBy: user.id, now };
    if (!current) {
      await repo.insertRecord(tx, { ...next, purchaseId: purchase.id, replacesId: null, correctionReason: null });
    } else if (current.status === "draft") {
      await repo.updateDraft(tx, current.id, next);
    } else {
      // A tested record is evidence: its correction is a new row, and the tested one stays, superseded.
      const reason = input.reason?.trim();
      if (!reason) throw new AppError(400, TEST_RECORD_MESSAGES.reasonNeeded, { reason: TEST_RECORD_MESSAGES.reasonNeeded });
      await repo.supersede(tx, current.id, now);
      await repo.insertRecord(tx, { ...next, purchaseId: purchase.id, replacesId: current.id, correctionReason: reason });
      // The test event is gone until the correction is marked tested: the clocks it started wait again.
      await refreshPaperworkClocks(tx, purchase.id, now);
    }
  });
  return testRecordOf(deps.db, user, purchaseId);
}

/**
 * Marks the record tested at the typed time: the "test" event later paperwork starts from. Refused
 * while any value fails or is missing, each named by its field.
 */
export async function completeTestRecord(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof completeTestRecordRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, current } = await lockedRecord(tx, user, purchaseId, input.version);
    if (!current) throw conflict(TEST_RECORD_MESSAGES.noRecord);
    if (current.status === "tested") throw conflict(TEST_RECORD_MESSAGES.alreadyTested);
    const testedAt = typedInstant(zoneOfState(await repo.stateOf(tx, purchase.leadId)), input.date, input.time);
    if (!testedAt) throw new AppError(400, TEST_RECORD_MESSAGES.skipped, { time: TEST_RECORD_MESSAGES.skipped });
    if (testedAt.getTime() > now.getTime()) throw new AppError(400, TEST_RECORD_MESSAGES.future, { date: TEST_RECORD_MESSAGES.future });
    if (current.results.circuits.length === 0) throw new AppError(400, TEST_RECORD_MESSAGES.noCircuits, { circuits: TEST_RECORD_MESSAGES.noCircuits });
    const refused = checkTestResults(current.results).filter((c) => c.result !== "pass");
    if (refused.length > 0) {
      throw new AppError(
        400,
        `${TEST_RECORD_MESSAGES.notPassing}: ${refused.map(checkText).join("; ")}`,
        Object.fromEntries(refused.map((c) => [c.field, checkText(c)])),
      );
    }
    await repo.markTested(tx, current.id, { version: current.version + 1, testedAt, testedBy: user.id, now });
    // The "test" event starts the clocks of NSW, QLD and the ACT (docs/decisions/105-paperwork-on-the-card.md).
    await refreshPaperworkClocks(tx, purchase.id, now);
  });
  return testRecordOf(deps.db, user, purchaseId);
}
