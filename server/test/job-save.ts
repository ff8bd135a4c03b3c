// A save from an up-to-date card: every write to a job carries the version it was read at
// (docs/decisions/037-every-job-write-carries-its-version.md), so tests that are not about
// conflicts send the stored one, as a card just loaded would.
import type request from "supertest";
import { and, eq, isNull } from "drizzle-orm";
import { jobDetails, leadPurchases, leads } from "../../shared/schema";
import type { Db } from "../platform/db/client";
import { asTheBuyerSeesIt } from "../features/pipeline/job-details";

export async function storedVersion(db: Db, purchaseId: number) {
  const [row] = await db.select({ version: leadPurchases.version }).from(leadPurchases).where(eq(leadPurchases.id, purchaseId));
  // A purchase that does not exist (another's, a huge id) still gets a well-formed request.
  return row?.version ?? 1;
}

/** PATCH /api/lead-purchases/:id/sales-stage with the stored version. */
export async function saveJob(db: Db, agent: request.Agent, purchaseId: number, body: object) {
  const version = await storedVersion(db, purchaseId);
  return agent.patch(`/api/lead-purchases/${purchaseId}/sales-stage`).send({ version, ...body });
}

/** PATCH /api/leads/:id (the job's details) with the version of the lead's live purchase. */
export async function editJobAs(db: Db, agent: request.Agent, leadId: number, body: object) {
  const [row] = await db
    .select({ version: leadPurchases.version })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)));
  return agent.patch(`/api/leads/${leadId}`).send({ version: row?.version ?? 1, ...body });
}

/** The job as its live buyer's card shows it: their working copy over the customer's own details (docs/decisions/073). */
export async function jobAsBuyerSees(db: Db, leadId: number) {
  const [row] = await db
    .select({ lead: leads, copy: jobDetails })
    .from(leads)
    .leftJoin(leadPurchases, and(eq(leadPurchases.leadId, leads.id), isNull(leadPurchases.releasedAt)))
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, leadPurchases.id))
    .where(eq(leads.id, leadId));
  return asTheBuyerSeesIt(row!.lead, row!.copy);
}
